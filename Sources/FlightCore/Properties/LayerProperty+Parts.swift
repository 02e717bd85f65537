import Foundation

// Parts and wholes: the one rule every host and the engine follow (the DocC article
// "Parts and wholes" tells it to users).
//
// 1. A part (`position.x`, `bounds.size`, `transform.scale`) names some components of one base
//    property, its whole (`position`, `bounds`, `transform`); a base property names them all.
// 2. What is shown of a whole is its model value with every animation on it or on a part of it
//    applied in the order the host applies them: an animation of the whole replaces it, one of a
//    part writes its value into the whole so far. A part's value is read from that whole (for
//    `transform.…` by ``TransformParts``), except that an animation of that very key path, with
//    nothing after it touching its components, is read as it plays (a rotation of 4 rad reads
//    4, not 4 − 2π).
// 3. A newer animation of a key path composes with each older one on the same whole by
//    ``LayerProperty/overlap(of:over:)``: the older one is removed, rewritten to hold the newer
//    part at its target, left alone, or (entangled) the newer one is played as its whole.
// 4. A reflected transform (a negative scale on one axis) decomposes two ways: a flip of x, or a
//    flip of y turned by half a turn. A rotation or scale part is therefore never composed into
//    a whole that another animation of its rotation or scale moves where a reflection is
//    involved (``LayerProperty/composesThroughReflection(_:into:written:over:)``): it is played
//    as its whole too, so that nothing reads a moving reflected matrix one way in one frame and
//    the other way in the next. The same holds where a matrix is turned out of the plane (a
//    rotation about x or y, a shear or perspective in z): its rotation reads as three angles,
//    which it gives in more than one way.
// 5. CoreAnimation plays an animation of a part itself, writing each value into the whole by
//    its own reading of the matrix, which Apple documents only by what a part is ("Key-Value
//    Coding Extensions": the rotation in z, the average of the three scale factors). So a
//    rotation or scale part is sent to CoreAnimation as a part only where the readings Flight
//    knows of agree with its own: never into a reflected, sheared or out-of-plane whole, even
//    with nothing else moving it, and `transform.scale` only into a whole scaled alike on all
//    three axes (a 2D scale of 0.5 has a z scale of 1, and "set the average to 1" can mean a
//    ratio of 1.5 on every factor, Flight's reading, or 1 on each). Elsewhere the part is played
//    as its whole, except a rotation of half a turn or more, which no interpolation between two
//    matrices shows: it stays a part.

extension LayerProperty {
    /// How a newer animation of one key path composes with an older animation of another.
    package enum Overlap: Sendable, Equatable {
        /// Different wholes, or parts with no component in common: both play.
        case none
        /// The newer one sets every component the older one names: the older one is taken over.
        case replaces
        /// The older one names more: it plays on with the newer part held at its target in each
        /// keyframe, so that it never shows its old track of that part again.
        case holds
        /// They share components, and neither can be held inside the other (`transform.scale`,
        /// which scales all three factors by a ratio of their average, with `transform.scale.x`
        /// or with an older `transform`): the newer one is played as an animation of the whole.
        case entangled
    }

    /// The base property a key path is part of: itself for a base property or a custom key path.
    package static func base(of keyPath: String) -> String {
        named(keyPath)?.baseKeyPath ?? keyPath
    }

    /// Whether `a` and `b` may begin with the same name (what comes before the first "."):
    /// false means they are of different wholes, read without looking either up, since a part's
    /// key path goes on from its whole's (`position.x`, `bounds.size.width`). Names with other
    /// than ASCII letters count as possibly the same (two spellings of one Unicode name are one
    /// key path to `String`'s `==`).
    package static func mayShareWhole(_ a: String, _ b: String) -> Bool {
        // Most pairs differ in their first letter (`position`, `bounds`, `opacity`): told apart
        // before an iterator over either is made, which costs several times as much.
        if let x = a.utf8.first, let y = b.utf8.first, x != y, x < 0x80, y < 0x80 { return false }
        var first = a.utf8.makeIterator(), second = b.utf8.makeIterator()
        let dot = UInt8(ascii: ".")
        while true {
            let x = first.next(), y = second.next()
            if let x, x >= 0x80 { return true }
            if let y, y >= 0x80 { return true }
            let xEnds = x == nil || x == dot, yEnds = y == nil || y == dot
            if xEnds || yEnds { return xEnds && yEnds }
            if x != y { return false }
        }
    }

