import FlightEasing
import Foundation

extension Synchronizer {
    /// The motion a path plan asks for, from its origin, for `duration` (timing curves). A
    /// position and the rotation that follows it (paired) settle alike, within both tolerances.
    private static func pathMotion(_ request: Request, _ path: PathPlan, duration: TimeInterval) throws -> PathMotion {
        var headingTolerance: Double?
        if path.pair != 0, case .absolute(let radians) = LayerProperty.rotationZ.property.tolerance { headingTolerance = radians }
        return try PathMotion(path: path.path, from: path.origin ?? path.path.start, easing: request.plan.easing,
                              duration: duration, initialVelocity: path.originVelocity, tolerance: path.positionTolerance,
                              headingTolerance: headingTolerance, fractionTolerance: path.fractionTolerance,
                              measured: path.geometry)
    }

    /// Prepares a property that follows a path. Its duration is the one given: a path is a new
    /// way from what is shown, so no share of an interrupted motion is "left" of it.
    static func preparePath(_ request: Request, _ path: PathPlan) throws -> Timing {
        let motion = try pathMotion(request, path, duration: request.plan.duration)
        guard motion.length.isFinite else { return Timing(isPhysical: false, naturalDuration: 0, moves: false, overflows: true) }
        let duration = motion.isStill ? 0 : motion.duration
        return Timing(isPhysical: request.plan.easing.hasIntrinsicDuration, naturalDuration: duration,
                      moves: duration > 0)
    }

    /// Resolves a prepared property that follows a path.
    static func finalizePath(
        _ request: Request, _ path: PathPlan, _ timing: Timing, duration: TimeInterval, reports: inout [FlightError]
    ) throws -> ResolvedProperty {
        let (keyPath, isPrimary) = (request.plan.keyPath, request.plan.isPrimary)
        func jump(evaluations: Int) throws -> ResolvedProperty {
            reports.append(.motionOverflows(keyPath: keyPath))
            return try still(request, evaluations: evaluations)
        }
        guard !timing.overflows else { return try jump(evaluations: 0) }
        let motion = try pathMotion(request, path, duration: timing.isPhysical ? request.plan.duration : duration)
        if motion.isStill || duration == 0 && !timing.isPhysical {
            return try still(request, evaluations: 0)
        }
        let storage: any MotionStorage
        let widened: Double?
        let evaluations: Int
        switch path.role {
        case .position:
            let fit = motion.positionKeyframes(tolerance: request.tolerance)
            guard fit.keyframes.frames.allSatisfy({ $0.value.x.isFinite && $0.value.y.isFinite }) else {
                return try jump(evaluations: fit.evaluations)
            }
            storage = PathStorage(motion: motion, role: .position, keyframes: fit.keyframes)
            (widened, evaluations) = (fit.widenedTo, fit.evaluations)
        case .heading(let offset):
            if let whole = path.whole {
                let fit = motion.transformKeyframes(offset: offset, from: whole.from, to: whole.to,
                                                    tolerance: LayerProperty.rotationZ.property.tolerance)
                let finite = fit.keyframes.frames.allSatisfy { frame in
                    (0..<Transform3D.componentCount).allSatisfy { frame.value.components[$0].isFinite }
                }
                guard finite else { return try jump(evaluations: fit.evaluations) }
                storage = PathStorage(motion: motion, role: .transform(offset: offset, whole: whole), keyframes: fit.keyframes)
                (widened, evaluations) = (fit.widenedTo, fit.evaluations)
                break
            }
            let fit = motion.headingKeyframes(offset: offset, tolerance: request.tolerance)
            guard fit.keyframes.frames.allSatisfy({ $0.value.isFinite }) else { return try jump(evaluations: fit.evaluations) }
            storage = PathStorage(motion: motion, role: .heading(offset: offset), keyframes: fit.keyframes)
            (widened, evaluations) = (fit.widenedTo, fit.evaluations)
        }
        if motion.excursionWasLimited, case .position = path.role {
            reports.append(.velocityLimited(keyPath: keyPath,
                                            reach: ValueMotion<Double>.maximumExcursionInTolerances * path.positionTolerance))
        }
        if let widened { reports.append(.toleranceWidened(keyPath: keyPath, tolerance: widened)) }
        return ResolvedProperty(keyPath: keyPath, layerProperty: request.plan.property, isPrimary: isPrimary, storage: storage,
                                widenedTolerance: widened,
                                fitEvaluations: evaluations)
    }

    /// The property at its target at once.
    private static func still(_ request: Request, evaluations: Int) throws -> ResolvedProperty {
        func make<Value: AnimatableValue>(_ target: Value) throws -> ResolvedProperty {
            let motion = try ValueMotion(from: target, to: target, easing: .linear, duration: 0, tolerance: request.tolerance)
            return ResolvedProperty(keyPath: request.plan.keyPath, layerProperty: request.plan.property,
                                    isPrimary: request.plan.isPrimary, motion: motion,
                                    keyframes: motion.keyframes(), fitEvaluations: evaluations)
        }
        return try make(request.plan.target)
    }
}

