import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// Scheduling rules: events fire in time order and each at its own moment, groups started by
    /// triggers always end, and a released target's groups stop exactly once.
    @MainActor
    @Suite("Event order and lifetimes")
    struct EventOrderTests {
        @Test("A zero-duration group started by a trigger gets its stop callback")
        func zeroDurationTriggeredGroupStops() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var stops: [Bool] = []
            layer.animate { a in
                a.triggerOnStart(onView: layer) { a in a.setDidStopCallback { _, finished in stops.append(finished) } }
            }
            clock.advance(by: 1)
            #expect(stops == [true])
        }

        @Test("A hitch fires every trigger it skipped, in time order, each at its own moment")
        func hitchKeepsTimeOrder() {
            // A (started first) has a trigger at 0.25 s that takes B over; B has one at 0.20 s.
            for frames in [[0.3], (1...18).map { Double($0) / 60 }] {
                let clock = ManualClock()
                let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock), c = HeadlessLayer(clock: clock)
                var fired: [String] = []
                var cBegin: TimeInterval?
                a.animate { animator in
                    animator.alpha(0).duration(1)
                    animator.triggerOnProgress(0.25, onView: b) { animator in
                        animator.alpha(1).duration(0.1)
                        animator.setDidStartCallback { _ in fired.append("A→B") }
                    }
                }
                b.animate { animator in
                    animator.alpha(0).duration(1)
                    animator.triggerOnProgress(0.2, onView: c) { animator in
                        animator.alpha(0.5).duration(0.1)
                        animator.setDidStartCallback { group in
                            fired.append("B→C")
                            cBegin = group.beginTime
                        }
                    }
                }
                for time in frames { clock.advance(to: time) }
                #expect(fired == ["B→C", "A→B"], "frames \(frames)")
                #expect(cBegin == 0.2, "the triggered group begins at its trigger's moment")
            }
        }

        @Test("A completion chain has no standstill: each link begins where the last one ended")
        func chainWithoutStandstill() throws {
            let clock = ManualClock()
            let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
            var second: AnimationGroup?
            a.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.51)
                animator.triggerOnCompletion(onView: b) { animator in
                    animator.position(CGPoint(x: 0, y: 100)).duration(0.3).easing(.linear)
                    animator.setDidStartCallback { second = $0 }
                }
            }
            var shown: [CGPoint] = []
            for frame in 1...60 {
                clock.advance(to: Double(frame) / 60)
                shown.append(b.presentation().position)
            }
            let group = try #require(second)
            #expect(group.beginTime == 0.51)
            // At the first frame after 0.51 s (frame 31) the second move has already run 0.0067 s.
            expectClose(Double(shown[30].y), 100 * (31.0 / 60 - 0.51) / 0.3, absolute: 0.5)
        }

        @Test("A released target's group stops once, not finished, and its triggers never fire")
        func releasedTarget() {
            let clock = ManualClock()
            let other = HeadlessLayer(clock: clock)
            var stops: [Bool] = []
            var triggered = 0
            var layer: HeadlessLayer? = HeadlessLayer(clock: clock)
            weak let weakLayer = layer
            layer!.animate { animator in
                animator.position(CGPoint(x: 300, y: 0)).duration(0.5)
                animator.setDidStopCallback { _, finished in stops.append(finished) }
                animator.triggerOnProgress(0.6, onView: other) { $0.alpha(0).duration(0.1) ; $0.setDidStartCallback { _ in triggered += 1 } }
                animator.triggerOnCompletion(onView: other) { $0.alpha(1).duration(0.1) ; $0.setDidStartCallback { _ in triggered += 1 } }
            }
            clock.advance(to: 0.1)
            layer = nil
            #expect(weakLayer == nil, "Flight keeps no strong reference to the layer")
            for frame in 1...120 { clock.advance(to: 0.1 + Double(frame) / 60) }
            #expect(stops == [false])
            #expect(triggered == 0)
            #expect(!clock.hasPendingEvents)
        }
    }
}

extension HeadlessLayer {
    /// The presentation at host time `time`, given the animations on the layer now.
    func presentation(at time: TimeInterval) -> (position: CGPoint, opacity: Double) {
        (presentationValue(forKeyPath: "position", at: time) as? CGPoint ?? .zero,
         presentationValue(forKeyPath: "opacity", at: time) as? Double ?? 1)
    }
}
