import FlightCore
import Foundation
import Testing

/// Extreme but finite inputs, through the public API on a headless layer: every call returns
/// after a bounded number of evaluations of the exact motion, every value shown and every
/// keyframe handed to the host is a finite number, and what cannot be shown as asked is
/// reported. Each test steps every 120 Hz frame until nothing is pending any more.
///
/// The bounds checked are the documented ones ("Extreme values" in Values and keyframes): a
/// spring's start velocity carries it at most 10⁵ tolerances (50,000 pt at half a point) or its
/// travel, so it overshoots by at most 1.2 times that; a property's fit makes at most
/// `ValueMotion.maximumFitEvaluations` evaluations.
extension MainActorSuites {
    @MainActor
    @Suite("Extreme inputs")
    struct ExtremeInputTests {
        /// The most evaluations one property's fit may make.
        static let evaluationBound = 100_000
        /// How far a position's spring may be carried by its start velocity: 10⁵ × 0.5 pt.
        static let geometryReach = 50_000.0
        /// `Spring.springDecay`'s natural frequency: a response of 0.5 s.
        static let springDecayFrequency = 2 * Double.pi / 0.5

        /// What a run showed: the shown value's components at every frame, in order.
        struct Shown {
            var frames: [[Double]] = []
            var last: [Double] { frames.last ?? [] }
        }

        /// Checks that every model value and every keyframe value the layer holds is finite.
        func expectFiniteOnHost(_ layer: HeadlessLayer, _ keyPath: String, _ label: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
            let model = layer.modelValue(forKeyPath: keyPath)?.componentArray ?? []
            #expect(model.allSatisfy { $0.isFinite }, "\(label): model \(model)", sourceLocation: sourceLocation)
            for key in layer.animationKeys {
                guard let animation = layer.animation(forKey: key) else { continue }
                let values = animation.keyframes.valueList.flatMap(\.componentArray)
                #expect(values.allSatisfy { $0.isFinite }, "\(label): keyframes of \(key)", sourceLocation: sourceLocation)
                #expect(animation.keyframes.keyTimes.allSatisfy { $0.isFinite } && animation.keyframes.duration.isFinite,
                        "\(label): key times of \(key)", sourceLocation: sourceLocation)
            }
        }

        /// Steps every 1/120 s frame until nothing is pending on `clock` (at most `limit` seconds),
        /// checking after each that the value shown at `keyPath` is finite.
        func playToEnd(_ clock: ManualClock, _ layer: HeadlessLayer, _ keyPath: String, _ label: String,
                       limit: TimeInterval = 70, sourceLocation: SourceLocation = #_sourceLocation) -> Shown {
            var shown = Shown()
            let end = clock.now + limit
            var frame = (clock.now * 120).rounded(.down)
            while clock.hasPendingEvents && clock.now < end {
                frame += 1
                clock.advance(to: frame / 120)
                let value = layer.presentationValue(forKeyPath: keyPath)?.componentArray ?? [.nan]
                if !value.allSatisfy(\.isFinite) {
                    Issue.record("\(label): \(keyPath) shows \(value) at \(clock.now)", sourceLocation: sourceLocation)
                    break
                }
                shown.frames.append(value)
            }
            #expect(!clock.hasPendingEvents, "\(label): still running after \(limit) s", sourceLocation: sourceLocation)
            return shown
        }

