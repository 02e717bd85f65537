import Foundation

/// Interpolates ``Transform2D`` values by the CSS Transforms 2D rules.
public struct Transform2DPath: InterpolationPath {
    /// Transform components cannot move independently without shearing.
    public static var isComponentwise: Bool { false }

    let start: DecomposedTransform2D
    let end: DecomposedTransform2D
    /// The ends themselves, when one of them is singular and cannot be decomposed.
    private let discrete: (Transform2D, Transform2D)?
    /// The cosine and sine of the rotation when both ends have the same angle (a scale or a
    /// move alone): every point of the path has it exactly, so it is worked out once.
    private let constantRotation: (cos: Double, sin: Double)?

    /// Decomposes both ends and aligns their rotations ("Interpolation of decomposed 2D matrix
    /// values"). If either end is singular (zero determinant), the path switches from start to
    /// end at 50 %, as browsers do.
    public init(from: Transform2D, to: Transform2D) {
        var a = DecomposedTransform2D(from)
        var b = DecomposedTransform2D(to)
        let singular = from.a * from.d - from.b * from.c == 0 || to.a * to.d - to.b * to.c == 0
        discrete = singular ? (from, to) : nil
        // One end flipped in x, the other in y: the same as an unflipped rotation by 180°.
        if (a.scale.x < 0 && b.scale.y < 0) || (a.scale.y < 0 && b.scale.x < 0) {
            a.scale = -a.scale
            a.angle += a.angle < 0 ? 180 : -180
        }
        // Don't rotate the long way round.
        if a.angle == 0 { a.angle = 360 }
        if b.angle == 0 { b.angle = 360 }
        if abs(a.angle - b.angle) > 180 {
            if a.angle > b.angle { a.angle -= 360 } else { b.angle -= 360 }
        }
        start = a
        end = b
        // Exact at every point: equal angles are never 0 here (0 became 360 above), so the
        // angle interpolated, a + (b − a)·t, is a itself, never a zero of the other sign.
        constantRotation = a.angle == b.angle ? a.rotation : nil
    }

    var isDiscrete: Bool { discrete != nil }

    /// The switch at 50 % when an end cannot be decomposed.
    public var kinks: [Double] { discrete == nil ? [] : [0.5] }

    /// The transform at `fraction` of the way.
    public func value(at fraction: Double) -> Transform2D {
        if let (from, to) = discrete { return fraction < 0.5 ? from : to }
        let point = start.interpolated(to: end, fraction: fraction)
        return point.recomposed(rotation: constantRotation ?? point.rotation)
    }
}
