import FlightEasing
import Foundation

extension ValueMotion {
    /// Keyframes for the motion's own ``tolerance``.
    public func keyframes() -> Keyframes<Value> {
        keyframes(tolerance: tolerance)
    }

    /// As few keyframe segments as keep CoreAnimation's playback within `tolerance` of this
    /// motion at every instant. Overshoot is kept; the ends are exact.
    ///
    /// Each segment carries a timing curve fitted from the motion's exact value and velocity at
    /// its ends, and the error is measured the way the host plays it: through that curve, and
    /// between the two keyframe values by the host's interpolation
    /// (``AnimatableValue/keyframeInterpolated(to:fraction:)``; for transforms, under both the
    /// componentwise and the decomposed interpolation). Curves made of polynomial pieces of
    /// degree ≤ 3 (quadratic, cubic, smooth step, each half of an `inOut` or `outIn`, each arc
    /// of a bounce) come out exact, one segment per piece (two for a bounce arc, which turns
    /// back). See ``Keyframes`` for how a host plays them.
    @_specialize(where Value == Double)
    @_specialize(where Value == CGPoint)
    @_specialize(where Value == CGSize)
    @_specialize(where Value == CGRect)
    @_specialize(where Value == Color)
    @_specialize(where Value == Transform3D)
    @_specialize(where Value == Transform2D)
    public func keyframes(tolerance: KeyframeTolerance) -> Keyframes<Value> {
        boundedKeyframes(tolerance: tolerance).keyframes
    }

    /// The most keyframes ``keyframes(framesPerSecond:)`` makes.
    public static var maximumFixedRateKeyframes: Int { 100_000 }

    /// The most keyframes one motion gets. Beyond it, and below a ten-billionth of the motion's
    /// travel, the tolerance widens, so that the work for one property stays bounded whatever
    /// its values (a 10¹² pt move at 0.5 pt would otherwise take a million keyframes).
    public static var maximumKeyframes: Int { 1_000 }

    /// The most evaluations of the exact motion (its value and velocity at one instant) that
    /// fitting one motion's keyframes makes, however its values, velocity, spring and duration
    /// are chosen. A fit that would need more is abandoned for keyframes evenly spaced in time
    /// (``maximumKeyframes`` of them), shown within the tolerance they reach; either way the
    /// widened tolerance is reported (``FlightError/toleranceWidened(keyPath:tolerance:)``).
    public static var maximumFitEvaluations: Int { 100_000 }

    /// What fitting one motion's keyframes gave: the keyframes, the tolerance they were fitted
    /// to when it had to be wider than asked, and the evaluations of the motion it made (0 for
    /// a fit ``KeyframeCache`` kept), never more than ``maximumFitEvaluations``.
    typealias BoundedFit = (keyframes: Keyframes<Value>, widenedTo: Double?, evaluations: Int)

    /// ``boundedKeyframes(tolerance:)``, with keyframes along a straight path as their progress
    /// fit placed between the motion's values (no list of their own): what a resolved property
    /// keeps.
    typealias BoundedPlacedFit = (fitted: FittedKeyframes<Value>, widenedTo: Double?, evaluations: Int)

    /// ``boundedFit(tolerance:startsMidFlight:)``'s keyframes as a list of their own.
    func boundedKeyframes(tolerance: KeyframeTolerance) -> BoundedFit {
        let (fitted, widenedTo, evaluations) = boundedFit(tolerance: tolerance)
        return (fitted.keyframes, widenedTo, evaluations)
    }

