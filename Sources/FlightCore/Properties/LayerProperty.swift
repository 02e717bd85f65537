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
    private let readPart: (@Sendable (any AnimatableValue) -> any AnimatableValue)?
    private let writePart: (@Sendable (any AnimatableValue, any AnimatableValue) -> any AnimatableValue)?

    init<Value: AnimatableValue>(_ keyPath: String, _ defaultValue: Value, _ tolerance: KeyframeTolerance) {
        self.keyPath = keyPath
        valueType = Value.self
        self.tolerance = tolerance
        self.defaultValue = defaultValue
        baseKeyPath = nil
        readPart = nil
        writePart = nil
    }

    init<Base: AnimatableValue, Part: AnimatableValue>(
        _ keyPath: String, part base: String, _ tolerance: KeyframeTolerance,
        read: @escaping @Sendable (Base) -> Part, write: @escaping @Sendable (Base, Part) -> Base
    ) {
        self.keyPath = keyPath
        valueType = Part.self
        self.tolerance = tolerance
        defaultValue = read(LayerProperty.bases.first { $0.keyPath == base }?.defaultValue as? Base ?? Base(components: .zero))
        baseKeyPath = base
        readPart = { value in (value as? Base).map(read) ?? Part(components: .zero) }
        writePart = { value, part in
            guard let base = value as? Base, let part = part as? Part else { return value }
            return write(base, part)
        }
    }

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
        type(of: value) == valueType
    }

    // MARK: The catalogue

    /// The property for a key path, or nil for a key path Flight does not know.
    public static func named(_ keyPath: String) -> LayerProperty? {
        catalogue[keyPath]
    }

    /// Every property Flight knows, by key path.
    public static let catalogue: [String: LayerProperty] = {
        var all = bases
        all += pointParts("position", .geometry) + pointParts("anchorPoint", .absolute(0.001))
        all += [
            LayerProperty("bounds.size", part: "bounds", .geometry,
                          read: { (r: CGRect) in r.size }, write: { r, s in CGRect(origin: r.origin, size: s) }),
            LayerProperty("bounds.origin", part: "bounds", .geometry,
                          read: { (r: CGRect) in r.origin }, write: { r, o in CGRect(origin: o, size: r.size) }),
            LayerProperty("bounds.size.width", part: "bounds", .geometry,
                          read: { (r: CGRect) in Double(r.size.width) },
                          write: { r, w in CGRect(x: r.origin.x, y: r.origin.y, width: w, height: r.size.height) }),
            LayerProperty("bounds.size.height", part: "bounds", .geometry,
                          read: { (r: CGRect) in Double(r.size.height) },
                          write: { r, h in CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: h) }),
            LayerProperty("shadowOffset.width", part: "shadowOffset", .geometry,
                          read: { (s: CGSize) in Double(s.width) }, write: { s, w in CGSize(width: w, height: s.height) }),
            LayerProperty("shadowOffset.height", part: "shadowOffset", .geometry,
                          read: { (s: CGSize) in Double(s.height) }, write: { s, h in CGSize(width: s.width, height: h) }),
        ]
        all += TransformParts.all
        return Dictionary(uniqueKeysWithValues: all.map { ($0.keyPath, $0) })
    }()

    /// The base properties, with CoreAnimation's defaults; sub-paths take their defaults from
    /// these.
    private static let bases: [LayerProperty] = [
        LayerProperty("opacity", 1.0, .opacity),
        LayerProperty("backgroundColor", Color(white: 0, alpha: 0), .color),
        LayerProperty("bounds", CGRect.zero, .geometry),
        LayerProperty("position", CGPoint.zero, .geometry),
        LayerProperty("anchorPoint", CGPoint(x: 0.5, y: 0.5), .absolute(0.001)),
        LayerProperty("transform", Transform3D.identity, .geometry),
        LayerProperty("borderColor", Color(white: 0), .color),
        LayerProperty("borderWidth", 0.0, .geometry),
        LayerProperty("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1), .absolute(0.001)),
        LayerProperty("cornerRadius", 0.0, .geometry),
        LayerProperty("shadowColor", Color(white: 0), .color),
        LayerProperty("shadowOffset", CGSize(width: 0, height: -3), .geometry),
        LayerProperty("shadowOpacity", 0.0, .opacity),
        LayerProperty("shadowRadius", 3.0, .geometry),
        LayerProperty("zPosition", 0.0, .geometry),
    ]

    private static func pointParts(_ base: String, _ tolerance: KeyframeTolerance) -> [LayerProperty] {
        [
            LayerProperty("\(base).x", part: base, tolerance,
                          read: { (p: CGPoint) in Double(p.x) }, write: { p, x in CGPoint(x: x, y: p.y) }),
            LayerProperty("\(base).y", part: base, tolerance,
                          read: { (p: CGPoint) in Double(p.y) }, write: { p, y in CGPoint(x: p.x, y: y) }),
        ]
    }
}

/// The `transform.…` sub-paths, which CoreAnimation reads and writes as parts of the
/// decomposed transform: replacing one part keeps the others.
enum TransformParts {
    static let all: [LayerProperty] = [
        part("transform.rotation.z", .rotation, read: { $0.angle * .pi / 180 }, write: { $0.angle = $1 * 180 / .pi }),
        part("transform.rotation", .rotation, read: { $0.angle * .pi / 180 }, write: { $0.angle = $1 * 180 / .pi }),
        part("transform.scale", .scale, read: { ($0.scale.x + $0.scale.y) / 2 }, write: { $0.scale = SIMD2($1, $1) }),
        part("transform.scale.x", .scale, read: { $0.scale.x }, write: { $0.scale.x = $1 }),
        part("transform.scale.y", .scale, read: { $0.scale.y }, write: { $0.scale.y = $1 }),
        part("transform.translation.x", .geometry, read: { $0.translation.x }, write: { $0.translation.x = $1 }),
        part("transform.translation.y", .geometry, read: { $0.translation.y }, write: { $0.translation.y = $1 }),
    ]

    /// A sub-path of the transform's 2D part (`m11 m12 m21 m22 m41 m42`); the 3D entries are kept.
    private static func part(
        _ keyPath: String, _ tolerance: KeyframeTolerance,
        read: @escaping @Sendable (DecomposedTransform2D) -> Double,
        write: @escaping @Sendable (inout DecomposedTransform2D, Double) -> Void
    ) -> LayerProperty {
        LayerProperty(keyPath, part: "transform", tolerance,
                      read: { (t: Transform3D) in read(DecomposedTransform2D(Transform2D(t))) },
                      write: { t, value in
                          var parts = DecomposedTransform2D(Transform2D(t))
                          write(&parts, value)
                          let planar = parts.recomposed
                          var result = t
                          (result.m11, result.m12, result.m21, result.m22) = (planar.a, planar.b, planar.c, planar.d)
                          (result.m41, result.m42) = (planar.tx, planar.ty)
                          return result
                      })
    }
}
