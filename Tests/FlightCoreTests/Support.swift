// The helpers the FlightCore suites share: golden files, diagnostics, Reduce Motion's settings,
// clocks stepped frame by frame, distances between values, and CoreAnimation's keyframe rule
// written out independently.

import FlightCore
import Foundation
import Testing
@_exported import FlightTestSupport

/// The parent of every suite with a test that runs on the main actor (declare one as
/// `extension MainActorSuites { @MainActor @Suite(...) struct … }`).
///
/// Its tests run one at a time. Run side by side, as Swift Testing runs suites by default, they
/// would all start at once and queue for the main actor, so each would report the time of the
/// whole queue rather than its own.
@Suite("FlightCore on the main actor, one test at a time", .serialized)
enum MainActorSuites {}

/// The parent of every FlightCore suite none of whose tests needs the main actor (declare one as
/// `extension OffMainActorSuites { @Suite(...) struct … }`).
///
/// Its tests run one at a time beside `MainActorSuites` and FlightEasing's suites, so that the
/// few tests running at once never outnumber two cores and each reports its own time, not time
/// spent waiting for a thread.
@Suite("FlightCore off the main actor, one test at a time", .serialized)
enum OffMainActorSuites {}

/// Golden files under `Golden/`, captured from real browsers by `Scripts/browser-golden/`.
enum Golden {
    static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try GoldenFile.load(type, name, in: .module)
    }
}

/// Runs `body` with reduced motion on under `policy` and the given settings, restoring them
/// after. Synchronous on the main actor, so no other test sees them.
@MainActor
func withReducedMotion(
    _ policy: ReduceMotionPolicy = .shorten(maximumDuration: 0.25), prefersCrossFade: Bool = false,
    avoidsDepthMotion: Bool = true, _ body: () throws -> Void
) rethrows {
    let saved = (ReduceMotion.policy, ReduceMotion.isEnabled, ReduceMotion.prefersCrossFade, ReduceMotion.avoidsDepthMotion)
    ReduceMotion.policy = policy
    ReduceMotion.isEnabled = { true }
    ReduceMotion.prefersCrossFade = { prefersCrossFade }
    ReduceMotion.avoidsDepthMotion = avoidsDepthMotion
    defer { (ReduceMotion.policy, ReduceMotion.isEnabled, ReduceMotion.prefersCrossFade, ReduceMotion.avoidsDepthMotion) = saved }
    try body()
}

/// Collects Flight's diagnostics while `body` runs.
@MainActor
func collectingDiagnostics(_ body: () -> Void) -> [FlightError] {
    var collected: [FlightError] = []
    let previous = FlightDiagnostics.handler
    FlightDiagnostics.handler = { collected.append($0) }
    body()
    FlightDiagnostics.handler = previous
    return collected
}

/// Steps `clock` at `rate` Hz until `time`.
@MainActor
func step(_ clock: ManualClock, to time: TimeInterval, rate: Double = 60) {
    while clock.now < time {
        let next = clock.now + 1 / rate
        clock.advance(to: next > time - 1e-9 ? time : next)
    }
}

/// The distance between two values of the same type, or infinity for different types.
func distanceBetween(_ a: (any AnimatableValue)?, _ b: (any AnimatableValue)?) -> Double {
    guard let a, let b else { return a == nil && b == nil ? 0 : .infinity }
    func open<Value: AnimatableValue>(_ a: Value) -> Double {
        guard let b = b as? Value else { return .infinity }
        return a.distance(to: b)
    }
    return open(a)
}

/// Steps `clock` through every 120 Hz frame until `end`, calling `check` after each frame.
@MainActor
func everyFrame(_ clock: ManualClock, until end: TimeInterval, _ check: (TimeInterval) -> Void) {
    var frame = (clock.now * 120).rounded(.down) + 1
    while frame / 120 <= end + 1e-9 {
        clock.advance(to: frame / 120)
        check(clock.now)
        frame += 1
    }
}

/// Frame times: `rate` Hz, optionally jittered by up to ±`jitter` of a frame (seeded), and
/// sometimes dropped.
func frameTimes(rate: Double, until end: TimeInterval, jitter: Double = 0, seed: UInt64 = 1) -> [TimeInterval] {
    var random = SplitMix64(seed: seed)
    var times: [TimeInterval] = []
    var k = 1
    while true {
        var t = Double(k) / rate
        if jitter > 0 { t += random.uniform(-jitter...jitter) / rate }
        if t > end { break }
        if jitter == 0 || random.uniform(0...1) > 0.1 { times.append(max(t, times.last ?? 0)) }   // 10 % dropped
        k += 1
    }
    return times
}

/// The first frame at or after `moment`.
func firstFrame(atOrAfter moment: TimeInterval, in frames: [TimeInterval]) -> TimeInterval? {
    frames.first { $0 >= moment - 1e-12 }
}

/// CoreAnimation's keyframe rule, written out independently of Flight: find the segment by key
/// time, map the fraction through the segment's cubic Bézier (solved for x by bisection), and
/// interpolate the two values' components in a straight line.
func playedComponents(_ animation: CoreAnimationKeyframeAnimation, at local: TimeInterval) -> [Double] {
    func components(_ value: any AnimatableValue) -> [Double] { value.componentArray }
    let fraction = min(max(local / animation.duration, 0), 1)
    var index = 0
    while index + 2 < animation.keyTimes.count && animation.keyTimes[index + 1] <= fraction { index += 1 }
    let (k0, k1) = (animation.keyTimes[index], animation.keyTimes[index + 1])
    let u = k1 > k0 ? min(max((fraction - k0) / (k1 - k0), 0), 1) : 1
    let curve = animation.timingFunctions[index]
    func bezier(_ c1: Double, _ c2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<80 {
        let middle = (low + high) / 2
        if bezier(curve.x1, curve.x2, middle) < u { low = middle } else { high = middle }
    }
    let eased = bezier(curve.y1, curve.y2, (low + high) / 2)
    let a = components(animation.values[index]), b = components(animation.values[index + 1])
    return zip(a, b).map { $0 + ($1 - $0) * eased }
}

/// ``playedComponents(_:at:)`` as a value of the animation's type.
func playedValue(_ animation: CoreAnimationKeyframeAnimation, at local: TimeInterval) -> any AnimatableValue {
    func make<Value: AnimatableValue>(like _: Value) -> any AnimatableValue {
        var components = Value.Components.zero
        for (index, component) in playedComponents(animation, at: local).enumerated() { components[index] = component }
        return Value(components: components)
    }
    return make(like: animation.values[0])
}
