import Foundation

/// Where the scales of a decomposed transform, interpolated linearly (`a + (b − a)·t`), cross
/// 0: where a transform path passes a flattened matrix, which the 2D and 3D paths flatten
/// exactly and declare as kinks.
enum ScaleCrossing {
    /// How close to a crossing of a scale, in fraction, a path is flattened exactly (never at
    /// the ends themselves), where `a + (b − a)·t` would leave a rounding on either side of 0, a
    /// matrix mirrored or not by chance. A keyframe fit's search for the crossing ends within a
    /// few units in the last place of the instant, well inside this; the scale left out is a
    /// billionth of the change, at most.
    static let window = 1e-9

    /// The scales `t` of the way from `start` by `change`, each 0 where `t` is within `window`
    /// of where it crosses 0 (`|a + (b − a)·t| = |b − a|·|t − crossing|`, so no division is
    /// needed), but never at the ends themselves: 0 and 1 are the ends as they are, a tiny scale
    /// included. A window of 0 flattens nothing.
    @inline(__always)
    static func interpolated<Scales: SIMD>(
        _ start: Scales, by change: Scales, at t: Double, flatteningWithin window: Double
    ) -> Scales where Scales.Scalar == Double {
        var result = start + change * t
        guard window > 0, t != 0, t != 1 else { return result }
        for index in result.indices where abs(result[index]) <= abs(change[index]) * window { result[index] = 0 }
        return result
    }

    /// The fractions at which the scales going from `start` to `end` cross 0, in order, each
    /// once; a scale that does not change crosses nowhere. Crossings beyond the ends count: an
    /// overshooting easing reaches them.
    static func crossings<Scales: SIMD>(from start: Scales, to end: Scales) -> [Double] where Scales.Scalar == Double {
        let all = -start / (end - start)
        // Placed in order as they are found: one list, no others on the way.
        var found: [Double] = []
        for index in all.indices where all[index].isFinite {
            let crossing = all[index]
            if let later = found.firstIndex(where: { $0 >= crossing }) {
                if found[later] != crossing { found.insert(crossing, at: later) }
            } else {
                found.append(crossing)
            }
        }
        return found
    }
}
