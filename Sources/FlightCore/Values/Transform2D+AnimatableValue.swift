import Foundation

extension Transform2D: AnimatableValue {
    /// a, b, c, d, tx, ty.
    public static var componentCount: Int { 6 }

    /// `(a, b, c, d, tx, ty, 0, 0)`.
    public var components: SIMD8<Double> { SIMD8(a, b, c, d, tx, ty, 0, 0) }

    /// A transform from `(a, b, c, d, tx, ty)`.
    public init(components: SIMD8<Double>) {
        self.init(a: components[0], b: components[1], c: components[2], d: components[3],
                  tx: components[4], ty: components[5])
    }

    /// Distance in display points between the decomposed transforms: translation in points, a
    /// radian of rotation (the short way) or a unit of scale or shear counted as 100 pt.
    public func distance(to other: Transform2D) -> Double {
        let path = Transform2DPath(from: self, to: other)
        if path.isDiscrete {
            let difference = other.components - components
            return (difference * difference).sum().squareRoot()
        }
        return path.start.distance(to: path.end)
    }

    /// The CSS 2D interpolation path.
    public typealias Path = Transform2DPath
}
