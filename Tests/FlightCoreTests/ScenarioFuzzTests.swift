import FlightCore
import FlightTestSupport
import Foundation
import Testing

// A seeded scenario fuzzer over the public API: 1–4 headless layers on one clock, each at its
// own speed (a window sped up for UI tests, slowed down), half the scenarios with a device's
// commit lag and late removal reports; animate, register, apply (animated or not, known and
// unknown keys), bad values, nested triggers of every kind aimed at any layer, frames of every
// size, layers released mid-flight, the app removing animations, moving to the background, a
// view leaving its window, and control of running groups (pause, resume, scrub, reverse, finish,
// cancel, hand-off to a spring, stopping a target). After every step
// and every frame it checks what a user relies on (see `ScenarioRunner.check`). A failure prints
// the seed and a shrunk Swift reproduction.
//
// CI runs a fixed set of seeds. More, in release:
//
//     FLIGHT_FUZZ_SCENARIOS=100000 swift test -c release --filter ScenarioFuzz
//
// (`FLIGHT_FUZZ_FIRST_SEED` moves the window of seeds.) Memory over many animate cycles (10,000
// in CI):
//
//     FLIGHT_FUZZ_CYCLES=100000 swift test -c release --filter MemoryCycle

/// One step of a scenario.
enum FuzzOp: CustomStringConvertible {
    case animate(layer: Int, group: FuzzGroup)
    case register(layer: Int, key: String, group: FuzzGroup)
    case apply(layer: Int, key: String, animated: Bool)
    case advance(TimeInterval)
    case release(layer: Int)
    case removeAll(layer: Int)
    case background
    case leaveWindow(layer: Int)
    /// A control call on the `group % count`th group started so far.
    case control(group: Int, FuzzControl)
    case stopAnimations(layer: Int)

    /// The step as Swift, for a reproduction.
    var description: String {
        switch self {
        case let .animate(layer, group):
            "layers[\(layer)]?.animate(.\(group.priority)) { a in\n\(group.swift(indent: 4))}"
        case let .register(layer, key, group):
            "layers[\(layer)]?.registerAnimation(forKey: \"\(key)\", timingPriority: .\(group.priority)) { a in\n\(group.swift(indent: 4))}"
        case let .apply(layer, key, animated):
            "layers[\(layer)]?.applyAnimation(forKey: \"\(key)\", animated: \(animated))"
        case .advance(let interval):
            "clock.advance(by: \(interval))"
        case .release(let layer):
            "layers[\(layer)] = nil"
        case .removeAll(let layer):
            "layers[\(layer)]?.removeAllAnimations()"
        case .background:
            "clock.simulateEnteringBackground()"
        case .leaveWindow(let layer):
            "layers[\(layer)]?.simulateLeavingWindow()"
        case let .control(group, control):
            "if !started.isEmpty { started[\(group) % started.count].\(control.swift) }"
        case .stopAnimations(let layer):
            "layers[\(layer)]?.stopAnimations()"
        }
    }
}

/// A control call on a running group.
enum FuzzControl {
    case pause, resume, reverse, cancel
    case scrub(Double)
    case finish(AnimationGroup.FinishPosition)
    case handOff(velocity: Double)

    var swift: String {
        switch self {
        case .pause: "pause()"
        case .resume: "resume()"
        case .reverse: "reverse()"
        case .cancel: "cancel()"
        case .scrub(let fraction): "fractionComplete = \(FuzzProperty.swift(fraction))"
        case .finish(let position): "finish(at: .\(position))"
        case .handOff(let velocity): "continueOnSpring(velocity: \(FuzzProperty.swift(velocity)))"
        }
    }

    /// Applies the call; a hand-off returns the group that carries the spring.
    @MainActor
    @discardableResult
    func apply(to group: AnimationGroup) -> AnimationGroup? {
        switch self {
        case .pause: group.pause()
        case .resume: group.resume()
        case .reverse: group.reverse()
        case .cancel: group.cancel()
        case .scrub(let fraction): group.fractionComplete = fraction
        case .finish(let position): group.finish(at: position)
        case .handOff(let velocity): return group.continueOnSpring(velocity: velocity)
        }
        return nil
    }
}

/// A property of a generated group.
struct FuzzProperty {
    enum Target {
        case position(CGPoint), bounds(CGRect), opacity(Double), color(Color), rotation(Double), custom(Double)
        /// A value of the wrong type for its key path.
        case wrongType
    }

    var target: Target
    var duration: TimeInterval
    var easing: Easing
    /// The easing as Swift.
    var easingSwift: String
    var isPrimary: Bool

    /// Whether Flight must reject it (and report it).
    var isBad: Bool {
        if case .wrongType = target { return true }
        if !(duration.isFinite && duration >= 0) { return true }
        if case .position(let p) = target, !(p.x.isFinite && p.y.isFinite) { return true }
        return false
    }

