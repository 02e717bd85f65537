import Foundation

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