    /// The keyframes, and the tolerance they were fitted to when it had to be wider than asked.
    ///
    /// The tolerance starts at the one asked (at least a ten-billionth of the travel). A fit
    /// gives up as soon as it holds more than ``maximumKeyframes``; the tolerance then grows
    /// fourfold, or by how many times short of the end the fit fell if that is more, and the fit
    /// starts again. Once a wider tolerance no longer takes the keyframes further (a staircase
    /// with more steps than keyframes), or the evaluations run out, the last resort takes over
    /// (``SegmentFitter/uniform(_:duration:count:start:end:evaluations:)``, whose evaluations
    /// are kept back), so that the work stays within ``maximumFitEvaluations``.
    ///
    /// A motion that `startsMidFlight` (where another was interrupted) starts from a value no
    /// later move is likely to start from exactly: its fit along a curved path (a colour's, a
    /// transform's), made anew, is kept in ``KeyframeCache`` only among the few most recent (for
    /// moves redirected together from one value, as cells, or two properties of one group),
    /// not among the fits kept for later, which it would push out.
    func boundedFit(tolerance: KeyframeTolerance, startsMidFlight: Bool = false) -> BoundedPlacedFit {
        var evaluations = 0
        var reached = 1.0
        if duration == 0 || isStill,
           let fixed = fittedKeyframes(bound: 0, budget: 0, evaluations: &evaluations, reached: &reached,
                                        briefly: startsMidFlight) {
            return (fixed, nil, 0)
        }
        let asked = displayBound(tolerance)
        var bound = max(asked, 1e-10 * travel)
        let uniformCount = Self.maximumKeyframes
        let budget = Self.maximumFitEvaluations - SegmentFitter.uniformEvaluations(count: uniformCount)
            - SegmentFitter.evaluationsPerSegment
        var previous = 0.0
        while evaluations < budget && bound.isFinite {
            if let fitted = fittedKeyframes(bound: bound, budget: budget, evaluations: &evaluations, reached: &reached,
                                            briefly: startsMidFlight) {
                return (fitted, bound > asked ? bound : nil, evaluations)
            }
            // A wider tolerance that took the keyframes no further will not take them to the end.
            guard reached > 1.05 * previous else { break }
            previous = reached
            bound *= max(4, 1 / max(reached, 1e-6))
        }
        // Evenly spaced keyframes, shown within what they reach, with the margin a fit keeps for
        // the error between its samples.
        let (keyframes, error) = withSegmentSource(
            progress: { SegmentFitter.uniform($0, duration: duration, count: uniformCount, start: from, end: to,
                                              evaluations: &evaluations) },
            components: { SegmentFitter.uniform($0, duration: duration, count: uniformCount, start: from, end: to,
                                                evaluations: &evaluations) })
        let reachedTolerance = error / SegmentFitter.margin
        return (.frames(keyframes), reachedTolerance > asked ? reachedTolerance : nil, evaluations)
    }

    /// Keyframes within `bound`, or nil when they would take more than ``maximumKeyframes``, or
    /// when `evaluations` reaches `budget` before they are found; `reached` is set to the share
    /// of the duration they reached. A fit along a curved path made anew is kept in
    /// ``KeyframeCache``, `briefly` only among the most recent.
    private func fittedKeyframes(
        bound: Double, budget: Int, evaluations: inout Int, reached: inout Double, briefly: Bool
    ) -> FittedKeyframes<Value>? {
        typealias Frame = Keyframes<Value>.Keyframe
        guard duration > 0 else {
            return .frames(Keyframes(duration: 0, frames: [Frame(keyTime: 0, value: to), Frame(keyTime: 1, value: to)]))
        }
        guard !isStill else {
            return .frames(Keyframes(duration: duration, frames: [Frame(keyTime: 0, value: from), Frame(keyTime: 1, value: to)]))
        }
        let maximum = Self.maximumKeyframes
        let remaining = budget - evaluations
        guard movesAlongPath else {
            return withSegmentSource(
                progress: { SegmentFitter.fit($0, duration: duration, tolerance: bound, start: from, end: to,
                                              maximumKeyframes: maximum, budget: remaining, evaluations: &evaluations, reached: &reached) },
                components: { SegmentFitter.fit($0, duration: duration, tolerance: bound, start: from, end: to,
                                                maximumKeyframes: maximum, budget: remaining, evaluations: &evaluations, reached: &reached) })
                .map { .frames($0) }
        }
        if Value.Path.isComponentwise {
            // Along a straight line only the progress matters: fit it once for this curve and
            // this tolerance relative to the travel, and place it between these two values. On
            // a timing curve the tolerance is stepped, so that moves whose travels differ a
            // little share the fit; a spring's is not (its progress starts from a velocity of
            // its own, so it rarely shares a fit).
            guard let (progress, _) = progressFit(relative: bound / travel, budget: remaining, evaluations: &evaluations,
                                             reached: &reached) else { return nil }
            // Placed between these values where they are read: the fit's list is shared, not
            // copied into one of these values' own.
            return .placed(PlacedKeyframes(progress: progress, from: from, to: to))
        }
        // A local function, not a closure in a variable, so that nothing is allocated for it.
        func fit() -> Keyframes<Value>? {
            // A colour's keyframes placed from its progress, else (and for other values) a fit
            // along the path with what is left of the budget.
            if let placed = colorKeyframes(bound: bound, budget: remaining, evaluations: &evaluations, reached: &reached) {
                return placed
            }
            let left = budget - evaluations
            return withSegmentSource(
                progress: { SegmentFitter.fit($0, duration: duration, tolerance: bound, start: from, end: to,
                                              maximumKeyframes: maximum, budget: left, evaluations: &evaluations, reached: &reached) },
                components: { SegmentFitter.fit($0, duration: duration, tolerance: bound, start: from, end: to,
                                                maximumKeyframes: maximum, budget: left, evaluations: &evaluations, reached: &reached) })
        }
        guard let start = PathFitIdentity(from), let end = PathFitIdentity(to) else { return fit().map { .frames($0) } }
        let key = KeyframeCache.PathKey(Value.self, from: start, to: end, progress: progressCacheKey(tolerance: bound))
        guard let fitted = KeyframeCache.shared.pathFit(key, briefly: briefly, fit: fit) else { return nil }
        return .frames(fitted.duration == duration ? fitted : Keyframes(duration: duration, frames: fitted.frames))
    }

