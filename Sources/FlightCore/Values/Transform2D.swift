import Foundation

/// A portable 2D affine transform with the layout of `CGAffineTransform`:
/// `x′ = a·x + c·y + tx`, `y′ = b·x + d·y + ty`.
///
/// Transforms animate by the CSS 2D decomposition rules: translation, scale, a rotation angle and
/// a residual matrix are interpolated separately, a flip of one axis against the other is turned
/// into a rotation, and the rotation goes the short way round, so 170° → −170° passes through
/// 180° and never through 0°. A singular end (a zero scale) cannot be decomposed: the
/// interpolation then switches from start to end at 50 %.
public struct Transform2D: Sendable, Hashable {
    /// The x scale and rotation entry.
    public var a: Double
    /// The y shear and rotation entry.
    public var b: Double
    /// The x shear and rotation entry.
    public var c: Double
    /// The y scale and rotation entry.
    public var d: Double
    /// The x translation.
    public var tx: Double
    /// The y translation.
    public var ty: Double

    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity transform.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` radians (counterclockwise in a y-up space, clockwise on screen).
    public static func rotation(_ angle: Double) -> Transform2D {
        Transform2D(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// A scale about the origin.
    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A translation.
    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin (`CGAffineTransform(scaleX:y:)`).
    public init(scaleX x: Double, y: Double) {
        self = .scale(x: x, y: y)
    }

    /// A translation (`CGAffineTransform(translationX:y:)`).
    public init(translationX x: Double, y: Double) {
        self = .translation(x: x, y: y)
    }

    /// A rotation by `angle` radians (`CGAffineTransform(rotationAngle:)`).
    public init(rotationAngle angle: Double) {
        self = .rotation(angle)
    }

    /// A scale, then this transform (`CGAffineTransform.scaledBy(x:y:)`): `identity.scaledBy(x:
    /// 0.5, y: 0.5)` ports Parade's `CGAffineTransform.identity.scaledBy(x: 0.5, y: 0.5)`.
    public func scaledBy(x: Double, y: Double) -> Transform2D {
        Transform2D.scale(x: x, y: y).concatenating(self)
    }

    /// A translation, then this transform (`CGAffineTransform.translatedBy(x:y:)`).
    public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D.translation(x: x, y: y).concatenating(self)
    }

    /// A rotation by `angle` radians, then this transform (`CGAffineTransform.rotated(by:)`).
    public func rotated(by angle: Double) -> Transform2D {
        Transform2D.rotation(angle).concatenating(self)
    }

    /// This transform followed by `other` (`self.concatenating(other)` as in CoreGraphics).
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// The upper-left and translation part of a 3D transform (exact when it ``Transform3D/isAffine2D``).
    public init(_ transform: Transform3D) {
        self.init(a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
                  tx: transform.m41, ty: transform.m42)
    }

    /// The same transform as a 3D transform acting in the x–y plane.
    public var transform3D: Transform3D {
        Transform3D(m11: a, m12: b, m13: 0, m14: 0, m21: c, m22: d, m23: 0, m24: 0,
                    m31: 0, m32: 0, m33: 1, m34: 0, m41: tx, m42: ty, m43: 0, m44: 1)
    }
}

/// A 2D matrix split into the parts CSS interpolates: translation, scale, a rotation angle in
/// degrees, and the remaining 2×2 matrix.
struct DecomposedTransform2D: Sendable, Equatable {
    var translation: SIMD2<Double>
    var scale: SIMD2<Double>
    var angle: Double
    var residual: SIMD4<Double>