    var keyPath: String {
        switch target {
        case .position, .wrongType: "position"
        case .bounds: "bounds"
        case .opacity: "opacity"
        case .color: "backgroundColor"
        case .rotation: "transform"
        case .custom: "progress"
        }
    }

    @MainActor
    func declare(on a: GroupAnimator) {
        let animator: PropertyAnimator = switch target {
        case .position(let p): a.position(p)
        case .bounds(let r): a.bounds(r)
        case .opacity(let o): a.alpha(o)
        case .color(let c): a.backgroundColor(c)
        case .rotation(let angle): a.transform3D(.rotation(angle: angle, x: 0, y: 0, z: 1))
        case .custom(let v): a.value(v, forKeyPath: "progress")
        case .wrongType: a.value(1.0, forKeyPath: "position")
        }
        animator.duration(duration).easing(easing).primary(isPrimary)
    }

    var swift: String {
        let setter = switch target {
        case .position(let p): "a.position(CGPoint(x: \(Self.swift(p.x)), y: \(Self.swift(p.y))))"
        case .bounds(let r): "a.bounds(CGRect(x: 0, y: 0, width: \(r.width), height: \(r.height)))"
        case .opacity(let o): "a.alpha(\(o))"
        case .color(let c): "a.backgroundColor(Color(red: \(c.red), green: \(c.green), blue: \(c.blue)))"
        case .rotation(let angle): "a.transform3D(.rotation(angle: \(angle), x: 0, y: 0, z: 1))"
        case .custom(let v): "a.value(\(v), forKeyPath: \"progress\")"
        case .wrongType: "a.value(1.0, forKeyPath: \"position\")"
        }
        return "\(setter).duration(\(Self.swift(duration))).easing(\(easingSwift)).primary(\(isPrimary))"
    }

    /// A number as a Swift expression (`Double.nan`, `-Double.infinity`, `0.25`).
    static func swift(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        return "\(value)"
    }
}

/// A trigger of a generated group.
struct FuzzTrigger {
    var moment: TriggerPlan.Moment
    var layer: Int
    var group: FuzzGroup
}

/// A generated group: properties, priority, triggers. Each has an identity, so that the groups
/// it starts can be told apart.
final class FuzzGroup {
    let id: Int
    var properties: [FuzzProperty]
    var priority: TimingPriority
    var triggers: [FuzzTrigger]

    init(id: Int, properties: [FuzzProperty], priority: TimingPriority, triggers: [FuzzTrigger]) {
        self.id = id
        self.properties = properties
        self.priority = priority
        self.triggers = triggers
    }

    var badCount: Int { properties.filter(\.isBad).count }

    func swift(indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines = properties.map { pad + $0.swift + "\n" }
        lines.append(pad + "a.setDidStartCallback { started.append($0) }\n")
        for trigger in triggers {
            let call = switch trigger.moment {
            case .start: "a.triggerOnStart(onView: layers[\(trigger.layer)]!, timingPriority: .\(trigger.group.priority))"
            case .completion: "a.triggerOnCompletion(onView: layers[\(trigger.layer)]!, timingPriority: .\(trigger.group.priority))"
            case .timeProgress(let f): "a.triggerOnProgress(\(f), onView: layers[\(trigger.layer)]!, timingPriority: .\(trigger.group.priority))"
            case .valueProgress(let f): "a.triggerOnValueProgress(\(f), onView: layers[\(trigger.layer)]!, timingPriority: .\(trigger.group.priority))"
            }
            lines.append(pad + call + " { a in\n" + trigger.group.swift(indent: indent + 4) + pad + "}\n")
        }
        return lines.joined()
    }
}

