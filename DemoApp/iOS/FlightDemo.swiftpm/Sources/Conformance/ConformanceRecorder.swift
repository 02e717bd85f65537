import FlightCore
import Foundation

/// The times of one run of a scenario: when its layers were set up, when each frame was sampled
/// and when each step ran, on the clock of the frame scheduler (media time on a device). A
/// headless run played on the same timeline evaluates its layers at the same layer times.
public struct ConformanceTimeline: Codable, Sendable, Hashable {
    /// When the layers got their starting values (before the first frame).
    public var setupTime: TimeInterval
    /// When each frame was sampled; the first is the scenario's time 0.
    public var frameTimes: [TimeInterval]
    /// When each step ran, in the scenario's step order.
    public var stepTimes: [TimeInterval]

    /// A timeline.
    public init(setupTime: TimeInterval, frameTimes: [TimeInterval], stepTimes: [TimeInterval]) {
        self.setupTime = setupTime
        self.frameTimes = frameTimes
        self.stepTimes = stepTimes
    }

    /// A timeline of `rate` Hz frames from `start` for `duration` seconds, whose steps run at the
    /// time of their frame: what a headless run on its own uses.
    public static func frames(rate: Double, duration: TimeInterval, start: TimeInterval = 1) -> ConformanceTimeline {
        let count = Int((duration * rate).rounded(.up)) + 1
        return ConformanceTimeline(
            setupTime: start - 1 / rate, frameTimes: (0..<count).map { start + Double($0) / rate }, stepTimes: [])
    }
}

/// Everything one run of a scenario showed: its timeline, every probe's value on every frame
/// (the value's components; nil where there was none) and the callbacks that fired.
public struct ConformanceRecording: Codable, Sendable, Hashable {
    /// The scenario's name.
    public var scenario: String
    /// When things happened.
    public var timeline: ConformanceTimeline
    /// By probe (in the scenario's order), then by frame: the components shown.
    public var samples: [[[Double]?]]
    /// The callbacks, with the frame each fired in.
    public var events: [ConformanceEvent]

    /// A recording.
    public init(scenario: String, timeline: ConformanceTimeline, samples: [[[Double]?]], events: [ConformanceEvent]) {
        self.scenario = scenario
        self.timeline = timeline
        self.samples = samples
        self.events = events
    }
}

/// Plays a scenario frame by frame on any host, in a fixed order within each frame: sample every
/// probe, let the frame scheduler fire what is due, then run the steps whose moment has come.
///
/// Sampling first means a frame shows only what was committed before it, on a device (where
/// `presentation()` is the layer tree as of the last commit) as on the headless host; the
/// scheduler fires next, so that triggers and group ends come in the same frame on both.
@MainActor
public final class ConformanceRecorder {
    /// The scenario played.
    public let scenario: ConformanceScenario
    /// Its targets.
    public let stage: ConformanceStage
    private let setupTime: TimeInterval
    private var frameTimes: [TimeInterval] = []
    private var stepTimes: [TimeInterval] = []
    private var samples: [[[Double]?]]

    /// Starts recording `scenario` on `stage`, whose layers got their starting values at
    /// `setupTime` (see ``ConformanceRecorder/setUp(_:on:)``).
    public init(_ scenario: ConformanceScenario, on stage: ConformanceStage, setupTime: TimeInterval) {
        self.scenario = scenario
        self.stage = stage
        self.setupTime = setupTime
        samples = scenario.probes.map { _ in [] }
    }

    /// Sets the starting model values and speeds of `scenario`'s layers on `hosts`.
    public static func setUp(_ scenario: ConformanceScenario, on hosts: [any AnimationHost]) {
        for (layer, host) in zip(scenario.layers, hosts) {
            host.performTogether {
                for (keyPath, value) in layer.values { _ = host.setModelValue(value, forKeyPath: keyPath) }
            }
        }
    }

    /// Whether every frame the scenario asks for has been played.
    public var isFinished: Bool {
        guard let first = frameTimes.first, let last = frameTimes.last else { return false }
        return last - first >= scenario.duration && stepTimes.count == scenario.steps.count
    }

    /// Plays one frame at `time`.
    ///
    /// - Parameters:
    ///   - time: The frame's time on the scheduler's clock.
    ///   - sample: The value shown of a key path of a target, at `time`.
    ///   - tick: Fires what is due on the frame scheduler by `time`.
    ///   - now: The scheduler's clock now, read just before each step runs.
    public func frame(
        at time: TimeInterval,
        sample: (_ target: any AnimationTarget, _ keyPath: String, _ time: TimeInterval) -> (any AnimatableValue)?,
        tick: (TimeInterval) -> Void,
        now: () -> TimeInterval
    ) {
        stage.frame = frameTimes.count
        frameTimes.append(time)
        for (index, probe) in scenario.probes.enumerated() {
            samples[index].append(sample(stage[probe.layer], probe.keyPath, time).map(Self.components))
        }
        tick(time)
        let start = frameTimes[0]
        while stepTimes.count < scenario.steps.count, scenario.steps[stepTimes.count].time <= time - start + 1e-9 {
            stepTimes.append(now())
            scenario.steps[stepTimes.count - 1].action(stage)
        }
    }

    /// What was recorded so far.
    public var recording: ConformanceRecording {
        ConformanceRecording(
            scenario: scenario.name,
            timeline: ConformanceTimeline(setupTime: setupTime, frameTimes: frameTimes, stepTimes: stepTimes),
            samples: samples, events: stage.events)
    }

    /// A value's components, as many as it uses.
    static func components(of value: any AnimatableValue) -> [Double] {
        func open<Value: AnimatableValue>(_ value: Value) -> [Double] {
            let components = value.components
            return (0..<Value.componentCount).map { components[$0] }
        }
        return open(value)
    }
}

/// Plays scenarios on ``HeadlessLayer``s driven by a ``ManualClock``.
public enum HeadlessConformance {
    /// Plays `scenario` on headless layers along `timeline`: layers set up at its setup time, each
    /// frame sampled at its time (at the layer's own time, through its ``HeadlessLayer/speed``),
    /// the clock then advanced to it, each step run at its recorded time (or at its frame's,
    /// where the timeline has none).
    @MainActor
    public static func play(_ scenario: ConformanceScenario, along timeline: ConformanceTimeline) -> ConformanceRecording {
        let clock = ManualClock(start: timeline.setupTime)
        let layers = scenario.layers.map { setup -> HeadlessLayer in
            let layer = HeadlessLayer(clock: clock, name: setup.name)
            layer.speed = setup.speed
            return layer
        }
        ConformanceRecorder.setUp(scenario, on: layers)
        let stage = ConformanceStage(targets: layers)
        let recorder = ConformanceRecorder(scenario, on: stage, setupTime: timeline.setupTime)
        var steps = timeline.stepTimes.makeIterator()
        for time in timeline.frameTimes {
            recorder.frame(
                at: time,
                sample: { target, keyPath, time in
                    guard let layer = target as? HeadlessLayer else { return nil }
                    return layer.presentationValue(forKeyPath: keyPath, at: layer.localTime(atClockTime: time))
                },
                tick: { clock.advance(to: $0) },
                now: {
                    if let time = steps.next() { clock.advance(to: time) }
                    return clock.now
                })
        }
        return recorder.recording
    }
}