    /// The fit of this motion's progress within `relative` (a tolerance relative to the travel),
    /// from ``KeyframeCache`` where it holds one, over this motion's duration. On a timing curve
    /// the tolerance is stepped (``steppedTolerance(_:)``), so that moves whose travels differ a
    /// little share the fit, and a piecewise-cubic curve's exact fit serves every tolerance; a
    /// spring's is not (its progress starts from a velocity of its own, so it rarely shares a
    /// fit). Also tells whether the fit is that exact one (within a billionth of the travel).
    /// Nil where the fit gives up (see ``fittedKeyframes(bound:budget:evaluations:reached:briefly:)``).
    private func progressFit(
        relative: Double, budget: Int, evaluations: inout Int, reached: inout Double
    ) -> (fit: Keyframes<Double>, isExact: Bool)? {
        // A piecewise-cubic progress is fitted exactly (one segment per piece) whatever the
        // tolerance: fitted once, within ``exactProgressTolerance``, it serves every travel. A
        // staircase with more jumps than keyframes has no such fit: that is kept too (an empty
        // fit), so that it is tried once, and the curve is fitted as any other, with what is
        // left of the budget.
        let spent = evaluations
        if !isPhysical && easing.isPiecewiseCubic && relative >= Self.exactProgressTolerance {
            let exact = progressFit(keyedAt: Self.exactProgressTolerance, budget: budget, evaluations: &evaluations,
                                    reached: &reached, keepingFailure: true)
            if let exact, !exact.frames.isEmpty { return (exact, true) }
        }
        let stepped = isPhysical ? relative : Self.steppedTolerance(relative)
        return progressFit(keyedAt: stepped, budget: budget - (evaluations - spent), evaluations: &evaluations,
                           reached: &reached, keepingFailure: false).map { ($0, false) }
    }

    /// The relative tolerance a piecewise-cubic progress is fitted to once for every travel
    /// (see ``progressFit(relative:budget:evaluations:reached:)``): a billionth, which such a
    /// fit meets with rounding to spare.
    static var exactProgressTolerance: Double { 1e-9 }

    /// The fit of this motion's progress within `relative`, kept in ``KeyframeCache`` under that
    /// tolerance; with `keepingFailure`, a fit that gives up is kept as an empty one (and
    /// returned so), so that it is not tried again.
    private func progressFit(
        keyedAt relative: Double, budget: Int, evaluations: inout Int, reached: inout Double, keepingFailure: Bool
    ) -> Keyframes<Double>? {
        let fitted = KeyframeCache.shared.progressFit(progressCacheKey(tolerance: relative)) {
            // The trajectory is copied out only for a fit the cache does not hold.
            guard let trajectory = progressChannel?.trajectory else { return nil }
            let source = ProgressSource<Double>(easing: easing, trajectory: trajectory,
                                                path: ComponentwisePath(from: 0, to: 1), travel: 1)
            let fit = SegmentFitter.fit(source, duration: duration, tolerance: relative, start: 0, end: 1,
                                        maximumKeyframes: Self.maximumKeyframes, budget: budget, evaluations: &evaluations,
                                        reached: &reached)
            return fit ?? (keepingFailure ? Keyframes(duration: 0, frames: []) : nil)
        }
        guard let unit = fitted, !unit.frames.isEmpty else { return fitted }
        return unit.duration == duration ? unit : Keyframes(duration: duration, frames: unit.frames)
    }

