import FlightEasing
import Foundation

/// Which side of a breakpoint a point is evaluated on.
enum FitSide {
    /// Not at a breakpoint: the motion is smooth there.
    case inside
    /// The limit from the left: the end of the piece before a breakpoint.
    case left
    /// The limit from the right: the start of the piece after a breakpoint.
    case right
}

/// A point of a motion, in normalized time: the channels' values and their slopes per unit of
/// normalized time.
struct FitPoint<Channels: SIMD> where Channels.Scalar == Double {
    var u: Double
    var value: Channels
    var slope: Channels
}

/// A motion the ``SegmentFitter`` follows: channels over normalized time `0...1`, the value a
/// set of channels stands for, and the error of a candidate segment as the host would play it.
protocol SegmentSource {
    associatedtype Channels: SIMD where Channels.Scalar == Double
    associatedtype Value: AnimatableValue

    /// Normalized times where the motion is made of separate pieces (see `Easing.breakpoints`).
    var breakpoints: [Double] { get }
    /// Whether the motion has a single channel, so that its extrema can be found and used as
    /// segment ends.
    var isScalar: Bool { get }
    /// The channels and their slopes at `u`, one-sided at a breakpoint.
    func point(at u: Double, side: FitSide) -> FitPoint<Channels>
    /// The value a set of channels stands for.
    func value(of channels: Channels) -> Value
    /// How far along the segment from `a` to `b` the motion is at `fraction` of its time: the
    /// projection of the channels' change on the segment's chord, over the chord's length
    /// squared (0 at `a`, 1 at `b`). The timing curve approximates this function.
    func chordProgress(from a: FitPoint<Channels>, to b: FitPoint<Channels>, at fraction: Double) -> Double
    /// The largest distance, in display units, between the host playing the segment from `a`
    /// to `b` with `timing` and the exact motion, at sample instants inside it. May stop early
    /// and return anything above `limit` once it is exceeded; if `quick`, also once the first
    /// instants show at most ``SegmentFitter/quickShare`` of `limit`, returning what they show
    /// (see ``SegmentFitter/sampledError(of:limit:nearEnds:quick:_:)``). Adds the instants at
    /// which it evaluated the motion to `evaluations`.
    func error(
        from a: FitPoint<Channels>, to b: FitPoint<Channels>, timing: CubicBezier, limit: Double, quick: Bool,
        evaluations: inout Int
    ) -> Double
    /// The part of the error a better timing curve could remove, where that is cheaper to know
    /// than ``error(from:to:timing:limit:quick:evaluations:)`` (along a curved path, the error of
    /// the progress alone); nil where it is not. Counts its evaluations as
    /// ``error(from:to:timing:limit:quick:evaluations:)``.
    func timingError(
        from a: FitPoint<Channels>, to b: FitPoint<Channels>, timing: CubicBezier, evaluations: inout Int
    ) -> Double?
    /// The first point strictly inside the segment where the motion crosses a kink of its path
    /// (see `InterpolationPath.kinks`), or nil. Counts its evaluations as
    /// ``error(from:to:timing:limit:quick:evaluations:)``.
    func kinkCrossing(from a: FitPoint<Channels>, to b: FitPoint<Channels>, evaluations: inout Int) -> FitPoint<Channels>?
}

extension SegmentSource {
    func timingError(
        from a: FitPoint<Channels>, to b: FitPoint<Channels>, timing: CubicBezier, evaluations: inout Int
    ) -> Double? { nil }
    func kinkCrossing(from a: FitPoint<Channels>, to b: FitPoint<Channels>, evaluations: inout Int) -> FitPoint<Channels>? {
        nil
    }
}