    /// How a newer animation of `newer` composes with an older one of `older` (see ``Overlap``).
    package static func overlap(of newer: String, over older: String) -> Overlap {
        if newer == older { return .replaces }
        guard mayShareWhole(newer, older) else { return .none }
        return overlap(of: newer, named(newer), over: older, named(older))
    }

    /// ``overlap(of:over:)`` where the key paths' properties are known (``named(_:)``, nil for
    /// custom key paths).
    package static func overlap(
        of newer: String, _ newProperty: LayerProperty?, over older: String, _ oldProperty: LayerProperty?
    ) -> Overlap {
        // Layer properties are told apart by identity (one object per key path), custom key
        // paths, which have no parts, by their names.
        guard let new = newProperty, let old = oldProperty else {
            return newProperty == nil && oldProperty == nil && newer == older ? .replaces : .none
        }
        if new === old { return .replaces }
        guard new.wholeIdentity == old.wholeIdentity else { return .none }
        let shared = new.components & old.components
        if shared == 0 { return .none }
        if shared == old.components && !new.isRelative { return .replaces }
        // A relative part (`transform.scale`) is never held inside another animation: its value
        // depends on the factors it scales, which the older animation's keyframes change.
        if shared == new.components && !old.isRelative && !new.isRelative { return .holds }
        return .entangled
    }

    /// Whether an animation of `keyPath` (a rotation or scale part of `transform`) would be
    /// composed into a reflected transform, or one turned out of the plane, that another
    /// animation moves (rule 4 above), or written by CoreAnimation into a whole it reads in a
    /// way Apple does not document (rule 5): `whole` is the transform's model value (with the
    /// group's earlier targets written in), `written` the whole with this part's `target`
    /// written in, and `older` the key paths and keyframe values of the older animations on
    /// the transform (placed, or declared earlier in the group; those it takes over do not
    /// count). When it is, the part is played as an animation of the whole transform.
    package static func composesThroughReflection(
        _ keyPath: String, into whole: any AnimatableValue, written: any AnimatableValue, target: any AnimatableValue,
        over older: [(keyPath: String, values: [any AnimatableValue])]
    ) -> Bool {
        guard movesDecomposition(keyPath) else { return false }
        // Rule 5: CoreAnimation writes a part into a reflected, sheared or out-of-plane whole by
        // a reading Apple does not document, and `transform.scale` into unequal factors too;
        // even alone, such a part is played as its whole. Not a rotation of half a turn or more,
        // which no interpolation between two matrices shows (it would turn the short way, or
        // not at all): it stays a part.
        if turnsLessThanHalf(keyPath, from: whole, to: target) {
            let transformKeyPath = LayerProperty.transform.keyPath
            if reflects(whole, of: transformKeyPath) || reflects(written, of: transformKeyPath) || isSpatial(whole)
                || isSpatial(written) || isSheared(whole) || isSheared(written) {
                return true
            }
            if named(keyPath)?.isRelative == true && !(isUniformlyScaled(whole) && isUniformlyScaled(written)) { return true }
        }
        // Those it takes over are not composed with it.
        let composed = older.filter { movesDecomposition($0.keyPath) && overlap(of: keyPath, over: $0.keyPath) != .replaces }
        return composed.contains { entry in entry.values.contains { reflects($0, of: entry.keyPath) } }
            || composed.contains { entry in entry.values.contains(where: isSpatial) }
    }

    /// Whether `value` is a transform scaled alike on all three axes (to a billionth of its
    /// largest factor): where every reading of writing `transform.scale` into it agrees (rule 5).
    /// A planar matrix collapsed to nothing (every factor 0) is.
    private static func isUniformlyScaled(_ value: any AnimatableValue) -> Bool {
        guard let matrix = value as? Transform3D else { return true }
        let parts = TransformParts(matrix)
        let sizes = SIMD3(parts.scaleFactors.x.magnitude, parts.scaleFactors.y.magnitude, parts.scaleZ.magnitude)
        let largest = sizes.max()
        guard largest.isFinite else { return false }
        return sizes.max() - sizes.min() <= 1e-9 * largest
    }