    /// A colour's keyframes placed from the fit of its progress within
    /// ``ColorPath/progressShare`` of `bound` (``ColorPath/chordFit(progress:isExact:from:to:bound:maximumKeyframes:budget:evaluations:)``):
    /// a fit shared with every move on the same curve whose tolerance over its travel falls in
    /// the same step, where a fit along the path itself is this colour's alone. Nil for other
    /// values, where the progress could take the alpha out of `0...1` (an overshooting easing
    /// between two alphas: the path then bends where the alpha is clamped), or where the
    /// placement gives up: the motion is then fitted along its path.
    @inline(never)
    private func colorKeyframes(bound: Double, budget: Int, evaluations: inout Int, reached: inout Double) -> Keyframes<Value>? {
        guard Value.self == Color.self, let path = progressChannel?.path as? ColorPath,
              let from = from as? Color, let to = to as? Color, travel > 0, travel.isFinite else { return nil }
        let spent = evaluations
        let mix = path.mix
        guard mix.start.w == mix.end.w || !(easing.canOvershoot || isPhysical) else { return nil }
        // The chords take the whole bound where the progress fit is exact (a staircase too
        // large for an exact fit has its progress fitted within its share, as other curves).
        guard let (progress, isExact) = progressFit(relative: ColorPath.progressShare * bound / travel, budget: budget,
                                                    evaluations: &evaluations, reached: &reached),
              let placed = path.chordFit(progress: progress, isExact: isExact, from: from, to: to, bound: bound,
                                         maximumKeyframes: Self.maximumKeyframes,
                                         budget: (budget - (evaluations - spent)) / 2, evaluations: &evaluations)
        else { return nil }
        return placed as? Keyframes<Value>
    }

    /// `relative`, a tolerance relative to the travel, rounded down to one of 32 steps per
    /// doubling (its exponent and the first five bits of its significand kept): at most a
    /// thirty-second tighter, so that moves on one timing curve whose travels differ a little
    /// (a drag's end, a new layout) share one fit of their progress in the keyframe cache.
    /// (Eight steps, an eighth tighter, would share more, but took the 46 named curves from 250
    /// keyframes to 254 at 0.1 pt over 300 pt; with 32 they keep 250.) Moves are shared by step,
    /// not by closeness: two travels either side of a step's edge do not share. A move that
    /// needs nearly ``maximumKeyframes`` at the tolerance asked may need more at the stepped
    /// one, and is then fitted at a wider tolerance, reported as for any other.
    package static func steppedTolerance(_ relative: Double) -> Double {
        guard relative.isNormal, relative > 0 else { return relative }
        return Double(bitPattern: relative.bitPattern & ~((1 << (Double.significandBitCount - 5)) - 1))
    }

    /// Keyframes at a fixed rate (every 1/60 s, say) with linear segments, as FlightAnimator
    /// produced them, for comparison. The last interval may be shorter so that the end is exact.
    /// A rate that is not a positive number is 60; one that would make more than
    /// ``maximumFixedRateKeyframes`` keyframes over the duration is lowered to make that many.
    public func keyframes(framesPerSecond: Double) -> Keyframes<Value> {
        typealias Frame = Keyframes<Value>.Keyframe
        guard duration > 0 else {
            return Keyframes(duration: 0, frames: [Frame(keyTime: 0, value: to), Frame(keyTime: 1, value: to)])
        }
        var rate = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60
        let most = Double(Self.maximumFixedRateKeyframes - 1)
        if !((duration * rate).rounded(.up) <= most) { rate = most / duration }
        let steps = max(1, Int(min((duration * rate).rounded(.up), most)))
        var frames: [Frame] = []
        frames.reserveCapacity(steps + 1)
        for step in 0..<steps {
            let t = Double(step) / rate
            // Skip a last step that would land (almost) on the end.
            if step > 0 && duration - t < 1e-9 { break }
            frames.append(Frame(keyTime: t / duration, value: value(at: t)))
        }
        frames.append(Frame(keyTime: 1, value: to))
        return Keyframes(duration: duration, frames: frames)
    }