    /// "Decomposing a 2D matrix" (CSS Transforms).
    init(_ transform: Transform2D) {
        var (row0x, row0y, row1x, row1y) = (transform.a, transform.b, transform.c, transform.d)
        translation = SIMD2(transform.tx, transform.ty)
        // Lengths and the determinant's sign computed on the entries scaled to at most 1, so that
        // entries beyond 1e154 (whose squares overflow) still decompose into finite parts.
        let largest = max(abs(row0x), abs(row0y), abs(row1x), abs(row1y))
        let unit = largest > 0 && largest.isFinite ? 1 / largest : 1
        func length(_ x: Double, _ y: Double) -> Double {
            let (x, y) = (x * unit, y * unit)
            return (x * x + y * y).squareRoot() / unit
        }
        var scale = SIMD2(length(row0x, row0y), length(row1x, row1y))
        // A negative determinant means one axis was flipped: flip the one with the smaller dot product.
        if (row0x * unit) * (row1y * unit) - (row0y * unit) * (row1x * unit) < 0 {
            if row0x < row1y { scale.x = -scale.x } else { scale.y = -scale.y }
        }
        if scale.x != 0 { row0x /= scale.x; row0y /= scale.x }
        if scale.y != 0 { row1x /= scale.y; row1y /= scale.y }
        // A row scaled to zero has no direction left: take the one that makes the rows a
        // rotation, so that a part written into a flattened matrix (a scale after a scale of 0)
        // shows instead of staying flat.
        switch (scale.x == 0, scale.y == 0) {
        case (true, true): (row0x, row0y, row1x, row1y) = (1, 0, 0, 1)
        case (true, false): (row0x, row0y) = (row1y, -row1x)
        case (false, true): (row1x, row1y) = (-row0y, row0x)
        case (false, false): break
        }
        let radians = atan2(row0y, row0x)
        if radians != 0 {
            let (sn, cs) = (-row0y, row0x)
            let (m11, m12, m21, m22) = (row0x, row0y, row1x, row1y)
            row0x = cs * m11 + sn * m21
            row0y = cs * m12 + sn * m22
            row1x = -sn * m11 + cs * m21
            row1y = -sn * m12 + cs * m22
        }
        self.scale = scale
        angle = radians * 180 / .pi
        residual = SIMD4(row0x, row0y, row1x, row1y)
    }

    /// The parts `t` of the way to `other`, each scale 0 within `window` of where it crosses 0
    /// (``ScaleCrossing/interpolated(_:by:at:flatteningWithin:)``).
    func interpolated(to other: DecomposedTransform2D, fraction t: Double, flatteningWithin window: Double) -> DecomposedTransform2D {
        var result = self
        result.translation += (other.translation - translation) * t
        result.scale = ScaleCrossing.interpolated(scale, by: other.scale - scale, at: t, flatteningWithin: window)
        result.angle += (other.angle - angle) * t
        result.residual += (other.residual - residual) * t
        return result
    }

    /// "Recomposing to a 2D matrix": scale · rotation · residual, then the translation.
    ///
    /// The specification's pseudo-code also multiplies the translation by the residual matrix,
    /// which does not give back the matrix that was decomposed whenever it has a shear and a
    /// translation (the animation would jump at its first frame). Flight keeps the translation
    /// as decomposed, so decomposing and recomposing is exact.
    ///
    /// `rotation` is ``rotation``, the cosine and sine of ``angle``, passed in so that a path
    /// whose angle never changes works it out once.
    func recomposed(rotation: (cos: Double, sin: Double)) -> Transform2D {
        let (m11, m12, m21, m22) = (residual[0], residual[1], residual[2], residual[3])
        let (tx, ty) = (translation.x, translation.y)
        let (cs, sn) = rotation
        // The rotation applies before the residual matrix: rotate · residual.
        var a = cs * m11 + sn * m21
        var b = cs * m12 + sn * m22
        var c = -sn * m11 + cs * m21
        var d = -sn * m12 + cs * m22
        a *= scale.x; b *= scale.x
        c *= scale.y; d *= scale.y
        return Transform2D(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The cosine and sine of ``angle``.
    var rotation: (cos: Double, sin: Double) {
        let radians = angle * .pi / 180
        return (cos(radians), sin(radians))
    }

    func distance(to other: DecomposedTransform2D) -> Double {
        let weight = 100.0
        let dt = other.translation - translation
        let ds = (other.scale - scale) * weight
        let dr = (other.residual - residual) * weight
        let da = (other.angle - angle) * .pi / 180 * weight
        return ((dt * dt).sum() + (ds * ds).sum() + (dr * dr).sum() + da * da).squareRoot()
    }
}
