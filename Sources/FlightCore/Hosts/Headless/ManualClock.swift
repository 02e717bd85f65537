import Foundation

/// A clock that moves only when told to, for tests and offline rendering: time is exact and
/// nothing waits on the wall clock.
///
/// ```swift
/// let clock = ManualClock()
/// let layer = HeadlessLayer(clock: clock)
/// layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(0.5) }
/// clock.advance(by: 1.0 / 60)      // one 60 Hz frame
/// ```
///
/// When time advances, every animation event that has come due on the layers using this clock
/// (a group ending, say) is handled in the order of the moments they were due, with ``now`` set
/// to the new time, as a display frame would.
@MainActor
public final class ManualClock {
    /// The current time in seconds.
    public private(set) var now: TimeInterval
    /// How many times ``advance(by:)`` or ``advance(to:)`` found something to do.
    public private(set) var busyTicks = 0

    private var subscribers: [WeakSubscriber] = []

    /// Creates a clock at `start` seconds.
    public init(start: TimeInterval = 0) {
        now = start
    }

    /// Moves time forward by `interval` seconds (negative or non-finite intervals are ignored)
    /// and handles what came due.
    public func advance(by interval: TimeInterval) {
        guard interval.isFinite, interval > 0 else { return }
        advance(to: now + interval)
    }

    /// Moves time forward to `time` (earlier times are ignored) and handles what came due.
    public func advance(to time: TimeInterval) {
        guard time.isFinite, time >= now else { return }
        now = time
        subscribers.removeAll { $0.subscriber == nil }
        var handledAny = false
        // Handle due events one at a time, earliest first, so that handlers that start new
        // animations see a consistent state.
        while let (subscriber, _) = earliestDue() {
            subscriber.handleEarliestDueEvent()
            handledAny = true
        }
        if handledAny { busyTicks += 1 }
    }

    /// Whether anything on this clock is waiting for a moment to come.
    public var hasPendingEvents: Bool {
        subscribers.contains { $0.subscriber?.nextEventTime != nil }
    }

    func subscribe(_ subscriber: any ClockSubscriber) {
        if !subscribers.contains(where: { $0.subscriber === subscriber }) {
            subscribers.append(WeakSubscriber(subscriber: subscriber))
        }
    }

    private func earliestDue() -> (any ClockSubscriber, TimeInterval)? {
        var best: (any ClockSubscriber, TimeInterval)?
        for entry in subscribers {
            guard let subscriber = entry.subscriber, let time = subscriber.nextEventTime, time <= now else { continue }
            if best == nil || time < best!.1 { best = (subscriber, time) }
        }
        return best
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
