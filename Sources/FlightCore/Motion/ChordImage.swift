/// The straight mix a host plays between two keyframes, seen in the space where a curved path
/// measures its distances (a colour's premultiplied mixing space, `ColorPath.Mix`): a curve
/// there, whose points a keyframe fit's error samples need by the dozen, each an exact conversion
/// (a colour's roots and powers, hundreds of instructions).
///
/// A segment's first three samples are placed exactly; with its two ends (the path's own points
/// there), the quartic through those five points stands in for the rest. Its own error is
/// estimated by the size of its last term, `|d₄|·|ω(e)|` (the divided difference of all five
/// points times the product of `e`'s distances from the first four, bounded over `0...1`): how
/// far the quartic lies from the cubic through those four, which for a curve as smooth as a
/// short mix is well above the quartic's own error (tested on seeded colour chords). That
/// allowance is added to every error the quartic gives, and the quartic is used only where it is
/// a twentieth of the error bound or less and the bound is finite; elsewhere (a mix passing near
/// black, where the cube roots are steep; the last-resort fit, which measures without a bound)
/// every sample stays exact.
package struct ChordImage {
    /// The fractions of the mix at the first four points: 0, 1 and the first two inside.
    private var fractions = SIMD4<Double>.zero
    /// Newton's divided differences of the five points.
    private var differences = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero,
                               SIMD4<Double>.zero)
    /// What is added to every error measured on the quartic.
    package private(set) var allowance = 0.0
    /// Whether the quartic stands in for the mix: set by ``fit(start:end:inside:limit:)``.
    package private(set) var isReady = false

    /// The largest share of the error bound the allowance may take.
    package static let largestAllowance = 0.05
    /// How far apart the fractions inside must be, from each other and from the ends.
    static let smallestSpacing = 0.02

    /// An image that is not ready: every sample is placed exactly until
    /// ``fit(start:end:inside:limit:)``.
    package init() {}

    /// A point of the mix placed exactly: its fraction and where it is.
    package typealias Exact = (fraction: Double, point: SIMD4<Double>)

    /// Fits the quartic through the mix's ends, the points `start` and `end` (at fractions 0 and
    /// 1), and three points inside it (at fractions in `0...1`), and makes it stand in for the
    /// mix (``isReady``) unless those are closer than ``smallestSpacing``, `limit` is not
    /// finite, or its allowance exceeds ``largestAllowance`` of `limit`. (A mutating method
    /// rather than an initializer: the image is read in place at every sample, not copied out
    /// of an optional.)
    package mutating func fit(start: SIMD4<Double>, end: SIMD4<Double>, inside: (Exact, Exact, Exact), limit: Double) {
        let e = SIMD8(0, 1, inside.0.fraction, inside.1.fraction, inside.2.fraction, 0, 0, 0)
        for i in 0..<5 {
            guard e[i] >= 0 && e[i] <= 1 else { return }
            for j in 0..<i where abs(e[i] - e[j]) < Self.smallestSpacing { return }
        }
        // Newton's divided differences, in place, highest order last.
        var d = (start, end, inside.0.point, inside.1.point, inside.2.point)
        d.4 = (d.4 - d.3) / (e[4] - e[3])
        d.3 = (d.3 - d.2) / (e[3] - e[2])
        d.2 = (d.2 - d.1) / (e[2] - e[1])
        d.1 = (d.1 - d.0) / (e[1] - e[0])
        d.4 = (d.4 - d.3) / (e[4] - e[2])
        d.3 = (d.3 - d.2) / (e[3] - e[1])
        d.2 = (d.2 - d.1) / (e[2] - e[0])
        d.4 = (d.4 - d.3) / (e[4] - e[1])
        d.3 = (d.3 - d.2) / (e[3] - e[0])
        d.4 = (d.4 - d.3) / (e[4] - e[0])
        // |ω(e)| = e·(1 − e)·|e − e₂|·|e − e₃| ≤ ¼·max(e₂, 1 − e₂)·max(e₃, 1 − e₃) on 0...1.
        let reach = 0.25 * max(e[2], 1 - e[2]) * max(e[3], 1 - e[3])
        let allowance = (d.4 * d.4).sum().squareRoot() * reach
        guard allowance.isFinite, limit.isFinite, allowance <= Self.largestAllowance * limit else { return }
        fractions = SIMD4(e[0], e[1], e[2], e[3])
        differences = d
        self.allowance = allowance
        isReady = true
    }

    /// The quartic's point at mix fraction `fraction`, in `0...1` (once ``isReady``).
    @inline(__always)
    package func point(at fraction: Double) -> SIMD4<Double> {
        var value = differences.4
        value = value * (fraction - fractions[3]) + differences.3
        value = value * (fraction - fractions[2]) + differences.2
        value = value * (fraction - fractions[1]) + differences.1
        value = value * (fraction - fractions[0]) + differences.0
        return value
    }
}
