import Foundation

/// A portable 4×4 transform with the layout of `CATransform3D`: row vectors (`p′ = p · M`),
/// translation in `m41…m43`, perspective in `m14…m34`.
///
/// ```swift
/// let tilt = Transform3D.perspective(distance: 500)
///     .concatenating(.rotation(angle: .pi / 6, x: 0, y: 1, z: 0))
/// ```
///
/// Transforms animate by decomposition, as CSS Transforms Level 2 defines it: each end is split
/// into translation, scale, skew, perspective and a rotation quaternion; those are interpolated
/// (the quaternion by spherical interpolation) and recomposed, so a rotation never shears or
/// shrinks on the way. When both ends are 2D transforms, the 2D rules apply instead
/// (``Transform2D``), which rotate the short way round. An end that cannot be decomposed (a
/// flattened scale, `m44 == 0`) makes the whole interpolation switch from start to end at 50 %.
public struct Transform3D: Sendable, Hashable {
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4 (x perspective).
    public var m14: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4 (y perspective).
    public var m24: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double
    /// Row 3, column 4 (z perspective, `-1/distance` for a perspective projection).
    public var m34: Double
    /// Row 4, column 1 (x translation).
    public var m41: Double
    /// Row 4, column 2 (y translation).
    public var m42: Double
    /// Row 4, column 3 (z translation).
    public var m43: Double
    /// Row 4, column 4.
    public var m44: Double

    /// Creates a transform from its 16 entries, row by row (the order of `CATransform3D`'s fields
    /// and of CSS `matrix3d()`'s arguments).
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity transform.
    public static let identity = Transform3D(matrix: .identity)

