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

        /// 1.75 autoreversing cycles (a cycle is the way out and the way back) on a
        /// `.steps(4, .jumpEnd)` way back end half-way back, where the way back steps for the
        /// second time: the run ends showing the step before, and the key
        /// times of the period, rounded, must not place that step a moment before the end, where
        /// the layer would show the next step for an instant and then the model (fuzz seed
        /// 553191, whose group is this one).
        @Test("A run that ends where its way back steps shows the step before up to its end, then holds it")
        func endsWhereTheWayBackSteps() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = layer.animate(.average) { a in
                a.position(CGPoint(x: 69.33614761616974, y: 130.76095652502238)).duration(0.6465839884811538).easing(.inExponential)
                a.value(-6.676229473127211, forKeyPath: "transform.rotation.z").duration(0.7702152216363553).easing(.inExponential)
                a.repeating(Repetition(count: 1.75, autoreverses: true, delay: 0.1669285917260857, returnEasing: .steps(4, .jumpEnd)))
            }
            let end = group.beginTime + group.totalDuration
            let model = try #require(layer.modelValue(forKeyPath: "transform.rotation.z") as? Double)
            // Half-way back on four steps that jump at their ends, the second step not yet
            // taken: a quarter of the way back from the full turn (read back within ±π).
            #expect(abs(remainder(model - -6.676229473127211 * 0.75, 2 * .pi)) < 1e-12)
            var probes = (1...Int(end * 120)).map { Double($0) / 120 }
            var before = end
            for _ in 0..<16 {
                before = before.nextDown
                probes.append(before)
            }
            probes += [end - 1e-6, end - 1e-9, end - 1e-12, end, end + 1e-9, end + 1 / 120]
            var last = -Double.infinity
            for t in probes.sorted() where t > last {
                last = t
                clock.advance(to: t)
                let shown = try #require(layer.presentationValue(forKeyPath: "transform.rotation.z") as? Double)
                if t >= end - 1e-6 {
                    // The last step of the run is held from before its end on.
                    #expect(abs(remainder(shown - model, 2 * .pi)) < 1e-9, "at \(t)")
                }
            }
        }

        /// 1.75 cycles of a fade in on `.steps(4, .jumpEnd)`, scrubbed to the end while paused,
        /// end on the third step, where the curve steps: reversed there, the run played backwards
        /// starts on that same step (its mirrored key times, rounded, put the start inside the
        /// step, a quarter of the way down to the next: fuzz seed 523677).
        @Test("Reversed while paused at an end that falls on a step, a repeating run shows the same step, then steps down")
        func reversedAtAStep() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let color = Color(red: 0.3160198735700853, green: 0.993463563857307, blue: 0.7815602220324356)
            let group = layer.animate { a in
                a.backgroundColor(color).duration(0.7746786441552417).easing(.steps(4, .jumpEnd))
                a.repeating(Repetition(count: 1.75))
            }
            func alpha() throws -> Double { try #require(layer.presentationValue(forKeyPath: "backgroundColor") as? Color).alpha }
            group.pause()
            group.fractionComplete = 1
            // Three quarters into the second cycle: the third step, just taken.
            #expect(abs(try alpha() - 0.75) < 1e-12)
            group.reverse()
            #expect(abs(try alpha() - 0.75) < 1e-12)
            group.resume()
            // `u` seconds back, the forward run's time is 1.75 C − u, and four steps that jump at
            // their ends show ⌊4 × (the fraction of its cycle)⌋ / 4 (away from the steps' ends).
            let (start, cycle) = (clock.now, 0.7746786441552417)
            everyFrame(clock, until: start + 1.75 * cycle - 1e-3) { now in
                let position = (1.75 * cycle - (now - start)) / cycle
                let fraction = position - position.rounded(.down)
                guard abs(4 * fraction - (4 * fraction).rounded()) > 1e-6 else { return }
                let expected = (4 * fraction).rounded(.down) / 4
                #expect(abs(((try? alpha()) ?? .nan) - expected) < 1e-9, "at \(now - start)")
            }
            // Back at its start, it ends there, showing the start.
            everyFrame(clock, until: start + 1.75 * cycle + 0.05) { _ in }
            #expect(group.hasEnded)
            #expect(abs(try alpha()) < 1e-12)
        }

        /// Fuzz seed 1479160: a run of 2.5 autoreversing cycles on `.steps(4, .jumpEnd)` ends on
        /// the turn of its third way out, on the target, whose last step the period's keyframes
        /// play without at every turn. Paused there and reversed, the run played back started
        /// on the period's keyframes, the step before: the layer moved from 1 to 0.75 at once.
        @Test("Reversed while paused at the end of an autoreversing run that ends on a turn where `.steps` reaches its target, it shows the target, then steps down")
        func reversedAtATurnOnAStep() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let cycle = 0.9667441109708819
            layer.opacity = 0
            let group = layer.animate { a in
                a.alpha(1.0).duration(cycle).easing(.steps(4, .jumpEnd))
                a.repeating(Repetition(count: 2.5, autoreverses: true, delay: 0.1708700372297087))
            }
            func alpha() -> Double { layer.presentationValue(forKeyPath: "opacity") as? Double ?? .nan }
            clock.advance(by: 1.0 / 120)
            group.pause()
            group.fractionComplete = 1
            let shown = alpha()
            #expect(shown == 1)
            group.reverse()
            #expect(alpha() == shown)
            group.resume()
            // Played back from the end of the third way out: its steps, from the top, each a
            // quarter of the way (away from the instants it steps).
            let start = clock.now
            everyFrame(clock, until: start + cycle - 1e-3) { now in
                let fraction = (cycle - (now - start)) / cycle
                guard abs(4 * fraction - (4 * fraction).rounded()) > 1e-6 else { return }
                #expect(abs(alpha() - (4 * fraction).rounded(.down) / 4) < 1e-9, "at \(now - start)")
            }
        }

        @Test("A spring or spring-decay return easing runs for its own time: reported, and the way back is the mirror, frame by frame",
              arguments: [Easing.spring(Spring(duration: 0.3, bounce: 0.2)), .springDecay(velocity: 40)])
        func intrinsicDurationReturnEasing(_ returnEasing: Easing) {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let log = Log()
            var group: AnimationGroup?
            let reports = collectingDiagnostics {
                group = Self.ramp(on: layer, Repetition(count: 2, autoreverses: true, delay: 0.25, returnEasing: returnEasing), log: log)
            }
            #expect(reports.count == 1, "\(reports)")
            #expect(group?.repetition?.returnEasing == nil && group?.totalDuration == 4.25)
            // The way back 100 (1 − b): the mirror of the linear way out, ending with the run.
            Self.check(layer, clock, until: 4.24, turns: [1, 2, 2.25, 3.25]) {
                Self.expected($0, autoreverses: true, delay: 0.25, count: 2)
            }
            // Velocity (through a take-over's start) and progress follow the same mirror: 1.5 s
            // in is half-way back at −100 per second.
            #expect(abs((group?.valueProgress(at: 1.5) ?? .nan) - 0.5) < 1e-9)
            #expect(log.events == ["start"])
            everyFrame(clock, until: 4.3) { _ in }
            #expect(log.events == ["start", "stop true"] && layer.animationKeys.isEmpty)
        }

        @Test("Along a path, a return easing is reported and ignored: position and heading come back along the path, mirrored, frame by frame; the other property on the easing")
        func pathComesBackMirrored() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.position = .zero
            // 100 pt along x, then 100 pt down y, at 200 pt/s: at s seconds out, (200 s, 0)
            // heading 0 before 0.5 s, (100, 200 s − 100) heading π/2 after.
            let path = MotionPath(start: .zero).line(to: CGPoint(x: 100, y: 0)).line(to: CGPoint(x: 100, y: 100))
            var group: AnimationGroup?
            let reports = collectingDiagnostics {
                group = layer.animate { animator in
                    animator.position(along: path, orientation: .tangent).duration(1).easing(.linear)
                    animator.value(100.0, forKeyPath: Self.keyPath).duration(1).easing(.linear)
                    animator.repeating(Repetition(count: 2, autoreverses: true, returnEasing: .inQuadratic))
                }
            }
            #expect(reports.count == 1, "\(reports)")
            #expect(group?.totalDuration == 4)
            func out(_ s: TimeInterval) -> (point: CGPoint, heading: Double) {
                s < 0.5 ? (CGPoint(x: 200 * s, y: 0), 0) : (CGPoint(x: 100, y: 200 * s - 100), .pi / 2)
            }
            var checked = 0
            everyFrame(clock, until: 3.99) { now in
                let s = now - (now / 2).rounded(.down) * 2
                // The way back shows the way out at the mirrored time.
                let expected = out(s < 1 ? s : 2 - s)
                let position = layer.presentationValue(forKeyPath: "position")
                #expect(distanceBetween(position, expected.point) <= 0.5 + 1e-9, "at \(now): \(position)")
                // (Not next to the corner, where the heading turns.)
                if abs(s - 0.5) > 0.02 && abs(s - 1.5) > 0.02 {
                    let heading = layer.presentationValue(forKeyPath: "transform.rotation.z") as? Double ?? .nan
                    #expect(PathTruth.angleBetween(heading, expected.heading) <= 0.1 * .pi / 180 + 1e-6, "at \(now): \(heading)")
                }
                let b = s - 1
                let ramp = s < 1 ? 100 * s : 100 * (1 - b * b)
                #expect(abs(Self.shown(layer) - ramp) < 1e-6, "at \(now)")
                checked += 1
            }
            #expect(checked == 478)
        }

        @Test("A run longer than 10⁹ s is not played back: reverse does nothing, and every frame after is the forward run; a shorter one reverses")
        func tooLongToReverse() {
            for (count, reverses) in [(1e300, false), (1e8, true)] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                let group = Self.ramp(on: layer, Repetition(count: count))
                everyFrame(clock, until: 0.25) { _ in }
                let before = Self.shown(layer)
                group.reverse()
                #expect(group.isReversed == reverses && Self.shown(layer) == before, "\(count)")
                // Linear 0 → 100 over each 1 s cycle: forwards 100 t, backwards 100 (0.5 − t).
                everyFrame(clock, until: 0.45) { now in
                    let expected = reverses ? 100 * (0.5 - now) : 100 * now
                    #expect(abs(Self.shown(layer) - expected) < 1e-6, "\(count) at \(now)")
                }
            }
        }

        /// Found by the fuzzer (2834871): a group of 10³⁰⁰ cycles, paused, scrubbed to 1 (the end
        /// of its run, 10³⁰⁰ s in) and resumed, jumped to another point of its cycle (its time
        /// and the host's rounded there by 10²⁸⁴ s) and fired its completion triggers at once.
        @Test("A run longer than 10⁹ s scrubs within the period it is in: scrubbed to 1 and resumed, it plays on without a jump and does not end; a shorter one ends")
        func tooLongToScrubToItsEnd() {
            for (count, byPeriod) in [(1e300, true), (1e8, false)] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                let log = Log()
                let group = Self.ramp(on: layer, Repetition(count: count), log: log)
                everyFrame(clock, until: 0.25) { _ in }
                group.pause()
                // A quarter into a 1 s cycle: of the period, or of the whole run.
                expectClose(group.fractionComplete, byPeriod ? 0.25 : 0.25 / count, absolute: 1e-9, "\(count)")
                group.fractionComplete = 2
                #expect(group.fractionComplete == 1, "\(count)")
                // The period's last moment, or the run's end: the ramp at (or within a hair of) 100.
                let held = Self.shown(layer)
                expectClose(held, 100, absolute: 1e-6, "\(count)")
                group.resume()
                let resumed = clock.now
                if !byPeriod {
                    // At its end: it ends, finished.
                    #expect(group.finished && log.events == ["start", "stop true"], "\(count): \(log.events)")
                    continue
                }
                #expect(abs(Self.shown(layer) - held) < 1e-9, "moved by resume: \(held) → \(Self.shown(layer))")
                // On into the next cycle, every frame and between frames: 100 (t − resumed).
                everyFrame(clock, until: resumed + 0.5) { now in
                    for t in [now - 1.0 / 240, now] where t > resumed {
                        expectClose(Self.shown(layer, at: t), 100 * (t - resumed), absolute: 1e-6, "at \(t)")
                    }
                }
                #expect(!group.hasEnded && log.events == ["start"], "\(log.events)")
            }
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

        @Test("Targets released while groups repeat forever on them, one started directly, one by a trigger: each stops once, cut short")
        func foreverReleased() async {
            let clock = ManualClock()
            let log = Log()
            let starter = HeadlessLayer(clock: clock)
            var layer: HeadlessLayer? = HeadlessLayer(clock: clock)
            var other: HeadlessLayer? = HeadlessLayer(clock: clock)
            weak let weakLayer = layer, weakOther = other
            layer!.animate { animator in
                animator.value(100.0, forKeyPath: Self.keyPath).duration(1).easing(.linear)
                animator.repeating(.forever(autoreverses: true))
                animator.setDidCancelCallback { _ in log.events.append("direct cancel") }
                animator.setDidStopCallback { _, finished in log.events.append("direct stop \(finished)") }
            }
            starter.animate { animator in
                animator.value(1.0, forKeyPath: "x").duration(0.5)
                animator.triggerOnStart(onView: other!) { animator in
                    animator.value(100.0, forKeyPath: Self.keyPath).duration(1)
                    animator.repeating(.forever())
                    animator.setDidCancelCallback { _ in log.events.append("triggered cancel") }
                    animator.setDidStopCallback { _, finished in log.events.append("triggered stop \(finished)") }
                }
            }
            everyFrame(clock, until: 1.5) { _ in }
            #expect(log.events.isEmpty)
            layer = nil
            #expect(weakLayer == nil, "Flight keeps no strong reference to the layer")
            // Released on the main thread (as views are) it stops at once; elsewhere (this test
            // runner's main actor is not the main thread on Linux) as soon as the main actor runs.
            for _ in 0..<100 where log.events.count < 2 { await Task.yield() }
            #expect(log.events == ["direct cancel", "direct stop false"])
            other = nil
            #expect(weakOther == nil)
            for _ in 0..<100 where log.events.count < 4 { await Task.yield() }
            #expect(log.events == ["direct cancel", "direct stop false", "triggered cancel", "triggered stop false"])
            everyFrame(clock, until: 4) { _ in }
            #expect(log.events.count == 4)
            #expect(!clock.hasPendingEvents)
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
            // 1 is the period's last moment: it reads back as 1, and again stays in this period.
            for _ in 0..<3 {
                group.fractionComplete = 1
                #expect(abs(group.fractionComplete - 1) < 1e-12)
                #expect(abs(Self.shown(layer)) < 1e-6)
            }
            group.fractionComplete = 0.25  // back to 3.75 s
            #expect(abs(group.fractionComplete - 0.25) < 1e-9 && abs(Self.shown(layer) - 75) < 1e-6)
            group.fractionComplete = 0.9   // 5.7 s: in the delay, at the start
            #expect(abs(group.fractionComplete - 0.9) < 1e-9)
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

        /// Where CoreAnimation is in an animation's basic duration at active local time `local`
        /// (`CAMediaTiming`: the basic duration repeated within duration × repeatCount, which "may
        /// be fractional"), or nil once that active duration has passed and the model shows.
        static func basicTime(local: TimeInterval, duration: TimeInterval, repeatCount: Double) -> TimeInterval? {
            guard local < duration * repeatCount else { return nil }
            return max(local, 0).truncatingRemainder(dividingBy: duration)
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
                guard let basic = Self.basicTime(local: local, duration: animation.duration,
                                                 repeatCount: Double(animation.floatRepeatCount)) else {
                    return host.layer.value(forKeyPath: Self.keyPath, as: Double.self) ?? .nan
                }
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

        @Test("The public description is complete: one period's keyframes (counts agree, duration the period), repeatCount and repeatPhase; a CoreAnimation model built from it alone shows what HeadlessLayer shows, forwards, reversed and exported")
        func publicDescriptionIsOnePeriod() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = layer.animate { animator in
                animator.value(100.0, forKeyPath: Self.keyPath).duration(1).easing(.outCubic)
                animator.repeating(Repetition(count: 2.5, autoreverses: true, delay: 0.3))
            }
            func placed() throws -> LayerAnimation {
                try #require(layer.animationKeys.first.flatMap { layer.animation(forKey: $0) })
            }
            // What a CAKeyframeAnimation built from the public fields shows (CAMediaTiming:
            // local time (t − begin) × speed + offset, the basic duration repeated within
            // duration × repeatCount; the model after it).
            func caValue(_ animation: LayerAnimation, at t: TimeInterval) -> Double {
                let keyframes = animation.keyframes
                let begin = animation.speed > 0 ? animation.beginTime - animation.repeatPhase / animation.speed : animation.beginTime
                let offset = animation.timeOffset + (animation.speed > 0 ? 0 : animation.repeatPhase)
                let local = (t - begin) * animation.speed + offset
                guard let basic = Self.basicTime(local: local, duration: keyframes.duration, repeatCount: animation.repeatCount) else {
                    return layer.value(forKeyPath: Self.keyPath, as: Double.self) ?? .nan
                }
                let period = Keyframes(duration: keyframes.duration, keyTimes: keyframes.keyTimes,
                                       values: keyframes.valueList.map { $0 as? Double ?? .nan },
                                       timingFunctions: keyframes.timingFunctions)
                return period.value(at: basic)
            }
            func expectOnePeriod(_ animation: LayerAnimation, phase: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation) {
                let keyframes = animation.keyframes
                #expect(keyframes.valueList.count == keyframes.keyTimes.count, sourceLocation: sourceLocation)
                #expect(keyframes.timingFunctions.count == keyframes.keyTimes.count - 1, sourceLocation: sourceLocation)
                #expect(keyframes.keyTimes.first == 0 && keyframes.keyTimes.last == 1, sourceLocation: sourceLocation)
                // Period 2 + 0.3 s; run 5 + 2 × 0.3 = 5.6 s, counted from the phase.
                #expect(abs(animation.duration - 2.3) < 1e-12, sourceLocation: sourceLocation)
                #expect(abs(animation.repeatPhase - phase) < 1e-12, sourceLocation: sourceLocation)
                #expect(abs(animation.repeatCount - (phase + 5.6) / 2.3) < 1e-12, sourceLocation: sourceLocation)
            }
            let forward = try placed()
            expectOnePeriod(forward, phase: 0)
            everyFrame(clock, until: 3.1) { now in
                #expect(abs(caValue(forward, at: now) - Self.shown(layer)) < 1e-6, "at \(now)")
            }
            group.reverse()
            // Played back from the middle of the third cycle: (3 − 2.5) × 2 + 0.3 s into a period.
            let reversed = try placed()
            expectOnePeriod(reversed, phase: 1.3)
            everyFrame(clock, until: 6.3) { now in
                #expect(abs(caValue(reversed, at: now) - Self.shown(layer)) < 1e-6, "reversed, at \(now)")
            }
            #expect(group.hasEnded)

            // Exported, each child is described the same way.
            let export = try #require(layer.exportAnimation { animator in
                animator.value(100.0, forKeyPath: Self.keyPath).duration(1).easing(.outCubic)
                animator.repeating(Repetition(count: 2.5, autoreverses: true, delay: 0.3))
            })
            #expect(export.duration == 5.6)
            try expectOnePeriod(#require(export.animations.first), phase: 0)
            // Playing once: repeatCount 0 and no phase.
            let once = layer.animate { $0.value(50.0, forKeyPath: Self.keyPath).duration(1) }
            let single = try placed()
            #expect(single.repeatCount == 0 && single.repeatPhase == 0 && single.duration == 1)
            once.cancel()
        }

        @Test("The Float repeatCount sent: never rounded down to 0 (one whole period on CoreAnimation), whole periods lost only past 2^24")
        func floatRepeatCountLimits() throws {
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            // 10⁻⁵⁰ cycles of 1 s: a Float rounds the count to 0, which CoreAnimation plays as
            // one period; sent as the smallest positive Float, its active duration is under 10⁻⁴⁴ s.
            let tiny = host.animate { animator in
                animator.value(100.0, forKeyPath: Self.keyPath).duration(1).easing(.linear)
                animator.repeating(Repetition(count: 1e-50))
            }
            var animation = try #require(host.lastSteps().compactMap(CoreAnimationPlanTests.addition).last)
            #expect(animation.repeatCount == 1e-50)
            #expect(animation.floatRepeatCount == .leastNonzeroMagnitude)
            #expect(animation.duration * Double(animation.floatRepeatCount) < 1e-44)
            tiny.cancel()
            // Rounded down, by whole periods only past 2²⁴ (where a Float's spacing is 2).
            for (count, sent) in [(0.0, Float(0)), (2.5, 2.5), (16_777_215.5, 16_777_215), (16_777_216, 16_777_216),
                                  (16_777_217, 16_777_216), (16_777_219.9, 16_777_218)] as [(Double, Float)] {
                animation.repeatCount = count
                #expect(animation.floatRepeatCount == sent, "\(count)")
                #expect(Double(animation.floatRepeatCount) <= count)
            }
            animation.repeatCount = 1e300
            #expect(animation.floatRepeatCount == .greatestFiniteMagnitude)
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
            // Its repetition as played says so too.
            #expect(overflowing.repetition?.isForever == true && overflowing.repetition?.count == .infinity)
            #expect(huge.repetition?.isForever == false && huge.repetition?.count == 1e300)
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

extension MainActorSuites.RepeatTests {
    /// Fuzz seed 503877: a way out's `.steps` jumps are ramps one unit in the last place long;
    /// placed in a longer cycle (held, then a delay), their key times, scaled and rounded, came
    /// two or three units apart, and a time that fell between them showed a value half-way
    /// through the jump (for a heading, a turn the long way round, far from both sides).
    @Test("A repeating `.steps` way out held in a longer cycle shows either side of each jump, never a value inside it")
    func stepsInsideALongerCycle() {
        let (duration, cycle, delay) = (0.3262761114534883, 0.8187467173831087, 0.19828641029970542)
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.setModelValue(0.0, forKeyPath: Self.keyPath)
        layer.animate { a in
            a.value(100.0, forKeyPath: Self.keyPath).duration(duration).easing(.steps(4, .jumpEnd))
            a.alpha(0.5).duration(cycle).easing(.linear)
            a.repeating(Repetition(count: 2, autoreverses: false, delay: delay))
        }
        // By hand: 25 ⌊4u / d⌋ `u` seconds into a cycle (100 from d on), held through the delay.
        let period = cycle + delay
        func expected(_ t: TimeInterval) -> Double {
            guard t > 0 else { return 0 }
            if t >= 2 * cycle + delay { return 100 }
            let within = t - (t / period).rounded(.down) * period
            return within >= duration ? 100 : 25 * (4 * within / duration).rounded(.down)
        }
        func check(_ t: TimeInterval) {
            let shown = layer.presentationValue(forKeyPath: Self.keyPath, at: t) as? Double ?? .nan
            let sides = [expected(t - 1e-11), expected(t + 1e-11)]
            #expect(sides.contains { abs($0 - shown) < 1e-9 }, "shown \(shown) at \(t); either side \(sides)")
        }
        let animation = layer.animationKeys.compactMap { layer.animation(forKey: $0) }.first { $0.keyPath == Self.keyPath }
        for n in 0..<2 {
            for keyTime in animation?.keyframes.keyTimes ?? [] {
                var t = (Double(n) + keyTime) * period
                for _ in 0..<6 { t = t.nextDown }
                for _ in 0..<12 {
                    check(t)
                    t = t.nextUp
                }
                for offset in [-1e-6, -1e-9, 1e-9, 1e-6] { check((Double(n) + keyTime) * period + offset) }
            }
        }
        everyFrame(clock, until: 2.2) { check($0) }
    }
}

extension MainActorSuites.RepeatTests {
    /// Fuzz seed 561119: a way out on `.steps(4, .jumpEnd)` reaches its target only at its last
    /// instant, as a segment from `1 − ulp` to 1; left at once (mirrored back, or for the next
    /// cycle's start), the period's key times, rounded, showed the target for a few units in the
    /// last place just before the turn, a full step away from what comes either side of it.
    @Test("A repeating `.steps(_, .jumpEnd)` way out left at once never shows its end for an instant before the turn",
          arguments: [(true, 0.21753549636111777), (true, 0.0), (false, 0.0)])
    func jumpEndLeftAtOnce(autoreverses: Bool, delay: TimeInterval) {
        let duration = 0.11897600377026286
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.setModelValue(0.0, forKeyPath: Self.keyPath)
        clock.advance(to: 1.0 / 60)
        let begin = clock.now
        layer.animate { a in
            a.value(100.0, forKeyPath: Self.keyPath).duration(duration).easing(.steps(4, .jumpEnd))
            a.repeating(.forever(autoreverses: autoreverses, delay: delay))
        }
        // By hand: out `u` seconds in, 25 ⌊4u / d⌋ (100 from d on); back the out mirrored in
        // time; the delay holds where the cycle ended.
        let period = (autoreverses ? 2 * duration : duration) + delay
        func out(_ u: TimeInterval) -> Double { u >= duration ? 100 : 25 * (4 * u / duration).rounded(.down) }
        func expected(_ t: TimeInterval) -> Double {
            let e = t - begin
            guard e >= 0 else { return 0 }
            let within = e - (e / period).rounded(.down) * period
            if within < duration { return out(within) }
            guard autoreverses else { return 100 }
            return within < 2 * duration ? out(2 * duration - within) : 0
        }
        /// What is shown at `t` is the value just before or just after it (a jump may fall either
        /// side of a rounded time), never a value seen on neither side.
        func check(_ t: TimeInterval) {
            let shown = layer.presentationValue(forKeyPath: Self.keyPath, at: t) as? Double ?? .nan
            let sides = [expected(t - 1e-11), expected(t + 1e-11)]
            #expect(sides.contains { abs($0 - shown) < 1e-9 }, "shown \(shown) at \(t), \(t - begin) s in; either side \(sides)")
        }
        let boundaries = layer.animationKeys.compactMap { layer.animation(forKey: $0) }.flatMap { animation in
            (0..<4).flatMap { n in animation.keyframes.keyTimes.map { animation.beginTime + (Double(n) + $0) * animation.duration } }
        } + (0..<8).map { begin + Double($0) * duration }
        for boundary in boundaries {
            for t in [boundary, boundary.nextUp, boundary.nextDown, boundary.nextDown.nextDown,
                      boundary - 1e-9, boundary + 1e-9, boundary - 1e-6, boundary + 1e-6] { check(t) }
        }
        everyFrame(clock, until: 1.5) { check($0) }
    }
}

extension MainActorSuites.RepeatTests {
    @Test("A colour run that comes back to a transparent start: the curve starts there as its keyframes and the model do, frame by frame")
    func transparentStartComesBack() {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        // Transparent, with colour components of its own (what an overshooting easing leaves
        // of a fade from transparent black: a little below 0).
        let start = Color(red: 0.2, green: -5e-6, blue: 0.6, alpha: 0)
        layer.backgroundColor = start
        // Mixed in sRGB, premultiplied: from (0, 0, 0, 0) to (1, 0, 0, 1), so f of the way it is
        // red at alpha f.
        let red = Color(red: 1, green: 0, blue: 0).interpolating(in: .sRGB)
        let group = layer.animate { a in
            a.backgroundColor(red).duration(0.5).easing(.linear)
            a.repeating(Repetition(count: 2, autoreverses: true, delay: 0.1))
        }
        // The curve the keyframes stand for starts where they do: at the start, exactly.
        let property = group.property("backgroundColor")
        #expect(property?.exactValue(at: 0).componentArray == start.componentArray)
        #expect(property?.keyframeValues.first?.componentArray == start.componentArray)
        // Two cycles of 1 s (out 0.5 s, back 0.5 s) with 0.1 s between: a run of 2.1 s, ending at
        // the start, where the model already is.
        #expect(group.totalDuration == 2.1)
        #expect(layer.backgroundColor.componentArray == start.componentArray)
        /// How far along (the alpha shown) `e` seconds in.
        func fraction(_ e: TimeInterval) -> Double {
            guard e < 2.1 else { return 0 }
            let p = e - (e / 1.1).rounded(.down) * 1.1
            return p < 0.5 ? p / 0.5 : p < 1 ? (1 - p) / 0.5 : 0
        }
        func premultiplied(_ value: (any AnimatableValue)?) -> [Double] {
            guard let c = value?.componentArray, c.count == 4 else { return [] }
            return [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]]
        }
        func expectShown(at time: TimeInterval) {
            let shown = premultiplied(layer.presentationValue(forKeyPath: "backgroundColor", at: time))
            let f = fraction(time)
            let expected = [f, 0, 0, f]
            // Within the colour tolerance (half an 8-bit step) in the premultiplied mixing space:
            // next to the transparent start the keyframes are mixed component by component, as
            // CoreAnimation mixes them.
            let error = zip(shown, expected).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
            #expect(shown.count == 4 && error <= 0.5 / 255 + 1e-9, "at \(time): \(shown) vs \(expected)")
        }
        let turns = [0.5, 1.0, 1.1, 1.6, 2.1]
        everyFrame(clock, until: 2.5) { now in
            for turn in turns where turn > now - 1.0 / 120 && turn <= now && !layer.animationKeys.isEmpty {
                for probe in [turn - 1e-6, turn, turn + 1e-6] where probe <= now { expectShown(at: probe) }
            }
            expectShown(at: now)
        }
        // At rest: the model and what is shown are the start, component by component.
        #expect(group.finished && layer.animationKeys.isEmpty)
        #expect(layer.backgroundColor.componentArray == start.componentArray)
        #expect(layer.presentation().backgroundColor.componentArray == start.componentArray)
        // A colour motion's curve starts at its start, as it ends at its target.
        let motion = try? ValueMotion(from: start, to: red, easing: .linear, duration: 1)
        #expect(motion?.value(at: 0).componentArray == start.componentArray)
        #expect(motion?.value(at: 1).componentArray == red.componentArray)
    }
}
