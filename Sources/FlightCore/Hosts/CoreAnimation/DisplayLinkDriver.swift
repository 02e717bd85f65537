#if canImport(QuartzCore) && (os(iOS) || os(tvOS) || os(visionOS))
import QuartzCore

/// Frames from a `CADisplayLink`, for a ``FrameScheduler`` on iOS, tvOS and visionOS.
///
/// The link runs only while the scheduler has something pending, asks for up to 120 Hz on
/// ProMotion displays, and is added to the common run-loop modes so that triggers keep firing
/// while a scroll view tracks a finger. It holds its target weakly through a proxy, so it never
/// keeps an animation alive. Everything that comes due in one frame fires inside one
/// `CATransaction`, which the changes of the groups it starts nest in.
@MainActor
public final class DisplayLinkDriver: FrameDriver {
    /// The scheduler it ticks.
    public let scheduler: FrameScheduler
    /// The frame rates asked for; the lower bound never exceeds the upper.
    public let frameRateRange: ClosedRange<Float>
    /// Whether the display link is running.
    public var isRunning: Bool { link != nil }

    private var link: CADisplayLink?
    private let proxy = DisplayLinkProxy()

    /// Drives `scheduler` with a display link asking for `frameRateRange` frames per second
    /// (60–120 by default; bounds are clamped into `1...120` and ordered).
    public init(scheduler: FrameScheduler, frameRateRange: ClosedRange<Float> = 60...120) {
        self.scheduler = scheduler
        let low = min(max(frameRateRange.lowerBound, 1), 120)
        let high = min(max(frameRateRange.upperBound, low), 120)
        self.frameRateRange = low...high
        proxy.driver = self
        // A scheduler that batches its frames already (a headless clock's) keeps its own way.
        if scheduler.frameTransaction == nil { scheduler.frameTransaction = CoreAnimationTransaction.performFrame }
        scheduler.driver = self
    }

    /// Starts or invalidates the display link.
    public func setActive(_ active: Bool) {
        if active {
            guard link == nil else { return }
            let link = CADisplayLink(target: proxy, selector: #selector(DisplayLinkProxy.frame(_:)))
            link.preferredFrameRateRange = CAFrameRateRange(
                minimum: frameRateRange.lowerBound, maximum: frameRateRange.upperBound,
                preferred: frameRateRange.upperBound)
            link.add(to: .main, forMode: .common)
            self.link = link
        } else {
            link?.invalidate()
            link = nil
        }
    }

    fileprivate func frame(at timestamp: CFTimeInterval) {
        scheduler.tick(at: timestamp)
    }
}

/// The display link's target: it forwards frames without retaining the driver. Display links
/// added to the main run loop call it on the main thread.
@MainActor
private final class DisplayLinkProxy: NSObject {
    weak var driver: DisplayLinkDriver?

    /// Ticks with `targetTimestamp`, the time of the frame about to be shown: Apple's
    /// documentation has apps use it (not `timestamp`, the frame already shown) to compute what
    /// to display, so events and pixels land on the same frame.
    @objc func frame(_ link: CADisplayLink) {
        driver?.frame(at: link.targetTimestamp)
    }
}
#endif