    /// The largest distance between `keyframes` as a host plays them and this motion, measured
    /// at `samples` evenly spaced instants and in the middle of every segment: a check of how
    /// faithful keyframes are, for tests, benchmarks and curiosity. For a
    /// ``KeyframeInterpolation/decomposed`` type, the larger of the errors under decomposed and
    /// componentwise interpolation between keyframes.
    public func maximumDeviation(of keyframes: Keyframes<Value>, samples: Int = 20_000) -> Double {
        guard duration > 0 else { return keyframes.value(at: 0).distance(to: to) }
        let both = Value.keyframeInterpolation == .decomposed
        var worst = 0.0
        func check(_ t: Double) {
            let exact = value(at: t)
            worst = max(worst, keyframes.value(at: t).distance(to: exact))
            if both {
                let componentwise = keyframes.value(at: t) { $0.componentwiseInterpolated(to: $1, fraction: $2) }
                worst = max(worst, componentwise.distance(to: exact))
            }
        }
        let count = max(samples, 2)
        for index in 0...count { check(duration * Double(index) / Double(count)) }
        for (a, b) in zip(keyframes.frames, keyframes.frames.dropFirst()) { check(duration * (a.keyTime + b.keyTime) / 2) }
        return worst
    }

    /// The tolerance in display units: absolute as given, relative to ``extent``.
    private func displayBound(_ tolerance: KeyframeTolerance) -> Double {
        let bound: Double
        if case .absolute(let value) = tolerance, value > 0, value.isFinite {
            bound = value
        } else {
            bound = tolerance.bound(extent: extent)
        }
        return bound > 0 && bound.isFinite ? bound : 1e-9
    }

    /// The larger of the travel and the furthest excursion from the start (sampled at 64
    /// instants; only springs and overshooting curves go further than the travel).
    private var extent: Double {
        var extent = from.distance(to: to)
        guard easing.canOvershoot || easing.hasIntrinsicDuration else { return extent }
        let count = 64
        for index in 1..<count {
            extent = max(extent, from.distance(to: value(at: duration * Double(index) / Double(count))))
        }
        return extent
    }
}

/// A motion along a value's path, driven by one progress: a timing curve (followed in
/// normalized time, so that its breakpoints are exact) or a physical trajectory from 0 to 1.
///
/// A class, not a structure: the closures that sample a segment's error capture it, and a
/// structure captured so is copied whole (its curve, trajectory and path: 400 bytes for a
/// colour's) at every sample, where a class is one reference: one allocation a fit.
final class ProgressSource<Value: AnimatableValue>: SegmentSource {
    typealias Channels = SIMD2<Double>

    /// The timing curve, unless the progress is physical.
    private let curve: TimingCurve
    private let isPhysical: Bool
    /// Whether the timing curve's value can jump at a breakpoint or an end (a staircase's
    /// steps): only then is a one-sided value taken from beside the instant rather than at it.
    private let canJump: Bool
    private let breakpointList: [Double]
    private let trajectory: Trajectory
    private let path: Value.Path
    private let travel: Double
    /// The path's kinks, read once: a path makes the list anew at each read (a colour's
    /// allocates it), and a fit looks for kinks in every segment it tries.
    private let kinks: [Double]
    /// A colour's mix, where the path is a colour's: its segments' errors are measured on a
    /// ``ChordImage`` of the host's mix.
    private let colorMix: ColorPath.Mix?

    init(easing: Easing, trajectory: Trajectory, path: Value.Path, travel: Double) {
        isPhysical = easing.hasIntrinsicDuration
        curve = TimingCurve(isPhysical ? .linear : easing)
        canJump = easing.canJump
        breakpointList = easing.hasIntrinsicDuration ? [] : easing.breakpoints
        self.trajectory = trajectory
        self.path = path
        self.travel = travel
        kinks = path.kinks
        colorMix = (path as? ColorPath)?.mix
    }

