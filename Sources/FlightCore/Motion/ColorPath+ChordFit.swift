import FlightEasing
import Foundation

extension ColorPath {
    /// The share of a colour's tolerance that ``chordFit(progress:isExact:from:to:bound:maximumKeyframes:budget:evaluations:)``
    /// leaves to the fit of its progress; the rest goes to the chords' own error, added along the
    /// path and in quadrature across it. (A quarter: a progress fit's error grows with the
    /// fourth power of a segment's span, a chord's with the second, so a smaller share costs the
    /// progress fewer keyframes than it saves the chords. On 300 seeded colour pairs of the
    /// keyframe tests' kind, shares of 0.65, 0.5, 0.35, 0.25 and 0.15 placed 2,855, 2,731,
    /// 2,682, 2,669 and 2,660 keyframes in all.)
    package static let progressShare = 0.25

    /// The fit's sample fractions (``SegmentFitter/sampleFractions``) that a chord's error reads
    /// after the middle and the quarters, which it places first, in the fit's order.
    private static let eighths: [Double] = {
        let placed: [Double] = [0.5, 0.25, 0.75]
        assert(Array(SegmentFitter.sampleFractions.prefix(3)) == placed, "a chord places the middle, then the quarters")
        return SegmentFitter.sampleFractions.filter { !placed.contains($0) }
    }()

