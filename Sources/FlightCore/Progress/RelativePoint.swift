import Foundation

/// A point in a page's container: absolute, or as fractions of the container's size (PVView's
/// `PVPoint`).
public struct RelativePoint: Sendable, Hashable {
    /// x, in points or as a fraction of the container's width.
    public var x: Double
    /// y, in points or as a fraction of the container's height.
    public var y: Double
    /// Whether `x` and `y` are fractions of the container's size.
    public var isRelative: Bool

    /// Creates a point.
    public init(x: Double, y: Double, isRelative: Bool = false) {
        (self.x, self.y, self.isRelative) = (x, y, isRelative)
    }

    /// The point in a container of `size`.
    public func resolved(in size: CGSize) -> CGPoint {
        isRelative ? CGPoint(x: x * Double(size.width), y: y * Double(size.height)) : CGPoint(x: x, y: y)
    }
}