/// Generates scenarios from a seed.
struct ScenarioGenerator {
    var random: SplitMix64
    private var nextGroupID = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The easings scenarios use, each with its Swift spelling for reproductions.
    static let easings: [(easing: Easing, swift: String)] = [
        (.linear, ".linear"), (.outCubic, ".outCubic"), (.inOutSine, ".inOutSine"), (.outBack, ".outBack"),
        (.inBack, ".inBack"), (.outElastic, ".outElastic"), (.outBounce, ".outBounce"),
        (.inExponential, ".inExponential"), (.inCircular, ".inCircular"), (.smoothStep, ".smoothStep"),
        (.steps(4, .jumpEnd), ".steps(4, .jumpEnd)"), (.cubicBezier(.easeInEaseOut), ".cubicBezier(.easeInEaseOut)"),
        (.spring(.bouncy), ".spring(.bouncy)"), (.spring(Spring(duration: 0.3, bounce: 0)), ".spring(Spring(duration: 0.3, bounce: 0))"),
        (.springDecay(velocity: 800), ".springDecay(velocity: 800)"), (.decay(.normal), ".decay(.normal)"),
    ]

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.uniform(0...Double(items.count) - 1e-9))] }
    mutating func chance(_ p: Double) -> Bool { random.uniform(0...1) < p }

    mutating func property() -> FuzzProperty {
        var duration = random.uniform(0...0.9)
        if chance(0.05) { duration = pick([-1, Double.nan, Double.infinity]) }
        if chance(0.05) { duration = 0 }
        let target: FuzzProperty.Target = switch Int(random.uniform(0...6.999)) {
        case 0: .position(chance(0.04) ? CGPoint(x: Double.nan, y: 0)
                          : CGPoint(x: random.uniform(-300...300), y: random.uniform(-300...300)))
        case 1: .bounds(CGRect(x: 0, y: 0, width: random.uniform(0...300), height: random.uniform(0...300)))
        case 2: .opacity(random.uniform(0...1))
        case 3: .color(Color(red: random.uniform(0...1), green: random.uniform(0...1), blue: random.uniform(0...1)))
        case 4: .rotation(random.uniform(-3...3))
        case 5: .custom(random.uniform(-100...100))
        default: chance(0.3) ? .wrongType : .opacity(random.uniform(0...1))
        }
        var (easing, easingSwift) = pick(Self.easings)
        if case .springDecay = easing, case .color = target {
            // A gesture's scalar velocity means nothing for a colour's four components.
            (easing, easingSwift) = (.spring(.bouncy), ".spring(.bouncy)")
        }
        return FuzzProperty(target: target, duration: duration, easing: easing, easingSwift: easingSwift, isPrimary: chance(0.25))
    }

    mutating func group(layers: Int, depth: Int) -> FuzzGroup {
        nextGroupID += 1
        let id = nextGroupID
        var properties: [FuzzProperty] = []
        for _ in 0..<Int(random.uniform(0...3.999)) {
            let next = property()
            // One declaration per key path, as a builder keeps only the last.
            properties.removeAll { $0.keyPath == next.keyPath }
            properties.append(next)
        }
        var triggers: [FuzzTrigger] = []
        if depth < 2 {
            for _ in 0..<Int(random.uniform(0...2.2)) {
                let moment: TriggerPlan.Moment = switch Int(random.uniform(0...3.999)) {
                case 0: .start
                case 1: .completion
                case 2: .timeProgress(random.uniform(-0.1...1.1))
                default: .valueProgress(random.uniform(-0.5...1.5))
                }
                triggers.append(FuzzTrigger(moment: moment, layer: Int(random.uniform(0...Double(layers) - 1e-9)),
                                            group: group(layers: layers, depth: depth + 1)))
            }
        }
        return FuzzGroup(id: id, properties: properties, priority: pick(TimingPriority.allCases), triggers: triggers)
    }

    mutating func control() -> FuzzControl {
        switch Int(random.uniform(0...6.999)) {
        case 0: .pause
        case 1: .resume
        case 2: .reverse
        case 3: .cancel
        case 4: .scrub(pick([0, 0.1, 0.5, 0.9, 1, -0.5, 2, .nan]))
        case 5: .finish(pick([.start, .end, .current]))
        default: .handOff(velocity: pick([0, 2, -2, 10, .infinity]))
        }
    }

    mutating func scenario() -> FuzzScenario {
        let layers = Int(random.uniform(1...4.999))
        let speeds = (0..<layers).map { _ in pick([1, 1, 2, 0.5]) }
        let device = chance(0.5)
        var ops: [FuzzOp] = []
        for _ in 0..<Int(random.uniform(3...14)) {
            let layer = Int(random.uniform(0...Double(layers) - 1e-9))
            switch random.uniform(0...1) {
            case ..<0.45: ops.append(.animate(layer: layer, group: group(layers: layers, depth: 0)))
            case ..<0.55: ops.append(.register(layer: layer, key: pick(["a", "b"]), group: group(layers: layers, depth: 0)))
            case ..<0.65: ops.append(.apply(layer: layer, key: pick(["a", "b", "never"]), animated: chance(0.8)))
            case ..<0.68: ops.append(.release(layer: layer))
            case ..<0.70: ops.append(.removeAll(layer: layer))
            case ..<0.71: ops.append(.background)
            case ..<0.72: ops.append(.leaveWindow(layer: layer))
            case ..<0.80: ops.append(.control(group: Int(random.uniform(0...20)), control()))
            case ..<0.81: ops.append(.stopAnimations(layer: layer))
            default: ops.append(.advance(pick([1.0 / 120, 1.0 / 60, 1.0 / 30, 0.1, 0.3, 1])))
            }
        }
        return FuzzScenario(speeds: speeds, device: device, ops: ops)
    }
}

