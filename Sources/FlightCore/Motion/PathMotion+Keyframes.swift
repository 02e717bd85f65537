import FlightEasing
import Foundation

extension PathMotion {
    /// What fitting keyframes gave: the keyframes, the tolerance they were fitted to where it
    /// had to be wider than asked, and the evaluations of the motion it made.
    package typealias Fit<Value: AnimatableValue> = (keyframes: Keyframes<Value>, widenedTo: Double?, evaluations: Int)

    /// The corners read while fitting keyframes to the motion (see
    /// ``positionKeyframesCountingCorners(tolerance:)``):
    /// each search for a corner a segment crosses bisects the sorted corners, so this grows
    /// with the logarithm of their number.
    final class CornerSearch {
        var probes = 0
        /// The instants (normalized time, sorted) at which the fraction travelled turns back
        /// inside a piece of its easing (``progressTurns(evaluations:)``), for a source whose
        /// segments do not end at them on their own; empty for one whose channel is the
        /// fraction itself.
        let turns: [Double]
        /// The evaluations of the motion that finding ``turns`` took.
        let turnEvaluations: Int

        init(turns: [Double] = [], turnEvaluations: Int = 0) {
            self.turns = turns
            self.turnEvaluations = turnEvaluations
        }

        /// A search that knows where `motion`'s fraction travelled turns back, if its path has
        /// a corner that the fraction could come back over.
        convenience init(turnsOf motion: PathMotion) {
            guard !motion.geometry.corners.isEmpty, motion.length > 0, motion.duration > 0 else {
                self.init()
                return
            }
            var evaluations = 0
            let turns = motion.progressTurns(evaluations: &evaluations)
            self.init(turns: turns, turnEvaluations: evaluations)
        }
    }

    /// How many evenly spaced instants ``progressTurns(evaluations:)`` reads the fraction
    /// travelled at.
    static let turnScanCount = 256

    /// The instants (normalized time, sorted) strictly inside a piece of the easing at which
    /// the fraction travelled turns back: between neighbours among ``turnScanCount`` evenly
    /// spaced instants and the easing's breakpoints, wherever its slope changes sign or it
    /// turns as a fit's segment would end (``SegmentFitter/TurnSearch``).
    /// A turn at a breakpoint (a bounce's) is not listed: segments end there anyway. Turns
    /// closer together than the spacing (a spring oscillating hundreds of times) may be missed.
    func progressTurns(evaluations: inout Int) -> [Double] {
        let inner = progressSource
        let count = Self.turnScanCount
        var instants = (0...count).map { Double($0) / Double(count) }
        let breakpoints = inner.breakpoints.filter { $0 > 0 && $0 < 1 }
        instants = (instants + breakpoints).sorted()
        var turns: [Double] = []
        let search = SegmentFitter.TurnSearch(inner)
        defer { evaluations += search.evaluations }
        var previous = inner.point(at: 0, side: .right)
        evaluations += 1
        for u in instants.dropFirst() where u > previous.u {
            let isBreakpoint = breakpoints.contains(u)
            let current = inner.point(at: u, side: isBreakpoint || u == 1 ? .left : .inside)
            evaluations += 1
            if let turn = search.firstTurn(from: previous, to: current) {
                turns.append(turn.u)
            }
            previous = isBreakpoint ? inner.point(at: u, side: .right) : current
            if isBreakpoint { evaluations += 1 }
        }
        return turns
    }

    /// Keyframes of the position that CoreAnimation plays within `tolerance` of the path at
    /// every instant (straight lines between keyframes, each segment on its own timing curve),
    /// with a keyframe on every corner. Bounded as ``ValueMotion/boundedKeyframes(tolerance:)``.
    package func positionKeyframes(tolerance: KeyframeTolerance) -> Fit<CGPoint> {
        positionKeyframes(tolerance: tolerance, source: PathPositionSource(motion: self))
    }

    private func positionKeyframes(tolerance: KeyframeTolerance, source: PathPositionSource) -> Fit<CGPoint> {
        Self.boundedFit(source, duration: duration, isStill: isStill, asked: tolerance.bound(extent: length),
                        extent: length, start: from, end: to)
    }

