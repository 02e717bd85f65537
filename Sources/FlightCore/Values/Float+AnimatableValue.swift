import Foundation

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