    /// Whether `value` is a transform with a shear (beyond a billionth of its planar scales):
    /// readings keep it absolute (Flight's) or relative to the y scale, so a scale or rotation
    /// written into it leaves different matrices (rule 5).
    private static func isSheared(_ value: any AnimatableValue) -> Bool {
        guard let matrix = value as? Transform3D else { return false }
        let parts = TransformParts(matrix)
        let largest = max(parts.scaleFactors.x.magnitude, parts.scaleFactors.y.magnitude)
        return !(parts.shear.magnitude <= 1e-9 * largest)
    }

    /// Whether a part animated from what `whole` shows of it to `target` turns less than half a
    /// turn (true for every part but a rotation): a whole shows no more in one interpolation.
    private static func turnsLessThanHalf(_ keyPath: String, from whole: any AnimatableValue, to target: any AnimatableValue) -> Bool {
        guard let part = named(keyPath), part.components & TransformParts.rotationComponent != 0,
              let start = part.read(from: whole) as? Double, let end = target as? Double else { return true }
        return (end - start).magnitude < .pi
    }

    /// Whether `keyPath` is `transform` or one of its rotation or scale parts: what is read or
    /// written through a decomposition of the matrix (a translation is read off as it stands).
    package static func movesDecomposition(_ keyPath: String) -> Bool {
        if keyPath == LayerProperty.transform.keyPath { return true }
        guard let part = named(keyPath), part.baseKeyPath == LayerProperty.transform.keyPath else { return false }
        return part.components & (TransformParts.rotationComponent | TransformParts.scaleComponents) != 0
    }

    /// Whether `value` is a transform turned out of the plane (a rotation about x or y, a shear
    /// or a perspective that mixes z into x and y): its rotation is read as angles about three
    /// axes, which one matrix gives in more than one way, so a rotation or scale part written
    /// into it and read back may come out on another branch. (A scale of z alone does not.)
    private static func isSpatial(_ value: any AnimatableValue) -> Bool {
        guard let m = value as? Transform3D else { return false }
        return m.m13 != 0 || m.m23 != 0 || m.m31 != 0 || m.m32 != 0 || m.m14 != 0 || m.m24 != 0 || m.m34 != 0
    }

    /// Whether `value`, of `keyPath`, reflects its transform: a matrix whose planar part has a
    /// negative determinant or whose z scale is negative, or a negative scale part.
    private static func reflects(_ value: any AnimatableValue, of keyPath: String) -> Bool {
        if let matrix = value as? Transform3D {
            return matrix.m11 * matrix.m22 - matrix.m12 * matrix.m21 < 0 || matrix.m33 < 0
        }
        guard let part = named(keyPath), part.baseKeyPath == LayerProperty.transform.keyPath,
              part.components & TransformParts.scaleComponents != 0, let scale = value as? Double else { return false }
        return scale < 0
    }

    /// `value` added to `current` as CoreAnimation adds an additive animation's value
    /// (`CAPropertyAnimation.isAdditive`: "the addition function is type-dependent, e.g. for affine
    /// transforms the two matrices are concatenated"): a transform is concatenated after the
    /// current one, every other value added component by component. A value of another type than
    /// `current` replaces it.
    package static func adding(_ value: any AnimatableValue, to current: any AnimatableValue) -> any AnimatableValue {
        if let matrix = value as? Transform3D, let current = current as? Transform3D { return current.concatenating(matrix) }
        func add<Value: AnimatableValue>(_ value: Value) -> any AnimatableValue {
            guard let current = current as? Value else { return value }
            return Value(components: current.components + value.components)
        }
        return add(value)
    }

    /// `value` (of the key path `animated`) written into `whole`, the value of its base property
    /// so far.
    package static func compose(_ value: any AnimatableValue, of animated: String, into whole: any AnimatableValue)
        -> any AnimatableValue {
        compose(value, ofProperty: named(animated), into: whole)
    }

