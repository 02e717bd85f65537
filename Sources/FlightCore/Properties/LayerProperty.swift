import Foundation

/// A layer property Flight knows: its CoreAnimation key path, value type, default value and
/// keyframe tolerance, and for a sub-path such as `position.x` how it reads and writes its part
/// of the base property.
///
/// Key paths Flight does not know are animated as custom properties: their type is whatever the
/// value given for them is, and their tolerance ``KeyframeTolerance/default``.
public final class LayerProperty: Sendable {
    /// The CoreAnimation key path, such as `position` or `transform.rotation.z`.
    public let keyPath: String
    /// The type of the property's values.
    public let valueType: any AnimatableValue.Type
    /// The tolerance its keyframes are sampled to.
    public let tolerance: KeyframeTolerance
    /// The value a fresh layer has (CoreAnimation's defaults).
    public let defaultValue: any AnimatableValue
    /// The base property a sub-path is part of (`position` for `position.x`), or nil.
    public let baseKeyPath: String?
    /// Whether changing it moves the layer (its geometry), as opposed to fading or recolouring
    /// it: what Reduce Motion calms.
    public let isMotion: Bool
    /// The components of the base property it names, one bit each (every bit for a base
    /// property): what decides how animations of a part and its whole compose (see
    /// ``LayerProperty/overlap(of:over:)``).
    package let components: UInt32
    /// Whether writing it scales the components it names rather than setting them
    /// (`transform.scale`, which multiplies the three scale factors by one ratio).
    package let isRelative: Bool
    /// The whole a part belongs to (nil for a base property, which is its own).
    private let wholeOfPart: LayerProperty?
    private let readPart: (@Sendable (any AnimatableValue) -> any AnimatableValue)?
    private let writePart: (@Sendable (any AnimatableValue, any AnimatableValue) -> any AnimatableValue)?

    fileprivate init<Value: AnimatableValue>(
        _ keyPath: String, _ defaultValue: Value, _ tolerance: KeyframeTolerance, isMotion: Bool
    ) {
        self.keyPath = keyPath
        valueType = Value.self
        self.tolerance = tolerance
        self.defaultValue = defaultValue
        baseKeyPath = nil
        self.isMotion = isMotion
        components = .max
        isRelative = false
        wholeOfPart = nil
        readPart = nil
        writePart = nil
    }

    fileprivate init<Base: AnimatableValue, Part: AnimatableValue>(
        _ keyPath: String, part base: Key<Base>, components: UInt32, isRelative: Bool, _ tolerance: KeyframeTolerance,
        read: @escaping @Sendable (Base) -> Part, write: @escaping @Sendable (Base, Part) -> Base
    ) {
        // A part's key path goes on from its whole's (what `mayShareWhole` reads without a look-up).
        precondition(keyPath.hasPrefix(base.keyPath + "."), "a part's key path begins with its whole's")
        self.keyPath = keyPath
        self.components = components
        self.isRelative = isRelative
        valueType = Part.self
        self.tolerance = tolerance
        defaultValue = read(base.defaultValue)
        baseKeyPath = base.keyPath
        wholeOfPart = base.property
        isMotion = base.property.isMotion
        readPart = { value in (value as? Base).map(read) ?? Part(components: .zero) }
        writePart = { value, part in
            guard let base = value as? Base, let part = part as? Part else { return value }
            return write(base, part)
        }
    }

    /// The identity of the base property this one is part of (its own for a base property): one
    /// object per whole, so that two properties of one whole are told apart without reading a
    /// key path. A trivial value, where the object itself would be retained and released at
    /// each of take-over's comparisons.
    package var wholeIdentity: ObjectIdentifier { ObjectIdentifier(wholeOfPart ?? self) }

    /// The part of `baseValue` this sub-path names (the value itself for a base property).
    public func read(from baseValue: any AnimatableValue) -> any AnimatableValue {
        readPart?(baseValue) ?? baseValue
    }

    /// `baseValue` with this sub-path's part replaced by `part` (just `part` for a base property).
    public func write(_ part: any AnimatableValue, into baseValue: any AnimatableValue) -> any AnimatableValue {
        writePart?(baseValue, part) ?? part
    }

    /// Whether `value` has this property's type.
    public func accepts(_ value: any AnimatableValue) -> Bool {
        value.hasType(valueType)
    }

    // MARK: The catalogue

    /// The property for a key path, or nil for a key path Flight does not know.
    public static func named(_ keyPath: String) -> LayerProperty? {
        // Looked up several times in every `animate`: through a table of its own, whose hash of
        // a short key path costs a fraction of a dictionary's.
        lookUp.property(named: keyPath)
    }

    /// The catalogue as ``named(_:)`` looks key paths up in it.
    private static let lookUp = KeyPathTable(catalogue.values)

