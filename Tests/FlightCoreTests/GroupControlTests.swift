import FlightCore
import FlightEasing
import Foundation
import Testing

extension MainActorSuites {
    /// Controlling a running group: pause, resume, scrub, finish, cancel, and stopping a target.
    /// Each test steps every 120 Hz frame and checks what is on screen against values worked out by
    /// hand (linear moves) or against the exact curve.
    @MainActor
    @Suite("Group control")
    struct GroupControlTests {
        /// A 1 s linear move from 0 to 300 with a trigger at half time and one on completion.
        @MainActor
        struct Fixture {
            let clock: ManualClock
            let layer: HeadlessLayer, other: HeadlessLayer
            var log: [String] = []
            var group: AnimationGroup!

            @MainActor
            init() {
                clock = ManualClock()
                layer = HeadlessLayer(clock: clock)
                other = HeadlessLayer(clock: clock)
            }

            @MainActor
            mutating func start(_ record: @escaping @MainActor @Sendable (String) -> Void) {
                let other = self.other, clock = self.clock
                group = layer.animate { a in
                    a.position(CGPoint(x: 300, y: 0)).duration(1).easing(.linear)
                    a.setDidStopCallback { _, finished in record("stop \(finished) @\(clock.now)") }
                    a.setDidCancelCallback { _ in record("cancel") }
                    a.triggerOnProgress(0.5, onView: other) { a in
                        a.alpha(0).duration(0.2)
                        a.setDidStartCallback { record("half @\($0.beginTime)") }
                    }
                    a.triggerOnCompletion(onView: other) { a in
                        a.cornerRadius(8).duration(0.2)
                        a.setDidStartCallback { record("completion @\($0.beginTime)") }
                    }
                }
            }
        }

        final class Log: @unchecked Sendable {
            var entries: [String] = []
        }

        /// Steps `clock` frame by frame to `time`, checking `x(t)` against the layer at each frame.
        func play(_ clock: ManualClock, to time: TimeInterval, _ layer: HeadlessLayer, expected x: (TimeInterval) -> Double) {
            var frame = (clock.now * 120).rounded()
            while clock.now < time - 1e-9 {
                frame += 1
                clock.advance(to: frame / 120)
                expectClose(Double(layer.presentation().position.x), x(clock.now), absolute: 1e-9, "t=\(clock.now)")
            }
        }

        @Test("The article's snippet: pause, scrub with the finger, continue on a spring")
        func articleSnippet() {
            let clock = ManualClock()
            let card = HeadlessLayer(clock: clock)
            let offscreen = CGPoint(x: 0, y: 800), distance = 800.0
            let translation = 200.0, speed = 0.0   // a quarter of the way, let go still
            // Snippet of "Interactive animations" begins
            let dismiss = card.animate { a in
                a.position(offscreen).duration(1).easing(.linear)
                a.alpha(0).duration(1).easing(.inCubic)
            }
            dismiss.pause()
            dismiss.fractionComplete = translation / distance      // while the finger drags
            dismiss.continueOnSpring(velocity: speed / distance)   // when it lifts
            // Snippet ends
            // Released still at a quarter of the way: back to the start, cut short.
            clock.advance(by: 5)
            #expect(card.presentation().position == .zero && card.presentation().opacity == 1)
            #expect(dismiss.hasEnded && !dismiss.finished)
        }