/// A generated scenario: its layers' speeds, whether the clock behaves as a device, its steps.
struct FuzzScenario {
    var speeds: [Double]
    var device: Bool
    var ops: [FuzzOp]

    /// The set-up, as Swift, for a reproduction.
    var setUp: String {
        """
        let clock = ManualClock(deviceBehaviors: \(device ? ".device" : "[]"))
        var started: [AnimationGroup] = []
        var layers: [HeadlessLayer?] = \(speeds).map { speed in
            let layer = HeadlessLayer(clock: clock)
            layer.speed = speed
            layer.setModelValue(0.0, forKeyPath: "progress")
            return layer
        }
        """
    }
}

/// Runs a scenario, checking every invariant after every step and frame; returns the violations.
@MainActor
final class ScenarioRunner {
    let clock: ManualClock
    var layers: [HeadlessLayer?]
    /// Each layer's speed: its time is the clock's times this.
    let speeds: [Double]
    var released: Set<Int> = []
    /// Every group started, in order, with its layer and the generated group it came from.
    var groups: [(group: AnimationGroup, layer: Int, spec: FuzzGroup)] = []
    var starts: [ObjectIdentifier: Int] = [:]
    var stops: [ObjectIdentifier: [Bool]] = [:]
    var cancels: [ObjectIdentifier: Int] = [:]
    var registered: [Int: [String: FuzzGroup]] = [:]
    var expectedRejections = 0
    var expectedUnknownKeys = 0
    var diagnostics: [FlightError] = []
    var violations: [String] = []
    private var previous: [Int: [String: any AnimatableValue]] = [:]
    private var previousExpected: [Int: [String: any AnimatableValue]] = [:]
    private var previousTolerance: [Int: [String: Double]] = [:]
    /// How many checks used a tolerance the engine widened.
    var widenings = 0

    static let checkedKeyPaths = ["position", "bounds", "opacity", "backgroundColor", "transform"]

    init(speeds: [Double], device: Bool) {
        clock = ManualClock(deviceBehaviors: device ? .device : [])
        self.speeds = speeds
        layers = []
        for (index, speed) in speeds.enumerated() {
            let layer = HeadlessLayer(clock: clock, name: "layer \(index)")
            layer.speed = speed
            layer.setModelValue(0.0, forKeyPath: "progress")
            layers.append(layer)
        }
    }

    /// The clock time at which layer `layer`'s time is `time` (as the layer computes it).
    func clockTime(_ time: TimeInterval, layer: Int) -> TimeInterval { time / speeds[layer] }

    func violation(_ text: String) {
        if violations.count < 20 { violations.append("t = \(clock.now): \(text)") }
    }

    /// Builds a generated group on an animator, instrumenting its callbacks and triggers.
    func build(_ spec: FuzzGroup, layer: Int, on a: GroupAnimator) {
        for property in spec.properties { property.declare(on: a) }
        a.setDidStartCallback { [weak self] group in
            guard let self else { return }
            self.groups.append((group, layer, spec))
            if self.isJumping { self.jumped.insert(ObjectIdentifier(group)) }
            self.starts[ObjectIdentifier(group), default: 0] += 1
            self.began[ObjectIdentifier(group)] = group.beginTime
            self.expectedRejections += spec.badCount
        }
        a.setDidCancelCallback { [weak self] group in
            guard let self else { return }
            self.cancels[ObjectIdentifier(group), default: 0] += 1
            if self.stops[ObjectIdentifier(group)] != nil { self.violation("cancel after stop") }
        }
        a.setDidStopCallback { [weak self] group, finished in
            guard let self else { return }
            self.stops[ObjectIdentifier(group), default: []].append(finished)
            self.stopTime[ObjectIdentifier(group)] = self.clock.scheduler.eventTime ?? self.clock.now
            // A reversed group played back to its start ends not finished and not cut short.
            if !finished && self.cancels[ObjectIdentifier(group)] != 1 && !self.controlled.contains(ObjectIdentifier(group)) {
                self.violation("stop(false) without one cancel")
            }
            if (self.cancels[ObjectIdentifier(group)] ?? 0) > 1 { self.violation("cancelled twice") }
            if finished && self.cancels[ObjectIdentifier(group)] != nil { self.violation("stop(true) after a cancel") }
        }
        for trigger in spec.triggers {
            guard let target = layers[trigger.layer] else { continue }
            let nested: (GroupAnimator) -> Void = { [unowned self] a in self.build(trigger.group, layer: trigger.layer, on: a) }
            switch trigger.moment {
            case .start: a.triggerOnStart(onView: target, timingPriority: trigger.group.priority, animator: nested)
            case .completion: a.triggerOnCompletion(onView: target, timingPriority: trigger.group.priority, animator: nested)
            case .timeProgress(let f):
                a.triggerOnProgress(f, onView: target, timingPriority: trigger.group.priority, animator: nested)
            case .valueProgress(let f):
                a.triggerOnValueProgress(f, onView: target, timingPriority: trigger.group.priority, animator: nested)
            }
        }
    }

