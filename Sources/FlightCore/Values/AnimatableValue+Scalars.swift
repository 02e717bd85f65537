import Foundation

extension Double: AnimatableValue {
    /// A one-lane value in a two-lane vector (SIMD has no one-lane type).
    public static var componentCount: Int { 1 }
    /// The number in lane 0.
    public var components: SIMD2<Double> { SIMD2(self, 0) }
    /// The number in lane 0.
    public init(components: SIMD2<Double>) { self = components[0] }
    /// `|other − self|`.
    public func distance(to other: Double) -> Double { Swift.abs(other - self) }
}

extension Float: AnimatableValue {
    /// A one-lane value.
    public static var componentCount: Int { 1 }
    /// The number in lane 0, widened to `Double`.
    public var components: SIMD2<Double> { SIMD2(Double(self), 0) }
    /// The number in lane 0, narrowed to `Float`.
    public init(components: SIMD2<Double>) { self = Float(components[0]) }
    /// `|other − self|`.
    public func distance(to other: Float) -> Double { Swift.abs(Double(other) - Double(self)) }
}

extension CGFloat: AnimatableValue {
    /// A one-lane value.
    public static var componentCount: Int { 1 }
    /// The number in lane 0.
    public var components: SIMD2<Double> { SIMD2(Double(self), 0) }
    /// The number in lane 0.
    public init(components: SIMD2<Double>) { self = CGFloat(components[0]) }
    /// `|other − self|`.
    public func distance(to other: CGFloat) -> Double { Swift.abs(Double(other) - Double(self)) }
}
