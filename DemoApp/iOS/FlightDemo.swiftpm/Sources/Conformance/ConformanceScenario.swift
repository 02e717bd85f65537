import FlightCore
import Foundation

// The conformance scenarios are plain Swift on FlightCore alone: the iOS demo compiles this
// folder into its app (it lies inside the app target's `Sources`), and Flight's own package
// compiles the same files as the `FlightConformance` target, which a Linux test runs against
// `HeadlessLayer`. One definition, two hosts.

/// One layer of a scenario's stage: a name, the layer's `speed`, and the model values it starts
/// with.
public struct ConformanceLayer: Sendable {
    /// The name shown in the report (`"card"`).
    public var name: String
    /// The layer's `speed` (`CALayer.speed`, ``HeadlessLayer/speed``): 2 plays it twice as fast.
    public var speed: Double
    /// Model values set before the scenario starts, in order.
    public var values: [(keyPath: String, value: any AnimatableValue)]

    /// A layer called `name` at `speed` with these starting model values.
    public init(_ name: String, speed: Double = 1, _ values: [(keyPath: String, value: any AnimatableValue)]) {
        self.name = name
        self.speed = speed
        self.values = values
    }
}

/// A key path of one layer whose presentation is sampled on every frame.
public struct ConformanceProbe: Sendable, Hashable {
    /// The index of the layer in ``ConformanceScenario/layers``.
    public var layer: Int
    /// The key path read (`"position"`, `"transform.rotation.z"`).
    public var keyPath: String

    /// Samples `keyPath` of layer number `layer`.
    public init(_ layer: Int, _ keyPath: String) {
        self.layer = layer
        self.keyPath = keyPath
    }
}

/// What a scenario does at a moment: start a group, or call a control on one.
public struct ConformanceStep {
    /// Seconds after the scenario's first frame; the step runs on the first frame at or after
    /// it, after that frame is sampled.
    public var time: TimeInterval
    /// What it does, for the report.
    public var label: String
    /// The step itself, on the stage's targets.
    public var action: @MainActor (ConformanceStage) -> Void

    /// A step at `time`.
    public init(at time: TimeInterval, _ label: String, _ action: @escaping @MainActor (ConformanceStage) -> Void) {
        self.time = time
        self.label = label
        self.action = action
    }
}

/// A timeline played the same way on real layers and on ``HeadlessLayer``s: layers with their
/// starting values, steps at moments, and the key paths sampled on every frame until
/// ``duration`` has passed.
public struct ConformanceScenario {
    /// A short name (`"take-over"`).
    public var name: String
    /// What it shows, in a sentence.
    public var summary: String
    /// The layers, each a view (or layer) of its own.
    public var layers: [ConformanceLayer]
    /// What is sampled on every frame.
    public var probes: [ConformanceProbe]
    /// What happens, in time order.
    public var steps: [ConformanceStep]
    /// How long the scenario is sampled, in seconds from its first frame (every animation it
    /// starts has ended by then).
    public var duration: TimeInterval

    /// A scenario.
    public init(
        _ name: String, _ summary: String, layers: [ConformanceLayer], probes: [ConformanceProbe],
        duration: TimeInterval, steps: [ConformanceStep]
    ) {
        self.name = name
        self.summary = summary
        self.layers = layers
        self.probes = probes
        self.steps = steps.sorted { $0.time < $1.time }
        self.duration = duration
    }

    /// The label of a probe in the report: `"card position"`.
    public func label(of probe: ConformanceProbe) -> String {
        "\(layers[probe.layer].name) \(probe.keyPath)"
    }
}

/// Something that happened during a scenario (a callback), and on which frame.
public struct ConformanceEvent: Codable, Sendable, Hashable {
    /// The frame (0 is the first) during which it happened.
    public var frame: Int
    /// What happened (`"slide stop finished"`).
    public var name: String

    /// An event.
    public init(frame: Int, name: String) {
        self.frame = frame
        self.name = name
    }
}

/// The targets a scenario plays on (views on a device, ``HeadlessLayer``s elsewhere), the groups
/// its steps started, and the callbacks that fired.
@MainActor
public final class ConformanceStage {
    /// The targets, one per ``ConformanceScenario/layers`` entry.
    public let targets: [any AnimationTarget]
    /// The groups started so far, by the name the step gave them.
    public var groups: [String: AnimationGroup] = [:]
    /// The callbacks that fired, in order.
    public private(set) var events: [ConformanceEvent] = []
    /// The frame being played (set by ``ConformanceRecorder``).
    var frame = 0

    /// A stage of `targets`.
    public init(targets: [any AnimationTarget]) {
        self.targets = targets
    }

    /// Target number `index`.
    public subscript(index: Int) -> any AnimationTarget { targets[index] }

    /// Records that `name` happened now.
    public func log(_ name: String) {
        events.append(ConformanceEvent(frame: frame, name: name))
    }

    /// Starts a group on target `index`, keeps it as `name`, and logs its start and stop.
    @discardableResult
    public func animate(
        _ name: String, on index: Int, _ priority: TimingPriority = .maxTime, _ build: (GroupAnimator) -> Void
    ) -> AnimationGroup {
        let group = targets[index].animate(priority) { animator in
            animator.setDidStartCallback { [self] _ in log("\(name) start") }
            animator.setDidStopCallback { [self] _, finished in log("\(name) stop \(finished ? "finished" : "cut short")") }
            build(animator)
        }
        groups[name] = group
        return group
    }

    /// Runs `control` on the group called `name`, if one was started.
    public func control(_ name: String, _ control: (AnimationGroup) -> Void) {
        if let group = groups[name] { control(group) }
    }
}