    func run(_ ops: [FuzzOp]) -> [String] {
        let handler = FlightDiagnostics.handler
        FlightDiagnostics.handler = { [unowned self] in self.diagnostics.append($0) }
        defer { FlightDiagnostics.handler = handler }
        for op in ops {
            perform(op)
            // The run-loop turn ends: the transaction is committed.
            clock.commit()
            check()
        }
        // The app lets go of whatever it paused.
        for entry in groups where entry.group.isPaused { entry.group.resume() }
        // Every frame for three seconds, then long enough for every spring to settle.
        for _ in 0..<360 {
            clock.advance(by: 1.0 / 120)
            check()
        }
        clock.advance(by: 100)
        finalCheck()
        return violations
    }

    func perform(_ op: FuzzOp) {
        switch op {
        case let .animate(layer, spec):
            guard let target = layers[layer] else { return }
            target.animate(spec.priority) { self.build(spec, layer: layer, on: $0) }
        case let .register(layer, key, spec):
            guard let target = layers[layer] else { return }
            registered[layer, default: [:]][key] = spec
            target.registerAnimation(forKey: key, timingPriority: spec.priority) { self.build(spec, layer: layer, on: $0) }
        case let .apply(layer, key, animated):
            guard let target = layers[layer] else { return }
            if registered[layer]?[key] == nil { expectedUnknownKeys += 1 }
            isJumping = !animated
            target.applyAnimation(forKey: key, animated: animated)
            isJumping = false
        case .advance(let interval):
            // Frames of this size, so that continuity is checked across each.
            clock.advance(by: interval)
        case .release(let layer):
            layers[layer] = nil
            released.insert(layer)
            releaseTime[layer] = releaseTime[layer] ?? clock.now
            previous[layer] = nil
            previousExpected[layer] = nil
            previousTolerance[layer] = nil
        case .removeAll(let layer):
            guard let target = layers[layer] else { return }
            // Groups with an animation on the layer are cut short; a group whose remaining
            // properties have no duration has nothing there and plays on to its end.
            let keys = target.animationKeys
            for entry in groups where entry.layer == layer && !entry.group.hasEnded
                && keys.contains(where: { $0.hasPrefix(entry.group.key + ".") }) {
                removedByApp.insert(ObjectIdentifier(entry.group))
            }
            target.removeAllAnimations()
        case .background:
            clock.simulateEnteringBackground()
        case .leaveWindow(let layer):
            layers[layer]?.simulateLeavingWindow()
        case let .control(index, control):
            // The groups the app saw start, as the reproduction's `started` has them.
            let candidates = groups.filter { !continuations.contains(ObjectIdentifier($0.group)) }
            guard !candidates.isEmpty else { return }
            let entry = candidates[index % candidates.count]
            if !entry.group.hasEnded { controlled.insert(ObjectIdentifier(entry.group)) }
            // Finishing or cancelling a handed-off group acts on its spring.
            if let spring = springs[ObjectIdentifier(entry.group)], !spring.hasEnded {
                controlled.insert(ObjectIdentifier(spring))
            }
            if let spring = control.apply(to: entry.group) {
                // The spring is a group like any other, but Flight's own: its callbacks belong to
                // the group it continues.
                groups.append((spring, entry.layer, FuzzGroup(id: -1, properties: [], priority: .maxTime, triggers: [])))
                continuations.insert(ObjectIdentifier(spring))
                springs[ObjectIdentifier(entry.group)] = spring
            }
        case .stopAnimations(let layer):
            guard let target = layers[layer] else { return }
            for entry in groups where entry.layer == layer && !entry.group.hasEnded {
                controlled.insert(ObjectIdentifier(entry.group))
            }
            target.stopAnimations()
        }
    }

