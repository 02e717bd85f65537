import Foundation

extension CGPoint: AnimatableValue {
    /// x and y.
    public static var componentCount: Int { 2 }
    /// `(x, y)`.
    public var components: SIMD2<Double> { SIMD2(Double(x), Double(y)) }
    /// A point from `(x, y)`.
    public init(components: SIMD2<Double>) { self.init(x: components[0], y: components[1]) }
}
