import Foundation

/// A size in a page's container: absolute, or as fractions of the container's size (PVView's
/// `PVSize`).
public struct RelativeSize: Sendable, Hashable {
    /// The width, in points or as a fraction of the container's width.
    public var width: Double
    /// The height, in points or as a fraction of the container's height.
    public var height: Double
    /// Whether the dimensions are fractions of the container's size.
    public var isRelative: Bool

    /// Creates a size.
    public init(width: Double, height: Double, isRelative: Bool = false) {
        (self.width, self.height, self.isRelative) = (width, height, isRelative)
    }

    /// The size in a container of `size`.
    public func resolved(in size: CGSize) -> CGSize {
        isRelative ? CGSize(width: width * Double(size.width), height: height * Double(size.height))
            : CGSize(width: width, height: height)
    }
}
