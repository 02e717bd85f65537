import Foundation

extension CGRect: AnimatableValue {
    /// Origin and size: x, y, width, height. Origins animate too (Parade's rects did not).
    public static var componentCount: Int { 4 }
    /// `(x, y, width, height)` of the rectangle as given (not standardized).
    public var components: SIMD4<Double> {
        SIMD4(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height))
    }
    /// A rectangle from `(x, y, width, height)`.
    public init(components: SIMD4<Double>) {
        self.init(x: components[0], y: components[1], width: components[2], height: components[3])
    }
}
