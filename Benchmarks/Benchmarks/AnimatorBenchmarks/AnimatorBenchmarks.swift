import Benchmark
import FlightCore
import Foundation
import TriggerBurst

/// Cost of `animate` on a headless layer: build the plan, snapshot, synchronize, sample keyframes
/// and play, for 1, 4 and 16 properties, and of a redirect that synchronizes with a group in
/// flight. Times and allocations are per call (each sample runs a thousand).
let benchmarks: @Sendable () -> Void = {
    animatorBenchmarks()
    frameBenchmarks()
    triggerBurstBenchmarks()
}

let animatorBenchmarks: @Sendable () -> Void = {
    // Each sample runs a thousand cycles on the main actor and is reported per cycle (the
    // metrics marked `*`): a hop to the main actor for every cycle would cost more than the
    // cycle itself.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 500
    )

    @MainActor
    func animate(_ layer: HeadlessLayer, properties: Int, target: Double) {
        layer.animate { animator in
            if properties >= 1 { animator.position(CGPoint(x: target, y: target / 2)).duration(0.5).easing(.outCubic) }
            if properties >= 4 {
                animator.bounds(CGRect(x: 0, y: 0, width: 40 + target / 4, height: 40)).duration(0.5).easing(.inOutSine)
                animator.alpha(target > 150 ? 0.3 : 1).duration(0.5).easing(.outCubic)
                animator.backgroundColor(Color(red: target / 300, green: 0.4, blue: 0.6)).duration(0.5)
            }
            if properties >= 16 {
                animator.cornerRadius(target / 20).duration(0.5)
                animator.borderWidth(target / 100).duration(0.5)
                animator.borderColor(Color(white: target / 300)).duration(0.5)
                animator.shadowOpacity(target / 300).duration(0.5)
                animator.shadowRadius(target / 30).duration(0.5)
                animator.shadowOffset(CGSize(width: 0, height: target / 50)).duration(0.5)
                animator.shadowColor(Color(red: 0, green: 0, blue: target / 300)).duration(0.5)
                animator.zPosition(target / 10).duration(0.5)
                animator.anchorPoint(CGPoint(x: 0.5, y: 0.4 + target / 1_000)).duration(0.5)
                animator.contentsRect(CGRect(x: 0, y: 0, width: 1, height: 0.5 + target / 600)).duration(0.5)
                animator.transform(.rotation(target / 100)).duration(0.5).easing(.outBack)
                animator.value(target, forKeyPath: "progress").duration(0.5)
            }
        }
    }

    for count in [1, 4, 16] {
        Benchmark("animate: \(count) properties") { benchmark in
            let iterations = benchmark.scaledIterations
            await MainActor.run {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                layer.setModelValue(0.0, forKeyPath: "progress")
                var target = 0.0
                for _ in iterations {
                    target = target == 300 ? 0 : 300
                    animate(layer, properties: count, target: target)
                    clock.advance(by: 1)   // let it finish, so every call starts from rest
                }
            }
        }
    }

    // One property of each kind, to see what each costs on its own.
    let kinds: [(String, @MainActor @Sendable (GroupAnimator, Double) -> Void)] = [
        ("position outCubic", { a, t in a.position(CGPoint(x: t, y: t / 2)).duration(0.5).easing(.outCubic) }),
        ("position outElastic", { a, t in a.position(CGPoint(x: t, y: t / 2)).duration(0.5).easing(.outElastic) }),
        ("position spring", { a, t in a.position(CGPoint(x: t, y: t / 2)).easing(.spring(.bouncy)) }),
        ("position springDecay 2D", { a, t in
            a.position(CGPoint(x: t, y: t / 2)).easing(.springDecay(velocity: CGPoint(x: 900, y: -1_400)))
        }),
        ("opacity linear", { a, t in a.alpha(t / 300).duration(0.5) }),
        ("backgroundColor Oklab linear", { a, t in a.backgroundColor(Color(red: t / 300, green: 0.4, blue: 0.6)).duration(0.5) }),
        ("transform rotation outBack", { a, t in a.transform(.rotation(t / 100)).duration(0.5).easing(.outBack) }),
    ]
    for (name, configure) in kinds {
        Benchmark("animate: 1 property, \(name)") { benchmark in
            let iterations = benchmark.scaledIterations
            await MainActor.run {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                var target = 0.0
                for _ in iterations {
                    target = target == 300 ? 0 : 300
                    layer.animate { configure($0, target) }
                    clock.advance(by: 4)
                }
            }
        }
    }

    Benchmark("animate: redirect of 4 properties in flight") { benchmark in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var target = 0.0
            for _ in iterations {
                target = target == 300 ? 0 : 300
                animate(layer, properties: 4, target: target)
                clock.advance(by: 0.2)   // still in flight: the next call synchronizes
            }
        }
    }
}

/// 10,000 frames with 1,000 groups on 1,000 layers holding pending triggers, none of them due:
/// what an app pays per frame while many chained animations are in flight (divide by 10,000).
let frameBenchmarks: @Sendable () -> Void = {
    // The set-up (1,000 animate calls) is not measured, so it must not be repeated until the
    // measured time reaches the limit: a few iterations are plenty for a 10,000-frame loop.
    Benchmark("frames ×10,000: 1,000 groups with pending triggers, nothing due",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one,
                                   maxDuration: .seconds(2), maxIterations: 5)) { benchmark in
        nonisolated(unsafe) let measured = benchmark
        await MainActor.run {
            let pending = PendingTriggers(count: 1_000)
            measured.startMeasurement()
            for _ in 0..<10_000 {
                pending.frame()
            }
            measured.stopMeasurement()
            blackHole(pending)
        }
    }
}

/// One frame in which 1,000 triggers come due at once, each starting a fade on a layer of its
/// own (see ``TriggerBurst``): the frame is measured, the 1,000 `animate` calls that set it up are
/// not. Alike fades share one keyframe fit from the cache; with varied targets a few dozen fits
/// are made (followers whose travels fall in one step of the stepped tolerance share one).
/// Instructions are the steadiest figure on a noisy machine; for a count of one frame with no
/// harness around it, run `Scripts/trigger-burst-callgrind.py`.
let triggerBurstBenchmarks: @Sendable () -> Void = {
    let cases: [(TriggerBurst.Moment, warmFollowers: Bool, variedTargets: Bool)] = [
        (.progress, false, false), (.completion, false, false), (.progress, true, false), (.progress, true, true),
    ]
    for (moment, warmFollowers, variedTargets) in cases {
        let followers = (warmFollowers ? ", followers animated before" : "") + (variedTargets ? ", varied targets" : "")
        Benchmark("trigger burst: 1,000 \(moment.rawValue) triggers due in one frame\(followers)",
                  configuration: .init(metrics: [.wallClock, .instructions, .mallocCountTotal], scalingFactor: .one,
                                       maxDuration: .seconds(3), maxIterations: 40)) { benchmark in
            nonisolated(unsafe) let measured = benchmark
            await MainActor.run {
                let burst = TriggerBurst(count: 1_000, moment: moment, warmFollowers: warmFollowers,
                                         variedTargets: variedTargets)
                measured.startMeasurement()
                burst.fire()
                measured.stopMeasurement()
                precondition(burst.everyTriggerFired, "every trigger fires once")
                blackHole(burst)
            }
        }
    }
}