/// A property that follows a path, with its keyframes: the position, the angle of the layer
/// turned along the tangent, or, where that rotation was promoted to the whole, the whole
/// `transform` (the tangent's angle written into the other parts, which go from `whole.from` to
/// `whole.to` on the fraction travelled). Its progress is the fraction of the way travelled.
private final class PathStorage<Value: AnimatableValue>: MotionStorage {
    /// What the property is of the path.
    enum Role: Sendable {
        case position
        case heading(offset: Double)
        case transform(offset: Double, whole: PathPlan.Whole)
    }

    let motion: PathMotion
    let role: Role
    let keyframes: Keyframes<Value>
    let track: any KeyframeSequence

    init(motion: PathMotion, role: Role, keyframes: Keyframes<Value>) {
        self.motion = motion
        self.role = role
        self.keyframes = keyframes
        track = keyframes
    }

    private func transform(at t: TimeInterval, offset: Double, whole: PathPlan.Whole) -> Transform3D {
        let others = whole.from.keyframeInterpolated(to: whole.to, fraction: motion.fraction(at: t))
        return LayerProperty.rotationZ.property.write(motion.heading(at: t, offset: offset), into: others) as? Transform3D ?? others
    }

    var duration: TimeInterval { motion.duration }
    var easing: Easing { motion.easing }
    var from: any AnimatableValue {
        if case .position = role { return motion.from }
        return exactValue(at: 0)
    }
    var to: any AnimatableValue {
        if case .position = role { return motion.to }
        return exactValue(at: motion.duration)
    }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue { keyframes.value(at: t) }
    func progress(at t: TimeInterval) -> Double { motion.fraction(at: t) }

    func exactValue(at t: TimeInterval) -> any AnimatableValue {
        switch role {
        case .position: motion.value(at: t)
        case .heading(let offset): motion.heading(at: t, offset: offset)
        case let .transform(offset, whole): transform(at: t, offset: offset, whole: whole)
        }
    }

    func velocity(at t: TimeInterval) -> SIMD16<Double> {
        var lanes = SIMD16<Double>.zero
        switch role {
        case .position:
            let velocity = motion.velocity(at: t)
            (lanes[0], lanes[1]) = (velocity.x, velocity.y)
        case .heading:
            lanes[0] = motion.angularVelocity(at: t)
        case let .transform(offset, whole):
            // The matrix's entries' rates of change, by a central difference over a microsecond.
            guard t < motion.duration, motion.duration > 0 else { return .zero }
            let step = 1e-6
            let before = transform(at: max(t - step, 0), offset: offset, whole: whole).components
            let after = transform(at: t + step, offset: offset, whole: whole).components
            let span = t + step - max(t - step, 0)
            for index in 0..<Transform3D.componentCount { lanes[index] = (after[index] - before[index]) / span }
        }
        return lanes
    }

    /// The first time the fraction travelled reaches `threshold`, found as for any motion
    /// (``firstTime(reaching:boundaries:at:progress:)``) across the spans of the keyframes
    /// (whose ends include the fraction's extrema).
    func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        guard threshold.isFinite else { return nil }
        if threshold == 0 { return 0 }
        let duration = motion.duration
        guard duration > 0 else { return threshold > 0 && threshold <= 1 ? 0 : nil }
        let frames = keyframes.frames
        return FlightCore.firstTime(reaching: threshold, boundaries: frames.count, at: { frames[$0].keyTime * duration }) {
            motion.fraction(at: $0)
        }
    }
}

extension PathMotion {
    /// Keyframes of the whole `transform` of a layer turned along the tangent where its rotation
    /// was promoted to the whole: the tangent's angle (plus `offset`) written into the
    /// transform's other parts, which go from `whole.from` to `whole.to` on the fraction of the
    /// path travelled. The angle is fitted within `tolerance` (radians), the other parts within
    /// a thousandth of their change, and no segment turns half a turn or more (a host
    /// interpolates a transform's rotation the short way round).
    package func transformKeyframes(offset: Double, from: Transform3D, to: Transform3D, tolerance: KeyframeTolerance)
        -> Fit<Transform3D> {
        let (first, last) = (heading(at: 0, offset: offset), heading(at: duration, offset: offset))
        let turn = max(abs(last - first), 1)
        let bound = tolerance.bound(extent: turn)
        let angleBound = bound > 0 && bound.isFinite ? bound : 1e-9
        // The transform as the host plays it between two keyframes is held within the whole
        // transform's own tolerance: its distance counts as radians at this ratio.
        let transformBound = LayerProperty.transform.property.tolerance.bound(extent: max(from.distance(to: to), 1))
        let source = PathTransformSource(motion: self, offset: offset, from: from, to: to,
                                         progressWeight: angleBound / 1e-3,
                                         transformWeight: transformBound > 0 && transformBound.isFinite
                                            ? angleBound / transformBound : 0)
        let fit = Self.boundedFit(source, duration: duration, isStill: isStill, asked: bound, extent: turn,
                                  start: source.value(of: SIMD2(first, 0)), end: source.value(of: SIMD2(last, 1)),
                                  spent: source.heading.search.turnEvaluations)
        // Widened, the bound is in radians (what the fit measures); reported for `transform`, it
        // is the transform's distance that radians count as (which also bounds the angle, a
        // radian counting less there).
        guard let widened = fit.widenedTo, source.transformWeight > 0 else { return fit }
        return (fit.keyframes, widened / source.transformWeight, fit.evaluations)
    }
}

