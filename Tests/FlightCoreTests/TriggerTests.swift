import FlightCore
import Foundation
import Testing

/// Records the clock time at which named things happen.
@MainActor
final class Journal {
    var entries: [(String, TimeInterval)] = []
    let clock: ManualClock
    init(_ clock: ManualClock) { self.clock = clock }
    func note(_ name: String) { entries.append((name, clock.now)) }
    var names: [String] { entries.map(\.0) }
    func time(of name: String) -> TimeInterval? { entries.first { $0.0 == name }?.1 }
}

extension MainActorSuites {
    @MainActor
    @Suite("Triggers")
    struct TriggerTests {
        /// The seed's nesting: B starts with A; C when B completes; D at half of C's time; E at half
        /// of B's way. Durations avoid frame boundaries so the expected frames are unambiguous.
        @Test("Nested three deep, at 60 Hz, 120 Hz and with jittered, dropped frames",
              arguments: [(60.0, 0.0), (120.0, 0.0), (60.0, 0.3), (120.0, 0.45)])
        func nestedChain(rate: Double, jitter: Double) {
            let clock = ManualClock()
            let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
            let c = HeadlessLayer(clock: clock), d = HeadlessLayer(clock: clock), e = HeadlessLayer(clock: clock)
            let journal = Journal(clock)
            a.animate { animator in
                animator.position(CGPoint(x: 300, y: 0)).duration(0.55).easing(.outCubic)
                animator.triggerOnStart(onView: b) { animator in
                    animator.position(CGPoint(x: 0, y: 200)).duration(0.31).easing(.linear)
                    animator.setDidStartCallback { _ in journal.note("B") }
                    animator.triggerOnCompletion(onView: c) { animator in
                        animator.alpha(0).duration(0.43)
                        animator.setDidStartCallback { _ in journal.note("C") }
                        animator.triggerOnProgress(0.5, onView: d) { animator in
                            animator.alpha(0.5).duration(0.2)
                            animator.setDidStartCallback { _ in journal.note("D") }
                        }
                    }
                    animator.triggerOnValueProgress(0.5, onView: e) { animator in
                        animator.alpha(0.2).duration(0.2)
                        animator.setDidStartCallback { _ in journal.note("E") }
                    }
                }
                animator.setDidStartCallback { _ in journal.note("A") }
            }
            let frames = frameTimes(rate: rate, until: 2, jitter: jitter, seed: UInt64(rate * 10 + jitter * 100))
            for time in frames { clock.advance(to: time) }

            #expect(journal.time(of: "A") == 0 && journal.time(of: "B") == 0)
            // B's linear move is halfway (value progress 0.5) at 0.155 s; it completes at 0.31 s.
            let expectedE = firstFrame(atOrAfter: 0.155, in: frames)
            #expect(abs((journal.time(of: "E") ?? -1) - (expectedE ?? -2)) < 1e-9)
            let expectedC = firstFrame(atOrAfter: 0.31, in: frames)!
            #expect(journal.time(of: "C") == expectedC)
            // C began at its trigger's moment (B's end at 0.31 s), not at the frame that fired it;
            // half its 0.43 s later, D, on the first frame at or after that.
            #expect(journal.time(of: "D") == firstFrame(atOrAfter: 0.31 + 0.215, in: frames))
            #expect(journal.names.sorted() == ["A", "B", "C", "D", "E"])
            // Nothing left: the driver is idle, and no frame was handled with nothing pending.
            #expect(!clock.isActive && !clock.hasPendingEvents)
            #expect(clock.scheduler.idleFrameCount == 0)
        }

        @Test("Zero frames while idle: the driver is told to stop and the scheduler sees no frames")
        func idle() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            #expect(!clock.isActive)
            for k in 1...600 { clock.advance(to: Double(k) / 60) }
            #expect(clock.scheduler.frameCount == 0)
            layer.animate { $0.position(CGPoint(x: 10, y: 0)).duration(0.1) }
            #expect(clock.isActive)
            for k in 601...1_200 { clock.advance(to: Double(k) / 60) }
            #expect(!clock.isActive)
            #expect(clock.scheduler.frameCount == 6 && clock.scheduler.idleFrameCount == 0)
        }