    var breakpoints: [Double] { breakpointList }
    var isScalar: Bool { true }

    func kinkCrossing(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, evaluations: inout Int
    ) -> FitPoint<SIMD2<Double>>? {
        guard !kinks.isEmpty else { return nil }
        let (start, end) = (a.value[0], b.value[0])
        // A segment never turns back, so the progress crosses a kink between its ends or not at
        // all: the crossing nearest the start, if any.
        var nearest: Double?
        for kink in kinks where (kink - start) * (kink - end) < 0 {
            if let found = nearest, abs(found - start) <= abs(kink - start) { continue }
            nearest = kink
        }
        guard let kink = nearest else { return nil }
        var (low, high) = (a.u, b.u)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            evaluations += 1
            if (progress(at: middle) - kink) * (start - kink) > 0 { low = middle } else { high = middle }
            if high - low <= 4 * high.ulp { break }
        }
        evaluations += 1
        return point(at: high, side: .inside)
    }

    func progress(at u: Double) -> Double {
        isPhysical ? trajectory.value(at: u * trajectory.duration) : curve.progress(at: u)
    }

    func point(at u: Double, side: FitSide) -> FitPoint<SIMD2<Double>> {
        if !isPhysical {
            let value = curve.progress(at: u)
            if side == .inside || (side == .left && u <= 0) || (side == .right && u >= 1) {
                return FitPoint(u: u, value: SIMD2(value, 0), slope: SIMD2(curve.velocity(at: u), 0))
            }
            guard canJump else {
                // A curve that cannot jump is continuous at a breakpoint and one piece up to an
                // end: its value is the one at `u`, and its slope the one just beside `u` on the
                // side asked for, so that a vertical tangent (a circular curve's, at an end or
                // either side of its middle) is met vertically. (Extrapolated from further away,
                // a value that meets `u` vertically misses it by the square root of the offset,
                // which a fit would play as a jump in the last instant.)
                let beside = side == .left ? u - Self.besideOffset : u + Self.besideOffset
                let slope = u <= 0 || u >= 1 ? curve.velocity(at: u) : curve.velocity(at: beside)
                return FitPoint(u: u, value: SIMD2(value, 0), slope: SIMD2(slope, 0))
            }
            do {
                // A staircase's one-sided limits, extrapolated linearly from two instants just
                // beside `u`: evaluating at `u` itself could land on either step once the curve's
                // own arithmetic rounds it.
                let offset = Self.sideOffset
                let (near, far) = side == .left ? (u - offset, u - 2 * offset) : (u + offset, u + 2 * offset)
                let limit = 2 * curve.progress(at: near) - curve.progress(at: far)
                let slope = 2 * curve.velocity(at: near) - curve.velocity(at: far)
                return FitPoint(u: u, value: SIMD2(abs(limit - value) < 1e-9 ? value : limit, 0), slope: SIMD2(slope, 0))
            }
        }
        let t = u * trajectory.duration
        let (value, velocity) = trajectory.state(at: t)
        return FitPoint(u: u, value: SIMD2(value, 0), slope: SIMD2(velocity * trajectory.duration, 0))
    }

    /// How far beside a breakpoint a staircase's one-sided limits are sampled, in normalized time.
    private static var sideOffset: Double { 1e-7 }
    /// How far beside a breakpoint a continuous curve's one-sided slope is read: far enough that
    /// the curve's own arithmetic puts it on that side's piece, near enough that it is the
    /// limit there.
    private static var besideOffset: Double { 1e-12 }

    func value(of channels: SIMD2<Double>) -> Value {
        path.value(at: channels[0])
    }

    func chordProgress(from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, at fraction: Double) -> Double {
        (progress(at: a.u + fraction * (b.u - a.u)) - a.value[0]) / (b.value[0] - a.value[0])
    }

    func error(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, limit: Double,
        quick: Bool, evaluations: inout Int
    ) -> Double {
        let (start, change, span) = (a.value[0], b.value[0] - a.value[0], b.u - a.u)
        if Value.Path.isComponentwise {
            // A straight path: the error is the progress error times the travel, sampled at
            // sixteenths too (cheap here), where a refined curve can bulge between eighths.
            return SegmentFitter.sampledError(of: timing, limit: limit, quick: quick) { fraction in
                evaluations += 1
                let host = start + change * timing.progress(at: fraction)
                return abs(progress(at: a.u + fraction * span) - host) * travel
            }
        }
        let first = path.value(at: start), last = path.value(at: b.value[0])
        // A curved path can bend sharply between samples (a colour whose alpha an overshooting
        // curve pushes below zero, where the mix is clamped), and close to both ends, where a
        // path that bends (a colour's mix clamped, a spring's last turn) can leave the straight
        // mix fastest: sixteenths and the instants near the ends are sampled too. Fits along
        // curved paths are kept (`KeyframeCache`), so this is paid once per move.
        guard Value.keyframeInterpolation == .decomposed else {
            // A colour's path measures in its premultiplied mixing space: there, a ChordImage
            // stands in for the host's mix. (Casts the compiler resolves where the value type is
            // known, as every fit's is.)
            if let colorMix, let first = first as? Color, let last = last as? Color {
                return chordError(on: colorMix, from: a, to: b, first: first, last: last, timing: timing, limit: limit,
                                  quick: quick, evaluations: &evaluations)
            }
            return SegmentFitter.sampledError(of: timing, limit: limit, nearEnds: true, quick: quick) { fraction in
                evaluations += 1
                let exact = progress(at: a.u + fraction * span)
                let shown = first.keyframeInterpolated(to: last, fraction: timing.progress(at: fraction))
                return path.distance(from: shown, toValueAt: exact)
            }
        }
        let decomposed = Value.Path(from: first, to: last)
        guard Value.self == Transform3D.self || Value.self == Transform2D.self else {
            return SegmentFitter.sampledError(of: timing, limit: limit, nearEnds: true, quick: quick) { fraction in
                evaluations += 1
                let exact = progress(at: a.u + fraction * span)
                let eased = timing.progress(at: fraction)
                return max(path.distance(from: decomposed.value(at: eased), toValueAt: exact),
                           path.distance(from: first.componentwiseInterpolated(to: last, fraction: eased), toValueAt: exact))
            }
        }
        // A transform's path measures as ``InterpolationPath``'s `distance(from:toValueAt:)`
        // does, by the distance to its value: made once for both measures here, and decomposed
        // once for both (`largerDistance(from:_:)`). (The casts are resolved where the value type
        // is known, as every fit's is; the check above keeps any other type from them.)
        return SegmentFitter.sampledError(of: timing, limit: limit, nearEnds: true, quick: quick) { fraction in
            evaluations += 1
            let eased = timing.progress(at: fraction)
            let exact = path.value(at: progress(at: a.u + fraction * span))
            let (shown, componentwise) = (decomposed.value(at: eased), first.componentwiseInterpolated(to: last, fraction: eased))
            if let exact = exact as? Transform3D, let shown = shown as? Transform3D,
               let componentwise = componentwise as? Transform3D {
                return exact.largerDistance(from: shown, componentwise)
            }
            if let exact = exact as? Transform2D, let shown = shown as? Transform2D,
               let componentwise = componentwise as? Transform2D {
                return exact.largerDistance(from: shown, componentwise)
            }
            return max(shown.distance(to: exact), componentwise.distance(to: exact))
        }
    }

    /// ``error(from:to:timing:limit:quick:evaluations:)`` along a colour's path: the host's mix of
    /// `first` and `last` is placed in the premultiplied mixing space exactly at the first three
    /// samples, then read from the ``ChordImage`` through them and the ends (the path's points
    /// there), with its allowance (exactly throughout where there is none).
    private func chordError(
        on mix: ColorPath.Mix, from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>,
        first: Color, last: Color, timing: CubicBezier, limit: Double, quick: Bool, evaluations: inout Int
    ) -> Double {
        let span = b.u - a.u
        let none: ChordImage.Exact = (0, .zero)
        var inside = (none, none, none)
        var placed = 0
        var image = ChordImage()
        return SegmentFitter.sampledError(of: timing, limit: limit, nearEnds: true, quick: quick) { fraction in
            evaluations += 1
            let exact = progress(at: a.u + fraction * span)
            let eased = timing.progress(at: fraction)
            if image.isReady {
                return mix.distance(fromEmbedding: image.point(at: eased), toValueAt: exact) + image.allowance
            }
            let point = mix.embedding(of: first.keyframeInterpolated(to: last, fraction: eased))
            placed += 1
            switch placed {
            case 1: inside.0 = (eased, point)
            case 2: inside.1 = (eased, point)
            case 3:
                inside.2 = (eased, point)
                // The ends are the path's own points, which the keyframes' colours stand for to
                // within a rounding of the conversions (a conversion each saved).
                image.fit(start: mix.point(at: a.value[0]), end: mix.point(at: b.value[0]), inside: inside, limit: limit)
            default: break
            }
            return mix.distance(fromEmbedding: point, toValueAt: exact)
        }
    }

    func timingError(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, evaluations: inout Int
    ) -> Double? {
        guard !Value.Path.isComponentwise else { return nil }
        let (start, change, span) = (a.value[0], b.value[0] - a.value[0], b.u - a.u)
        var worst = 0.0
        SegmentFitter.forEachSampleFraction(of: timing) { fraction in
            evaluations += 1
            let host = start + change * timing.progress(at: fraction)
            worst = max(worst, abs(progress(at: a.u + fraction * span) - host) * travel)
            return true
        }
        return worst
    }
}

