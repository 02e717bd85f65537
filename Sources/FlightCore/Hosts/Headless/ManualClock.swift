import Foundation

/// A clock that moves only when told to, for tests and offline rendering: time is exact and
/// nothing waits on the wall clock. Each advance is one frame, handed to its ``scheduler`` only
/// while something is pending, as a display link that pauses when idle would. A
/// ``DispatchTimerDriver`` can advance it in real time.
///
/// ```swift
/// let clock = ManualClock()
/// let layer = HeadlessLayer(clock: clock)
/// layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(0.5) }
/// clock.advance(by: 1.0 / 60)      // one 60 Hz frame
/// ```
///
/// When time advances, the scheduler fires what came due (triggers, group ends, layer
/// animations ending) in order.
@MainActor
public final class ManualClock {
    /// The current time in seconds.
    public private(set) var now: TimeInterval
    /// The scheduler for animation events on layers using this clock.
    public let scheduler: FrameScheduler
    /// Whether the scheduler wants frames (something is pending).
    public var isActive: Bool { scheduler.isActive }

    /// Creates a clock at `start` seconds.
    public init(start: TimeInterval = 0) {
        now = start
        scheduler = FrameScheduler(startingAt: start)
    }

    /// Moves time forward by `interval` seconds (negative or non-finite intervals are ignored):
    /// one frame.
    public func advance(by interval: TimeInterval) {
        guard interval.isFinite, interval > 0 else { return }
        advance(to: now + interval)
    }

    /// Moves time forward to `time` (earlier times are ignored): one frame, handled by the
    /// scheduler if anything is pending.
    public func advance(to time: TimeInterval) {
        guard time.isFinite, time >= now else { return }
        now = time
        if scheduler.isActive { scheduler.tick(at: now) }
    }

    /// Whether anything on this clock is waiting for a moment to come.
    public var hasPendingEvents: Bool { scheduler.hasPendingEvents }
}