/// The whole transform of a layer turned along a path's tangent (its rotation promoted to the
/// whole): two channels, the angle (jumping at corners, as ``PathHeadingSource``'s) and the
/// fraction travelled, on which the other parts go from `from` to `to`.
struct PathTransformSource: SegmentSource {
    typealias Channels = SIMD2<Double>
    let heading: PathHeadingSource
    let from: Transform3D
    let to: Transform3D
    /// Radians of error that a fraction-travelled error of 1 counts as.
    let progressWeight: Double
    /// Radians of error that a distance of 1 between the transform the host plays and the
    /// exact one counts as.
    let transformWeight: Double

    init(motion: PathMotion, offset: Double, from: Transform3D, to: Transform3D, progressWeight: Double,
         transformWeight: Double) {
        heading = PathHeadingSource(motion: motion, offset: offset)
        (self.from, self.to, self.progressWeight, self.transformWeight) = (from, to, progressWeight, transformWeight)
    }

    var breakpoints: [Double] { heading.breakpoints }
    var isScalar: Bool { false }

    /// The angle's point, with the fraction travelled as the second channel.
    private func withProgress(_ angle: FitPoint<SIMD2<Double>>, _ progress: FitPoint<SIMD2<Double>>) -> FitPoint<SIMD2<Double>> {
        FitPoint(u: angle.u, value: SIMD2(angle.value[0], progress.value[0]),
                 slope: SIMD2(angle.slope[0], progress.slope[0]))
    }

    func point(at u: Double, side: FitSide) -> FitPoint<SIMD2<Double>> {
        withProgress(heading.point(at: u, side: side), heading.inner.point(at: u, side: side))
    }

    func value(of channels: SIMD2<Double>) -> Transform3D {
        let others = from.keyframeInterpolated(to: to, fraction: channels[1])
        return LayerProperty.rotationZ.property.write(channels[0], into: others) as? Transform3D ?? others
    }

    func chordProgress(from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, at fraction: Double) -> Double {
        let u = a.u + fraction * (b.u - a.u)
        let weight = SIMD2(1, progressWeight)
        let change = (b.value - a.value) * weight
        let here = (SIMD2(heading.angle(at: u), heading.inner.progress(at: u)) - a.value) * weight
        let squared = (change * change).sum()
        return squared > 0 ? (here * change).sum() / squared : fraction
    }

    func kinkCrossing(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, evaluations: inout Int
    ) -> FitPoint<SIMD2<Double>>? {
        guard let angle = heading.kinkCrossing(from: a, to: b, evaluations: &evaluations) else { return nil }
        return withProgress(angle, heading.inner.point(at: angle.u, side: .inside))
    }

    func error(
        from a: FitPoint<SIMD2<Double>>, to b: FitPoint<SIMD2<Double>>, timing: CubicBezier, limit: Double,
        quick: Bool, evaluations: inout Int
    ) -> Double {
        let (start, change, span) = (a.value, b.value - a.value, b.u - a.u)
        // A host turns a transform the short way round: half a turn or more in one segment is
        // played the wrong way.
        guard abs(change[0]) < 0.9 * .pi else { return .infinity }
        // The host plays the transform between the two keyframe values by its own interpolation
        // (decomposed, or componentwise), not along the channels: measured both ways too.
        let (first, last) = (value(of: a.value), value(of: b.value))
        let decomposed = Transform3D.Path(from: first, to: last)
        return SegmentFitter.sampledError(of: timing, limit: limit, quick: quick) { fraction in
            evaluations += 1
            let u = a.u + fraction * span
            let eased = timing.progress(at: fraction)
            let played = start + change * eased
            let (angle, progress) = (heading.angle(at: u), heading.inner.progress(at: u))
            var error = max(abs(angle - played[0]), abs(progress - played[1]) * progressWeight)
            if transformWeight > 0 {
                let exact = value(of: SIMD2(angle, progress))
                let hosted = max(decomposed.value(at: eased).distance(to: exact),
                                 first.componentwiseInterpolated(to: last, fraction: eased).distance(to: exact))
                error = max(error, hosted * transformWeight)
            }
            return error
        }
    }
}
