import FlightCore
import QuartzCore
import UIKit

/// Plays every conformance scenario on real views and compares each frame with the headless
/// host: the scenario's layers become `UIView`s on `stage`, a display link samples their
/// `layer.presentation()` on every frame, and when a scenario has run its course the same
/// scenario is played on ``HeadlessLayer``s along the same timeline (the same frame and step
/// times, in the same layer time) and the two are compared (``ConformanceComparison``).
///
/// While it runs, the display link also drives Flight's frame scheduler
/// (``CoreAnimationFrames/scheduler``) in place of Flight's own, so that within a frame the
/// order is fixed: sample, fire what is due (triggers, group ends), then run the steps. The
/// headless run keeps the same order. Flight's display link gets the scheduler back at the end.
@MainActor
final class ConformanceRunner: NSObject, FrameDriver {
    /// Where the scenarios' views are placed.
    let stage: UIView
    /// Called after each scenario, with the report so far and what runs next.
    var onProgress: ((ConformanceReport, String) -> Void)?
    /// Called once at the end, with the report and where its JSON was written (nil if writing
    /// failed).
    var onFinish: ((ConformanceReport, URL?) -> Void)?
    private(set) var isRunning = false

    private var link: CADisplayLink?
    private var pending: [ConformanceScenario] = []
    private var current: (scenario: ConformanceScenario, views: [UIView], recorder: ConformanceRecorder)?
    private var report = ConformanceReport(platform: ConformanceRunner.platform)

    init(stage: UIView) {
        self.stage = stage
    }

    /// Where the JSON report goes: `Documents/flight-conformance.json` in the app's container.
    static var reportURL: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("flight-conformance.json")
    }

    /// The system, the device model, and whether it is a simulator.
    static var platform: String {
        let device = UIDevice.current
        #if targetEnvironment(simulator)
        let model = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] ?? device.model
        return "\(device.systemName) \(device.systemVersion) simulator, \(model)"
        #else
        return "\(device.systemName) \(device.systemVersion), \(device.model)"
        #endif
    }

    /// Runs every scenario, one after the other.
    func start() {
        guard !isRunning else { return }
        isRunning = true
        report = ConformanceReport(platform: Self.platform)
        pending = ConformanceScenarios.all
        // Flight's display link is made once (`CoreAnimationFrames.driver`); stop it and drive
        // the scheduler from this link instead.
        CoreAnimationFrames.driver.setActive(false)
        CoreAnimationFrames.scheduler.driver = self
        let link = CADisplayLink(target: self, selector: #selector(frame(_:)))
        // Up to 120 Hz where the display has it (ProMotion; on an iPhone only with
        // `CADisableMinimumFrameDurationOnPhone` in the Info.plist, which this app sets).
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)
        link.add(to: .main, forMode: .common)
        self.link = link
        setUpNext()
    }

    /// The link runs for the whole run, whatever the scheduler has pending.
    func setActive(_ active: Bool) {}

    /// Places the next scenario's views and sets their starting values; its first frame is
    /// the next display-link frame, once that setup has been committed.
    private func setUpNext() {
        guard !pending.isEmpty else { return finish() }
        let scenario = pending.removeFirst()
        let views = scenario.layers.map { setup -> UIView in
            let view = UIView()
            view.isUserInteractionEnabled = false
            view.layer.speed = Float(setup.speed)
            stage.addSubview(view)
            return view
        }
        ConformanceRecorder.setUp(scenario, on: views.map(\.animationHost))
        let recorder = ConformanceRecorder(
            scenario, on: ConformanceStage(targets: views), setupTime: CACurrentMediaTime())
        current = (scenario, views, recorder)
    }

    @objc private func frame(_ link: CADisplayLink) {
        guard let current else { return }
        current.recorder.frame(
            at: CACurrentMediaTime(),
            sample: { target, keyPath, _ in target.animationHost.presentationValue(forKeyPath: keyPath) },
            tick: { CoreAnimationFrames.scheduler.tick(at: $0) },
            now: { CACurrentMediaTime() })
        guard current.recorder.isFinished else { return }
        let device = current.recorder.recording
        let headless = HeadlessConformance.play(current.scenario, along: device.timeline)
        report.add(current.scenario, device: device, headless: headless)
        for view in current.views {
            view.stopAnimations()
            view.removeFromSuperview()
        }
        self.current = nil
        onProgress?(report, pending.first?.name ?? "")
        setUpNext()
    }

    private func finish() {
        link?.invalidate()
        link = nil
        CoreAnimationFrames.scheduler.driver = CoreAnimationFrames.driver
        isRunning = false
        var written: URL? = Self.reportURL
        do {
            try report.json().write(to: Self.reportURL, options: .atomic)
            print("FlightConformance: report written to \(Self.reportURL.path)")
        } catch {
            print("FlightConformance: could not write \(Self.reportURL.path): \(error)")
            written = nil
        }
        print(report.summary)
        onFinish?(report, written)
    }
}
