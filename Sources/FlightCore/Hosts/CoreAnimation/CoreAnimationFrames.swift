#if canImport(QuartzCore)
import ObjectiveC
import QuartzCore

/// The frame scheduler every CoreAnimation host shares, and the display link that drives it.
@MainActor
public enum CoreAnimationFrames {
    /// The shared scheduler, in `CACurrentMediaTime()` seconds.
    public static let scheduler: FrameScheduler = {
        let scheduler = FrameScheduler(startingAt: CACurrentMediaTime())
        // Everything due in one frame commits in one transaction, on iOS and macOS alike.
        scheduler.frameTransaction = CoreAnimationTransaction.performFrame
        return scheduler
    }()

    #if os(iOS) || os(tvOS) || os(visionOS)
    /// The display link driving ``scheduler``.
    public static let driver = DisplayLinkDriver(scheduler: scheduler)
    #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
    /// The display link driving ``scheduler``.
    public static let driver = MacDisplayLinkDriver(scheduler: scheduler)
    #endif
}
#endif