    /// The fit of ``positionKeyframes(tolerance:)``, with the number of corners its searches read.
    package func positionKeyframesCountingCorners(tolerance: KeyframeTolerance) -> (fit: Fit<CGPoint>, cornerProbes: Int) {
        let source = PathPositionSource(motion: self)
        let fit = positionKeyframes(tolerance: tolerance, source: source)
        return (fit, source.search.probes)
    }

    /// Keyframes of the angle of a layer turned along the tangent (plus `offset`), within
    /// `tolerance`, jumping where the path has a corner.
    package func headingKeyframes(offset: Double, tolerance: KeyframeTolerance) -> Fit<Double> {
        let source = PathHeadingSource(motion: self, offset: offset)
        let (first, last) = (heading(at: 0, offset: offset), heading(at: duration, offset: offset))
        let turn = max(abs(last - first), 1)
        return Self.boundedFit(source, duration: duration, isStill: isStill, asked: tolerance.bound(extent: turn),
                               extent: turn, start: first, end: last, spent: source.search.turnEvaluations)
    }

    /// The fit within `asked` (at least a ten-billionth of `extent`), widened fourfold while it
    /// takes more than ``ValueMotion/maximumKeyframes`` keyframes, and evenly spaced keyframes
    /// as the last resort, within ``ValueMotion/maximumFitEvaluations`` evaluations in all,
    /// `spent` (made for the source beforehand: finding where the fraction travelled turns)
    /// among them.
    static func boundedFit<Source: SegmentSource>(
        _ source: Source, duration: TimeInterval, isStill: Bool, asked: Double, extent: Double,
        start: Source.Value, end: Source.Value, spent: Int = 0
    ) -> Fit<Source.Value> {
        typealias Frame = Keyframes<Source.Value>.Keyframe
        guard duration > 0 else {
            return (Keyframes(duration: 0, frames: [Frame(keyTime: 0, value: end), Frame(keyTime: 1, value: end)]), nil, 0)
        }
        guard !isStill else {
            return (Keyframes(duration: duration, frames: [Frame(keyTime: 0, value: start), Frame(keyTime: 1, value: end)]),
                    nil, 0)
        }
        let maximum = ValueMotion<Double>.maximumKeyframes
        let uniformCount = maximum
        let budget = ValueMotion<Double>.maximumFitEvaluations - SegmentFitter.uniformEvaluations(count: uniformCount)
            - SegmentFitter.evaluationsPerSegment
        let asked = asked > 0 && asked.isFinite ? asked : 1e-9
        var bound = max(asked, 1e-10 * extent)
        var evaluations = spent
        var reached = 0.0
        var previous = 0.0
        while evaluations < budget && bound.isFinite {
            if let fitted = SegmentFitter.fit(source, duration: duration, tolerance: bound, start: start, end: end,
                                              maximumKeyframes: maximum, budget: budget - evaluations,
                                              evaluations: &evaluations, reached: &reached) {
                return (fitted, bound > asked ? bound : nil, evaluations)
            }
            guard reached > 1.05 * previous else { break }
            previous = reached
            bound *= max(4, 1 / max(reached, 1e-6))
        }
        let (keyframes, error) = SegmentFitter.uniform(source, duration: duration, count: uniformCount, start: start,
                                                       end: end, evaluations: &evaluations)
        let reachedTolerance = error / SegmentFitter.margin
        return (keyframes, reachedTolerance > asked ? reachedTolerance : nil, evaluations)
    }

    /// The fraction of the length travelled along the path for a ``ProgressSource`` that follows
    /// the easing (its breakpoints, one-sided limits and extrema).
    fileprivate var progressSource: ProgressSource<Double> {
        ProgressSource(easing: easing, trajectory: progress, path: ComponentwisePath(from: 0, to: 1), travel: 1)
    }