/// Fits keyframe segments with timing curves to a motion, as few as keep the host's playback
/// within a tolerance of it.
///
/// Each segment runs between two exact points of the motion. Its timing curve is the cubic
/// Hermite interpolant of the motion's value and velocity at both ends, written as a cubic
/// Bézier whose x control points sit at 1/3 and 2/3 (so that its x is time itself, and its y a
/// cubic polynomial of time). A polynomial of degree ≤ 3 is therefore reproduced exactly. Where
/// a slope is too steep for a control point to stay inside `0...1` (a vertical tangent, say),
/// the handle is shortened along the tangent until it does, so that every control point stays
/// in the unit square CoreAnimation is documented for. Where the Hermite curve misses, the two
/// handle lengths are refined so that the curve also passes through the motion at a third and
/// two thirds of the segment.
///
/// Segments are placed greedily from the start: each one is made as long as it can be while
/// its error, measured under the host's interpolation at seven instants (more near a shortened
/// handle, and sixteenths along curved paths and for several channels) and at the peak a short
/// search finds next to the worst of them (``peak(around:_:)``), stays within ``margin`` of
/// the tolerance; the next length to try comes from how the error grew between the last two
/// tries (at a segment's first try, as it grew in the segment before; after a try that missed
/// when measured in full, from that error). A try whose error at its first instants (those
/// seven, and those near a shortened handle) is within ``quickShare`` of the bound is not
/// measured further while a longer one is tried (most such tries are passed by); the one taken
/// is measured in full first, and one that then misses is rejected. Segments end at the easing's breakpoints (the
/// pieces of `inOut` curves and bounces, the jumps of steps), at the path's kinks, and, for
/// one-channel motions, at extrema, where the velocity changes sign. For one-channel motions a last pass joins two
/// neighbouring segments wherever one segment fits between their outer ends (greedy from the
/// start, the segment before a limit is often short); a new piece's first try is all of it.
///
/// The work is counted in evaluations of the exact motion (its channels at one instant) and
/// bounded: a fit gives up, returning nil, once it holds more keyframes than it may keep or has
/// spent its evaluations, and ``uniform(_:duration:count:start:end:evaluations:)`` fits any
/// motion with a fixed number of evaluations.
package enum SegmentFitter {
    /// The share of the tolerance the sampled error may use: the rest covers the error between
    /// sample instants.
    static let margin = 0.8
    /// The shortest segment, as a fraction of the duration, below which a segment is accepted
    /// whatever its error (a discontinuity that is not a declared breakpoint). A billionth: a
    /// path's heading can turn round a near-cusp (where a curve's speed almost vanishes) within
    /// a few microseconds of a long motion, continuously, and segments a millionth long crossed
    /// such a turn as one ramp, far from the path's direction inside it. A frame seldom lands
    /// inside a segment this short, but can (a crossing at a round instant, 0.4 s of a 1 s
    /// move): what a host would show wrongly there (a transform flattening, played as a
    /// half-turn) is declared as a kink of the path, so that a keyframe sits on it.
    package static let minimumSpan = 1e-9
    /// How close the longest accepted and the shortest rejected span must come, relative to
    /// the span, before the search settles for the accepted one. (Four per cent: with quick
    /// measures, a closer search costs little, and the 46 named curves keep their 250
    /// keyframes.)
    static let convergence = 0.04
    /// The share of the bound a segment's next try aims its error at, from how the error grew
    /// with the span: short enough of the bound that the try usually fits (a try a little over
    /// it costs one more), near enough that the search stops there (``convergence``). (Chosen
    /// with ``quickShare`` on fits of the named curves, 150 colour moves and three 2D spring
    /// decays: 0.93 and 0.85 together made 13 per cent fewer instructions than 0.97 and 0.7, with
    /// the named curves' 250 keyframes kept and 1 per cent more for colours.)
    static let aim = 0.93
    /// The most candidate lengths tried for one segment.
    static let maximumTrials = 12

    /// The most evaluations of the motion the error of one segment takes: the sample instants
    /// of ``forEachSampleFraction(of:_:)``, the sixteenths, the instants near both ends, and the
    /// search for the peak (see ``sampledError(of:limit:nearEnds:quick:_:)``).
    static let evaluationsPerError = sampleFractions.count + startFractions.count + endFractions.count + 8
        + startFractions.count + endFractions.count + 2 + peakSteps
    /// The most evaluations one segment of a fit takes, whatever the motion: a bound for each
    /// try of a length (its extremum search, 16 instants and a root of at most 100, its kink
    /// search, 61, two error measures, the timing error and two instants for the refined timing
    /// curve), times the tries and 21 more, which cover the full measure of each try confirmed
    /// (``quickShare``), at most 107 each, and the halvings after the tries (at most 30, of 108).
    static let evaluationsPerSegment = (maximumTrials + 21) * (1 + 16 + 100 + 61 + 3 * evaluationsPerError + 2) + 1

    /// Fits keyframes to `source` within `tolerance`, or nil when that would take more than
    /// `maximumKeyframes` keyframes or more than `budget` evaluations of the motion. The
    /// evaluations it makes, whether it succeeds or not, are added to `evaluations`; it stops
    /// within ``evaluationsPerSegment`` of the budget. `reached` is set to the normalized time
    /// the keyframes reached (1 when they are all there).
    static func fit<Source: SegmentSource>(
        _ source: Source, duration: TimeInterval, tolerance: Double, start first: Source.Value, end: Source.Value,
        maximumKeyframes: Int, budget: Int, evaluations: inout Int, reached: inout Double
    ) -> Keyframes<Source.Value>? {
        typealias Frame = Keyframes<Source.Value>.Keyframe
        let run = Run(source: source, bound: tolerance * margin)
        defer { evaluations += run.evaluations }
        let breakpoints = source.breakpoints
        var nextBreakpoint = 0
        // Room for most fits (a colour's or a spring's can take a dozen keyframes), so that the
        // lists are made once rather than made again as they grow.
        let room = 16 + 2 * breakpoints.count
        var frames: [Frame] = []
        frames.reserveCapacity(room)
        var start = run.point(at: 0, side: .inside)
        frames.append(Frame(keyTime: 0, value: first))
        // For the pass that joins segments, what each keyframe stands for (see `Joint`); kept
        // for one-channel motions only (several channels, a 2D spring's, gain little from it
        // for what it costs).
        let joins = source.isScalar
        var joints: [Run<Source>.Joint] = []
        if joins {
            joints.reserveCapacity(room)
            joints.append(.init(start: start, end: start, isFixed: true))
        }
        var guess = 1.0
        while start.u < 1 {
            reached = start.u
            guard frames.count <= maximumKeyframes, run.evaluations < budget else { return nil }
            while nextBreakpoint < breakpoints.count && breakpoints[nextBreakpoint] <= start.u { nextBreakpoint += 1 }
            var limit = nextBreakpoint < breakpoints.count ? breakpoints[nextBreakpoint] : 1
            let (end, timing) = run.longestSegment(from: start, limit: &limit, guess: guess)
            frames[frames.count - 1].timing = timing
            frames.append(Frame(keyTime: end.u, value: source.value(of: end.value)))
            if joins {
                joints[joints.count - 1].rejectedEnd = run.rejectedEnd
                joints.append(.init(start: end, end: end, isFixed: end.u == limit))
            }
            guess = end.u - start.u
            guard end.u == limit else {
                start = end
                continue
            }
            // At a breakpoint or extremum: continue from the right-hand side, through a jump if
            // the value changes there.
            var right = run.point(at: limit, side: .right)
            if source.isScalar && end.slope[0] == 0 { right.slope = .zero }
            let jump: Source.Channels = right.value - end.value
            let jumpSquared: Source.Channels = jump * jump
            if jumpSquared.sum() > 1e-18 {
                let previous = frames[frames.count - 2].keyTime
                frames[frames.count - 1].keyTime = max(limit.nextDown, (previous + limit) / 2)
                frames.append(Frame(keyTime: limit, value: source.value(of: right.value)))
                if joins { joints.append(.init(start: right, end: right, isFixed: true)) }
            } else if joins {
                joints[joints.count - 1].start = right
            }
            start = right
            // A new piece (or the way back from an extremum) owes nothing to the last segment's
            // length, which may have shrunk towards the limit: its first try is all of it.
            guess = 1
        }
        reached = 1
        guard frames.count <= maximumKeyframes else { return nil }
        frames[frames.count - 1].keyTime = 1
        frames[frames.count - 1].value = end
        if joins { run.joinSegments(&frames, &joints, budget: budget) }
        return Keyframes(duration: duration, frames: frames)
    }

    /// The evaluations ``uniform(_:duration:count:start:end:evaluations:)`` makes for `count`
    /// keyframes.
    static func uniformEvaluations(count: Int) -> Int {
        count + (count - 1) * evaluationsPerError
    }

    /// The fit of last resort, whose work is fixed: `count` keyframes (at least two) evenly
    /// spaced in time, each segment with the Hermite timing curve of its ends, and the largest
    /// error of a segment as its samples measure it (breakpoints and extrema are not sought, so
    /// it can be large). Adds ``uniformEvaluations(count:)`` at most to `evaluations`.
    static func uniform<Source: SegmentSource>(
        _ source: Source, duration: TimeInterval, count: Int, start first: Source.Value, end: Source.Value,
        evaluations: inout Int
    ) -> (keyframes: Keyframes<Source.Value>, error: Double) {
        typealias Frame = Keyframes<Source.Value>.Keyframe
        let count = max(count, 2)
        var frames: [Frame] = []
        frames.reserveCapacity(count)
        var worst = 0.0
        var previous = source.point(at: 0, side: .inside)
        evaluations += 1
        frames.append(Frame(keyTime: 0, value: first))
        for index in 1..<count {
            let u = index == count - 1 ? 1 : Double(index) / Double(count - 1)
            let point = source.point(at: u, side: index == count - 1 ? .left : .inside)
            evaluations += 1
            let timing = hermiteTiming(from: previous, to: point)
            let error = source.error(from: previous, to: point, timing: timing, limit: .infinity, quick: false,
                                     evaluations: &evaluations)
            // An error that is not a number (a motion that cannot be evaluated) counts as infinite.
            worst = max(worst, error.isNaN ? .infinity : error)
            frames[frames.count - 1].timing = timing
            frames.append(Frame(keyTime: u, value: source.value(of: point.value)))
            previous = point
        }
        frames[frames.count - 1].value = end
        return (Keyframes(duration: duration, frames: frames), worst)
    }

    /// A search for where a one-channel motion turns back, segment after segment, with one run
    /// (one allocation) for them all.
    struct TurnSearch<Source: SegmentSource> {
        private let run: Run<Source>

        /// A search along `source`.
        init(_ source: Source) {
            run = Run(source: source, bound: 0)
        }

        /// The instants it has evaluated so far: at most 16 and a root's 100 a segment.
        var evaluations: Int { run.evaluations }

        /// The first instant strictly inside the segment from `a` to `b` at which the motion
        /// turns back (an extremum, found as a fit's own segments end at them), or nil if it
        /// moves one way throughout.
        func firstTurn(from a: FitPoint<Source.Channels>, to b: FitPoint<Source.Channels>) -> FitPoint<Source.Channels>? {
            run.extremum(between: a, and: b)
        }
    }

    /// One fit under way: the motion, the error bound, and the evaluations made so far.
    /// A class, not a structure: a structure's mutating method reads its `source` by copying it
    /// (hundreds of bytes and their references) at every evaluation, where a class's reads it in
    /// place. One allocation a fit; a seventh fewer instructions for a fit of a named curve.
    private final class Run<Source: SegmentSource> {
        typealias Point = FitPoint<Source.Channels>
        let source: Source
        /// The largest sampled error a segment may have.
        let bound: Double
        /// The evaluations of the motion made so far. (The run's state is changed only by its
        /// own methods, one at a time, on the thread of its fit: accesses never overlap, and the
        /// run-time check a class's stored property would otherwise get is left out.)
        @exclusivity(unchecked) var evaluations = 0
        /// Where the shortest segment the last ``longestSegment(from:limit:guess:)`` tried and
        /// rejected ended (infinity if it rejected none): a segment from the same start that
        /// reaches as far would miss too.
        @exclusivity(unchecked) private(set) var rejectedEnd = Double.infinity
        /// How the error grew with the span in the last segment's tries (see
        /// ``longestSegment(from:limit:guess:)``): the next segment's first estimate, where the
        /// same motion usually grows the same way (a colour's chords at second order, a timing
        /// curve's fit at fourth), so that its first try's growth is judged as well as the last.
        /// Carried across breakpoints too, on purpose: unlike the last span, which may have
        /// shrunk towards a limit, how a motion's error grows is the same in its pieces (the
        /// arcs of a bounce, the halves of an `inOut`). It decides only how long tries are.
        @exclusivity(unchecked) private var lastOrder = 4.0

        init(source: Source, bound: Double) {
            self.source = source
            self.bound = bound
        }

        /// The motion at `u`, counted.
        func point(at u: Double, side: FitSide) -> Point {
            evaluations += 1
            return source.point(at: u, side: side)
        }

        /// What a keyframe stands for: the motion's point as a segment's start and as a segment's
        /// end (its two sides at a breakpoint), and whether it must stay (the ends, a
        /// breakpoint's, an extremum's or a kink's, both keyframes of a jump).
        struct Joint {
            var start: Point
            var end: Point
            var isFixed: Bool
            /// Where a segment from here the greedy pass tried and rejected ended: a join that
            /// reaches as far is not tried again.
            var rejectedEnd = Double.infinity
        }

        /// Joins two neighbouring segments into one wherever one segment fits between their outer
        /// ends within the bound: the greedy pass makes each segment as long as it can from its
        /// start, which leaves one keyframe more than needed where the last segment before a
        /// limit is short. `joints` are what `frames` stand for; keyframes that are fixed stay.
        /// Stops within ``evaluationsPerSegment`` of the budget.
        func joinSegments<Value>(
            _ frames: inout [Keyframes<Value>.Keyframe], _ joints: inout [Joint], budget: Int
        ) {
            var index = 1
            while index < frames.count - 1 {
                guard evaluations + evaluationsPerSegment < budget else { return }
                guard !joints[index].isFixed else {
                    index += 1
                    continue
                }
                let (start, end) = (joints[index - 1].start, joints[index + 1].end)
                if end.u < joints[index - 1].rejectedEnd, source.kinkCrossing(from: start, to: end, evaluations: &evaluations) == nil {
                    let (timing, error) = bestTiming(from: start, to: end)
                    if error <= bound {
                        frames[index - 1].timing = timing
                        frames.remove(at: index)
                        joints.remove(at: index)
                        continue
                    }
                }
                index += 1
            }
        }

        /// The longest segment from `start` within the tolerance, ending at or before `limit`.
        /// For a one-channel motion an extremum met on the way becomes the new `limit`.
        func longestSegment(from start: Point, limit: inout Double, guess: Double) -> (Point, CubicBezier) {
            var longest = limit - start.u
            var trial = min(max(guess, minimumSpan), longest)
            var accepted: (point: Point, timing: CubicBezier, span: Double)?
            // The longest try whose first sample instants show it well within the bound: a
            // longer one is tried next, so it is not measured in full unless it is taken.
            var provisional: (point: Point, timing: CubicBezier, span: Double)?
            var rejected = Double.infinity
            defer { rejectedEnd = start.u + rejected }
            var fallback: (point: Point, timing: CubicBezier)?
            var order = lastOrder
            defer { lastOrder = order }
            var measured: (span: Double, error: Double)?
            var kinkAhead: Point?
            let breakpoint = limit
            /// Measures the provisional try in full where it is longer than the accepted one (its
            /// error between its first instants is not known): true if the accepted one is then
            /// the longest that fits, false if the provisional one misses, which is then rejected,
            /// with the next try set between the two.
            func confirm() -> Bool {
                guard let candidate = provisional, candidate.span > accepted?.span ?? 0 else { return true }
                provisional = nil
                let (timing, error) = bestTiming(from: start, to: candidate.point)
                if error.isFinite && error > 0 { measured = (candidate.span, error) }
                if error <= bound {
                    accepted = (candidate.point, timing, candidate.span)
                    return true
                }
                rejected = min(rejected, candidate.span)
                fallback = (candidate.point, timing)
                let fits = accepted?.span ?? 0
                if fits > 0 && rejected - fits <= convergence * fits { return true }
                // As far short of the missed try as its error asks, and longer than the one
                // that fits.
                var next = rejected * (error.isFinite ? min(0.9, max(0.2, pow(aim * bound / error, 1 / order))) : 0.5)
                if next <= fits { next = (fits * rejected).squareRoot() }
                trial = max(next, minimumSpan)
                return false
            }
            for _ in 0..<maximumTrials {
                var atLimit = trial >= longest * (1 - 1e-9)
                var end = point(at: atLimit ? limit : start.u + trial, side: atLimit ? .left : .inside)
                /// Ends the segment, and every later try, on `point`: the new limit.
                func endOn(_ point: Point) {
                    limit = point.u
                    longest = limit - start.u
                    trial = longest
                    end = point
                    atLimit = true
                    // A shorter try that reached this far (its own search missed the turn or
                    // the kink) is not one to take.
                    if let fits = accepted, fits.span >= longest { accepted = nil }
                    if let fits = provisional, fits.span >= longest { provisional = nil }
                }
                // A kink first: an extremum sought across one would find the jump there (a
                // heading's at a corner) as a turn, on the far side of it.
                if let kink = source.kinkCrossing(from: start, to: end, evaluations: &evaluations),
                   kink.u - start.u > minimumSpan {
                    // The path bends sharply here: end the segment on it.
                    kinkAhead = kink
                    endOn(kink)
                }
                if source.isScalar, let extremum = extremum(between: start, and: end) {
                    // The motion turns back inside: end the segment where it does, short of
                    // any kink ahead (the search stops strictly before its end).
                    kinkAhead = nil
                    endOn(extremum)
                }
                // At the limit, a try that fits is taken: it is measured in full.
                let quick = !atLimit
                let (timing, error) = bestTiming(from: start, to: end, quick: quick)
                fallback = (end, timing)
                // How the error grows with the span: fourth order for a timing curve's fit,
                // second for a chord across a curved path; estimated from the last two tries
                // (before a segment's second try, the estimate its last segment ended with).
                if error.isFinite && error > 0 {
                    if let (span, previous) = measured, previous > 0, abs(trial - span) > 0.01 * span {
                        order = min(max(log(error / previous) / log(trial / span), 1), 6)
                    }
                    measured = (trial, error)
                }
                if error <= bound {
                    if quick && error <= quickShare * bound {
                        provisional = (end, timing, trial)
                    } else {
                        accepted = (end, timing, trial)
                    }
                    if atLimit || rejected - trial <= convergence * trial {
                        if confirm() { break } else { continue }
                    }
                    let growth = error > 0 ? min(4, pow(aim * bound / error, 1 / order)) : 4
                    // Close enough to the tolerance that a longer try would gain little.
                    if growth < 1 + convergence {
                        if confirm() { break } else { continue }
                    }
                    var next = trial * growth
                    if next >= rejected { next = (trial * rejected).squareRoot() }
                    trial = min(next, longest)
                } else {
                    if trial <= minimumSpan { break }
                    rejected = trial
                    let scale = error.isFinite ? min(0.9, pow(aim * bound / error, 1 / order)) : 0.5
                    var next = trial * max(0.2, scale)
                    let fits = max(accepted?.span ?? 0, provisional?.span ?? 0)
                    if fits > 0 {
                        if trial - fits <= convergence * fits {
                            if confirm() { break } else { continue }
                        }
                        if next <= fits { next = (trial * fits).squareRoot() }
                    }
                    trial = max(next, minimumSpan)
                }
            }
            // Tries ran out: a provisional one is confirmed or dropped.
            _ = confirm()
            if let accepted {
                // A segment ending within the shortest span of a kink would leave the next one
                // starting too close to end on it (segments shrink so as they near a tight
                // bend): this one ends on the kink instead, a step further than tried. (Not a
                // kink at the breakpoint ahead: a jump there, a step's, is crossed there.)
                if let kink = kinkAhead, kink.u > accepted.point.u, kink.u - accepted.point.u <= minimumSpan,
                   breakpoint - kink.u > minimumSpan {
                    let (timing, _) = bestTiming(from: start, to: kink)
                    limit = kink.u
                    return (kink, timing)
                }
                return (accepted.point, accepted.timing)
            }
            // The tries ran out before one fitted (the error's growth was misjudged): halve the
            // shortest span tried until one fits, so that no segment is ever taken over its
            // tolerance; only a span down to the shortest (a discontinuity) is taken as it is.
            var span = min(trial, rejected, longest)
            while span > minimumSpan {
                span /= 2
                let end = point(at: start.u + span, side: .inside)
                let (timing, error) = bestTiming(from: start, to: end)
                fallback = (end, timing)
                if error <= bound { return (end, timing) }
            }
            return fallback ?? (point(at: limit, side: .left), .linear)
        }

        /// The Hermite timing curve of a segment, or the refined one where the Hermite curve
        /// misses and a better timing can help (where the timing is what misses), with its error.
        func bestTiming(from start: Point, to end: Point, quick: Bool = false) -> (CubicBezier, Double) {
            var timing = hermiteTiming(from: start, to: end)
            var error = source.error(from: start, to: end, timing: timing, limit: bound, quick: quick,
                                     evaluations: &evaluations)
            if error > bound,
               (source.timingError(from: start, to: end, timing: timing, evaluations: &evaluations) ?? .infinity) > bound / 2,
               let refined = refinedTiming(from: start, to: end) {
                let refinedError = source.error(from: start, to: end, timing: refined, limit: bound, quick: quick,
                                                evaluations: &evaluations)
                if refinedError < error { (timing, error) = (refined, refinedError) }
            }
            return (timing, error)
        }

        /// A timing curve with the Hermite curve's tangents whose handle lengths are chosen so
        /// that it also passes through the motion at a third and two thirds of the segment
        /// (Newton's method on the two lengths). Nil where that does not converge.
        func refinedTiming(from a: Point, to b: Point) -> CubicBezier? {
            let handles = Handles(from: a, to: b)
            evaluations += 2
            let targets = SIMD2(source.chordProgress(from: a, to: b, at: 1.0 / 3),
                                source.chordProgress(from: a, to: b, at: 2.0 / 3))
            guard targets.x.isFinite, targets.y.isFinite else { return nil }
            var lengths = handles.hermite
            var current = handles.residual(lengths, targets)
            for _ in 0..<8 {
                if abs(current.miss.x) + abs(current.miss.y) < 1e-10 { break }
                let (miss, dx, dy) = current
                let determinant: Double = dx.x * dy.y - dy.x * dx.y
                guard abs(determinant) > 1e-14 else { break }
                let changeX: Double = (miss.x * dy.y - dy.x * miss.y) / determinant
                let changeY: Double = (dx.x * miss.y - miss.x * dx.y) / determinant
                let moved: SIMD2<Double> = lengths - SIMD2(changeX, changeY)
                let next = pointwiseMin(pointwiseMax(moved, SIMD2(repeating: 0.01)), SIMD2(repeating: 1))
                let nextResidual = handles.residual(next, targets)
                if abs(nextResidual.miss.x) + abs(nextResidual.miss.y) >= abs(miss.x) + abs(miss.y) { break }
                (lengths, current) = (next, nextResidual)
            }
            return handles.timing(lengths)
        }

        /// The first extremum of a one-channel motion strictly inside the segment from `a` to
        /// `b`, or nil if it moves one way throughout. The slopes at the ends tell when they
        /// disagree; when both move against the chord, or a resting end is left against it (the
        /// dip of a `back` curve), the slope is checked at eight instants inside to find the
        /// first turn. Slopes below a ten-millionth of the chord's are taken as zero.
        func extremum(between a: Point, and b: Point) -> Point? {
            let span = b.u - a.u
            let change = b.value[0] - a.value[0]
            let negligible = 1e-7 * abs(change) / span
            func direction(_ slope: Double) -> Double { abs(slope) <= negligible ? 0 : slope }
            let (startSlope, endSlope) = (direction(a.slope[0]), direction(b.slope[0]))
            if startSlope * endSlope < 0 { return root(from: a, startSlope, to: b, endSlope) }
            // The slopes agree (or one is zero). The motion still turns inside if both ends move
            // against the chord, or if it leaves a resting end against it (the dip of a `back`).
            let reference = change != 0 ? change : (startSlope != 0 ? startSlope : endSlope)
            guard reference != 0 else { return nil }
            func against(_ slope: Double) -> Bool { direction(slope) * reference < 0 }
            var turns = against(startSlope) && against(endSlope)
            if !turns && startSlope == 0 {
                turns = against(point(at: a.u + span / 64, side: .inside).slope[0])
            }
            if !turns && endSlope == 0 {
                turns = against(point(at: b.u - span / 64, side: .inside).slope[0])
            }
            guard turns else { return nil }
            // Scan inside for the first slope against the chord.
            var previous = a
            for step in 1...8 {
                let current = step == 8 ? b : point(at: a.u + span * Double(step) / 8, side: .inside)
                if direction(current.slope[0]) * reference < 0 {
                    // The motion goes against the chord here: the first turn is between the last
                    // instant that went with it (or the start) and this one, or, if the motion
                    // went against it from the start, between here and the end.
                    if direction(previous.slope[0]) * reference > 0 {
                        return root(from: previous, previous.slope[0], to: current, current.slope[0])
                    }
                    if previous.u == a.u && startSlope == 0 {
                        // Starting from rest against the chord: the turn is where it comes back.
                        var next = current
                        for later in (step + 1)...8 {
                            let candidate = later == 8 ? b : point(at: a.u + span * Double(later) / 8, side: .inside)
                            if direction(candidate.slope[0]) * reference > 0 {
                                return root(from: next, next.slope[0], to: candidate, candidate.slope[0])
                            }
                            next = candidate
                        }
                        return nil
                    }
                }
                previous = current
            }
            return nil
        }

        /// Where the single channel's slope crosses zero between two points whose slopes have
        /// opposite signs (Illinois regula falsi), or nil if that is at the start.
        func root(from a: Point, _ startSlope: Double, to b: Point, _ endSlope: Double) -> Point? {
            guard startSlope * endSlope < 0 else { return nil }
            var (low, high) = (a.u, b.u)
            var (lowSlope, highSlope) = (startSlope, endSlope)
            var side = 0
            var found: Point?
            for _ in 0..<100 {
                var u = (low * highSlope - high * lowSlope) / (highSlope - lowSlope)
                if !(u > low && u < high) { u = (low + high) / 2 }
                guard u > low && u < high else { break }
                let inside = point(at: u, side: .inside)
                found = inside
                let slope = inside.slope[0]
                if slope == 0 { break }
                if (slope < 0) == (lowSlope < 0) {
                    (low, lowSlope) = (u, slope)
                    if side == -1 { highSlope /= 2 }
                    side = -1
                } else {
                    (high, highSlope) = (u, slope)
                    if side == 1 { lowSlope /= 2 }
                    side = 1
                }
                if high - low <= 4 * high.ulp { break }
            }
            guard var turn = found, turn.u - a.u > minimumSpan * 1e-3 else { return nil }
            turn.slope = .zero
            return turn
        }
    }

    /// The handle directions of a segment's timing curve, from the slopes at its ends in the
    /// unit square of the segment (time across, progress along the chord up): each handle's
    /// reach before it leaves the square, and the Hermite handle as a fraction of that reach.
    private struct Handles {
        var start: SIMD2<Double>
        var end: SIMD2<Double>
        var hermite: SIMD2<Double>

        init<Channels>(from a: FitPoint<Channels>, to b: FitPoint<Channels>) {
            let delta = b.value - a.value
            let lengthSquared = (delta * delta).sum()
            let span = b.u - a.u
            // A slope that is not a number (channels too large to square) counts as flat.
            func slope(_ value: Double) -> Double { value.isNaN ? 0 : max(value, 0) }
            let startSlope = lengthSquared > 0 ? slope((a.slope * delta).sum() * span / lengthSquared) : 0
            let endSlope = lengthSquared > 0 ? slope((b.slope * delta).sum() * span / lengthSquared) : 0
            // A handle along (1, m) reaches the square's side at x = 1 when m ≤ 1, else its top.
            start = startSlope <= 1 ? SIMD2(1, startSlope) : SIMD2(1 / startSlope, 1)
            end = endSlope <= 1 ? SIMD2(1, endSlope) : SIMD2(1 / endSlope, 1)
            hermite = SIMD2(startSlope <= 1 ? 1.0 / 3 : min(startSlope / 3, 1),
                            endSlope <= 1 ? 1.0 / 3 : min(endSlope / 3, 1))
        }

        /// The timing curve with handles at fractions `lengths` of their reach.
        func timing(_ lengths: SIMD2<Double>) -> CubicBezier {
            let first = start * lengths[0], second = end * lengths[1]
            return CubicBezier(unchecked: first.x, first.y, 1 - second.x, 1 - second.y)
        }

        /// How far the timing curve with handles at `lengths` misses `targets` at a third and
        /// two thirds of its time, and how that miss changes with each length (`dx` with the
        /// first, `dy` with the second), in closed form: the first control point is
        /// `start·lengths[0]`, the second `(1, 1) − end·lengths[1]`.
        func residual(
            _ lengths: SIMD2<Double>, _ targets: SIMD2<Double>
        ) -> (miss: SIMD2<Double>, dx: SIMD2<Double>, dy: SIMD2<Double>) {
            let timing = timing(lengths)
            let third = timing.progressAndSensitivity(at: 1.0 / 3)
            let twoThirds = timing.progressAndSensitivity(at: 2.0 / 3)
            let miss = SIMD2(third.progress, twoThirds.progress) - targets
            let dx = SIMD2((third.first * start).sum(), (twoThirds.first * start).sum())
            let dy = SIMD2(-(third.second * end).sum(), -(twoThirds.second * end).sum())
            return (miss, dx, dy)
        }
    }

    /// The timing curve of the cubic Hermite segment between two points, as a Bézier with x
    /// control points at 1/3 and 2/3; a handle whose y would leave `0...1` is shortened along
    /// its tangent (or flattened, for a tangent pointing backwards).
    static func hermiteTiming<Channels>(from a: FitPoint<Channels>, to b: FitPoint<Channels>) -> CubicBezier {
        let handles = Handles(from: a, to: b)
        return handles.timing(handles.hermite)
    }

    /// Where a segment's error is sampled, as fractions of it: the middle and quarters first,
    /// so that a segment that misses is usually found out early.
    static let sampleFractions: [Double] = [0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875]
    /// Extra instants near an end whose handle is shorter than the Hermite one (a steep or
    /// vertical tangent), where such a curve's error gathers: down to a 4096th of the segment,
    /// where a progress that leaves like a cube root (a Bézier curve whose time starts as the
    /// cube of its parameter, `x1 = 0`) parts from the shortened handle, which leaves like a
    /// square root (found 2.9 times the tolerance at a 2,000th of a segment that the sixty-fourths
    /// had passed). Not so close to a segment's end: a spring steps onto its target at its last
    /// instant (from within its settling band), and a segment measured that close to the step
    /// would chase it with ever shorter segments, which would play it as a jump (see
    /// ``peak(around:_:)``).
    static let startFractions: [Double] = [1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 4096, 1.0 / 512]
    static let endFractions: [Double] = [1 - 1.0 / 64, 1 - 1.0 / 32, 1 - 1.0 / 16]

    /// The share of the bound below which a quick measure stops after the sample instants
    /// (``sampledError(of:limit:nearEnds:quick:_:)``): a try that far within it is one a fit
    /// will try to lengthen.
    package static let quickShare = 0.85

    /// The golden-section steps with which ``peak(around:_:)`` looks for the error's peak.
    static let peakSteps = 6

    /// The largest error found near `center` (the worst sample instant), within a sixteenth of
    /// the segment either side, by a golden-section search of `error` (2 + ``peakSteps``
    /// evaluations). Samples alone can miss a peak between them by more than ``margin`` allows:
    /// a spring leaving from rest bends most in its first sixteenth, where a fitted segment's
    /// error peaks sharply between the samples (0.51 pt for a 0.4 pt sampled error).
    ///
    /// The search keeps a sixty-fourth of the segment away from its ends, as the samples do: a
    /// spring that settles within a thousandth of its travel steps onto its target at its last
    /// instant, and a search that reached the end would chase that step with ever shorter
    /// segments, which would then play it as a jump rather than easing over it.
    static func peak(around center: Double, _ error: (Double) -> Double) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        let edge = 1.0 / 64
        var low = max(edge, center - 1.0 / 16), high = min(1 - edge, center + 1.0 / 16)
        var left = high - ratio * (high - low), right = low + ratio * (high - low)
        var leftError = error(left), rightError = error(right)
        var largest = max(leftError, rightError)
        for _ in 0..<peakSteps {
            if leftError > rightError {
                high = right
                (right, rightError) = (left, leftError)
                left = high - ratio * (high - low)
                leftError = error(left)
            } else {
                low = left
                (left, leftError) = (right, rightError)
                right = low + ratio * (high - low)
                rightError = error(right)
            }
            largest = max(largest, leftError, rightError)
        }
        return largest
    }

    /// The instants near both ends that a curved path's error is also sampled at.
    static let nearEndFractions = startFractions + endFractions

    /// The error of a segment played with `timing`, as every source measures it: at the sample
    /// instants (``forEachSampleFraction(of:_:)``) and the odd sixteenths, with `nearEnds` at
    /// ``nearEndFractions`` too, then at the peak next to the worst of them
    /// (``peak(around:_:)``). Stops early, returning more than `limit`, once `limit` is
    /// exceeded, and, if `quick`, after the sample instants where they show at most
    /// ``quickShare`` of `limit` (returning what they show: a lower bound of the error).
    /// `error` gives the distance at a fraction of the segment and counts its own evaluations
    /// of the motion.
    package static func sampledError(
        of timing: CubicBezier, limit: Double, nearEnds: Bool = false, quick: Bool = false, _ error: (Double) -> Double
    ) -> Double {
        var worst = 0.0
        var worstAt = 0.5
        func check(_ fraction: Double) -> Bool {
            let value = error(fraction)
            if value > worst { (worst, worstAt) = (value, fraction) }
            return worst <= limit
        }
        forEachSampleFraction(of: timing, check)
        if quick && worst <= quickShare * limit { return worst }
        for sixteenth in stride(from: 1.0, to: 16, by: 2) where worst <= limit {
            _ = check(sixteenth / 16)
        }
        if nearEnds {
            for fraction in nearEndFractions where worst <= limit { _ = check(fraction) }
        }
        if worst <= limit { worst = max(worst, peak(around: worstAt, error)) }
        return worst
    }

    /// Calls `body` with each instant at which to sample the error of a segment with `timing`,
    /// until it returns false.
    @inline(__always)
    static func forEachSampleFraction(of timing: CubicBezier, _ body: (Double) -> Bool) {
        for fraction in sampleFractions where !body(fraction) { return }
        if timing.x1 < 1.0 / 3 - 1e-12 || timing.y1 == 1 {
            for fraction in startFractions where !body(fraction) { return }
        }
        if timing.x2 > 2.0 / 3 + 1e-12 || timing.y2 == 0 {
            for fraction in endFractions where !body(fraction) { return }
        }
    }
}