/// A motion of a componentwise value whose components move on their own trajectories (a spring
/// fed a two-dimensional velocity): one channel per component, one timing curve per segment.
struct ComponentSource<Value: AnimatableValue>: SegmentSource {
    typealias Channels = Value.Components

    let trajectories: [Trajectory]
    let duration: TimeInterval
    /// The components' lanes when every one moves on the first one's spring (a spring decay
    /// fed a two-dimensional velocity): the oscillator's solutions at an instant serve them all.
    private let sharedSpring: SharedSpring<Value.Components>?

    /// A source following `trajectories`; `sharedSpring` lays them out lane by lane when they
    /// all move on one spring (the motion's own, made once for it).
    init(trajectories: [Trajectory], duration: TimeInterval, sharedSpring: SharedSpring<Value.Components>?) {
        self.trajectories = trajectories
        self.duration = duration
        self.sharedSpring = sharedSpring
    }

    var breakpoints: [Double] { [] }
    var isScalar: Bool { trajectories.count == 1 }

    func point(at u: Double, side: FitSide) -> FitPoint<Value.Components> {
        let t = u * duration
        if t > 0, let (value, velocity) = sharedSpring?.state(at: t) {
            return FitPoint(u: u, value: value, slope: velocity * duration)
        }
        var value = Value.Components.zero, slope = Value.Components.zero
        for index in trajectories.indices {
            let state = trajectories[index].state(at: t)
            value[index] = state.value
            slope[index] = state.velocity * duration
        }
        return FitPoint(u: u, value: value, slope: slope)
    }

