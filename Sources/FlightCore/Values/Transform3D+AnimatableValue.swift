import Foundation

extension Transform3D: AnimatableValue {
    /// The 16 entries, row by row.
    public static var componentCount: Int { 16 }

    /// Whether every entry is a finite number: x·0 is 0 for a finite x and NaN for an infinity
    /// or a NaN, and a sum keeps a NaN. Row by row, four lanes at a time, without a branch.
    @inline(__always)
    var hasFiniteEntries: Bool {
        let first: SIMD4<Double> = SIMD4(m11, m12, m13, m14) * 0
        let second: SIMD4<Double> = SIMD4(m21, m22, m23, m24) * 0
        let third: SIMD4<Double> = SIMD4(m31, m32, m33, m34) * 0
        let fourth: SIMD4<Double> = SIMD4(m41, m42, m43, m44) * 0
        let rows: SIMD4<Double> = (first + second) + (third + fourth)
        let halves: Double = (rows[0] + rows[1]) + (rows[2] + rows[3])
        return halves == 0
    }

    /// The 16 entries, row by row.
    public var components: SIMD16<Double> {
        SIMD16(m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
    }

    /// A transform from its 16 entries, row by row.
    public init(components c: SIMD16<Double>) {
        self.init(m11: c[0], m12: c[1], m13: c[2], m14: c[3], m21: c[4], m22: c[5], m23: c[6], m24: c[7],
                  m31: c[8], m32: c[9], m33: c[10], m34: c[11], m41: c[12], m42: c[13], m43: c[14], m44: c[15])
    }

    /// Distance in display points between the decomposed transforms: translation in points, and
    /// a radian of rotation, a unit of scale or skew, or a 0.001 change of perspective counted as
    /// 100 pt (the size of a typical view). Transforms that cannot be decomposed are compared
    /// entry by entry.
    public func distance(to other: Transform3D) -> Double {
        if isAffine2D && other.isAffine2D {
            return Transform2D(self).distance(to: Transform2D(other))
        }
        guard let a = DecomposedTransform3D(self), let b = DecomposedTransform3D(other) else {
            let difference = other.components - components
            return (difference * difference).sum().squareRoot()
        }
        return a.distance(to: b)
    }

    /// The CSS Transforms Level 2 interpolation path.
    public typealias Path = Transform3DPath
}

extension Transform3D {
    /// The larger of `first.distance(to: self)` and `second.distance(to: self)`, with this
    /// transform decomposed once for both (see ``Transform2D/largerDistance(from:_:)``).
    package func largerDistance(from first: Transform3D, _ second: Transform3D) -> Double {
        if isAffine2D {
            guard first.isAffine2D && second.isAffine2D else {
                return max(first.distance(to: self), second.distance(to: self))
            }
            return Transform2D(self).largerDistance(from: Transform2D(first), Transform2D(second))
        }
        // Not planar: each is measured between 3D decompositions, or entry by entry where one
        // cannot be made.
        guard let target = DecomposedTransform3D(self) else {
            return max(first.distance(to: self), second.distance(to: self))
        }
        func distance(from value: Transform3D) -> Double {
            guard let decomposed = DecomposedTransform3D(value) else { return value.distance(to: self) }
            return decomposed.distance(to: target)
        }
        return max(distance(from: first), distance(from: second))
    }
}
