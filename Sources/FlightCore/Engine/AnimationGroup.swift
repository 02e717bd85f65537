import Foundation

/// A group animation that was started: what callbacks receive, and a handle to ask about it.
@MainActor
public final class AnimationGroup {
    /// The resolved group: durations, motions and keyframes.
    public let resolved: ResolvedGroup
    /// The host's time at which the group began.
    public let beginTime: TimeInterval
    /// The key the group was added to its host under.
    public let key: String
    /// Whether the group has ended (ran to the end, or was replaced or removed).
    public internal(set) var hasEnded = false
    /// Whether it ran to the end; false while running and when it was cut short.
    public internal(set) var finished = false

    let plan: AnimationPlan
    /// Its pending triggers and end, cancelled if it is cut short.
    var events: [ScheduledEvent] = []
    /// The key paths this group still drives; a later group takes over the ones it animates too.
    var ownedKeyPaths: [String]
    var didStartFire = false
    /// The bookkeeping of the host the group plays on; nil once the target has been released.
    weak var state: AnimationState?

    /// Whether the target the group plays on still exists.
    var isTargetAlive: Bool { state != nil }

    init(resolved: ResolvedGroup, plan: AnimationPlan, beginTime: TimeInterval, key: String) {
        self.resolved = resolved
        self.plan = plan
        self.beginTime = beginTime
        self.key = key
        ownedKeyPaths = resolved.properties.map(\.keyPath)
    }

    /// The group's duration in seconds.
    public var duration: TimeInterval { resolved.duration }

    /// The key paths it animates.
    public var keyPaths: [String] { resolved.properties.map(\.keyPath) }

    /// The resolved property for a key path.
    public func property(_ keyPath: String) -> ResolvedProperty? {
        resolved.properties.first { $0.keyPath == keyPath }
    }

    /// Elapsed time over duration at the host time `time`, clamped into `0...1` (1 for an empty
    /// or instantaneous group).
    public func timeProgress(at time: TimeInterval) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((time - beginTime) / duration, 0), 1)
    }

    /// The offset from ``beginTime`` at which a trigger's moment comes, or nil if it never does.
    public func offset(of moment: TriggerPlan.Moment) -> TimeInterval? {
        switch moment {
        case .start:
            return 0
        case .completion:
            return duration
        case .timeProgress(let fraction):
            guard fraction.isFinite else { return nil }
            return min(max(fraction, 0), 1) * duration
        case .valueProgress(let fraction):
            guard let keyPath = resolved.drivingKeyPath, let property = property(keyPath) else {
                // Nothing moves: value progress is time progress.
                guard fraction.isFinite, fraction >= 0, fraction <= 1 else { return nil }
                return fraction * duration
            }
            return property.firstTime(reachingProgress: fraction)
        }
    }

    /// The value progress of the driving property at host time `time` (see
    /// ``ResolvedGroup/drivingKeyPath``); time progress when nothing drives it.
    public func valueProgress(at time: TimeInterval) -> Double {
        guard let keyPath = resolved.drivingKeyPath, let property = property(keyPath) else {
            return timeProgress(at: time)
        }
        return property.progress(at: time - beginTime)
    }

    func fireStart() {
        guard !didStartFire else { return }
        didStartFire = true
        plan.didStart?(self)
    }

    func fireStop(finished: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        // A group cut short cancels its pending triggers; one that ran to its end still fires
        // its completion triggers, which come after the end in the same frame.
        if !finished {
            for event in events { event.cancel() }
        }
        events.removeAll()
        self.finished = finished
        fireStart()
        if !finished { plan.didCancel?(self) }
        plan.didStop?(self, finished)
    }
}