    /// The components at `u`: ``point(at:side:)`` without the slopes.
    private func components(at u: Double) -> Value.Components {
        let t = u * duration
        if t > 0, let value = sharedSpring?.value(at: t) { return value }
        var value = Value.Components.zero
        for index in trajectories.indices { value[index] = trajectories[index].value(at: t) }
        return value
    }

    func value(of channels: Value.Components) -> Value {
        Value(components: channels)
    }

    func chordProgress(
        from a: FitPoint<Value.Components>, to b: FitPoint<Value.Components>, at fraction: Double
    ) -> Double {
        let chord = b.value - a.value
        let moved = components(at: a.u + fraction * (b.u - a.u)) - a.value
        return (moved * chord).sum() / (chord * chord).sum()
    }

    func error(
        from a: FitPoint<Value.Components>, to b: FitPoint<Value.Components>, timing: CubicBezier, limit: Double,
        quick: Bool, evaluations: inout Int
    ) -> Double {
        // The components need not follow the chord, so their error can peak anywhere: sample
        // sixteenths, as well as where the timing curve's error gathers.
        let change = b.value - a.value
        return SegmentFitter.sampledError(of: timing, limit: limit, quick: quick) { fraction in
            evaluations += 1
            let exact = components(at: a.u + fraction * (b.u - a.u))
            let host = a.value + change * timing.progress(at: fraction)
            return Value(components: host).distance(to: Value(components: exact))
        }
    }
}