    /// The known key path that `keyPath` (not one itself) most resembles, if any is within two
    /// edits of it (insertions, deletions, substitutions) or differs from it only in case: what
    /// a misspelling of a layer property looks like.
    package static func resembling(_ keyPath: String) -> String? {
        guard catalogue[keyPath] == nil else { return nil }
        let lowered = keyPath.lowercased()
        var best: (keyPath: String, distance: Int)?
        for known in catalogue.keys.sorted() {
            let distance = known.lowercased() == lowered ? 0 : editDistance(Array(keyPath.utf8), Array(known.utf8), limit: 2)
            if distance <= 2 && distance < (best?.distance ?? .max) { best = (known, distance) }
        }
        return best?.keyPath
    }

    /// The Levenshtein distance between `a` and `b`, or `limit + 1` once it must exceed `limit`.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// Every property Flight knows, by key path.
    public static let catalogue: [String: LayerProperty] = {
        let all: [LayerProperty] = [
            opacity.property, backgroundColor.property, bounds.property, position.property,
            anchorPoint.property, transform.property, borderColor.property, borderWidth.property,
            contentsRect.property, cornerRadius.property, shadowColor.property, shadowOffset.property,
            shadowOpacity.property, shadowRadius.property, zPosition.property,
            positionX.property, positionY.property, anchorPointX.property, anchorPointY.property,
            boundsSize.property, boundsOrigin.property, boundsWidth.property, boundsHeight.property,
            shadowOffsetWidth.property, shadowOffsetHeight.property,
            rotationZ.property, rotation.property, scale.property, scaleX.property, scaleY.property,
            translationX.property, translationY.property,
        ]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.keyPath, $0) })
    }()
}

extension LayerProperty {
    /// A layer property with the type of its values: one declaration gives its key path, type,
    /// CoreAnimation's default, tolerance and whether it is motion (and, for a sub-path, how it
    /// reads and writes its part), and the builder's setters, ``HeadlessLayer``'s accessors,
    /// Reduce Motion and type checks all derive from it. A value of another type is a compile
    /// error where a key is used.
    package struct Key<Value: AnimatableValue>: Sendable {
        /// The property, type-erased (what ``LayerProperty/named(_:)`` finds).
        package let property: LayerProperty
        /// The value a fresh layer has.
        package let defaultValue: Value

        /// The CoreAnimation key path.
        package var keyPath: String { property.keyPath }

        fileprivate init(_ keyPath: String, _ defaultValue: Value, _ tolerance: KeyframeTolerance, isMotion: Bool = false) {
            property = LayerProperty(keyPath, defaultValue, tolerance, isMotion: isMotion)
            self.defaultValue = defaultValue
        }

        fileprivate init<Base: AnimatableValue>(
            _ keyPath: String, part base: Key<Base>, _ components: UInt32, isRelative: Bool = false,
            _ tolerance: KeyframeTolerance,
            read: @escaping @Sendable (Base) -> Value, write: @escaping @Sendable (Base, Value) -> Base
        ) {
            property = LayerProperty(keyPath, part: base, components: components, isRelative: isRelative, tolerance,
                                     read: read, write: write)
            defaultValue = read(base.defaultValue)
        }
    }

    // MARK: Base properties, with CoreAnimation's defaults

    /// `opacity`: 1.
    package static let opacity = Key("opacity", 1.0, .opacity)
    /// `backgroundColor`: clear.
    package static let backgroundColor = Key("backgroundColor", Color(white: 0, alpha: 0), .color)
    /// `bounds`: zero.
    package static let bounds = Key("bounds", CGRect.zero, .geometry, isMotion: true)
    /// `position`: zero.
    package static let position = Key("position", CGPoint.zero, .geometry, isMotion: true)
    /// `anchorPoint`: the centre, (0.5, 0.5).
    package static let anchorPoint = Key("anchorPoint", CGPoint(x: 0.5, y: 0.5), .absolute(0.001), isMotion: true)
    /// `transform`: identity.
    package static let transform = Key("transform", Transform3D.identity, .geometry, isMotion: true)
    /// `borderColor`: opaque black.
    package static let borderColor = Key("borderColor", Color(white: 0), .color)
    /// `borderWidth`: 0.
    package static let borderWidth = Key("borderWidth", 0.0, .geometry)
    /// `contentsRect`: the unit rectangle.
    package static let contentsRect = Key("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1), .absolute(0.001),
                                         isMotion: true)
    /// `cornerRadius`: 0.
    package static let cornerRadius = Key("cornerRadius", 0.0, .geometry)
    /// `shadowColor`: opaque black.
    package static let shadowColor = Key("shadowColor", Color(white: 0), .color)
    /// `shadowOffset`: (0, −3).
    package static let shadowOffset = Key("shadowOffset", CGSize(width: 0, height: -3), .geometry, isMotion: true)
    /// `shadowOpacity`: 0.
    package static let shadowOpacity = Key("shadowOpacity", 0.0, .opacity)
    /// `shadowRadius`: 3.
    package static let shadowRadius = Key("shadowRadius", 3.0, .geometry)
    /// `zPosition`: 0.
    package static let zPosition = Key("zPosition", 0.0, .geometry, isMotion: true)