    /// ``compose(_:of:into:)``, given the layer property of the key path animated (nil for a
    /// custom key path).
    static func compose(_ value: any AnimatableValue, ofProperty property: LayerProperty?, into whole: any AnimatableValue)
        -> any AnimatableValue {
        guard let part = property, part.baseKeyPath != nil else { return value }
        return part.write(value, into: whole)
    }
}

/// Composes what a whole shows from its model value and the animations on it and its parts, in
/// the order the host applies them (rule 2 above), and reads one key path from it.
package struct PartComposition {
    /// The key path being read.
    package let keyPath: String
    /// Its base property.
    package let base: String
    private let property: LayerProperty?
    private var whole: any AnimatableValue
    /// The value of the last animation of exactly `keyPath`, while nothing after it touched its
    /// components.
    private var own: (any AnimatableValue)?

    /// Starts from `model`, the model value of `keyPath`'s base property.
    package init(keyPath: String, model: any AnimatableValue) {
        self.init(keyPath: keyPath, property: LayerProperty.named(keyPath), model: model)
    }

    /// ``init(keyPath:model:)``, given the layer property `keyPath` names (nil for a custom key
    /// path), so that it is not looked up again.
    init(keyPath: String, property: LayerProperty?, model: any AnimatableValue) {
        assert(property === LayerProperty.named(keyPath), "a composition keeps its key path's property")
        self.keyPath = keyPath
        self.property = property
        base = property?.baseKeyPath ?? keyPath
        whole = model
    }

    /// Whether an animation of `animated` plays on the same whole.
    package func concerns(_ animated: String) -> Bool {
        Self.shareWhole(animated, nil, base, nil)
    }

    /// ``concerns(_:)``, given the layer property of `animated` (nil for a custom key path).
    func concerns(_ animated: String, _ animatedProperty: LayerProperty?) -> Bool {
        Self.shareWhole(animated, animatedProperty, base, property)
    }

    /// Whether an animation of `animated` plays on the whole `base`, given their layer
    /// properties (nil for custom key paths; `property` is any of the whole's): two layer
    /// properties are told by their wholes' identity, without reading a key path.
    static func shareWhole(_ animated: String, _ animatedProperty: LayerProperty?, _ base: String, _ property: LayerProperty?) -> Bool {
        if let animatedProperty, let property { return animatedProperty.wholeIdentity == property.wholeIdentity }
        return animated == base || LayerProperty.base(of: animated) == base
    }

    /// Applies the value an animation of `animated` (on the same whole) shows; an `additive` one
    /// adds it to the value of `animated` so far (see ``LayerAnimation/isAdditive``).
    package mutating func apply(_ value: any AnimatableValue, of animated: String, additive: Bool = false) {
        apply(value, of: animated, LayerProperty.named(animated), additive: additive)
    }

    /// ``apply(_:of:additive:)``, given the layer property `animated` names (nil for a custom
    /// key path), so that it is not looked up again.
    mutating func apply(_ value: any AnimatableValue, of animated: String, _ animatedProperty: LayerProperty?, additive: Bool = false) {
        assert(animatedProperty === LayerProperty.named(animated), "an animation's property is its key path's")
        var value = value
        if additive {
            let part = animated == base ? nil : animatedProperty
            value = LayerProperty.adding(value, to: part?.read(from: whole) ?? whole)
        }
        whole = LayerProperty.compose(value, ofProperty: animatedProperty, into: whole)
        if animated == keyPath {
            own = value
        } else if own != nil, LayerProperty.overlap(of: animated, animatedProperty, over: keyPath, property) != .none {
            own = nil
        }
    }

    /// The value of `keyPath` shown, as Flight reads it: as its own animation plays it, where
    /// that is what shows (rule 2).
    package var value: any AnimatableValue {
        own ?? readFromWhole
    }

    /// The value of `keyPath` read from the whole shown, as a host's key-value read gives it.
    package var readFromWhole: any AnimatableValue {
        property.map { $0.read(from: whole) } ?? whole
    }

    /// Whether the value shown is the one an animation of exactly `keyPath` plays.
    package var isOwnTrack: Bool { own != nil }
}