    /// Where a segment from `a` to `b` must end because of the path's corners: the first point
    /// strictly after `a` and up to `b` at which the fraction travelled crosses a corner, found
    /// by bisection on time, with the corner's distance; or, where the fraction turns back
    /// inside before it reaches one (a turn in `search`), the turn, with no corner, so that the
    /// next segment starts there and finds a corner it comes back over. (A heading has no
    /// extremum of its own on a straight piece, where its angle does not change: without the
    /// turns, the fraction could dip past a corner and back unseen inside one segment.)
    func cornerCrossing(
        _ inner: ProgressSource<Double>, from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>,
        search: CornerSearch, evaluations: inout Int
    ) -> (u: Double, corner: Double?)? {
        let corners = geometry.corners
        guard !corners.isEmpty, length > 0 else { return nil }
        // The first turn strictly inside, by bisection of the sorted turns.
        let turns = search.turns
        var first = turns.startIndex, past = turns.endIndex
        while first < past {
            let middle = (first + past) / 2
            if turns[middle] <= a.u { first = middle + 1 } else { past = middle }
        }
        let turn = first < turns.endIndex && turns[first] < b.u ? turns[first] : nil
        let endU = turn ?? b.u
        // Read from time, not from the channels (the angle's channel is no distance).
        evaluations += 2
        let (start, end) = (inner.progress(at: a.u) * length, inner.progress(at: endU) * length)
        // The nearest corner to the start that lies strictly between the ends (the fraction
        // moves one way up to a turn, and extrema end a segment of the fraction itself first),
        // by bisection of the sorted corners.
        guard let corner = PathGeometry.corner(in: corners, between: start, and: end, probes: &search.probes) else {
            return turn.map { ($0, nil) }
        }
        var (low, high) = (a.u, endU)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            evaluations += 1
            if (inner.progress(at: middle) * length - corner) * (start - corner) > 0 { low = middle } else { high = middle }
            if high - low <= 4 * high.ulp { break }
        }
        return (high, corner)
    }
}

/// The position along a path: one channel, the fraction of the length travelled; the error of a
/// segment is the distance between the straight line CoreAnimation plays and the path.
struct PathPositionSource: SegmentSource {
    typealias Channels = SIMD2<Double>
    let motion: PathMotion
    let inner: ProgressSource<Double>
    let search = PathMotion.CornerSearch()

    init(motion: PathMotion) {
        self.motion = motion
        inner = motion.progressSource
    }

    var breakpoints: [Double] { inner.breakpoints }
    var isScalar: Bool { true }

    func point(at u: Double, side: FitSide) -> FitPoint<SIMD2<Double>> { inner.point(at: u, side: side) }

    func value(of channels: SIMD2<Double>) -> CGPoint { motion.geometry.point(at: channels[0] * motion.length) }

    func chordProgress(from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, at fraction: Double) -> Double {
        inner.chordProgress(from: a, to: b, at: fraction)
    }

    func kinkCrossing(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, evaluations: inout Int
    ) -> FitPoint<SIMD2<Double>>? {
        guard let (u, _) = motion.cornerCrossing(inner, from: a, to: b, search: search, evaluations: &evaluations) else { return nil }
        evaluations += 1
        return inner.point(at: u, side: .inside)
    }

    func error(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, limit: Double,
        quick: Bool, evaluations: inout Int
    ) -> Double {
        let length = motion.length
        let span = b.u - a.u
        let first = motion.geometry.vector(at: a.value[0] * length), last = motion.geometry.vector(at: b.value[0] * length)
        // A chord across a bend can stray most between the eighths: sixteenths are sampled too.
        return SegmentFitter.sampledError(of: timing, limit: limit, quick: quick) { fraction in
            evaluations += 1
            let exact = motion.geometry.vector(at: inner.progress(at: a.u + fraction * span) * length)
            let host = first + (last - first) * timing.progress(at: fraction)
            let d = exact - host
            return hypot(d.x, d.y)
        }
    }

    func timingError(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, evaluations: inout Int
    ) -> Double? {
        inner.timingErrorAlongLine(from: a, to: b, timing: timing, travel: motion.length, evaluations: &evaluations)
    }
}

/// The angle of a layer turned along a path's tangent: one channel, the angle itself, which
/// jumps at the path's corners (each jump becomes a pair of keyframes).
struct PathHeadingSource: SegmentSource {
    typealias Channels = SIMD2<Double>
    let motion: PathMotion
    let offset: Double
    let inner: ProgressSource<Double>
    /// With the turns of the fraction travelled: a heading's segment ends at each (see
    /// ``PathMotion/cornerCrossing(_:from:to:search:evaluations:)``).
    let search: PathMotion.CornerSearch