        @Test("A long hitch fires everything it skipped, once: triggers in declaration order, the end, completions")
        func hitch() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            let journal = Journal(clock)
            layer.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(1)
                animator.triggerOnCompletion(onView: other) { $0.setDidStartCallback { _ in journal.note("completion") } }
                animator.triggerOnProgress(0.3, onView: other) { $0.setDidStartCallback { _ in journal.note("0.3") } }
                animator.triggerOnProgress(0.2, onView: other) { $0.setDidStartCallback { _ in journal.note("0.2") } }
                animator.setDidStopCallback { _, finished in journal.note("stop \(finished)") }
            }
            clock.advance(to: 0.25)
            #expect(journal.names == ["0.2"])
            clock.advance(to: 5)
            #expect(journal.names == ["0.2", "0.3", "stop true", "completion"])
            clock.advance(to: 10)
            #expect(journal.entries.count == 4)
        }

        @Test("Value-progress moments are solved on the keyframes, for overshoot, dips and stillness")
        func valueProgressMoments() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.setModelValue(0.0, forKeyPath: "x")
            func group(_ easing: Easing, to target: Double = 300) -> AnimationGroup {
                layer.animate { $0.value(target, forKeyPath: "x").duration(0.6).easing(easing) }
            }
            // Independent truth: the keyframe playback scanned every 10 µs.
            func scanned(_ property: ResolvedProperty, _ threshold: Double) -> TimeInterval? {
                stride(from: 0.0, through: property.duration, by: 1e-5).first { t in
                    let progress = (property.value(at: t) as! Double - (property.from as! Double))
                        / ((property.to as! Double) - (property.from as! Double))
                    return threshold > 0 ? progress >= threshold : progress <= threshold
                }
            }
            for (easing, threshold) in [(Easing.spring(.bouncy), 1.03), (.spring(.bouncy), 0.5), (.outBack, 1.02),
                                        (.inBack, -0.05), (.outBounce, 0.9), (.outElastic, 1.2)] {
                let resolved = group(easing)
                let property = try #require(resolved.property("x"))
                let solved = try #require(resolved.offset(of: .valueProgress(threshold)), "\(easing) \(threshold)")
                let expected = try #require(scanned(property, threshold))
                #expect(abs(solved - expected) <= 1e-5, "\(easing) \(threshold): \(solved) vs \(expected)")
                layer.animate(.maxTime) { $0.value(0.0, forKeyPath: "x").duration(0) }
            }
            // Never reached: never fires.
            #expect(group(.outCubic).offset(of: .valueProgress(1.5)) == nil)
            #expect(group(.spring(.smooth)).offset(of: .valueProgress(-0.1)) == nil)
            // Nothing moves: value progress is time progress.
            layer.animate { $0.value(5.0, forKeyPath: "x").duration(0) }
            let still = layer.animate { $0.value(5.0, forKeyPath: "x").duration(0.6) }
            #expect(still.offset(of: .valueProgress(0.5)) == still.duration * 0.5)
        }

        @Test("A redirect cancels pending triggers; groups already started keep running")
        func cancellation() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), follower = HeadlessLayer(clock: clock)
            let journal = Journal(clock)
            layer.animate { animator in
                animator.position(CGPoint(x: 300, y: 0)).duration(1)
                animator.triggerOnProgress(0.25, onView: follower) { animator in
                    animator.alpha(0).duration(2)
                    animator.setDidStopCallback { _, finished in journal.note("follower stop \(finished)") }
                }
                animator.triggerOnProgress(0.75, onView: follower) { $0.setDidStartCallback { _ in journal.note("0.75") } }
                animator.triggerOnCompletion(onView: follower) { $0.setDidStartCallback { _ in journal.note("completion") } }
                animator.setDidStopCallback { _, finished in journal.note("stop \(finished)") }
            }
            for k in 1...30 { clock.advance(to: Double(k) / 60) }
            layer.animate { $0.position(CGPoint(x: 0, y: 0)).duration(0.5) }   // takes over position
            for k in 31...300 { clock.advance(to: Double(k) / 60) }
            #expect(journal.names == ["stop false", "follower stop true"])
            #expect(journal.time(of: "follower stop true") == 2.25)
        }

        @Test("Triggers work in registered states, may target their own view, and skip deallocated targets")
        func registeredSelfAndDeallocated() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let journal = Journal(clock)
            layer.registerAnimation(forKey: "bounce") { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.3)
                animator.triggerOnCompletion(onView: layer) { animator in
                    animator.position(CGPoint(x: 0, y: 0)).duration(0.3)
                    animator.setDidStopCallback { _, _ in journal.note("back") }
                }
            }
            var gone: HeadlessLayer? = HeadlessLayer(clock: clock)
            layer.animate { animator in
                animator.alpha(0.5).duration(0.1)
                animator.triggerOnCompletion(onView: gone!) { $0.alpha(0).duration(0.1) }
            }
            gone = nil
            let reports = collectingDiagnostics {
                layer.applyAnimation(forKey: "bounce")
                for k in 1...60 { clock.advance(to: Double(k) / 60) }
            }
            #expect(reports == [.targetDeallocated("HeadlessLayer")])
            #expect(journal.time(of: "back") == 0.6)
            #expect(layer.presentation().position == .zero)
            // Jumping to a state starts no triggers.
            layer.applyAnimation(forKey: "bounce", animated: false)
            for k in 61...200 { clock.advance(to: Double(k) / 60) }
            #expect(journal.entries.count == 1 && layer.position == CGPoint(x: 100, y: 0))
        }

        @Test("An instantaneous group fires everything at once: triggers, the end, completions")
        func instantGroup() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            let journal = Journal(clock)
            layer.animate { animator in
                animator.triggerOnCompletion(onView: other) { $0.setDidStartCallback { _ in journal.note("completion") } }
                animator.triggerOnValueProgress(0.5, onView: other) { $0.setDidStartCallback { _ in journal.note("value") } }
                animator.triggerOnStart(onView: other) { $0.setDidStartCallback { _ in journal.note("start") } }
                animator.setDidStopCallback { _, _ in journal.note("stop") }
            }
            #expect(journal.names == ["value", "start", "stop", "completion"])
        }
    }
}

