import Foundation

/// A clock that moves only when told to, for tests and offline rendering: time is exact and
/// nothing waits on the wall clock. It is also the frame driver of its ``scheduler``: each
/// advance is one frame, delivered only while something is pending, as a display link that
/// pauses when idle would.
///
/// ```swift
/// let clock = ManualClock()
/// let layer = HeadlessLayer(clock: clock)
/// layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(0.5) }
/// clock.advance(by: 1.0 / 60)      // one 60 Hz frame
/// ```
///
/// When time advances, the scheduler fires the triggers and group ends that came due, then the
/// layers on this clock finish the animations that ended, each in the order they were due.
@MainActor
public final class ManualClock: FrameDriver {
    /// The current time in seconds.
    public private(set) var now: TimeInterval
    /// The scheduler for animation events on layers using this clock.
    public let scheduler: FrameScheduler
    /// Whether the scheduler has asked for frames (something is pending).
    public private(set) var isActive = false

    private var subscribers: [WeakSubscriber] = []

    /// Creates a clock at `start` seconds.
    public init(start: TimeInterval = 0) {
        now = start
        scheduler = FrameScheduler(startingAt: start)
        scheduler.driver = self
    }

    /// Moves time forward by `interval` seconds (negative or non-finite intervals are ignored):
    /// one frame.
    public func advance(by interval: TimeInterval) {
        guard interval.isFinite, interval > 0 else { return }
        advance(to: now + interval)
    }

    /// Moves time forward to `time` (earlier times are ignored): one frame.
    public func advance(to time: TimeInterval) {
        guard time.isFinite, time >= now else { return }
        now = time
        if isActive { scheduler.tick(at: now) }
        subscribers.removeAll { $0.subscriber == nil }
        // Layer events (animations ending) one at a time, earliest first, so that handlers
        // that start new animations see a consistent state.
        while let subscriber = earliestDue() {
            subscriber.handleEarliestDueEvent()
        }
    }

    /// Whether anything on this clock is waiting for a moment to come.
    public var hasPendingEvents: Bool {
        scheduler.hasPendingEvents || subscribers.contains { $0.subscriber?.nextEventTime != nil }
    }

    /// Called by the scheduler: whether frames are needed.
    public func setActive(_ active: Bool) {
        isActive = active
    }

    func subscribe(_ subscriber: any ClockSubscriber) {
        if !subscribers.contains(where: { $0.subscriber === subscriber }) {
            subscribers.append(WeakSubscriber(subscriber: subscriber))
        }
    }

    private func earliestDue() -> (any ClockSubscriber)? {
        var best: (any ClockSubscriber, TimeInterval)?
        for entry in subscribers {
            guard let subscriber = entry.subscriber, let time = subscriber.nextEventTime, time <= now else { continue }
            if best == nil || time < best!.1 { best = (subscriber, time) }
        }
        return best?.0
    }

    private struct WeakSubscriber {
        weak var subscriber: (any ClockSubscriber)?
    }
}

/// Something with timed events on a ``ManualClock``.
@MainActor
protocol ClockSubscriber: AnyObject {
    /// The earliest moment something is due, or nil.
    var nextEventTime: TimeInterval? { get }
    /// Handles its earliest due event, and only that one.
    func handleEarliestDueEvent()
}
