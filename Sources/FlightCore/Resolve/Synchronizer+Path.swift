import FlightEasing
import Foundation

extension Synchronizer {
    /// The motion a path plan asks for, from its origin, for `duration` (timing curves).
    private static func pathMotion(_ request: Request, _ path: PathPlan, duration: TimeInterval) throws -> PathMotion {
        try PathMotion(path: path.path, from: path.origin ?? path.path.start, easing: request.plan.easing,
                       duration: duration, initialVelocity: path.originVelocity, tolerance: path.positionTolerance,
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
            storage = PathPositionStorage(motion: motion, keyframes: fit.keyframes)
            (widened, evaluations) = (fit.widenedTo, fit.evaluations)
        case .heading(let offset):
            if let whole = path.whole {
                let fit = motion.transformKeyframes(offset: offset, from: whole.from, to: whole.to,
                                                    tolerance: LayerProperty.rotationZ.property.tolerance)
                let finite = fit.keyframes.frames.allSatisfy { frame in
                    (0..<Transform3D.componentCount).allSatisfy { frame.value.components[$0].isFinite }
                }
                guard finite else { return try jump(evaluations: fit.evaluations) }
                storage = PathTransformStorage(motion: motion, offset: offset, whole: whole, keyframes: fit.keyframes)
                (widened, evaluations) = (fit.widenedTo, fit.evaluations)
                break
            }
            let fit = motion.headingKeyframes(offset: offset, tolerance: request.tolerance)
            guard fit.keyframes.frames.allSatisfy({ $0.value.isFinite }) else { return try jump(evaluations: fit.evaluations) }
            storage = PathHeadingStorage(motion: motion, offset: offset, keyframes: fit.keyframes)
            (widened, evaluations) = (fit.widenedTo, fit.evaluations)
        }
        if motion.excursionWasLimited, case .position = path.role {
            reports.append(.velocityLimited(keyPath: keyPath,
                                            reach: ValueMotion<Double>.maximumExcursionInTolerances * path.positionTolerance))
        }
        if let widened { reports.append(.toleranceWidened(keyPath: keyPath, tolerance: widened)) }
        return ResolvedProperty(keyPath: keyPath, isPrimary: isPrimary, storage: storage, widenedTolerance: widened,
                                fitEvaluations: evaluations)
    }

    /// The property at its target at once.
    private static func still(_ request: Request, evaluations: Int) throws -> ResolvedProperty {
        func make<Value: AnimatableValue>(_ target: Value) throws -> ResolvedProperty {
            let motion = try ValueMotion(from: target, to: target, easing: .linear, duration: 0, tolerance: request.tolerance)
            return ResolvedProperty(keyPath: request.plan.keyPath, isPrimary: request.plan.isPrimary, motion: motion,
                                    keyframes: motion.keyframes(), fitEvaluations: evaluations)
        }
        return try make(request.plan.target)
    }
}

/// The first time the fraction of the way travelled along `motion` reaches `threshold`, found
/// as for any motion (``firstTime(reaching:boundaries:at:progress:)``) across the spans of
/// `keyframes` (whose ends include the fraction's extrema).
private func firstTime<Value>(
    reaching threshold: Double, along motion: PathMotion, keyframes: Keyframes<Value>
) -> TimeInterval? {
    guard threshold.isFinite else { return nil }
    if threshold == 0 { return 0 }
    let duration = motion.duration
    guard duration > 0 else { return threshold > 0 && threshold <= 1 ? 0 : nil }
    let frames = keyframes.frames
    return FlightCore.firstTime(reaching: threshold, boundaries: frames.count, at: { frames[$0].keyTime * duration }) {
        motion.fraction(at: $0)
    }
}

/// A position moving along a path, with its keyframes.
private final class PathPositionStorage: MotionStorage {
    let motion: PathMotion
    let keyframes: Keyframes<CGPoint>
    let track: any KeyframeSequence

    init(motion: PathMotion, keyframes: Keyframes<CGPoint>) {
        self.motion = motion
        self.keyframes = keyframes
        track = keyframes
    }