extension MainActorSuites {
    @MainActor
    @Suite("Frame drivers")
    struct FrameDriverTests {
        @Test("The Dispatch timer runs only while something is pending")
        func dispatchTimerFollowsActivity() {
            let clock = ManualClock()
            let driver = DispatchTimerDriver(clock: clock, framesPerSecond: 120)
            #expect(!driver.isRunning)
            #expect(abs(driver.interval - 1.0 / 120) < 1e-12)
            let layer = HeadlessLayer(clock: clock)
            layer.animate { $0.position(CGPoint(x: 50, y: 0)).duration(0.2) }
            #expect(driver.isRunning)
            // Frames delivered by hand here (a test never waits on the wall clock).
            for k in 1...30 { clock.advance(to: Double(k) / 120) }
            #expect(!driver.isRunning && !clock.isActive)
            #expect(DispatchTimerDriver(clock: ManualClock(), framesPerSecond: .nan).interval == 1.0 / 60)
            #expect(DispatchTimerDriver(clock: ManualClock(), framesPerSecond: 10_000).interval == 1.0 / 240)
        }

        @Test("Hundreds of ends and triggers, most cancelled, fire in one hitch in time order, ties in the order their groups started")
        func manyEventsInOrder() {
            var random = SplitMix64(seed: 23)
            let clock = ManualClock()
            let follower = HeadlessLayer(clock: clock)
            // (moment, group number, 0 for the trigger and 1 for the end): the order the
            // scheduler must keep, found here by sorting.
            var expected: [(time: Double, group: Int, rank: Int)] = []
            var fired: [(time: Double, group: Int, rank: Int)] = []
            var groups: [AnimationGroup] = []
            let layers = (0..<600).map { _ in HeadlessLayer(clock: clock) }
            for (number, layer) in layers.enumerated() {
                // Durations on a coarse grid, so that many events share a moment.
                let duration = Double(Int(random.uniform(1...40))) / 20
                let progress = Double(Int(random.uniform(1...3))) / 4
                // Three groups in four are cut short before anything fires, and have no trigger:
                // the scheduler then rebuilds its heap without their ends.
                let keeps = number % 4 == 0
                let group = layer.animate { animator in
                    animator.position(CGPoint(x: 100, y: 0)).duration(duration).easing(.linear)
                    if keeps {
                        animator.triggerOnProgress(progress, onView: follower) { started in
                            started.alpha(0.5).duration(0.01)
                            started.setDidStartCallback { _ in fired.append((clock.now, number, 0)) }
                        }
                    }
                    animator.setDidStopCallback { _, finished in
                        if finished { fired.append((clock.now, number, 1)) }
                    }
                }
                groups.append(group)
                guard keeps else { continue }
                expected.append((duration * progress, number, 0))
                expected.append((duration, number, 1))
            }
            for number in groups.indices where number % 4 != 0 { groups[number].cancel() }
            // What was cut short no longer counts as pending.
            #expect(clock.scheduler.pendingEventCount == 300)
            clock.advance(to: 3)
            expected.sort { ($0.time, $0.group, $0.rank) < ($1.time, $1.group, $1.rank) }
            #expect(fired.count == expected.count)
            #expect(zip(fired, expected).allSatisfy { $0.group == $1.group && $0.rank == $1.rank })
            #expect(!clock.hasPendingEvents)
        }

        @Test("A scheduler without a driver still fires on explicit ticks, in time order across groups")
        func schedulerTicks() {
            let clock = ManualClock()
            let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
            var order: [String] = []
            a.animate { animator in
                animator.alpha(0).duration(0.5)
                animator.setDidStopCallback { _, _ in order.append("a") }
            }
            b.animate { animator in
                animator.alpha(0).duration(0.2)
                animator.setDidStopCallback { _, _ in order.append("b") }
            }
            #expect(clock.scheduler.pendingEventCount == 2)   // the two group ends
            clock.advance(to: 0.3)
            #expect(order == ["b"])
            clock.advance(to: 1)
            #expect(order == ["b", "a"] && clock.scheduler.pendingEventCount == 0)
        }
    }
}