    /// A translation.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var matrix = Matrix4.identity
        matrix[3] = SIMD4(x, y, z, 1)
        return Transform3D(matrix: matrix)
    }

    /// A scale about the origin.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var matrix = Matrix4.identity
        (matrix[0, 0], matrix[1, 1], matrix[2, 2]) = (x, y, z)
        return Transform3D(matrix: matrix)
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)`, as `CATransform3DMakeRotation`.
    /// A zero axis gives the identity.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let half = angle / 2
        let s = sin(half) / length
        return Transform3D(matrix: Self.rotationMatrix(SIMD4(x * s, y * s, z * s, cos(half))))
    }

    /// A perspective projection onto the z = 0 plane seen from `distance` points away
    /// (`m34 = −1/distance`), the usual way to give layers depth.
    public static func perspective(distance: Double) -> Transform3D {
        var matrix = Matrix4.identity
        matrix[2, 3] = distance != 0 ? -1 / distance : 0
        return Transform3D(matrix: matrix)
    }

    /// This transform followed by `other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        Transform3D(matrix: matrix * other.matrix)
    }

    /// Whether the transform only acts in the x–y plane, so that it can be written as a
    /// ``Transform2D``.
    public var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    // MARK: Matrix form

    init(matrix: Matrix4) {
        let (r0, r1, r2, r3) = matrix.rows
        self.init(m11: r0[0], m12: r0[1], m13: r0[2], m14: r0[3],
                  m21: r1[0], m22: r1[1], m23: r1[2], m24: r1[3],
                  m31: r2[0], m32: r2[1], m33: r2[2], m34: r2[3],
                  m41: r3[0], m42: r3[1], m43: r3[2], m44: r3[3])
    }

    var matrix: Matrix4 {
        Matrix4(rows: (SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24),
                       SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44)))
    }

    /// The rotation matrix (row-vector convention) of a unit quaternion `(x, y, z, w)`.
    static func rotationMatrix(_ q: SIMD4<Double>) -> Matrix4 {
        let (x, y, z, w) = (q[0], q[1], q[2], q[3])
        return Matrix4(rows: (
            SIMD4(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
            SIMD4(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
            SIMD4(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
            SIMD4(0, 0, 0, 1)
        ))
    }
}

/// A 3D matrix split into the parts CSS Transforms Level 2 interpolates.
struct DecomposedTransform3D: Sendable, Equatable {
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    /// xy, xz and yz shear factors.
    var skew: SIMD3<Double>
    var perspective: SIMD4<Double>
    /// A unit quaternion `(x, y, z, w)`.
    var quaternion: SIMD4<Double>

    /// "Decomposing a 3D matrix" from CSS Transforms Level 2; nil where the spec's algorithm
    /// fails (`m44 == 0`, or a singular upper part).
    init?(_ transform: Transform3D) {
        var matrix = transform.matrix
        let w = matrix[3, 3]
        guard w != 0, w.isFinite else { return nil }
        for row in 0..<4 { matrix[row] /= w }
        var perspectiveMatrix = matrix
        for row in 0..<3 { perspectiveMatrix[row, 3] = 0 }
        perspectiveMatrix[3, 3] = 1
        guard perspectiveMatrix.determinant != 0 else { return nil }

        if matrix[0, 3] != 0 || matrix[1, 3] != 0 || matrix[2, 3] != 0 {
            guard let inverse = perspectiveMatrix.inverse else { return nil }
            let rightHandSide = SIMD4(matrix[0, 3], matrix[1, 3], matrix[2, 3], matrix[3, 3])
            // rhs · transpose(inverse): component i is the dot product of rhs with row i of the inverse.
            perspective = SIMD4((rightHandSide * inverse[0]).sum(), (rightHandSide * inverse[1]).sum(),
                                (rightHandSide * inverse[2]).sum(), (rightHandSide * inverse[3]).sum())
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        translation = SIMD3(matrix[3, 0], matrix[3, 1], matrix[3, 2])

        func row(_ index: Int) -> SIMD3<Double> { SIMD3(matrix[index, 0], matrix[index, 1], matrix[index, 2]) }
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        var rows = (row(0), row(1), row(2))
        var scale = SIMD3<Double>(0, 0, 0)
        var skew = SIMD3<Double>(0, 0, 0)

        scale.x = length(rows.0)
        rows.0 /= scale.x
        skew.x = dot(rows.0, rows.1)
        rows.1 -= skew.x * rows.0
        scale.y = length(rows.1)
        rows.1 /= scale.y
        skew.x /= scale.y
        skew.y = dot(rows.0, rows.2)
        rows.2 -= skew.y * rows.0
        skew.z = dot(rows.1, rows.2)
        rows.2 -= skew.z * rows.1
        scale.z = length(rows.2)
        rows.2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A left-handed basis: flip it and the scales.
        let cross = SIMD3(rows.1.y * rows.2.z - rows.1.z * rows.2.y,
                          rows.1.z * rows.2.x - rows.1.x * rows.2.z,
                          rows.1.x * rows.2.y - rows.1.y * rows.2.x)
        if dot(rows.0, cross) < 0 {
            scale = -scale
            rows = (-rows.0, -rows.1, -rows.2)
        }
        // The rotation's quaternion, from the largest of its four components (Shepperd's
        // method). The specification takes each component's size from the diagonal and its sign
        // from an off-diagonal difference, which is zero for a half-turn: a half-turn about a
        // tilted axis (what a mirrored 2D matrix turns into above) then recomposes about another
        // axis, and an animation from it would jump at its first frame.
        let trace = rows.0.x + rows.1.y + rows.2.z
        var q: SIMD4<Double>
        if trace >= rows.0.x && trace >= rows.1.y && trace >= rows.2.z {
            let w = 0.5 * max(1 + trace, 0).squareRoot()
            q = SIMD4((rows.1.z - rows.2.y) / (4 * w), (rows.2.x - rows.0.z) / (4 * w), (rows.0.y - rows.1.x) / (4 * w), w)
        } else if rows.0.x >= rows.1.y && rows.0.x >= rows.2.z {
            let x = 0.5 * max(1 + rows.0.x - rows.1.y - rows.2.z, 0).squareRoot()
            q = SIMD4(x, (rows.0.y + rows.1.x) / (4 * x), (rows.2.x + rows.0.z) / (4 * x), (rows.1.z - rows.2.y) / (4 * x))
        } else if rows.1.y >= rows.2.z {
            let y = 0.5 * max(1 - rows.0.x + rows.1.y - rows.2.z, 0).squareRoot()
            q = SIMD4((rows.0.y + rows.1.x) / (4 * y), y, (rows.1.z + rows.2.y) / (4 * y), (rows.2.x - rows.0.z) / (4 * y))
        } else {
            let z = 0.5 * max(1 - rows.0.x - rows.1.y + rows.2.z, 0).squareRoot()
            q = SIMD4((rows.2.x + rows.0.z) / (4 * z), (rows.1.z + rows.2.y) / (4 * z), z, (rows.0.y - rows.1.x) / (4 * z))
        }
        // The specification's quaternions have w ≥ 0.
        if q.w < 0 { q = -q }
        guard scale.x.isFinite, scale.y.isFinite, scale.z.isFinite, (q * q).sum().isFinite else { return nil }
        self.scale = scale
        self.skew = skew
        quaternion = q
    }

    /// Linear interpolation of every part but the rotation, which is interpolated spherically
    /// ("Interpolation of decomposed 3D matrix values").
    func interpolated(to other: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        interpolated(to: other, fraction: t, flatteningWithin: 0)
    }

    /// ``interpolated(to:fraction:)``, with each scale 0 within `window` of where it crosses 0
    /// (``ScaleCrossing/interpolated(_:by:at:flatteningWithin:)``): a path flattened there.
    func interpolated(to other: DecomposedTransform3D, fraction t: Double, flatteningWithin window: Double) -> DecomposedTransform3D {
        var result = self
        result.translation += (other.translation - translation) * t
        result.scale = ScaleCrossing.interpolated(scale, by: other.scale - scale, at: t, flatteningWithin: window)
        result.skew += (other.skew - skew) * t
        result.perspective += (other.perspective - perspective) * t
        result.quaternion = Self.slerp(quaternion, other.quaternion, t)
        return result
    }

    /// Spherical interpolation along the shorter arc. (The specification's pseudo-code omits the
    /// sign flip that picks the shorter arc; browsers flip, and so does Flight, so that a rotation
    /// never takes the long way round.)
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b
        var product = (a * b).sum()
        if product < 0 {
            b = -b
            product = -product
        }
        product = min(product, 1)
        if product == 1 { return a }
        let theta = acos(product)
        let w = sin(t * theta) / (1 - product * product).squareRoot()
        return a * (cos(t * theta) - product * w) + b * w
    }

    /// "Recomposing to a 3D matrix": perspective, then translation, rotation, skew and scale.
    var recomposed: Transform3D {
        var matrix = Matrix4.identity
        for index in 0..<4 { matrix[index, 3] = perspective[index] }
        matrix[3] += translation.x * matrix[0] + translation.y * matrix[1] + translation.z * matrix[2]
        matrix = Transform3D.rotationMatrix(quaternion) * matrix
        var shear = Matrix4.identity
        shear[1, 0] = skew.x
        shear[2, 0] = skew.y
        shear[2, 1] = skew.z
        matrix = shear * matrix
        matrix[0] *= scale.x
        matrix[1] *= scale.y
        matrix[2] *= scale.z
        return Transform3D(matrix: matrix)
    }

    /// See ``Transform3D/distance(to:)``.
    func distance(to other: DecomposedTransform3D) -> Double {
        let weight = 100.0
        let dt = other.translation - translation
        let ds = (other.scale - scale) * weight
        let dk = (other.skew - skew) * weight
        let dp = (other.perspective - perspective) * (weight * 1000)
        let dot = min(abs((quaternion * other.quaternion).sum()), 1)
        let angle = 2 * acos(dot) * weight
        return ((dt * dt).sum() + (ds * ds).sum() + (dk * dk).sum() + (dp * dp).sum() + angle * angle).squareRoot()
    }
}
