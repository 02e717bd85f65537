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
        self.init(from: from, to: to, decomposed: (DecomposedTransform2D(from), DecomposedTransform2D(to)))
    }

    /// The path from `from` to `to`, whose decompositions (`DecomposedTransform2D` of each)
    /// were made already: a keyframe fit measures many values against one.
    init(from: Transform2D, to: Transform2D, decomposed: (DecomposedTransform2D, DecomposedTransform2D)) {
        var (a, b) = decomposed
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

    /// The switch at 50 % when an end cannot be decomposed; otherwise where a scale crosses 0.
    ///
    /// There the path passes a matrix flattened onto a line, continuously, but two keyframes
    /// either side of it are one mirrored and one not, and a host interpolating between them
    /// turns the long way round: a keyframe fit ends a segment exactly on it (a run whose
    /// fractional count ends there shows the flattened matrix, not a point of that turn).
    /// Crossings beyond the ends count too: an overshooting easing reaches them.
    public var kinks: [Double] {
        if discrete != nil { return [0.5] }
        // Worked out when asked, not stored: a larger path is copied at a cost wherever it is read.
        return ScaleCrossing.crossings(from: start.scale, to: end.scale)
    }

    /// The transform at `fraction` of the way.
    public func value(at fraction: Double) -> Transform2D {
        if let (from, to) = discrete { return fraction < 0.5 ? from : to }
        // Flattened exactly where a scale crosses 0 (within ``ScaleCrossing/window``): a matrix that
        // cannot be decomposed, which a host interpolates to and from as a switch, not as a turn
        // the long way round.
        let point = start.interpolated(to: end, fraction: fraction, flatteningWithin: ScaleCrossing.window)
        return point.recomposed(rotation: constantRotation ?? point.rotation)
    }
}