    /// The value the newest group that animates `keyPath` on `layer` shows at layer time `time`
    /// (a group the app removed shows nothing), or the model value; and the tolerance it is shown
    /// within (wider than the key path's where the engine reported widening it).
    func expected(_ keyPath: String, layer: Int, at time: TimeInterval) -> (value: (any AnimatableValue)?, tolerance: Double) {
        var tolerance = Self.tolerance(keyPath)
        guard let target = layers[layer] else { return (nil, tolerance) }
        guard let owner = groups.last(where: { $0.layer == layer && $0.group.beginTime <= time && $0.group.keyPaths.contains(keyPath) }),
              !removedByApp.contains(ObjectIdentifier(owner.group)),
              // A group cut short (or ended early by a control call) shows nothing.
              !(owner.group.hasEnded && (!owner.group.finished || controlled.contains(ObjectIdentifier(owner.group)))),
              let property = owner.group.property(keyPath) else {
            return (target.modelValue(forKeyPath: keyPath), tolerance)
        }
        // A motion too fast for the most keyframes a property gets is shown within the wider
        // tolerance the engine reported (`FlightError.toleranceWidened`).
        if let widened = property.widenedTolerance {
            tolerance = max(tolerance, widened + 1e-9)
            widenings += 1
            // Only a motion that needs about as many keyframes as a property gets is widened.
            if property.keyTimes.count <= ValueMotion<Double>.maximumKeyframes / 8 {
                violation("\(keyPath) widened to \(widened) with only \(property.keyTimes.count) keyframes")
            }
        }
        if controlled.contains(ObjectIdentifier(owner.group)) {
            // Paused, scrubbed or reversed: where its time is now.
            return (property.exactValue(at: owner.group.fractionComplete * owner.group.duration), tolerance)
        }
        guard time < owner.group.beginTime + owner.group.duration else { return (target.modelValue(forKeyPath: keyPath), tolerance) }
        return (property.exactValue(at: time - owner.group.beginTime), tolerance)
    }

    static func tolerance(_ keyPath: String) -> Double {
        keyPath == "opacity" || keyPath == "backgroundColor" ? 0.5 / 255 + 1e-9 : 0.5 + 1e-9
    }

    func check() {
        for (index, layer) in layers.enumerated() {
            guard let layer else { continue }
            let now = layer.currentTime
            for keyPath in Self.checkedKeyPaths + ["progress"] {
                guard let shown = layer.presentationValue(forKeyPath: keyPath) else { continue }
                if !shown.componentArray.allSatisfy(\.isFinite) { violation("\(keyPath) on layer \(index) is not finite") }
            }
            for keyPath in Self.checkedKeyPaths {
                let shown = layer.presentationValue(forKeyPath: keyPath)
                let (expected, tolerance) = expected(keyPath, layer: index, at: now)
                let error = distanceBetween(shown, expected)
                if error > tolerance {
                    violation("\(keyPath) on layer \(index) is \(error) from its newest owner (tolerance \(tolerance))")
                }
                // Continuity: no step larger than what the owners' curves (as known at each check)
                // moved, plus the tolerance; a jump the user asked for (zero duration, no
                // animation) moves the expected value too.
                if let last = previous[index]?[keyPath] {
                    let own = distanceBetween(expected, previousExpected[index]?[keyPath])
                    let step = distanceBetween(shown, last)
                    if step > own + 2 * max(tolerance, previousTolerance[index]?[keyPath] ?? 0) { violation("\(keyPath) on layer \(index) jumps by \(step)") }
                }
                previous[index, default: [:]][keyPath] = shown
                previousExpected[index, default: [:]][keyPath] = expected
                previousTolerance[index, default: [:]][keyPath] = tolerance
            }
        }
        for (group, _, _) in groups where !continuations.contains(ObjectIdentifier(group)) {
            let id = ObjectIdentifier(group)
            if starts[id] != 1 { violation("group started \(starts[id] ?? 0) times") }
            if (stops[id]?.count ?? 0) > 1 { violation("group stopped \(stops[id]!.count) times") }
        }
    }

