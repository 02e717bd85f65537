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
/// animations ending) in order, all inside one headless transaction, as a display link's frame
/// fires them inside one `CATransaction`.
///
/// By default the layers on a clock show every change at once. A clock made with
/// ``DeviceBehaviors`` makes them behave as CoreAnimation does on a device instead, so that a test
/// sees what a device would show (see <doc:OnADevice>):
///
/// ```swift
/// let clock = ManualClock(deviceBehaviors: .device)
/// ```
@MainActor
public final class ManualClock {
    /// Ways in which CoreAnimation on a device differs from the simple default, each opt-in.
    public struct DeviceBehaviors: OptionSet, Sendable, Hashable {
        public let rawValue: Int

        /// Creates a set from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A layer's presentation shows the layer tree as of the last commit: model values set
        /// and animations added since then are not on screen yet, and before its first commit a
        /// layer's presentation is its model (CoreAnimation's `presentation()` is nil then). The
        /// clock commits at the end of every frame, after the scheduler has fired what came due,
        /// as the run loop commits the implicit transaction before the frame is rendered; call
        /// ``ManualClock/commit()`` to commit between frames.
        public static let commitLag = DeviceBehaviors(rawValue: 1 << 0)
        /// An animation removed from a layer reports it (its completion with `false`, or to
        /// Flight, ``AnimationHost/animationWasRemoved(forKey:)``) at the next commit, not during
        /// the call that removed it, as `CAAnimationDelegate.animationDidStop(_:finished:)` does.
        public static let asynchronousRemovalCallbacks = DeviceBehaviors(rawValue: 1 << 1)
        /// Every behaviour above.
        public static let device: DeviceBehaviors = [.commitLag, .asynchronousRemovalCallbacks]
    }

    // `now` and `pendingReports` are main-actor state read at every frame; no access to them is
    // held across a call out (reports run from a copy), so the run-time exclusivity check is
    // left out.
    /// The current time in seconds.
    @exclusivity(unchecked) public private(set) var now: TimeInterval
    /// The scheduler for animation events on layers using this clock.
    public let scheduler: FrameScheduler
    /// How the clock's layers depart from showing every change at once.
    public let deviceBehaviors: DeviceBehaviors
    /// Whether the scheduler wants frames (something is pending).
    public var isActive: Bool { scheduler.isActive }

    private var layers: [WeakLayer] = []
    @exclusivity(unchecked) private var pendingReports: [@MainActor () -> Void] = []

    private struct WeakLayer {
        weak var layer: HeadlessLayer?
    }

    /// Creates a clock at `start` seconds whose layers behave as `deviceBehaviors` says (none by
    /// default: every change shows at once).
    public init(start: TimeInterval = 0, deviceBehaviors: DeviceBehaviors = []) {
        now = start
        scheduler = FrameScheduler(startingAt: start)
        scheduler.frameTransaction = HeadlessTransaction.perform
        self.deviceBehaviors = deviceBehaviors
    }

    /// Moves time forward by `interval` seconds (negative or non-finite intervals are ignored):
    /// one frame.
    public func advance(by interval: TimeInterval) {
        guard interval.isFinite, interval > 0 else { return }
        advance(to: now + interval)
    }

    /// Moves time forward to `time` (earlier times are ignored): one frame, handled by the
    /// scheduler if anything is pending, then committed.
    public func advance(to time: TimeInterval) {
        guard time.isFinite, time >= now else { return }
        now = time
        if scheduler.isActive { scheduler.tick(at: now) }
        commit()
    }

    /// Whether anything on this clock is waiting for a moment to come.
    public var hasPendingEvents: Bool { scheduler.hasPendingEvents }

    /// Commits the layer tree, as the end of a run-loop turn commits CoreAnimation's implicit
    /// transaction: with ``DeviceBehaviors/commitLag`` every layer's presentation now shows what
    /// was set and added before; with ``DeviceBehaviors/asynchronousRemovalCallbacks`` removals
    /// made since the last commit are reported now, in the order they happened.
    public func commit() {
        if deviceBehaviors.contains(.commitLag) {
            layers.removeAll { $0.layer == nil }
            for entry in layers { entry.layer?.commitPresentation() }
        }
        guard !pendingReports.isEmpty else { return }
        // Reports may remove more animations; those are reported at the next commit.
        let reports = pendingReports
        pendingReports.removeAll()
        for report in reports { report() }
    }

    /// Simulates the app moving to the background: as CoreAnimation does then, every animation
    /// that is removed on completion is removed from every layer on this clock and reports that it
    /// did not finish. Flight's own animations are not removed on completion, so they survive.
    public func simulateEnteringBackground() {
        layers.removeAll { $0.layer == nil }
        for entry in layers { entry.layer?.removeAnimationsRemovedOnCompletion(includingSublayers: false) }
    }

    func register(_ layer: HeadlessLayer) {
        layers.append(WeakLayer(layer: layer))
    }

    /// Delivers a removal report as the clock's behaviours say: now, or at the next commit.
    func deliverRemovalReport(_ report: @escaping @MainActor () -> Void) {
        if deviceBehaviors.contains(.asynchronousRemovalCallbacks) {
            pendingReports.append(report)
        } else {
            report()
        }
    }
}