        @Test("Pause holds every property and every trigger; resume plays on from there, the moments shifted")
        func pauseAndResume() {
            var fixture = Fixture()
            let log = Log()
            fixture.start { log.entries.append($0) }
            let (clock, layer, group) = (fixture.clock, fixture.layer, fixture.group!)
            play(clock, to: 0.3, layer) { 300 * $0 }
            group.pause()
            #expect(group.isPaused)
            expectClose(group.fractionComplete, 0.3, absolute: 1e-12)
            play(clock, to: 1.0, layer) { _ in 90 }    // held for 0.7 s: nothing fires
            #expect(log.entries.isEmpty && !clock.hasPendingEvents)
            group.resume()
            expectClose(group.beginTime, 0.7, absolute: 1e-12)
            play(clock, to: 2, layer) { min(300 * ($0 - 0.7), 300) }
            // Worked by hand: the half-time trigger at 0.7 + 0.5, the end at 0.7 + 1.
            #expect(log.entries.count == 3)
            #expect(log.entries[0].hasPrefix("half @1.2") && log.entries[1].hasPrefix("stop true @1.7"))
            #expect(log.entries[2].hasPrefix("completion @1.7"))
            #expect(group.fractionComplete == 1 && layer.animationKeys.isEmpty)
        }

        @Test("Scrubbing a paused group moves every property on its own curve and fires no trigger")
        func scrub() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            var fired: [TimeInterval] = []
            var stops: [Bool] = []
            let group = layer.animate { a in
                a.position(CGPoint(x: 300, y: 0)).easing(.spring(.bouncy))
                a.alpha(0).duration(0.4).easing(.inOutSine)
                a.triggerOnProgress(0.5, onView: other) { a in
                    a.alpha(0.5).duration(0.1)
                    a.setDidStartCallback { fired.append($0.beginTime) }
                }
                a.setDidStopCallback { _, finished in stops.append(finished) }
            }
            let position = try #require(group.property("position")), opacity = try #require(group.property("opacity"))
            clock.advance(to: 0.1)
            group.pause()
            for fraction in [0.8, 0.95, 0.2, 0.45] {
                group.fractionComplete = fraction
                clock.advance(by: 1.0 / 120)
                let elapsed = fraction * group.duration
                let shown = layer.presentation()
                expectClose(Double(shown.position.x), Double((position.exactValue(at: elapsed) as? CGPoint)?.x ?? .nan), absolute: 0.5)
                expectClose(shown.opacity, (opacity.exactValue(at: min(elapsed, 0.4)) as? Double) ?? .nan, absolute: 0.5 / 255 + 1e-9)
            }
            #expect(fired.isEmpty, "scrubbing past 0.5 and back fires nothing")
            // Resumed at 0.45 of the way: the trigger is still ahead and fires when played time reaches it.
            let resumedAt = clock.now
            group.resume()
            step(clock, to: resumedAt + group.duration, rate: 120)
            #expect(fired.count == 1 && stops == [true])
            expectClose(fired[0], resumedAt + 0.05 * group.duration, absolute: 1e-9)
        }