    var duration: TimeInterval { motion.duration }
    var easing: Easing { motion.easing }
    var from: any AnimatableValue { motion.from }
    var to: any AnimatableValue { motion.to }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue { keyframes.value(at: t) }
    func exactValue(at t: TimeInterval) -> any AnimatableValue { motion.value(at: t) }
    func progress(at t: TimeInterval) -> Double { motion.fraction(at: t) }

    func velocity(at t: TimeInterval) -> SIMD16<Double> {
        let velocity = motion.velocity(at: t)
        var lanes = SIMD16<Double>.zero
        (lanes[0], lanes[1]) = (velocity.x, velocity.y)
        return lanes
    }

    func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        FlightCore.firstTime(reaching: threshold, along: motion, keyframes: keyframes)
    }
}

/// The angle of a layer turned along a path's tangent, with its keyframes. Its progress is the
/// fraction of the way the position has travelled.
private final class PathHeadingStorage: MotionStorage {
    let motion: PathMotion
    let offset: Double
    let keyframes: Keyframes<Double>
    let track: any KeyframeSequence

    init(motion: PathMotion, offset: Double, keyframes: Keyframes<Double>) {
        self.motion = motion
        self.offset = offset
        self.keyframes = keyframes
        track = keyframes
    }

    var duration: TimeInterval { motion.duration }
    var easing: Easing { motion.easing }
    var from: any AnimatableValue { motion.heading(at: 0, offset: offset) }
    var to: any AnimatableValue { motion.heading(at: motion.duration, offset: offset) }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue { keyframes.value(at: t) }
    func exactValue(at t: TimeInterval) -> any AnimatableValue { motion.heading(at: t, offset: offset) }
    func progress(at t: TimeInterval) -> Double { motion.fraction(at: t) }

    func velocity(at t: TimeInterval) -> SIMD16<Double> {
        var lanes = SIMD16<Double>.zero
        lanes[0] = motion.angularVelocity(at: t)
        return lanes
    }

    func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        FlightCore.firstTime(reaching: threshold, along: motion, keyframes: keyframes)
    }
}

/// The whole transform of a layer turned along a path's tangent, its rotation promoted to the
/// whole: the tangent's angle written into the other parts, which go from `whole.from` to
/// `whole.to` on the fraction travelled. Its progress is that fraction.
private final class PathTransformStorage: MotionStorage {
    let motion: PathMotion
    let offset: Double
    let whole: PathPlan.Whole
    let keyframes: Keyframes<Transform3D>
    let track: any KeyframeSequence

    init(motion: PathMotion, offset: Double, whole: PathPlan.Whole, keyframes: Keyframes<Transform3D>) {
        self.motion = motion
        self.offset = offset
        self.whole = whole
        self.keyframes = keyframes
        track = keyframes
    }

    private func transform(at t: TimeInterval) -> Transform3D {
        let others = whole.from.keyframeInterpolated(to: whole.to, fraction: motion.fraction(at: t))
        return LayerProperty.rotationZ.property.write(motion.heading(at: t, offset: offset), into: others) as? Transform3D ?? others
    }

    var duration: TimeInterval { motion.duration }
    var easing: Easing { motion.easing }
    var from: any AnimatableValue { transform(at: 0) }
    var to: any AnimatableValue { transform(at: motion.duration) }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue { keyframes.value(at: t) }
    func exactValue(at t: TimeInterval) -> any AnimatableValue { transform(at: t) }
    func progress(at t: TimeInterval) -> Double { motion.fraction(at: t) }

    /// The matrix's entries' rates of change, by a central difference over a microsecond.
    func velocity(at t: TimeInterval) -> SIMD16<Double> {
        guard t < motion.duration, motion.duration > 0 else { return .zero }
        let step = 1e-6
        let (before, after) = (transform(at: max(t - step, 0)).components, transform(at: t + step).components)
        let span = t + step - max(t - step, 0)
        var lanes = SIMD16<Double>.zero
        for index in 0..<Transform3D.componentCount { lanes[index] = (after[index] - before[index]) / span }
        return lanes
    }

    func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        FlightCore.firstTime(reaching: threshold, along: motion, keyframes: keyframes)
    }
}