        /// Checks every property of `group` against the evaluation bound.
        func expectBoundedWork(_ group: AnimationGroup?, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
            guard let group else {
                Issue.record("\(label): no group", sourceLocation: sourceLocation)
                return
            }
            #expect(ValueMotion<CGPoint>.maximumFitEvaluations == Self.evaluationBound)
            for keyPath in group.keyPaths {
                let evaluations = group.property(keyPath)?.fitEvaluations ?? 0
                #expect(evaluations <= Self.evaluationBound, "\(label): \(keyPath) took \(evaluations) evaluations",
                        sourceLocation: sourceLocation)
            }
        }

        // MARK: The hang

        @Test("continueOnSpring with a velocity up to 10³⁰⁰ returns, reports the slowed spring and settles at the end within a few screens")
        func continueOnSpringAtAnyVelocity() {
            var limitedRuns: [[[Double]]] = []
            for velocity in [10, 1e3, 1e6, 1e10, 1e50, 1e100, 1e150, 1e200, 1e300] {
                let label = "velocity \(velocity)"
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                let move = layer.animate { $0.position(CGPoint(x: 600, y: 0)).duration(1) }
                move.pause()
                move.fractionComplete = 0.5
                var spring: AnimationGroup?
                let reports = collectingDiagnostics { spring = move.continueOnSpring(velocity: velocity) }
                expectBoundedWork(spring, label)
                expectFiniteOnHost(layer, "position", label)
                // The position moves at 600 pt/s through the group, so the spring leaves at
                // 600 × velocity pt/s, which alone would carry it 600 × velocity / ω₀.
                let limited = 600 * velocity / Self.springDecayFrequency > Self.geometryReach
                #expect(reports == (limited ? [.velocityLimited(keyPath: "position", reach: Self.geometryReach)] : []),
                        "\(label): \(reports)")
                let shown = playToEnd(clock, layer, "position", label)
                // Released past halfway and flung forwards: it settles at the end, finished, never
                // more than 1.2 reaches past it, never off its line.
                #expect(shown.last == [600, 0], "\(label): ends at \(shown.last)")
                #expect(move.hasEnded && move.finished, "\(label)")
                for frame in shown.frames {
                    #expect(frame[0] >= 300 && frame[0] <= 600 + 1.2 * Self.geometryReach && frame[1] == 0, "\(label): \(frame)")
                }
                if limited { limitedRuns.append(shown.frames) }
            }
            // Once limited, a faster fling is the same fling: it leaves at the limit, 50,000 × ω₀
            // ≈ 628,319 pt/s, critically damped from 300 pt short of the end. Worked by hand:
            // x(t) = 600 + (−300 + (628,319 − 300ω₀)t)e^(−ω₀t), 5,017.0 pt after the first frame.
            #expect(limitedRuns.count == 7)
            #expect(limitedRuns.allSatisfy { $0 == limitedRuns[0] })
            if let first = limitedRuns.first?.first?.first { expectClose(first, 5_017.0, absolute: 0.6) }
        }

        // MARK: Spring decays

        @Test("Spring decays flung at up to 10³⁰⁰ in one or two dimensions are slowed to what can be shown, and reported")
        func springDecaysFlungAtAnyVelocity() {
            for velocity in [1e6, 1e10, 1e100, 1e200, 1e300] {
                for (direction, speed) in [(CGPoint(x: velocity, y: 0), 1.0), (CGPoint(x: velocity, y: -velocity), 2.0.squareRoot())] {
                    let label = "fling \(direction)"
                    let clock = ManualClock()
                    let layer = HeadlessLayer(clock: clock)
                    var group: AnimationGroup?
                    let reports = collectingDiagnostics {
                        group = layer.animate { $0.position(CGPoint(x: 600, y: 0)).easing(.springDecay(velocity: direction)) }
                    }
                    expectBoundedWork(group, label)
                    expectFiniteOnHost(layer, "position", label)
                    #expect(speed * velocity / Self.springDecayFrequency > Self.geometryReach)
                    #expect(reports == [.velocityLimited(keyPath: "position", reach: Self.geometryReach)], "\(label): \(reports)")
                    let shown = playToEnd(clock, layer, "position", label)
                    #expect(shown.last == [600, 0], "\(label): ends at \(shown.last)")
                    for frame in shown.frames {
                        let distance = ((frame[0] - 600) * (frame[0] - 600) + frame[1] * frame[1]).squareRoot()
                        #expect(distance <= 600 + 1.2 * Self.geometryReach, "\(label): \(frame)")
                    }
                }
            }
        }

        @Test("Other properties flung at 10³⁰⁰: the reach is 10⁵ tolerances, unlimited for a relative tolerance")
        func otherPropertiesFlung() {
            // (key path, target, start velocity, tolerance's reach): opacity's tolerance is half an
            // 8-bit step, so 10⁵ of them are 196; a border width's is half a point, so 50,000 pt. A
            // custom key path's is relative (0.1 % of the motion's extent): not limited, shown
            // alike at any scale.
            let cases: [(String, Double, Double, Double)] = [
                ("opacity", 0, -1e300, 1e5 * (0.5 / 255)),
                ("opacity", 0, 1e300, 1e5 * (0.5 / 255)),
                ("borderWidth", 2, 1e300, Self.geometryReach),
                ("flingProgress", 1, 1e300, .infinity),
            ]
            for (keyPath, target, velocity, reach) in cases {
                let label = "\(keyPath) at \(velocity)"
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                var group: AnimationGroup?
                let reports = collectingDiagnostics {
                    group = layer.animate { $0.value(target, forKeyPath: keyPath).easing(.springDecay(velocity: velocity)) }
                }
                expectBoundedWork(group, label)
                expectFiniteOnHost(layer, keyPath, label)
                let widenings = reports.filter { if case .toleranceWidened = $0 { true } else { false } }
                if reach.isFinite {
                    #expect(reports.first == .velocityLimited(keyPath: keyPath, reach: reach), "\(label): \(reports)")
                    // Anything else reported is a widened tolerance, never a jump.
                    #expect(widenings.count == reports.count - 1, "\(label): \(reports)")
                } else {
                    #expect(widenings.count == reports.count, "\(label): \(reports)")
                }
                let shown = playToEnd(clock, layer, keyPath, label)
                let end = layer.presentationValue(forKeyPath: keyPath) as? Double
                #expect(end == target, "\(label): ends at \(String(describing: end))")
                for frame in shown.frames where reach.isFinite {
                    #expect(abs(frame[0] - target) <= 2 + 1.2 * reach, "\(label): \(frame)")
                }
            }
        }

        // MARK: Distances

        @Test("Targets up to 10³⁰⁰ away: animated where a Double holds the distance, a reported jump where it does not")
        func distancesUpTo1e300() {
            typealias Case = (keyPath: String, build: (GroupAnimator, Double) -> Void, overflowsFrom: Double)
            let cases: [Case] = [
                ("position", { a, d in a.position(CGPoint(x: d, y: -d)).duration(1).easing(.outBack) }, 1e155),
                ("bounds", { a, d in a.bounds(CGRect(x: 0, y: 0, width: d, height: d)).easing(.spring(.bouncy)) }, 1e155),
                ("opacity", { a, d in a.alpha(d).duration(1).easing(.outElastic) }, .infinity),
                ("travel", { a, d in a.value(d, forKeyPath: "travel").duration(1).easing(.inOutBack) }, .infinity),
                ("transform", { a, d in a.value(d, forKeyPath: "transform.scale").duration(1).easing(.outBack) }, .infinity),
                ("transform", { a, d in a.value(d, forKeyPath: "transform.translation.x").easing(.springDecay(velocity: d)) },
                 .infinity),
                ("transform", { a, d in a.transform3D(.scale(x: d, y: d, z: 1)).duration(1) }, 1e155),
            ]
            for (index, item) in cases.enumerated() {
                for distance in [1e10, 1e100, 1e150, 1e200, 1e300] {
                    let label = "case \(index) (\(item.keyPath)) at \(distance)"
                    let clock = ManualClock()
                    let layer = HeadlessLayer(clock: clock)
                    var group: AnimationGroup?
                    let reports = collectingDiagnostics { group = layer.animate { item.build($0, distance) } }
                    expectBoundedWork(group, label)
                    expectFiniteOnHost(layer, item.keyPath, label)
                    let target = layer.modelValue(forKeyPath: item.keyPath)?.componentArray ?? []
                    if distance >= item.overflowsFrom {
                        // Its distance overflows: it jumps, and says so.
                        #expect(reports == [.motionOverflows(keyPath: item.keyPath)], "\(label): \(reports)")
                        #expect(layer.presentationValue(forKeyPath: item.keyPath)?.componentArray == target, "\(label)")
                    } else {
                        #expect(reports.allSatisfy { if case .toleranceWidened = $0 { true } else { false } },
                                "\(label): \(reports)")
                    }
                    let shown = playToEnd(clock, layer, item.keyPath, label)
                    #expect(layer.presentationValue(forKeyPath: item.keyPath)?.componentArray == target,
                            "\(label): ends at \(shown.last)")
                }
            }
        }

        @Test("A travel a Double holds whose overshoot it does not: a reported jump, either way out")
        func overshootBeyondTheLargestDouble() {
            // 1.7 × 10³⁰⁸ is a Double, and so the distance to it; an `outBack` overshoots by a
            // tenth, an `inBack` undershoots as far below the start: past the largest Double.
            // The keyframes, placed between the two values from a fit of the progress, would hold
            // an infinity there; a tenth of it stays within, and is animated.
            let cases: [(from: Double, to: Double, easing: Easing, overflows: Bool)] = [
                (0, 1.7e308, .outBack, true), (-1.7e308, 0, .inBack, true),
                (0, 1.5e307, .outBack, false), (-1.5e307, 0, .inBack, false),
            ]
            for (from, to, easing, overflows) in cases {
                let label = "\(from) to \(to) on \(easing)"
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                layer.setModelValue(from, forKeyPath: "travel")
                let reports = collectingDiagnostics {
                    layer.animate { $0.value(to, forKeyPath: "travel").duration(1).easing(easing) }
                }
                expectFiniteOnHost(layer, "travel", label)
                #expect(reports == (overflows ? [.motionOverflows(keyPath: "travel")] : []), "\(label): \(reports)")
                let shown = playToEnd(clock, layer, "travel", label)
                #expect(shown.frames.allSatisfy { $0.allSatisfy(\.isFinite) }, "\(label)")
                #expect(shown.frames.count > 1 || overflows, "\(label): animated")
                #expect(layer.presentationValue(forKeyPath: "travel") as? Double == to, "\(label)")
            }
        }

        // MARK: Springs and staircases at their limits

        @Test("Springs at the parameter limits: a 10¹² stiffness, responses of 10⁻⁹ s and 10⁹ s")
        func springsAtTheLimits() throws {
            // Stiffness 10¹² (clamped to 10⁹) with a damping of 1: about 5 kHz, barely damped, for
            // 14 s. No 1,000 keyframes can follow it within half a point: it is shown within a
            // wider tolerance, reported, and the fit stays within its evaluations.
            for velocity in [1e3, 1e300] {
                let label = "stiff spring at \(velocity)"
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                var group: AnimationGroup?
                let stiff = Spring(mass: 1, stiffness: 1e12, damping: 1)
                let reports = collectingDiagnostics {
                    group = layer.animate { $0.position(CGPoint(x: 600, y: 0)).easing(.springDecay(velocity: CGPoint(x: velocity, y: 0), spring: stiff)) }
                }
                expectBoundedWork(group, label)
                expectFiniteOnHost(layer, "position", label)
                let property = try #require(group?.property("position"))
                let widened = try #require(property.widenedTolerance, "\(label): \(reports)")
                #expect(reports.contains(.toleranceWidened(keyPath: "position", tolerance: widened)), "\(label): \(reports)")
                #expect(property.keyTimes.count <= ValueMotion<CGPoint>.maximumKeyframes)
                let shown = playToEnd(clock, layer, "position", label)
                #expect(shown.last == [600, 0], "\(label): ends at \(shown.last)")
            }

            // A response of 10⁻⁹ s is the stiffest spring with the damping ratio asked (a period of
            // 2π/√10⁹ ≈ 0.2 ms): critically damped, it has arrived by the first frame. (Clamping the
            // stiffness alone would leave the damping at its bound: an overdamped crawl of seconds.)
            let quick = Spring(response: 1e-9, dampingRatio: 1)
            expectClose(quick.dampingRatio, 1, relative: 1e-9)
            expectClose(quick.response, 2 * .pi / 1e9.squareRoot(), relative: 1e-9)
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = layer.animate { $0.position(CGPoint(x: 600, y: 0)).easing(.spring(quick)) }
            expectBoundedWork(group, "quick spring")
            #expect(group.duration < 0.01, "settles in \(group.duration) s")
            let shown = playToEnd(clock, layer, "position", "quick spring")
            #expect(shown.frames.first == [600, 0])

            // A response of 10⁹ s is the softest spring with its ratio; it settles (snaps) at the
            // 60 s cap, finite all the way.
            let slow = Spring(response: 1e9, dampingRatio: 0.5)
            expectClose(slow.dampingRatio, 0.5, relative: 1e-9)
            let slowClock = ManualClock()
            let slowLayer = HeadlessLayer(clock: slowClock)
            let slowGroup = slowLayer.animate { $0.position(CGPoint(x: 600, y: 0)).easing(.spring(slow)) }
            expectBoundedWork(slowGroup, "slow spring")
            #expect(slowGroup.duration <= SpringMotion.maximumSettlingDuration)
            #expect(playToEnd(slowClock, slowLayer, "position", "slow spring").last == [600, 0])
        }

        @Test("Staircases with more steps than keyframes: shown evenly within a reported tolerance, after bounded work")
        func staircasesBeyondTheKeyframeCap() throws {
            #expect(Steps(.max).count == Steps.maximumCount)
            for count in [600, 5_000, Int.max] {
                let label = "steps(\(count))"
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                var group: AnimationGroup?
                let reports = collectingDiagnostics {
                    group = layer.animate { $0.value(600.0, forKeyPath: "position.x").duration(1).easing(.steps(count)) }
                }
                expectBoundedWork(group, label)
                expectFiniteOnHost(layer, "position", label)
                let property = try #require(group?.property("position.x"))
                #expect(property.keyTimes.count <= ValueMotion<Double>.maximumKeyframes, "\(label)")
                // Within half a point where the steps are finer than that, else within the tolerance
                // reported; checked against the staircase itself (CSS `steps(n, jump-end)`).
                let tolerance = property.widenedTolerance ?? 0.5
                if let widened = property.widenedTolerance {
                    #expect(reports == [.toleranceWidened(keyPath: "position.x", tolerance: widened)], "\(label): \(reports)")
                }
                let steps = Double(min(count, Steps.maximumCount))
                let shown = playToEnd(clock, layer, "position.x", label)
                for (index, frame) in shown.frames.enumerated() {
                    let t = Double(index + 1) / 120
                    // Either side of the step a frame lands on.
                    let before = 600 * ((t * steps).rounded(.down) - 1) / steps
                    let after = 600 * min((t * steps).rounded(.down), steps) / steps
                    let exact = t >= 1 ? 600 : after
                    #expect(abs(frame[0] - exact) <= tolerance + 1e-9 || abs(frame[0] - before) <= tolerance + 1e-9,
                            "\(label) at \(t): \(frame[0]) for \(exact)")
                }
                #expect(shown.last == [600], "\(label): ends at \(shown.last)")
            }
        }

        // MARK: Durations and layer speeds

        @Test("Durations from 10⁻¹² s to 10³⁰⁰ s with a value-progress trigger, on layers at speeds from 10⁻¹² to 10¹²")
        func durationsAndSpeeds() {
            for duration in [1e-12, 1e-6, 1e6, 1e300] {
                for speed in [1e-12, 1.0, 1e12] {
                    let label = "duration \(duration) at speed \(speed)"
                    let clock = ManualClock()
                    let layer = HeadlessLayer(clock: clock)
                    layer.speed = speed
                    var fired = false
                    let reports = collectingDiagnostics {
                        let group = layer.animate { a in
                            a.position(CGPoint(x: 600, y: 0)).duration(duration).easing(.outBack)
                            a.triggerOnValueProgress(0.5, onView: layer) { $0.alpha(0.5).duration(0) }
                            a.setDidStopCallback { _, _ in fired = true }
                        }
                        expectBoundedWork(group, label)
                    }
                    // Only a moment beyond the largest Double (10³⁰⁰ s at a 10⁻¹² speed) is no moment
                    // on the screen's clock: the host's own report (``FlightError/hostTimeStopped``).
                    let representable = (duration / speed).isFinite
                    #expect(reports == (representable ? [] : [.hostTimeStopped]), "\(label): \(reports)")
                    expectFiniteOnHost(layer, "position", label)
                    // A second of frames, then straight to where it must have ended.
                    var frame = 0.0
                    for _ in 0..<120 {
                        frame += 1
                        clock.advance(to: frame / 120)
                        let x = Double(layer.presentation().position.x)
                        #expect(x.isFinite && x >= 0 && x <= 600 * 1.2, "\(label): \(x)")
                    }
                    let end = duration / speed
                    if end.isFinite && end < 1e290 { clock.advance(to: clock.now + 2 * end + 1) }
                    if !fired { continue }
                    #expect(layer.presentation().position == CGPoint(x: 600, y: 0), "\(label)")
                    #expect(layer.presentation().opacity == 0.5, "\(label): the trigger fired")
                }
            }
        }
    }
}
