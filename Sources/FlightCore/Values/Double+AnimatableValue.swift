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
