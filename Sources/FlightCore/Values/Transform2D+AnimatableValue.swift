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
        distance(to: other, decomposed: (DecomposedTransform2D(self), DecomposedTransform2D(other)))
    }

    /// ``distance(to:)``, with both transforms' decompositions made already.
    func distance(to other: Transform2D, decomposed: (DecomposedTransform2D, DecomposedTransform2D)) -> Double {
        let path = Transform2DPath(from: self, to: other, decomposed: decomposed)
        if path.isDiscrete {
            let difference = other.components - components
            return (difference * difference).sum().squareRoot()
        }
        return path.start.distance(to: path.end)
    }

    /// The CSS 2D interpolation path.
    public typealias Path = Transform2DPath
}

extension Transform2D {
    /// The larger of `first.distance(to: self)` and `second.distance(to: self)`, with this
    /// transform decomposed once for both: what a keyframe fit measures at every instant it
    /// samples, the host's value under either interpolation against the exact one.
    package func largerDistance(from first: Transform2D, _ second: Transform2D) -> Double {
        let target = DecomposedTransform2D(self)
        return max(first.distance(to: self, decomposed: (DecomposedTransform2D(first), target)),
                   second.distance(to: self, decomposed: (DecomposedTransform2D(second), target)))
    }
}