    // MARK: Sub-paths

    /// `position.x`.
    package static let positionX = Key("position.x", part: position, 0b01, .geometry,
                                      read: { Double($0.x) }, write: { CGPoint(x: $1, y: $0.y) })
    /// `position.y`.
    package static let positionY = Key("position.y", part: position, 0b10, .geometry,
                                      read: { Double($0.y) }, write: { CGPoint(x: $0.x, y: $1) })
    /// `anchorPoint.x`.
    package static let anchorPointX = Key("anchorPoint.x", part: anchorPoint, 0b01, .absolute(0.001),
                                         read: { Double($0.x) }, write: { CGPoint(x: $1, y: $0.y) })
    /// `anchorPoint.y`.
    package static let anchorPointY = Key("anchorPoint.y", part: anchorPoint, 0b10, .absolute(0.001),
                                         read: { Double($0.y) }, write: { CGPoint(x: $0.x, y: $1) })
    /// `bounds.size`.
    package static let boundsSize = Key("bounds.size", part: bounds, 0b1100, .geometry,
                                       read: { $0.size }, write: { CGRect(origin: $0.origin, size: $1) })
    /// `bounds.origin`.
    package static let boundsOrigin = Key("bounds.origin", part: bounds, 0b0011, .geometry,
                                         read: { $0.origin }, write: { CGRect(origin: $1, size: $0.size) })
    /// `bounds.size.width`.
    package static let boundsWidth = Key(
        "bounds.size.width", part: bounds, 0b0100, .geometry, read: { Double($0.size.width) },
        write: { CGRect(x: $0.origin.x, y: $0.origin.y, width: $1, height: $0.size.height) })
    /// `bounds.size.height`.
    package static let boundsHeight = Key(
        "bounds.size.height", part: bounds, 0b1000, .geometry, read: { Double($0.size.height) },
        write: { CGRect(x: $0.origin.x, y: $0.origin.y, width: $0.size.width, height: $1) })
    /// `shadowOffset.width`.
    package static let shadowOffsetWidth = Key("shadowOffset.width", part: shadowOffset, 0b01, .geometry,
                                              read: { Double($0.width) }, write: { CGSize(width: $1, height: $0.height) })
    /// `shadowOffset.height`.
    package static let shadowOffsetHeight = Key("shadowOffset.height", part: shadowOffset, 0b10, .geometry,
                                               read: { Double($0.height) }, write: { CGSize(width: $0.width, height: $1) })
    /// `transform.rotation.z`, in radians (read in `−π…π`).
    package static let rotationZ = transformPart("transform.rotation.z", TransformParts.rotationComponent, .rotation,
                                                 read: { $0.rotation }, write: { $0.rotation = $1 })
    /// `transform.rotation`: the same as `transform.rotation.z`.
    package static let rotation = transformPart("transform.rotation", TransformParts.rotationComponent, .rotation,
                                                read: { $0.rotation }, write: { $0.rotation = $1 })
    /// `transform.scale`: the average of the three scale factors; writing it multiplies all
    /// three by the same ratio (see ``TransformParts``).
    package static let scale = transformPart("transform.scale", TransformParts.scaleComponents, isRelative: true, .scale,
                                             read: { $0.scale }, write: { $0.scale = $1 })
    /// `transform.scale.x`.
    package static let scaleX = transformPart("transform.scale.x", TransformParts.scaleXComponent, reading: .scaleX, .scale,
                                              read: { $0.scaleFactors.x }, write: { $0.scaleFactors.x = $1 })
    /// `transform.scale.y`.
    package static let scaleY = transformPart("transform.scale.y", TransformParts.scaleYComponent, reading: .scaleY, .scale,
                                              read: { $0.scaleFactors.y }, write: { $0.scaleFactors.y = $1 })
    /// `transform.translation.x`.
    package static let translationX = transformPart("transform.translation.x", TransformParts.translationXComponent, .geometry,
                                                    read: { $0.translation.x }, write: { $0.translation.x = $1 })
    /// `transform.translation.y`.
    package static let translationY = transformPart("transform.translation.y", TransformParts.translationYComponent, .geometry,
                                                    read: { $0.translation.y }, write: { $0.translation.y = $1 })

    /// A `transform.…` sub-path: read from and written into the transform's ``TransformParts``,
    /// so that replacing one part keeps the others and the 3D entries.
    private static func transformPart(
        _ keyPath: String, _ components: UInt32, isRelative: Bool = false, reading: TransformParts.Reading = .other,
        _ tolerance: KeyframeTolerance,
        read: @escaping @Sendable (TransformParts) -> Double,
        write: @escaping @Sendable (inout TransformParts, Double) -> Void
    ) -> Key<Double> {
        Key(keyPath, part: transform, components, isRelative: isRelative, tolerance,
            read: { (t: Transform3D) in read(TransformParts(t, reading: reading)) },
            write: { t, value in
                var parts = TransformParts(t, reading: reading)
                write(&parts, value)
                return parts.written(into: t)
            })
    }
}
