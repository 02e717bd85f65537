import FlightCore
import FlightEasing
import Foundation
import Testing

extension MainActorSuites {
    /// Repeating groups (``Repetition``), checked frame by frame at 120 Hz, and inside frames where
    /// cycles turn, against values worked out by hand from the definition: a custom key path
    /// that goes 0 → 100 linearly in 1 s, so that its value is `100 × s` on the way out.
    @MainActor
    @Suite("Repeat and autoreverse")
    struct RepeatTests {
        static let keyPath = "progress"

        /// A linear 0 → 100 in 1 s on `layer`, repeated; its callbacks and triggers recorded in `log`.
        static func ramp(
            on layer: HeadlessLayer, _ repetition: Repetition?, log: Log? = nil, other: HeadlessLayer? = nil
        ) -> AnimationGroup {
            layer.animate { animator in
                animator.value(100.0, forKeyPath: keyPath).duration(1).easing(.linear)
                if let repetition { animator.repeating(repetition) }
                if let log {
                    animator.setDidStartCallback { _ in log.events.append("start") }
                    animator.setDidStopCallback { _, finished in log.events.append("stop \(finished)") }
                    if let other {
                        animator.triggerOnProgress(0.5, onView: other) { animator in
                            animator.setDidStartCallback { _ in log.events.append("half") }
                        }
                        animator.triggerOnCompletion(onView: other) { animator in
                            animator.setDidStartCallback { _ in log.events.append("completion") }
                        }
                    }
                }
            }
        }

        @MainActor
        final class Log {
            var events: [String] = []
        }

        static func shown(_ layer: HeadlessLayer, at t: TimeInterval? = nil) -> Double {
            let value = t.map { layer.presentationValue(forKeyPath: keyPath, at: $0) } ?? layer.presentationValue(forKeyPath: keyPath)
            return value as? Double ?? .nan
        }

        /// The hand-worked value `e` seconds in: linear out `100 s`, mirrored back `100 (2 − s)`
        /// (or `100 (1 − b²)` on `.inQuad` back), holds in between, period `P`, run `T`.
        static func expected(_ e: TimeInterval, autoreverses: Bool, delay: TimeInterval, count: Double,
                             backInQuad: Bool = false) -> Double {
            let cycle = autoreverses ? 2.0 : 1.0
            let period = cycle + delay
            let span = count * cycle + (count.rounded(.up) - 1) * delay
            var s: Double
            if e >= span {
                let fraction = count - count.rounded(.down)
                s = fraction == 0 ? cycle : fraction * cycle
            } else {
                s = e - (e / period).rounded(.down) * period
            }
            if s < 1 { return 100 * s }
            guard autoreverses else { return 100 }
            if s < 2 {
                let b = s - 1
                return backInQuad ? 100 * (1 - b * b) : 100 * (1 - b)
            }
            return 0
        }