    init(motion: PathMotion, offset: Double) {
        self.motion = motion
        self.offset = offset
        inner = motion.progressSource
        search = PathMotion.CornerSearch(turnsOf: motion)
    }

    var breakpoints: [Double] { inner.breakpoints }
    var isScalar: Bool { true }

    func point(at u: Double, side: FitSide) -> FitPoint<SIMD2<Double>> {
        let progress = inner.point(at: u, side: side)
        guard side != .inside else { return heading(progress, u: u, side: .after) }
        // At a corner, the piece before it in time is the one the motion came along.
        let forwards = progress.slope[0] >= 0
        let pathSide: PathGeometry.Side = (side == .left) == forwards ? .before : .after
        // One side of a limit (a breakpoint, an extremum, the corner a segment ended on): at a
        // corner, the way in or out, even where the fraction times the length rounds to just
        // short of it or past it (the fit would otherwise go on from the way in, and cross the
        // corner in a segment of the shortest span, a turn spread over that span).
        let corner = motion.geometry.corner(near: progress.value[0] * motion.length)
        return heading(progress, u: u, side: pathSide, distance: corner)
    }

    /// The heading at `progress`, or at `distance` along the path when given: a corner's own
    /// distance, which the fraction times the length may round past, to the other side of it.
    private func heading(
        _ progress: FitPoint<SIMD2<Double>>, u: Double, side: PathGeometry.Side, distance: Double? = nil
    ) -> FitPoint<SIMD2<Double>> {
        let s = distance ?? progress.value[0] * motion.length
        let angle = motion.geometry.heading(at: s, side: side) + offset
        // Its rate on the same side as the angle: at a corner, the curvature of the piece it is
        // read on (a segment ending on a corner ends with the way in's rate, not the way out's).
        let slope = motion.geometry.curvature(at: s, side: side) * motion.length * progress.slope[0]
        return FitPoint(u: u, value: SIMD2(angle, 0), slope: SIMD2(slope.isFinite ? slope : 0, 0))
    }

    func value(of channels: SIMD2<Double>) -> Double { channels[0] }

    func angle(at u: Double) -> Double {
        motion.geometry.heading(at: inner.progress(at: u) * motion.length, side: .after) + offset
    }

    func chordProgress(from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, at fraction: Double) -> Double {
        (angle(at: a.u + fraction * (b.u - a.u)) - a.value[0]) / (b.value[0] - a.value[0])
    }

    func kinkCrossing(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, evaluations: inout Int
    ) -> FitPoint<SIMD2<Double>>? {
        guard let (u, corner) = motion.cornerCrossing(inner, from: a, to: b, search: search, evaluations: &evaluations) else { return nil }
        evaluations += 1
        var progress = inner.point(at: u, side: .inside)
        // Where the fraction travelled turns back before a corner: the heading there.
        guard let corner else { return heading(progress, u: u, side: .after) }
        // The angle on the way in: the segment ends there, and the next starts on the way out.
        let forwards = progress.slope[0] >= 0
        progress.value[0] = corner / motion.length
        return heading(progress, u: u, side: forwards ? .before : .after, distance: corner)
    }

    func error(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, limit: Double,
        quick: Bool, evaluations: inout Int
    ) -> Double {
        let (start, change, span) = (a.value[0], b.value[0] - a.value[0], b.u - a.u)
        return SegmentFitter.sampledError(of: timing, limit: limit, quick: quick) { fraction in
            evaluations += 1
            return abs(angle(at: a.u + fraction * span) - (start + change * timing.progress(at: fraction)))
        }
    }
}

extension ProgressSource {
    /// The error of the progress alone along a segment, times `travel`: the part of a curved
    /// path's error a better timing curve can remove.
    func timingErrorAlongLine(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, travel: Double,
        evaluations: inout Int
    ) -> Double {
        let (start, change, span) = (a.value[0], b.value[0] - a.value[0], b.u - a.u)
        var worst = 0.0
        SegmentFitter.forEachSampleFraction(of: timing) { fraction in
            evaluations += 1
            worst = max(worst, abs(progress(at: a.u + fraction * span) - (start + change * timing.progress(at: fraction))) * travel)
            return true
        }
        return worst
    }
}