    func finalCheck() {
        // Every group stopped exactly once, its target released or not.
        // A group paused when its layer was released stops from the layer's deinit: at once on the
        // main thread, but this runner's main actor is not the main thread on Linux, so there it
        // comes asynchronously (the suite "Group control" waits for it).
        for (group, layer, _) in groups where stops[ObjectIdentifier(group)]?.count != 1 && !continuations.contains(ObjectIdentifier(group))
            && !(released.contains(layer) && stops[ObjectIdentifier(group)] == nil && controlled.contains(ObjectIdentifier(group))) {
            violation("a group stopped \(stops[ObjectIdentifier(group)]?.count ?? 0) times in the end")
        }
        // A group whose animations the app removed was cut short.
        for (group, _, _) in groups where removedByApp.contains(ObjectIdentifier(group)) && stops[ObjectIdentifier(group)] != [false]
            && !continuations.contains(ObjectIdentifier(group)) {
            violation("a group whose animations the app removed stopped with \(stops[ObjectIdentifier(group)] ?? [])")
        }
        // Triggers: each fired once exactly when its moment came while its group was live (and
        // its target existed), never otherwise, and its group began at the moment.
        for (parent, parentLayer, spec) in groups where !controlled.contains(ObjectIdentifier(parent)) {
            let stoppedAt = parent.finished ? nil : stopTime[ObjectIdentifier(parent)]
            for trigger in spec.triggers {
                let children = groups.filter { $0.spec === trigger.group && $0.layer == trigger.layer }
                // A state applied without animation starts no triggers; a moment never reached, none.
                guard !jumped.contains(ObjectIdentifier(parent)), let offset = parent.offset(of: trigger.moment) else { continue }
                // The moment on the clock, and the begin time it gives a group on the target layer.
                let moment = clockTime(parent.beginTime + offset, layer: parentLayer)
                let childBegin = moment * speeds[trigger.layer]
                let fired = children.filter { began[ObjectIdentifier($0.group)] == childBegin }.count
                if let stoppedAt, abs(stoppedAt - moment) < 1e-9 { continue }
                let live = stoppedAt.map { moment < $0 } ?? true
                let targetAlive = !released.contains(trigger.layer) || (releaseTime[trigger.layer].map { moment < $0 } ?? true)
                let parentAlive = !released.contains(parentLayer) || (releaseTime[parentLayer].map { moment < $0 } ?? true)
                if live && targetAlive && parentAlive && fired == 0 {
                    violation("a trigger due at \(moment) (group of \(parent.beginTime)) never fired")
                }
                // Another group of the same plan (a state applied twice at once) may have fired the
                // same trigger at the same moment: only a child no live parent explains counts.
                let explained = groups.contains { other in
                    other.group !== parent && other.spec === spec && !jumped.contains(ObjectIdentifier(other.group))
                        && other.group.offset(of: trigger.moment).map { clockTime(other.group.beginTime + $0, layer: other.layer) } == moment
                        && (other.group.finished || (stopTime[ObjectIdentifier(other.group)].map { moment <= $0 + 1e-9 } ?? true))
                }
                if !live && fired > 0 && !explained { violation("a trigger fired after its group was cut short") }
            }
        }
        // At rest, the model holds the last accepted target and the presentation shows it.
        for (index, layer) in layers.enumerated() {
            guard let layer else { continue }
            if !layer.animationKeys.isEmpty { violation("layer \(index) still has animations") }
            for keyPath in Self.checkedKeyPaths {
                if let last = groups.last(where: { $0.layer == index && $0.group.keyPaths.contains(keyPath) }),
                   !groups.contains(where: {
                       $0.layer == index && $0.group.keyPaths.contains(keyPath) && controlled.contains(ObjectIdentifier($0.group))
                   }),
                   let property = last.group.property(keyPath),
                   distanceBetween(layer.modelValue(forKeyPath: keyPath), property.to) > 1e-9 {
                    violation("\(keyPath) on layer \(index): the model is not the last accepted target")
                }
                if distanceBetween(layer.presentationValue(forKeyPath: keyPath), layer.modelValue(forKeyPath: keyPath)) > 0 {
                    violation("\(keyPath) on layer \(index): the presentation is not the model at rest")
                }
            }
        }
        // Every rejected input reported.
        let rejections = diagnostics.filter {
            if case .invalidValue = $0 { return true }
            if case .typeMismatch = $0 { return true }
            return false
        }.count
        if rejections != expectedRejections { violation("\(rejections) rejections reported, \(expectedRejections) expected") }
        let unknown = diagnostics.filter { if case .unknownAnimationKey = $0 { return true } else { return false } }.count
        if unknown != expectedUnknownKeys { violation("\(unknown) unknown keys reported, \(expectedUnknownKeys) expected") }
        // Every tolerance the engine widened was reported, once per property.
        let widenedReports = diagnostics.filter { if case .toleranceWidened = $0 { return true } else { return false } }.count
        let widenedProperties = groups.reduce(0) { count, entry in
            count + entry.group.keyPaths.filter { entry.group.property($0)?.widenedTolerance != nil }.count
        }
        if widenedReports != widenedProperties {
            violation("\(widenedReports) widened tolerances reported, \(widenedProperties) properties widened")
        }
    }

    /// When each group stopped, and each layer was released (filled in as they happen).
    var stopTime: [ObjectIdentifier: TimeInterval] = [:]
    var releaseTime: [Int: TimeInterval] = [:]
    /// Groups of states applied without animation, which start no triggers.
    var jumped: Set<ObjectIdentifier> = []
    /// Groups cut short because the app removed their animations.
    var removedByApp: Set<ObjectIdentifier> = []
    /// Groups the scenario controlled (paused, scrubbed, reversed, finished, cancelled, handed
    /// off), whose time no longer runs from their begin time.
    var controlled: Set<ObjectIdentifier> = []
    /// Springs that continue handed-off groups (not instrumented: their callbacks are Flight's).
    var continuations: Set<ObjectIdentifier> = []
    /// The spring carrying each handed-off group.
    var springs: [ObjectIdentifier: AnimationGroup] = [:]
    /// Each group's begin time when it started (a pause moves it later).
    var began: [ObjectIdentifier: TimeInterval] = [:]
    private var isJumping = false
}