        /// Steps every 120 Hz frame to `end`, with probes a microsecond either side of every
        /// turn of a cycle inside the frames (each read before the frame is shown).
        static func check(_ layer: HeadlessLayer, _ clock: ManualClock, until end: TimeInterval,
                          turns: [TimeInterval], sourceLocation: SourceLocation = #_sourceLocation,
                          _ expected: (TimeInterval) -> Double) {
            var checked = 0
            everyFrame(clock, until: end) { now in
                // (Not once the group has ended: its animations have left the layer.)
                for turn in turns where turn > now - 1.0 / 120 && turn <= now && !layer.animationKeys.isEmpty {
                    for probe in [turn - 1e-6, turn, turn + 1e-6] where probe <= now {
                        // The animations placed now are those of the frame: read them at the probe.
                        let value = shown(layer, at: probe)
                        #expect(abs(value - expected(probe)) < 1e-6, "at \(probe): \(value) vs \(expected(probe))",
                                sourceLocation: sourceLocation)
                    }
                }
                let value = shown(layer)
                #expect(abs(value - expected(now)) < 1e-6, "at \(now): \(value) vs \(expected(now))",
                        sourceLocation: sourceLocation)
                checked += 1
            }
            #expect(checked > 0, sourceLocation: sourceLocation)
        }

        @Test("2.5 cycles, autoreversing: every frame and every turn by formula; start once, stop once at 5 s, triggers once")
        func twoAndAHalfAutoreversingCycles() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            let log = Log()
            let group = Self.ramp(on: layer, Repetition(count: 2.5, autoreverses: true), log: log, other: other)
            #expect(group.duration == 1 && group.totalDuration == 5)
            // The model holds where the run ends: half-way through the third cycle, at 100.
            #expect(layer.value(forKeyPath: Self.keyPath, as: Double.self) == 100)
            #expect(log.events == ["start"])
            Self.check(layer, clock, until: 4.99, turns: [1, 2, 3, 4]) { e in
                Self.expected(e, autoreverses: true, delay: 0, count: 2.5)
            }
            // The time-progress trigger fired once, in the first cycle (on its first frame at or
            // after 0.5 s); nothing else until the end.
            #expect(log.events == ["start", "half"])
            #expect(!group.hasEnded)
            everyFrame(clock, until: 6) { _ in }
            #expect(log.events == ["start", "half", "stop true", "completion"])
            #expect(group.finished && layer.animationKeys.isEmpty)
            #expect(Self.shown(layer) == 100)
        }

        @Test("3 cycles, no autoreverse, 0.25 s between them: jumps back at each cycle, holds in the delays")
        func delaysBetweenCycles() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let log = Log()
            let group = Self.ramp(on: layer, Repetition(count: 3, delay: 0.25), log: log)
            #expect(group.totalDuration == 3.5)
            Self.check(layer, clock, until: 3.49, turns: [1, 1.25, 2.25, 2.5, 3.5]) {
                Self.expected($0, autoreverses: false, delay: 0.25, count: 3)
            }
            #expect(log.events == ["start"])
            everyFrame(clock, until: 3.6) { _ in }
            #expect(log.events == ["start", "stop true"])
            #expect(Self.shown(layer) == 100)
        }

        @Test("Autoreversing on an .inQuadratic way back, 0.5 s between cycles: the back is 100 (1 − b²), the run ends at the start")
        func returnEasingAndDelay() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = Self.ramp(on: layer, Repetition(count: 2, autoreverses: true, delay: 0.5, returnEasing: .inQuadratic))
            #expect(group.totalDuration == 4.5)
            #expect(layer.value(forKeyPath: Self.keyPath, as: Double.self) == 0)
            Self.check(layer, clock, until: 4.6, turns: [1, 2, 2.5, 3.5, 4.5]) {
                Self.expected($0, autoreverses: true, delay: 0.5, count: 2, backInQuad: true)
            }
            #expect(group.finished)
        }

        @Test("Autoreversing on a spring way back: the end is held until the spring leaves to arrive at the cycle's end; a spring longer than the way out grows the cycle",
              arguments: [0.3, 2.5])
        func springReturnEasing(springDuration: Double) throws {
            let spring = Easing.spring(Spring(duration: springDuration, bounce: 0))
            // The way back, independently: the spring from 100 to 0, on its own time.
            let back = try ValueMotion(from: 100.0, to: 0.0, easing: spring, duration: 1)
            let b = back.duration
            let cycle = max(1, b)
            #expect(springDuration < 1 ? b < 1 : b > 1)
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = Self.ramp(on: layer, Repetition(count: 2, autoreverses: true, returnEasing: spring))
            #expect(abs(group.totalDuration - 4 * cycle) < 1e-9)
            func expected(_ e: TimeInterval) -> Double {
                let s = e.truncatingRemainder(dividingBy: 2 * cycle)
                if s < cycle { return min(100 * s, 100) }
                let start = 2 * cycle - b
                return s < start ? 100 : (back.value(at: s - start) as Double)
            }
            var checked = 0
            everyFrame(clock, until: 4 * cycle - 0.01) { now in
                let value = Self.shown(layer)
                // Within the keyframes' tolerance of the spring (a broken period is off by tens).
                #expect(abs(value - expected(now)) < 0.5, "at \(now): \(value) vs \(expected(now))")
                checked += 1
            }
            #expect(checked > 400)
            everyFrame(clock, until: 4 * cycle + 0.1) { _ in }
            #expect(group.finished && Self.shown(layer) == 0)
        }

        @Test("A run that ends where a curve jumps (`.steps` at the end of a way out) ends on the target, not the step before it")
        func runEndingOnAJump() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            // 2.5 autoreversing cycles end at the end of the third way out, where `.jumpEnd`
            // reaches its target; with this duration and delay the cycle's end is not exactly a
            // key time of the period's keyframes.
            let group = layer.animate { a in
                a.alpha(0.5).duration(0.22614933220545325).easing(.steps(4, .jumpEnd))
                a.repeating(Repetition(count: 2.5, autoreverses: true, delay: 0.21722393894441563))
            }
            #expect(layer.value(forKeyPath: "opacity", as: Double.self) == 0.5)
            everyFrame(clock, until: group.totalDuration + 0.1) { _ in }
            #expect(group.finished && layer.presentationValue(forKeyPath: "opacity") as? Double == 0.5)
        }

        @Test("Reversed early in its first cycle, a run without autoreverse shows its start up to the instant it arrives there, not the cycle's end")
        func reversedArrivalAtTheStart() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = layer.animate { a in
                a.bounds(CGRect(x: 0, y: 0, width: 59.173148785080585, height: 11.56592834014808)).duration(0.20090632093846816)
                    .easing(.inExponential)
                a.transform3D(.rotation(angle: -0.7474152534267433, x: 0, y: 0, z: 1)).duration(0.8611744193508408).easing(.spring(.bouncy))
                a.repeating(Repetition(count: 3, delay: 0.1878976698428559))
            }
            clock.advance(by: 1.0 / 60)
            group.reverse()
            // It plays back for as long as it played: it arrives at its start at 2/60 s. Up to
            // then it shows the first moments of its way out (bounds near 0), also within a few
            // ulps of that instant, where the time into the mirrored periods wraps.
            let arrival = 2.0 / 60
            for k in 1...64 {
                let t = arrival - Double(k) * arrival.ulp
                let width = (layer.presentationValue(forKeyPath: "bounds", at: t) as? CGRect)?.width ?? .nan
                #expect(width < 0.5, "at \(k) ulps before the start: \(width)")
            }
        }

        @Test("Forever: never stops on its own; cancelled, it stops once, not finished, where it was")
        func foreverUntilCancelled() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            let log = Log()
            let group = Self.ramp(on: layer, .forever(autoreverses: true), log: log, other: other)
            #expect(group.totalDuration == .infinity && group.repetition?.isForever == true)
            Self.check(layer, clock, until: 20, turns: [1, 2, 13, 14]) {
                Self.expected($0, autoreverses: true, delay: 0, count: .infinity)
            }
            #expect(log.events == ["start", "half"])
            // The fraction is of the cycle it is in: 20 s is the start of a cycle.
            #expect(abs(group.fractionComplete) < 1e-9)
            everyFrame(clock, until: 20.3) { _ in }
            #expect(abs(group.fractionComplete - 0.15) < 1e-9)
            group.reverse()   // no end to play back from: nothing changes
            #expect(!group.isReversed)
            let before = Self.shown(layer)
            group.cancel()
            #expect(log.events == ["start", "half", "stop false"])
            #expect(layer.value(forKeyPath: Self.keyPath, as: Double.self) == before)
            everyFrame(clock, until: 21) { _ in #expect(Self.shown(layer) == before) }
        }

        @Test("A later group takes over on the way back: it starts from the value shown, with the velocity, frame by frame")
        func takeOverKeepsValueAndVelocity() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let log = Log()
            _ = Self.ramp(on: layer, .forever(autoreverses: true), log: log)
            everyFrame(clock, until: 1.3) { _ in }
            let shownBefore = Self.shown(layer)
            #expect(abs(shownBefore - 70) < 1e-6)
            let next = layer.animate { animator in
                animator.value(40.0, forKeyPath: Self.keyPath).easing(.spring(Spring(duration: 0.5, bounce: 0)))
            }
            #expect(log.events == ["start", "stop false"])
            let property = try #require(next.property(Self.keyPath))
            // Way back at 100 per second: the spring leaves at −100 per second from 70.
            #expect(abs((property.from as? Double ?? .nan) - 70) < 1e-6)
            #expect(abs(property.velocity(at: 0)[0] + 100) < 1e-6)
            // The first frame after: a frame's travel at −100 per second, give or take the
            // spring's pull over one frame (under 2200/s² × dt²/2 < 0.08).
            clock.advance(by: 1.0 / 120)
            #expect(abs(Self.shown(layer) - (70 - 100.0 / 120)) < 0.08)
            var previous = Self.shown(layer)
            everyFrame(clock, until: 1.3 + next.duration + 0.1) { _ in
                let value = Self.shown(layer)
                // Continuous: never the jump back a new cycle would make.
                #expect(abs(value - previous) <= 2)
                previous = value
            }
            #expect(abs(previous - 40) < 1e-6)
        }

        @Test("Pause holds, scrubbing moves within the run, resume plays on from there")
        func pauseScrubResume() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = Self.ramp(on: layer, Repetition(count: 2.5, autoreverses: true))
            everyFrame(clock, until: 1.25) { _ in }
            group.pause()
            #expect(abs(group.fractionComplete - 0.25) < 1e-9)
            everyFrame(clock, until: 2) { _ in #expect(abs(Self.shown(layer) - 75) < 1e-6) }
            // Scrubbed to 0.7 of the 5 s run: 3.5 s in, on the way back of the second cycle.
            group.fractionComplete = 0.7
            #expect(abs(Self.shown(layer) - 50) < 1e-6)
            everyFrame(clock, until: 2.5) { _ in #expect(abs(Self.shown(layer) - 50) < 1e-6) }
            group.resume()
            let resumedAt = clock.now
            Self.check(layer, clock, until: resumedAt + 1.45, turns: [resumedAt + 0.5]) { t in
                Self.expected(3.5 + (t - resumedAt), autoreverses: true, delay: 0, count: 2.5)
            }
            everyFrame(clock, until: resumedAt + 1.6) { _ in }
            #expect(group.finished)
        }

        @Test("Forever, paused: the fraction is of the cycle it is in, and scrubbing stays in that cycle")
        func foreverScrubsWithinItsCycle() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = Self.ramp(on: layer, .forever(autoreverses: true, delay: 1))
            everyFrame(clock, until: 3.75) { _ in }
            group.pause()
            // Period 3 s: 3.75 s is 0.75 s into the second period.
            #expect(abs(group.fractionComplete - 0.25) < 1e-9)
            group.fractionComplete = 0.5   // 4.5 s: 0.5 s into the way back
            #expect(abs(Self.shown(layer) - 50) < 1e-6)
            group.fractionComplete = 0.9   // 5.7 s: in the delay, at the start
            #expect(abs(Self.shown(layer)) < 1e-6)
            group.resume()
            let resumedAt = clock.now
            Self.check(layer, clock, until: resumedAt + 2, turns: [resumedAt + 0.3]) { t in
                Self.expected(5.7 + (t - resumedAt), autoreverses: true, delay: 1, count: .infinity)
            }
        }

        @Test("Reversed mid-run, it plays back through the cycles it played, mirrored in time, and ends at its start",
              arguments: [0.4, 1.7, 3.3, 4.9])
        func reverseMirrors(at turn: TimeInterval) {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let log = Log()
            let group = Self.ramp(on: layer, Repetition(count: 2.5, autoreverses: true, delay: 0.3), log: log)
            let forward = { (e: TimeInterval) in Self.expected(e, autoreverses: true, delay: 0.3, count: 2.5) }
            everyFrame(clock, until: turn) { _ in }
            let turnedAt = clock.now
            group.reverse()
            #expect(group.isReversed && layer.value(forKeyPath: Self.keyPath, as: Double.self) == 0)
            Self.check(layer, clock, until: 2 * turnedAt - 0.01,
                       turns: [1, 2, 2.3, 3.3, 4.3, 5.6].map { 2 * turnedAt - $0 }.filter { $0 > turnedAt }) { t in
                forward(2 * turnedAt - t)
            }
            everyFrame(clock, until: 2 * turnedAt + 0.02) { _ in }
            #expect(log.events == ["start", "stop false"])
            #expect(Self.shown(layer) == 0)
        }

        @Test("finish(at:): the end of the run, its start, or where it is; forever's end is its targets")
        func finishPositions() {
            for (position, repetition, value, finished) in [
                (AnimationGroup.FinishPosition.end, Repetition(count: 2.5, autoreverses: true), 100.0, true),
                (.end, Repetition(count: 2, autoreverses: true), 0, true),
                (.start, Repetition(count: 2.5, autoreverses: true), 0, false),
                (.current, Repetition(count: 2.5, autoreverses: true), 70, false),
                (.end, Repetition.forever(autoreverses: true), 100, true),
            ] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                let log = Log()
                let group = Self.ramp(on: layer, repetition, log: log)
                everyFrame(clock, until: 1.3) { _ in }
                group.finish(at: position)
                #expect(log.events == ["start", "stop \(finished)"], "\(position) \(repetition)")
                #expect(abs(Self.shown(layer) - value) < 1e-6, "\(position) \(repetition)")
                #expect(abs((layer.value(forKeyPath: Self.keyPath, as: Double.self) ?? .nan) - value) < 1e-6)
                #expect(layer.animationKeys.isEmpty)
            }
        }

        @Test("Handed to a spring mid-cycle: leaves from what is shown with the group's velocity, settles at the run's end")
        func continueOnSpring() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let log = Log()
            let group = Self.ramp(on: layer, Repetition(count: 2.5, autoreverses: true), log: log)
            everyFrame(clock, until: 1.25) { _ in }
            let before = Self.shown(layer)
            // A gesture moving the run at 0.1 of it per second: 0.5 s of group time per second.
            let spring = try #require(group.continueOnSpring(velocity: 0.1, towardsEnd: true))
            #expect(abs(Self.shown(layer) - before) < 1e-9)
            let property = try #require(spring.property(Self.keyPath))
            #expect(abs(property.velocity(at: 0)[0] - (-100 * 0.5)) < 1e-6)
            var previous = before
            everyFrame(clock, until: 1.25 + spring.duration + 0.1) { _ in
                let value = Self.shown(layer)
                #expect(abs(value - previous) < 2)
                previous = value
            }
            #expect(log.events == ["start", "stop true"])
            #expect(abs(previous - 100) < 1e-6)
        }

        @Test("What CoreAnimation receives: one period's keyframes and a fractional repeatCount; by the documented rule it shows what HeadlessLayer shows, forwards and reversed")
        func coreAnimationDescription() throws {
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            let group = host.animate { animator in
                animator.value(100.0, forKeyPath: Self.keyPath).duration(1).easing(.outCubic)
                animator.repeating(Repetition(count: 2.5, autoreverses: true, delay: 0.3))
            }
            func description() throws -> CoreAnimationKeyframeAnimation {
                try #require(host.lastSteps().compactMap(CoreAnimationPlanTests.addition).last)
            }
            var animation = try description()
            // Period 2.3 s; run 5 + 2 × 0.3 = 5.6 s: 5.6 / 2.3 periods.
            #expect(abs(animation.duration - 2.3) < 1e-12)
            #expect(abs(animation.repeatCount - 5.6 / 2.3) < 1e-12)
            // CAMediaTiming: active local time (t − begin) × speed + offset, repeating the basic
            // duration within the active duration duration × repeatCount; the model after it.
            func caValue(_ animation: CoreAnimationKeyframeAnimation, at t: TimeInterval) -> Double {
                let local = (t - animation.beginTime) * animation.speed + animation.timeOffset
                let active = animation.duration * Double(animation.floatRepeatCount)
                guard local < active else { return host.layer.value(forKeyPath: Self.keyPath, as: Double.self) ?? .nan }
                let basic = max(local, 0).truncatingRemainder(dividingBy: animation.duration)
                return playedValue(animation, at: basic).componentArray[0]
            }
            everyFrame(clock, until: 3.1) { now in
                #expect(abs(caValue(animation, at: now) - Self.shown(host.layer)) < 1e-6, "at \(now)")
            }
            group.reverse()
            animation = try description()
            #expect(animation.beginTime < clock.now)
            everyFrame(clock, until: 6.3) { now in
                #expect(abs(caValue(animation, at: now) - Self.shown(host.layer)) < 1e-6, "reversed, at \(now)")
            }
            #expect(group.hasEnded)

            let forever = host.animate { animator in
                animator.value(50.0, forKeyPath: Self.keyPath).duration(1)
                animator.repeating(.forever())
            }
            #expect(try description().repeatCount == .infinity)
            #expect(try description().floatRepeatCount == .greatestFiniteMagnitude)
            forever.cancel()
        }

        @Test("Bad input: a count that is not positive plays once, a bad delay counts as 0, each reported; huge counts stay bounded")
        func badInput() {
            for count in [0, -2, .nan, -.infinity] as [Double] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                let log = Log()
                var group: AnimationGroup?
                let reports = collectingDiagnostics { group = Self.ramp(on: layer, Repetition(count: count), log: log) }
                #expect(reports.count == 1 && group?.totalDuration == 1, "\(count): \(reports)")
                everyFrame(clock, until: 1.1) { _ in }
                #expect(log.events == ["start", "stop true"])
            }
            for delay in [-1, .nan, .infinity] as [Double] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                var group: AnimationGroup?
                let reports = collectingDiagnostics { group = Self.ramp(on: layer, Repetition(count: 2, delay: delay)) }
                #expect(reports.count == 1 && group?.totalDuration == 2, "\(delay): \(reports)")
            }
            // 1e300 cycles: a run of 1e300 s, played like any other; 1e308 autoreversing
            // cycles overflow a Double and repeat forever.
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let huge = Self.ramp(on: layer, Repetition(count: 1e300))
            #expect(huge.totalDuration == 1e300)
            Self.check(layer, clock, until: 2.5, turns: [1, 2]) { e in 100 * (e - e.rounded(.down)) }
            huge.cancel()
            let overflowing = Self.ramp(on: layer, Repetition(count: 1e308, autoreverses: true))
            #expect(overflowing.totalDuration == .infinity)
            overflowing.finish(at: .end)
            #expect(overflowing.finished)
            // Nothing to repeat: a group that does not move ends at once, even forever.
            let still = layer.animate { animator in
                animator.value(0.0, forKeyPath: "still").duration(1)
                animator.repeating(.forever())
            }
            #expect(still.hasEnded && still.finished && still.repetition == nil)
        }
    }
}
