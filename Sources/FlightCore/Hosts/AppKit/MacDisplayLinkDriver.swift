#if canImport(AppKit) && canImport(CoreVideo) && !targetEnvironment(macCatalyst)
import AppKit
import CoreVideo
import QuartzCore

/// Frames for a ``FrameScheduler`` on macOS: the screen's display link on macOS 14 and later,
/// a `CVDisplayLink` whose callbacks hop to the main thread before. Like the iOS driver, it runs
/// only while the scheduler has something pending and runs in the common run-loop modes.
@MainActor
public final class MacDisplayLinkDriver: FrameDriver {
    /// The scheduler it ticks.
    public let scheduler: FrameScheduler
    /// Whether a display link is running.
    public var isRunning: Bool { displayLink != nil || videoLink != nil }

    private var displayLink: AnyObject?
    nonisolated(unsafe) private var videoLink: CVDisplayLink?
    private let proxy = MacDisplayLinkProxy()

    /// Drives `scheduler` with the main screen's display link.
    public init(scheduler: FrameScheduler) {
        self.scheduler = scheduler
        proxy.driver = self
        scheduler.driver = self
    }

    deinit {
        if let videoLink { CVDisplayLinkStop(videoLink) }
    }

    /// Starts or stops the display link.
    public func setActive(_ active: Bool) {
        if active {
            guard !isRunning else { return }
            if #available(macOS 14.0, *), let screen = NSScreen.main {
                let link = screen.displayLink(target: proxy, selector: #selector(MacDisplayLinkProxy.frame(_:)))
                link.add(to: .main, forMode: .common)
                displayLink = link
            } else {
                startVideoLink()
            }
        } else {
            if #available(macOS 14.0, *), let link = displayLink as? CADisplayLink { link.invalidate() }
            displayLink = nil
            if let videoLink { CVDisplayLinkStop(videoLink) }
            videoLink = nil
        }
    }

    fileprivate func frame(at time: CFTimeInterval) {
        scheduler.tick(at: time)
    }

    private func startVideoLink() {
        var link: CVDisplayLink?
        guard CVDisplayLinkCreateWithActiveCGDisplays(&link) == kCVReturnSuccess, let link else { return }
        CVDisplayLinkSetOutputHandler(link, Self.outputHandler(forwardingTo: proxy))
        CVDisplayLinkStart(link)
        videoLink = link
    }

    /// The `CVDisplayLink` callback. CoreVideo calls it on its own thread, so it is made outside
    /// any actor: a closure written inside this main-actor class would be main-actor isolated in
    /// Swift 6 and trap when called there. It hops to the main thread and ticks there.
    private nonisolated static func outputHandler(
        forwardingTo proxy: MacDisplayLinkProxy
    ) -> CVDisplayLinkOutputHandler {
        { _, _, _, _, _ in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { proxy.driver?.frame(at: CACurrentMediaTime()) }
            }
            return kCVReturnSuccess
        }
    }
}

/// The display link's target: it forwards frames without retaining the driver. Display links
/// added to the main run loop call it on the main thread.
@MainActor
private final class MacDisplayLinkProxy: NSObject {
    weak var driver: MacDisplayLinkDriver?

    /// Ticks with the frame's target time on macOS 14 and later (see ``DisplayLinkDriver``).
    @objc func frame(_ link: AnyObject) {
        if #available(macOS 14.0, *), let link = link as? CADisplayLink {
            driver?.frame(at: link.targetTimestamp)
        } else {
            driver?.frame(at: CACurrentMediaTime())
        }
    }
}
#endif