@MainActor
@Suite("Scenario fuzzer")
struct ScenarioFuzzTests {
    static var scenarioCount: Int {
        ProcessInfo.processInfo.environment["FLIGHT_FUZZ_SCENARIOS"].flatMap(Int.init) ?? 2_000
    }

    static var firstSeed: UInt64 {
        ProcessInfo.processInfo.environment["FLIGHT_FUZZ_FIRST_SEED"].flatMap(UInt64.init) ?? 1
    }

    /// Runs one scenario and returns its violations.
    static func run(_ scenario: FuzzScenario) -> [String] {
        ScenarioRunner(speeds: scenario.speeds, device: scenario.device).run(scenario.ops)
    }

    /// The scenario with the smallest list of steps (removing one at a time) that still fails.
    static func shrink(_ scenario: FuzzScenario) -> FuzzScenario {
        var scenario = scenario
        var index = 0
        while index < scenario.ops.count {
            var candidate = scenario
            candidate.ops.remove(at: index)
            if !run(candidate).isEmpty { scenario = candidate } else { index += 1 }
        }
        return scenario
    }

    @Test("Seeded random scenarios keep every invariant (ScenarioFuzz)")
    func scenarios() {
        var failures = 0
        var checked = 0
        var widened = 0
        for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.scenarioCount)) {
            var generator = ScenarioGenerator(seed: seed)
            let scenario = generator.scenario()
            let runner = ScenarioRunner(speeds: scenario.speeds, device: scenario.device)
            let violations = runner.run(scenario.ops)
            checked += 1
            if runner.widenings > 0 { widened += 1 }
            guard !violations.isEmpty else { continue }
            failures += 1
            if failures <= 3 {
                let shrunk = Self.shrink(scenario)
                let code = shrunk.ops.map(\.description).joined(separator: "\n")
                let remaining = Self.run(shrunk)
                Issue.record("""
                    seed \(seed): \(violations.prefix(3).joined(separator: "; "))
                    shrunk: \(remaining.prefix(3).joined(separator: "; "))
                    reproduction (commit with `clock.commit()` after each step):
                    \(shrunk.setUp)
                    \(code)
                    """)
            }
        }
        #expect(failures == 0, "\(failures) of \(checked) scenarios violated an invariant")
        print("ScenarioFuzz: \(checked) scenarios, \(failures) with violations, \(widened) shown within a widened tolerance")
    }
}

@MainActor
@Suite("Memory over many animate cycles")
struct MemoryCycleTests {
    static var cycles: Int {
        ProcessInfo.processInfo.environment["FLIGHT_FUZZ_CYCLES"].flatMap(Int.init) ?? 10_000
    }

    /// Resident memory in bytes (Linux `/proc/self/statm`), or nil elsewhere.
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * 4096
    }

    @Test("Animate cycles with varied targets, redirects and triggers leave no memory behind")
    func flat() {
        var random = SplitMix64(seed: 99)
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock), follower = HeadlessLayer(clock: clock)
        weak var firstGroup: AnimationGroup?
        var residentAfterWarmUp: Int?
        for cycle in 0..<Self.cycles {
            let group = layer.animate { a in
                a.position(CGPoint(x: random.uniform(-300...300), y: random.uniform(-300...300)))
                    .duration(random.uniform(0.1...0.5)).easing(cycle % 3 == 0 ? .spring(.bouncy) : .outCubic)
                a.backgroundColor(Color(red: random.uniform(0...1), green: 0.4, blue: 0.6)).duration(0.3)
                a.triggerOnProgress(0.5, onView: follower) { $0.alpha(random.uniform(0...1)).duration(0.2) }
            }
            if cycle == 0 { firstGroup = group }
            clock.advance(by: random.uniform(0.01...0.2))
            if cycle == Self.cycles / 10 { residentAfterWarmUp = Self.residentBytes() }
        }
        clock.advance(by: 10)
        #expect(firstGroup == nil)
        #expect(layer.animationState.activeGroups.isEmpty && follower.animationState.activeGroups.isEmpty)
        #expect(layer.animationKeys.isEmpty && follower.animationKeys.isEmpty)
        #expect(!clock.hasPendingEvents)
        if let before = residentAfterWarmUp, let after = Self.residentBytes() {
            // Flat: no growth with the number of cycles beyond allocator noise.
            #expect(after - before < 8 << 20, "resident memory grew by \(after - before) bytes")
            print("MemoryCycle: \(Self.cycles) cycles, resident memory \(after - before) bytes more than after a tenth")
        }
    }
}