        @Test("A trigger scrubbed past without playing never fires")
        func scrubbedPast() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            var fired = 0
            var stops: [Bool] = []
            let group = layer.animate { a in
                a.position(CGPoint(x: 300, y: 0)).duration(1)
                a.triggerOnProgress(0.5, onView: other) { a in
                    a.alpha(0.5)
                    a.setDidStartCallback { _ in fired += 1 }
                }
                a.setDidStopCallback { _, finished in stops.append(finished) }
            }
            clock.advance(to: 0.2)
            group.pause()
            group.fractionComplete = 0.9
            group.resume()
            step(clock, to: 2, rate: 120)
            #expect(fired == 0 && stops == [true])
        }

        @Test("Cancel stops where it is on screen: the model takes the shown values, no trigger fires")
        func cancel() {
            var fixture = Fixture()
            let log = Log()
            fixture.start { log.entries.append($0) }
            let (clock, layer, group) = (fixture.clock, fixture.layer, fixture.group!)
            play(clock, to: 0.25, layer) { 300 * $0 }
            group.cancel()
            #expect(layer.position == CGPoint(x: 75, y: 0) && layer.animationKeys.isEmpty)
            #expect(log.entries == ["cancel", "stop false @0.25"])
            play(clock, to: 2, layer) { _ in 75 }
            #expect(log.entries.count == 2 && group.hasEnded && !group.finished)
            expectClose(group.fractionComplete, 0.25, absolute: 1e-12)
            group.resume()
            group.cancel()   // no effect on an ended group
            #expect(log.entries.count == 2)
        }

        @Test("Finish at the end: targets, stop true, completion triggers now; at the start: back where it began")
        func finish() {
            var fixture = Fixture()
            let log = Log()
            fixture.start { log.entries.append($0) }
            let (clock, layer, group) = (fixture.clock, fixture.layer, fixture.group!)
            play(clock, to: 0.25, layer) { 300 * $0 }
            group.finish(at: .end)
            #expect(layer.presentation().position == CGPoint(x: 300, y: 0))
            #expect(log.entries == ["stop true @0.25", "completion @0.25"])
            play(clock, to: 1.5, layer) { _ in 300 }
            #expect(log.entries.count == 2, "the half-time trigger never fires")

            let second = layer.animate { $0.position(CGPoint(x: 0, y: 100)).duration(1).easing(.linear) }
            clock.advance(by: 0.5)
            second.pause()
            second.finish(at: .start)
            #expect(layer.position == CGPoint(x: 300, y: 0) && layer.presentation().position == CGPoint(x: 300, y: 0))
            #expect(second.hasEnded && !second.finished)
        }

        @Test("Reverse plays back from where it is to the start; triggers only going forward; reverse again plays on")
        func reverse() {
            var fixture = Fixture()
            let log = Log()
            fixture.start { log.entries.append($0) }
            let (clock, layer, group) = (fixture.clock, fixture.layer, fixture.group!)
            play(clock, to: 0.6, layer) { 300 * $0 }           // past the half-time trigger
            #expect(log.entries == ["half @0.5"])
            group.reverse()
            #expect(group.isReversed && layer.position == .zero, "the model heads back with it")
            play(clock, to: 0.9, layer) { 300 * (0.6 - ($0 - 0.6)) }
            expectClose(group.fractionComplete, 0.3, absolute: 1e-9)
            group.reverse()                                     // forward again from 0.3 of the way
            #expect(!group.isReversed && layer.position == CGPoint(x: 300, y: 0))
            play(clock, to: 1.2, layer) { 300 * (0.3 + ($0 - 0.9)) }
            group.pause()
            group.reverse()                                     // paused: stays held, heads back when resumed
            play(clock, to: 1.3, layer) { _ in 180 }
            group.resume()
            play(clock, to: 2.2, layer) { max(180 - 300 * ($0 - 1.3), 0) }
            // Back at the start (1.3 + 0.6): not finished, not cut short; the half-time trigger
            // fired once (going forward), the completion trigger never.
            #expect(log.entries.count == 2 && log.entries[1].hasPrefix("stop false @1.9"))
            #expect(group.hasEnded && !group.finished && layer.animationKeys.isEmpty && layer.position == .zero)
        }

        @Test("Redirecting a paused group starts from where it is held, from rest")
        func redirectFromPaused() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let first = layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(1).easing(.linear) }
            clock.advance(to: 0.4)
            first.pause()
            clock.advance(to: 0.9)
            let second = layer.animate { $0.position(CGPoint(x: 0, y: 0)).easing(.spring(.bouncy)) }
            #expect(first.hasEnded && !first.finished)
            let property = try #require(second.property("position"))
            #expect(property.from as? CGPoint == CGPoint(x: 120, y: 0))
            #expect(property.velocity(at: 0) == .zero)
            expectClose(Double(layer.presentation().position.x), 120, absolute: 1e-9)
        }

        @Test("stopAnimations stops every group on a target where it is; other targets play on")
        func stopAnimations() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            var stops: [Bool] = []
            layer.animate { a in
                a.position(CGPoint(x: 100, y: 0)).duration(1).easing(.linear)
                a.setDidStopCallback { _, finished in stops.append(finished) }
            }
            layer.animate { a in
                a.alpha(0).duration(1).easing(.linear)
                a.setDidStopCallback { _, finished in stops.append(finished) }
            }
            other.animate { $0.position(CGPoint(x: 50, y: 0)).duration(1).easing(.linear) }
            clock.advance(to: 0.5)
            layer.stopAnimations()
            #expect(stops == [false, false] && layer.animationKeys.isEmpty)
            #expect(layer.position == CGPoint(x: 50, y: 0))
            expectClose(layer.opacity, 0.5, absolute: 1e-12)
            clock.advance(to: 1)
            #expect(other.presentation().position == CGPoint(x: 50, y: 0) && layer.presentation().opacity == 0.5)
        }

        @Test("A target released while its group is paused: the group stops once, not finished")
        func releasedWhilePaused() async {
            let clock = ManualClock()
            var stops: [Bool] = []
            var layer: HeadlessLayer? = HeadlessLayer(clock: clock)
            let group = layer!.animate { a in
                a.position(CGPoint(x: 100, y: 0)).duration(1)
                a.setDidStopCallback { _, finished in stops.append(finished) }
            }
            clock.advance(to: 0.2)
            group.pause()
            layer = nil
            // Released on the main thread (as views are) it stops at once; elsewhere (this test
            // runner's main actor is not the main thread on Linux) as soon as the main actor runs.
            for _ in 0..<100 where stops.isEmpty { await Task.yield() }
            #expect(stops == [false])
            clock.advance(to: 2)
            #expect(stops == [false])
        }

        @Test("On CoreAnimation a pause re-adds each animation with speed 0 at the elapsed time; resume and reverse (mirrored) with speed 1 and no time offset")
        func coreAnimationPlan() throws {
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            let group = host.animate { a in
                a.position(CGPoint(x: 300, y: 0)).duration(1).easing(.outCubic)
                a.alpha(0).duration(1)
            }
            let forward = host.lastSteps().compactMap(CoreAnimationPlanTests.addition)
            clock.advance(to: 0.3)
            group.pause()
            let paused = host.lastSteps().compactMap(CoreAnimationPlanTests.addition)
            #expect(paused.count == 2 && paused.allSatisfy { $0.speed == 0 && abs($0.timeOffset - 0.3) < 1e-12 && $0.beginTime == 0 })
            clock.advance(to: 0.8)
            group.resume()
            let resumed = host.lastSteps().compactMap(CoreAnimationPlanTests.addition)
            // Resumed 0.3 s into its time, exactly where it was held: begun 0.3 s ago, with no time
            // offset (CoreAnimation is observed to wrap a playing animation with one round to its
            // start before its active duration ends).
            #expect(resumed.count == 2 && resumed.allSatisfy { $0.speed == 1 && $0.timeOffset == 0 && abs($0.beginTime - 0.5) < 1e-12 })
            clock.advance(to: 1.0)
            group.reverse()
            // Reversed 0.5 s in: the mirrored keyframes are 1 − 0.5 s into their time, begun 0.5 s ago.
            let reversed = host.lastSteps().compactMap(CoreAnimationPlanTests.addition)
            #expect(reversed.count == 2 && reversed.allSatisfy { $0.speed == 1 && $0.timeOffset == 0 && abs($0.beginTime - 0.5) < 1e-12 })
            for (there, back) in zip(forward, reversed) {
                #expect(back.keyTimes.count == there.keyTimes.count)
                for (k, m) in zip(there.keyTimes.reversed(), back.keyTimes) { expectClose(m, 1 - k, absolute: 1e-15) }
                #expect(zip(there.values.reversed(), back.values).allSatisfy { distanceBetween($0, $1) == 0 })
                for (c, m) in zip(there.timingFunctions.reversed(), back.timingFunctions) {
                    #expect(m == CubicBezier(1 - c.x2, 1 - c.y2, 1 - c.x1, 1 - c.y1), "\(c) mirrored is \(m)")
                }
            }
            // Reversed again: the keyframes it was added with, exactly.
            group.reverse()
            let again = host.lastSteps().compactMap(CoreAnimationPlanTests.addition)
            for (there, back) in zip(forward, again) {
                #expect(back.keyTimes == there.keyTimes && back.timingFunctions == there.timingFunctions && back.speed == 1)
            }
        }

        /// A card dismissed by a pan: the dismissal (600 pt down, linear, 1 s) is paused at once and
        /// scrubbed by the finger; on release it continues on a spring from the finger's speed.
        func dismissal(releaseVelocity: Double, pan: [Double]) -> (shown: [Double], stops: [Bool], completions: Int, group: AnimationGroup) {
            let clock = ManualClock()
            let card = HeadlessLayer(clock: clock), backdrop = HeadlessLayer(clock: clock)
            var stops: [Bool] = []
            var completions = 0
            let dismiss = card.animate { a in
                a.position(CGPoint(x: 0, y: 600)).duration(1).easing(.linear)
                a.setDidStopCallback { _, finished in stops.append(finished) }
                a.triggerOnCompletion(onView: backdrop) { a in
                    a.alpha(0).duration(0.2)
                    a.setDidStartCallback { _ in completions += 1 }
                }
            }
            dismiss.pause()
            var shown: [Double] = []
            // The recorded pan: one translation per 120 Hz frame.
            for translation in pan {
                dismiss.fractionComplete = translation / 600
                clock.advance(by: 1.0 / 120)
                shown.append(Double(card.presentation().position.y))
            }
            dismiss.continueOnSpring(velocity: releaseVelocity / 600)
            while clock.hasPendingEvents || shown.count < pan.count + 5 {
                clock.advance(by: 1.0 / 120)
                shown.append(Double(card.presentation().position.y))
            }
            return (shown, stops, completions, dismiss)
        }

        @Test("Interactive dismissal: scrubbed by a pan, released fast, the card leaves on a spring from the finger's speed")
        func interactiveDismissal() {
            // The finger drags 240 pt in 0.2 s (1,200 pt/s) and lets go at that speed.
            let pan = (1...24).map { 10.0 * Double($0) }
            let (shown, stops, completions, group) = dismissal(releaseVelocity: 1_200, pan: pan)
            // While dragged the card is exactly under the finger.
            for (index, translation) in pan.enumerated() { expectClose(shown[index], translation, absolute: 1e-9) }
            // The first frame after the release moves it about one frame of 1,200 pt/s (10 pt): the
            // spring leaves with the finger's speed (its pull changes that by a few percent within
            // 1/120 s), no jump, no standstill.
            let step = shown[pan.count] - shown[pan.count - 1]
            #expect(step > 9 && step < 11.5, "first step \(step)")
            // Then it only moves on, critically damped, never past 600, and comes to rest there.
            for index in pan.count..<shown.count {
                let delta = shown[index] - shown[index - 1]
                #expect(delta >= -1e-9 && shown[index] <= 600 + 1e-9, "frame \(index): \(delta)")
            }
            expectClose(shown.last ?? 0, 600, absolute: 1e-9)
            #expect(stops == [true] && completions == 1 && group.finished && group.fractionComplete == 1)
        }

        @Test("Interactive dismissal released slowly short of half-way goes back, cut short")
        func interactiveDismissalCancelled() {
            let pan = (1...12).map { 10.0 * Double($0) }   // 120 pt, then let go almost still
            let (shown, stops, completions, group) = dismissal(releaseVelocity: -60, pan: pan)
            expectClose(shown.last ?? 0, 0, absolute: 1e-9)
            for index in pan.count..<shown.count { #expect(shown[index] <= shown[index - 1] + 1e-9) }
            #expect(stops == [false] && completions == 0 && group.hasEnded && !group.finished)
        }
    }
}
