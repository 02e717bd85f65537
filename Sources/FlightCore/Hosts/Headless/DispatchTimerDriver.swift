import Dispatch
import Foundation

/// Real-time frames without a display: a Dispatch timer on the main queue advances a
/// ``ManualClock`` by the monotonic time that has passed, for headless use off Apple platforms
/// (rendering on a server, a command-line tool). Like a display link, it runs only while the
/// clock's scheduler has something pending.
///
/// ```swift
/// let clock = ManualClock()
/// let driver = DispatchTimerDriver(clock: clock, framesPerSecond: 60)
/// let layer = HeadlessLayer(clock: clock)
/// layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(0.5) }   // the timer starts
/// ```
///
/// The driver must be kept alive (the scheduler holds it weakly) and the main queue must be
/// serviced (`dispatchMain()` or a run loop).
@MainActor
public final class DispatchTimerDriver: FrameDriver {
    /// The clock it advances.
    public let clock: ManualClock
    /// The frame interval in seconds.
    public let interval: TimeInterval
    /// Whether the timer is running.
    public var isRunning: Bool { timer != nil }

    // Not isolated so that deinit can cancel it; only touched on the main actor otherwise.
    nonisolated(unsafe) private var timer: (any DispatchSourceTimer)?
    /// Monotonic nanoseconds and clock time when the timer started.
    private var origin: (uptime: UInt64, clock: TimeInterval) = (0, 0)

    /// Drives `clock` at `framesPerSecond` (clamped into `1...240`; 60 when not finite).
    public init(clock: ManualClock, framesPerSecond: Double = 60) {
        self.clock = clock
        let rate = framesPerSecond.isFinite ? min(max(framesPerSecond, 1), 240) : 60
        interval = 1 / rate
        clock.scheduler.driver = self
    }

    deinit {
        timer?.cancel()
    }

    /// Starts or stops the timer.
    public func setActive(_ active: Bool) {
        if active {
            guard timer == nil else { return }
            origin = (DispatchTime.now().uptimeNanoseconds, clock.now)
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .microseconds(500))
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.frame() }
            }
            timer.resume()
            self.timer = timer
        } else {
            timer?.cancel()
            timer = nil
        }
    }

    private func frame() {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- origin.uptime) / 1e9
        clock.advance(to: origin.clock + elapsed)
    }
}
