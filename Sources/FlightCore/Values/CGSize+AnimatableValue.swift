import Foundation

extension CGSize: AnimatableValue {
    /// Width and height.
    public static var componentCount: Int { 2 }
    /// `(width, height)`.
    public var components: SIMD2<Double> { SIMD2(Double(width), Double(height)) }
    /// A size from `(width, height)`.
    public init(components: SIMD2<Double>) { self.init(width: components[0], height: components[1]) }
}
