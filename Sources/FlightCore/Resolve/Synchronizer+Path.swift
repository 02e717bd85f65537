import FlightEasing
import Foundation

extension Synchronizer {
    /// The motion a path plan asks for, from its origin, for `duration` (timing curves).
    private static func pathMotion(_ request: Request, _ path: PathPlan, duration: TimeInterval) throws -> PathMotion {
        try PathMotion(path: path.path, from: path.origin ?? path.path.start, easing: request.plan.easing,
                       duration: duration, initialVelocity: path.originVelocity, tolerance: path.positionTolerance)
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

/// The first time the fraction of the way travelled, `progress`, reaches `threshold` (from
/// below for a positive one, from above for a negative one), to a tenth of a microsecond; nil if
/// it never does within `duration`.
private func firstTime(
    reaching threshold: Double, duration: TimeInterval, progress: (TimeInterval) -> Double
) -> TimeInterval? {
    guard threshold.isFinite else { return nil }
    if threshold == 0 { return 0 }
    func reached(_ value: Double) -> Bool { threshold > 0 ? value >= threshold : value <= threshold }
    guard duration > 0 else { return threshold > 0 && threshold <= 1 ? 0 : nil }
    let steps = 512
    var previous = 0.0
    for step in 0...steps {
        let t = duration * Double(step) / Double(steps)
        if reached(progress(t)) {
            var (low, high) = (previous, t)
            while high - low > 1e-7 {
                let middle = (low + high) / 2
                guard middle > low && middle < high else { break }
                if reached(progress(middle)) { high = middle } else { low = middle }
            }
            return high
        }
        previous = t
    }
    return nil
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
        FlightCore.firstTime(reaching: threshold, duration: motion.duration) { motion.fraction(at: $0) }
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
        FlightCore.firstTime(reaching: threshold, duration: motion.duration) { motion.fraction(at: $0) }
    }
}