    /// Keyframes for a motion along this path whose progress a host plays as `progress` (a fit
    /// of the motion's progress within ``progressShare`` of `bound`, over the travel), or nil
    /// where they cannot be placed so.
    ///
    /// Each segment of `progress` runs between the path's colours at its two progresses `p₀`
    /// and `p₁`. Where its timing curve gives the fraction `λ`, the host shows its straight mix
    /// `H(λ)` of those colours (in their own space), and the fit plays the progress
    /// `p₀ + λ·(p₁ − p₀)` within its share of the exact progress `p`. This path is a straight
    /// line in the mixing space where distances are measured, and its progress is its fraction
    /// of the travel `d` (as long as the progress keeps the alpha in `0...1`: the caller's to
    /// check). So with `H(λ)` split into a part along the path, at progress `π(λ)`, and a part
    /// across it, `a(λ)`, the host is
    ///
    ///     √((d·|p − π(λ)|)² + a(λ)²) ≤ √((share·bound + d·|p₀ + λ·(p₁ − p₀) − π(λ)|)² + a(λ)²)
    ///
    /// from the exact colour: a bound that depends on the chord alone, not on the motion's
    /// time. It is sampled along each chord as a fit samples its segments (the progress's
    /// share held to the fit's margin as well) and kept within
    /// ``SegmentFitter/margin`` of `bound`. A segment whose chord misses is split: from its
    /// start, each part is made as long as it can be, the next try set by how the chord's own
    /// error grew with its span. Each part is timed by the part of the segment's curve it plays
    /// (``CubicBezier/part(from:to:)``), so the progress plays exactly as before: only the chords
    /// change.
    ///
    /// `isExact` says that `progress` plays the motion's progress exactly (the exact fit of a
    /// piecewise-cubic one, within a billionth of the travel): the chords then take the whole
    /// tolerance.
    ///
    /// Nil where a part's curve would leave the unit square, where two keyframes would fall at
    /// one time, beyond `maximumKeyframes` keyframes, where no part longer than a billionth of
    /// the progress fits, or once the colours placed (one evaluation each) pass `budget`: the
    /// caller then fits the motion as a whole.
    package func chordFit(
        progress: Keyframes<Double>, isExact: Bool, from: Color, to: Color, bound: Double, maximumKeyframes: Int,
        budget: Int, evaluations: inout Int
    ) -> Keyframes<Color>? {
        typealias Frame = Keyframes<Color>.Keyframe
        let mix = self.mix
        let limit = SegmentFitter.margin * bound
        // The progress fit's error along the path (its share, held to the margin as the samples
        // are), or none where it plays the progress exactly.
        let along = isExact ? 0 : SegmentFitter.margin * Self.progressShare * bound
        // A bound with room for the chords (not one too small or too large to measure against).
        guard limit > along, limit.isFinite else { return nil }
        let source = progress.frames
        var frames: [Frame] = []
        frames.reserveCapacity(source.count + 8)
        frames.append(Frame(keyTime: 0, value: from))
        var work = 0
        defer { evaluations += work }

        /// A chord's error at its worst sample: the bound above (more than `limit` once it is
        /// known to be), and its parts along the path (besides the progress's share) and across.
        typealias ChordError = (error: Double, behind: Double, aside: Double)

        /// The bound above for the chord between `first` and `last`, the path's colours at
        /// progress `start` and `end`, sampled at the fit's sample instants, the eighths. (Along
        /// a chord, the bound is a smooth bump, not a motion's error in time, which can peak
        /// sharply between samples: the margin covers what lies between eighths, and no peak is
        /// searched for; the keyframe tests probe every frame and instants inside each.) The
        /// host's mix is placed exactly at half the chord (and no further where it misses
        /// there), a quarter and three quarters; elsewhere it is read from the ``ChordImage``
        /// through those and the ends, with its allowance (or placed exactly too where there is
        /// none).
        func measure(_ first: Color, _ last: Color, _ start: Double, _ end: Double) -> ChordError {
            let origin = mix.point(at: start), final = mix.point(at: end)
            let axis = final - origin
            let lengthSquared = (axis * axis).sum()
            let length = lengthSquared.squareRoot()
            guard length > 0, length.isFinite else { return (.infinity, .infinity, .infinity) }
            func shown(_ fraction: Double) -> SIMD4<Double> {
                work += 1
                return mix.embedding(of: first.keyframeInterpolated(to: last, fraction: fraction))
            }
            var worst: ChordError = (0, 0, 0)
            /// The bound at `fraction` for the host's mix `point` there (within `allowance`).
            func error(_ fraction: Double, _ point: SIMD4<Double>, _ allowance: Double) -> Double {
                let offset = point - origin
                let reach = (offset * axis).sum() / lengthSquared
                let across = offset - axis * reach
                let behind = abs(reach - fraction) * length + allowance
                let aside = (across * across).sum().squareRoot() + allowance
                let inLine = along + behind
                let error = (inLine * inLine + aside * aside).squareRoot()
                if !(error <= worst.error) { worst = (error, behind, aside) }
                return error
            }
            // The middle first: a chord that misses there (most tries that miss) costs one
            // colour placed, not three and an image.
            let half = shown(0.5)
            let halfError = error(0.5, half, 0)
            guard halfError <= limit else { return halfError.isNaN ? (.infinity, .infinity, .infinity) : worst }
            let (quarter, threeQuarters) = (shown(0.25), shown(0.75))
            var image = ChordImage()
            image.fit(start: origin, end: final, inside: ((0.5, half), (0.25, quarter), (0.75, threeQuarters)), limit: limit)
            // The other samples, in the fit's order: the quarters, placed, then the eighths
            // between them.
            if worst.error <= limit { _ = error(0.25, quarter, 0) }
            if worst.error <= limit { _ = error(0.75, threeQuarters, 0) }
            for fraction in Self.eighths where worst.error <= limit {
                _ = image.isReady ? error(fraction, image.point(at: fraction), image.allowance) : error(fraction, shown(fraction), 0)
            }
            if worst.error.isNaN { worst.error = .infinity }
            return worst
        }

        /// A point of a segment: the fraction of its chord, its timing curve's parameter there,
        /// the progress and the path's colour.
        struct Split {
            var fraction: Double
            var parameter: Double
            var progress: Double
            var color: Color
        }

        // How a chord's own error grows with its span (first order where a transparent end keeps
        // colours the mix does not, second along a bend).
        var order = 2.0

        /// By how much a chord's span can be scaled for its error to come to the aim, given its
        /// error now, if its own parts grow with the span to the power `order`.
        func growth(_ measured: ChordError) -> Double {
            let (behind, aside) = (measured.behind, measured.aside)
            let target = SegmentFitter.aim * limit
            let squares = behind * behind + aside * aside
            guard squares > 0, squares.isFinite, measured.error.isFinite else { return .nan }
            // (along + behind·y)² + (aside·y)² = target², for the factor y of the chord's parts.
            let y = (-along * behind + (along * along * behind * behind + squares * (target * target - along * along)).squareRoot())
                / squares
            // (`exp(log(y) / order)`, not `pow`: a guess needs none of `pow`'s care for the last
            // digit, which costs a fifth more instructions.)
            return y > 0 ? exp(log(y) / order) : .nan
        }

        // The last two parts cut short by their error, in progress: how long the next one may be.
        var spans = (Double.infinity, Double.infinity)

        /// The longest part from `start` towards `last` (the end of the segment from progress
        /// `progresses.0` to `progresses.1`, with `timing`) whose chord fits; nil if none does.
        func longestPart(from start: Split, to last: Split, _ progresses: (Double, Double), _ timing: CubicBezier) -> Split? {
            let change = abs(progresses.1 - progresses.0)
            let longest = last.fraction - start.fraction
            // As the last part, changed as much as it changed from the one before.
            let trend = spans.0.isFinite ? min(max(spans.1 / spans.0, 0.5), 1.5) : 1
            var accepted: Split?
            var (fits, rejected) = (0.0, Double.infinity)
            /// `span`, or the rest of the segment where that would leave a sliver of it (a tenth
            /// of the part or less) for a part of its own, unless the rest was tried and missed.
            func reaching(_ span: Double) -> Double { longest - span <= 0.1 * span && longest < rejected ? longest : span }
            var trial = reaching(min(longest, spans.1 * trend / change))
            var measured: (span: Double, own: Double, far: Bool)?
            for _ in 0..<SegmentFitter.maximumTrials where work <= budget {
                let atEnd = trial >= longest * (1 - 1e-12)
                var end = last
                if !atEnd {
                    let parameter = timing.parameter(forProgress: start.fraction + trial)
                    let fraction = CubicBezier.polynomial(timing.y1, timing.y2, at: parameter)
                    let progress = progresses.0 + fraction * (progresses.1 - progresses.0)
                    work += 1
                    end = Split(fraction: fraction, parameter: parameter, progress: progress, color: value(at: progress))
                }
                let span = end.fraction - start.fraction
                guard span > 0 else { break }
                let chord = measure(start.color, end.color, start.progress, end.progress)
                let own = (chord.behind * chord.behind + chord.aside * chord.aside).squareRoot()
                // How the error grows is read from two chords of one regime: both near the bound,
                // or both far beyond it (over 4 ×: a whole segment tried first, tens of times
                // over). A pair across the two mixes their laws of growth, and sets the next tries
                // short of their aim. (On 600 moves between seeded random colours, a fifth of them
                // with an alpha below 1, on linear, cubic and quadratic curves: 0.2 % fewer
                // keyframes and 0.06 % more evaluations than any pair. Reading near chords only
                // took 0.14 % fewer evaluations than this, but more where a colour sets out
                // towards black, whose far chords tell a growth of first order early: 0.8 k more
                // instructions in `Benchmarks/Counts`' `animate` with every fit computed.)
                if own.isFinite && own > 0 {
                    let far = chord.error > 4 * limit
                    if let (previous, previousOwn, previousFar) = measured, previousFar == far, previousOwn > 0,
                       abs(span - previous) > 0.01 * span {
                        order = min(max(log(own / previousOwn) / log(span / previous), 1), 4)
                    }
                    measured = (span, own, far)
                }
                let scale = growth(chord)
                if chord.error <= limit {
                    (accepted, fits) = (end, span)
                    // At the end, within a tenth of the shortest that missed, or near its aim.
                    if atEnd || rejected - span <= 0.1 * span || !(scale >= 1.1) { break }
                    trial = reaching(min(span * min(scale, 4), longest))
                    if trial >= rejected { trial = (span * rejected).squareRoot() }
                } else {
                    rejected = span
                    if fits > 0 && span - fits <= 0.1 * fits { break }
                    var next = span * (scale.isNaN ? 0.5 : min(max(scale, 0.2), 0.95))
                    if next <= fits { next = (span * fits).squareRoot() }
                    guard next * change > SegmentFitter.minimumSpan else { break }
                    trial = reaching(next)
                }
            }
            if accepted != nil && fits < longest { spans = (spans.1, fits * change) }
            return accepted
        }

        var startColor = value(at: source[0].value)
        for index in 1..<source.count {
            let (a, b) = (source[index - 1], source[index])
            let endColor = value(at: b.value)
            work += 1
            defer { startColor = endColor }
            // A jump (a staircase's) is crossed in an instant no frame lands in, and a hold does
            // not move: neither is split.
            guard a.value != b.value && b.keyTime - a.keyTime > SegmentFitter.minimumSpan else {
                guard frames.count < maximumKeyframes else { return nil }
                frames[frames.count - 1].timing = a.timing
                frames.append(Frame(keyTime: b.keyTime, value: endColor))
                continue
            }
            let last = Split(fraction: 1, parameter: 1, progress: b.value, color: endColor)
            var start = Split(fraction: 0, parameter: 0, progress: a.value, color: startColor)
            while start.fraction < 1 {
                guard frames.count < maximumKeyframes,
                      let end = longestPart(from: start, to: last, (a.value, b.value), a.timing),
                      let timing = start.parameter == 0 && end.parameter == 1
                        ? a.timing : a.timing.part(from: start.parameter, to: end.parameter) else { return nil }
                let keyTime = end.parameter == 1
                    ? b.keyTime : a.keyTime + CubicBezier.polynomial(a.timing.x1, a.timing.x2, at: end.parameter) * (b.keyTime - a.keyTime)
                guard keyTime > frames[frames.count - 1].keyTime, keyTime <= b.keyTime else { return nil }
                frames[frames.count - 1].timing = timing
                frames.append(Frame(keyTime: keyTime, value: end.color))
                start = end
            }
        }
        frames[frames.count - 1].value = to
        return Keyframes(duration: progress.duration, frames: frames)
    }
}
