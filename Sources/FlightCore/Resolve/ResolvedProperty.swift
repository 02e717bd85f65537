import Foundation

/// One property of a resolved group: its exact motion and the keyframes that stand for it.
public struct ResolvedProperty: Sendable {
    /// The key path.
    public let keyPath: String
    /// Whether it was declared primary.
    public let isPrimary: Bool
    private let storage: any MotionStorage

    init<Value: AnimatableValue>(keyPath: String, isPrimary: Bool, motion: ValueMotion<Value>, keyframes: Keyframes<Value>) {
        self.keyPath = keyPath
        self.isPrimary = isPrimary
        storage = TypedMotionStorage(motion: motion, keyframes: keyframes)
    }

    /// How long this property animates within its group, in seconds.
    public var duration: TimeInterval { storage.duration }
    /// The easing.
    public var easing: Easing { storage.easing }
    /// The value it starts from (the presentation value when it was resolved).
    public var from: any AnimatableValue { storage.from }
    /// The value it ends at.
    public var to: any AnimatableValue { storage.to }
    /// Key times of its keyframes, fractions of ``duration``.
    public var keyTimes: [Double] { storage.keyTimes }
    /// Its keyframe values.
    public var keyframeValues: [any AnimatableValue] { storage.keyframeValues }

    /// The value shown `t` seconds after the group began: the keyframes played back linearly,
    /// holding the end value after ``duration``.
    public func value(at t: TimeInterval) -> any AnimatableValue { storage.keyframeValue(at: t) }

    /// The exact value `t` seconds after the group began (the curve the keyframes stand for).
    public func exactValue(at t: TimeInterval) -> any AnimatableValue { storage.exactValue(at: t) }

    /// The exact velocity per component in value units per second, in the first lanes.
    public func velocity(at t: TimeInterval) -> SIMD16<Double> { storage.velocity(at: t) }

    /// The value progress at `t`: the signed projection of `value − from` on `to − from` (time
    /// progress when `from == to`); springs can pass 1.
    public func progress(at t: TimeInterval) -> Double { storage.progress(at: t) }

    /// The first time, in seconds after the group began, at which the keyframes CoreAnimation
    /// plays reach value progress `threshold`: from below for a positive threshold, from above
    /// for a negative one, at 0 for 0. Solved exactly on the keyframes (progress is linear
    /// between them). Nil when the motion never gets there.
    public func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        storage.firstTime(reachingProgress: threshold)
    }
}

protocol MotionStorage: Sendable {
    var duration: TimeInterval { get }
    var easing: Easing { get }
    var from: any AnimatableValue { get }
    var to: any AnimatableValue { get }
    var keyTimes: [Double] { get }
    var keyframeValues: [any AnimatableValue] { get }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue
    func exactValue(at t: TimeInterval) -> any AnimatableValue
    func velocity(at t: TimeInterval) -> SIMD16<Double>
    func progress(at t: TimeInterval) -> Double
    func firstTime(reachingProgress threshold: Double) -> TimeInterval?
}

private struct TypedMotionStorage<Value: AnimatableValue>: MotionStorage {
    let motion: ValueMotion<Value>
    let keyframes: Keyframes<Value>

    var duration: TimeInterval { motion.duration }
    var easing: Easing { motion.easing }
    var from: any AnimatableValue { motion.from }
    var to: any AnimatableValue { motion.to }
    var keyTimes: [Double] { keyframes.keyTimes }
    var keyframeValues: [any AnimatableValue] { keyframes.values }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue { keyframes.value(at: t) }
    func exactValue(at t: TimeInterval) -> any AnimatableValue { motion.value(at: t) }
    func progress(at t: TimeInterval) -> Double { motion.progress(at: t) }

    func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        guard threshold.isFinite else { return nil }
        if threshold == 0 { return 0 }
        let duration = motion.duration
        let delta = motion.to.components - motion.from.components
        let lengthSquared = (delta * delta).sum()
        guard duration > 0, motion.from.distance(to: motion.to) > 0 else {
            // Nothing moves: progress is time progress, which never leaves 0...1.
            guard threshold > 0, threshold <= 1 else { return nil }
            return threshold * duration
        }
        func progress(at index: Int) -> Double {
            if Value.Path.isComponentwise && lengthSquared > 0 {
                return ((keyframes.values[index].components - motion.from.components) * delta).sum() / lengthSquared
            }
            return motion.progress(at: keyframes.keyTimes[index] * duration)
        }
        func reached(_ value: Double) -> Bool { threshold > 0 ? value >= threshold : value <= threshold }
        var previous = progress(at: 0)
        if reached(previous) { return 0 }
        for index in 1..<keyframes.count {
            let current = progress(at: index)
            if reached(current) {
                let (t0, t1) = (keyframes.keyTimes[index - 1] * duration, keyframes.keyTimes[index] * duration)
                return t0 + (threshold - previous) / (current - previous) * (t1 - t0)
            }
            previous = current
        }
        return nil
    }

    func velocity(at t: TimeInterval) -> SIMD16<Double> {
        guard t < motion.duration else { return .zero }
        let components = motion.velocity(at: max(t, 0))
        var result = SIMD16<Double>.zero
        for index in 0..<Value.componentCount { result[index] = components[index] }
        return result
    }
}

/// A group resolved against its target: every property's motion and keyframes, and the group's
/// duration. This is what a host plays.
public struct ResolvedGroup: Sendable {
    /// The group's duration in seconds: what the timing priority chose, grown to fit any spring.
    public let duration: TimeInterval
    /// The properties, in declaration order.
    public let properties: [ResolvedProperty]
    /// The property whose progress is the group's value progress: the primary one that decided
    /// the duration, else the one the timing priority picked (the first declared on a tie), or
    /// nil for a group with nothing to move.
    public let drivingKeyPath: String?
}
