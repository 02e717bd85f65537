import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// The media-timing rules a host plays an animation by (`CAMediaTiming.h`: local time
    /// `t = (tp − begin) × speed + offset`; outside the active duration "local time may be clamped
    /// to either end of the active duration" by the fill mode).
    @MainActor @Suite("Media timing")
    struct MediaTimingTests {
        @Test("Before its begin time a backwards fill shows the start of the active duration: timeOffset, not 0")
        func backwardsFillClampsToTheOffset() {
            var animation = LayerAnimation(keyPath: "opacity", beginTime: 2,
                                           keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [0.0, 1.0]))
            animation.fillMode = .backwards
            animation.timeOffset = 0.75
            func shown(at time: TimeInterval) -> Double { animation.value(at: time) as? Double ?? .nan }
            expectClose(shown(at: 2), 0.75, absolute: 1e-12)
            // A rounding error before the begin time shows the same.
            expectClose(shown(at: 2.0.nextDown), 0.75, absolute: 1e-12)
            expectClose(shown(at: 1), 0.75, absolute: 1e-12)
            animation.timeOffset = 0
            expectClose(shown(at: 1), 0, absolute: 1e-12)
            animation.fillMode = .removed
            #expect(animation.value(at: 1) == nil)
        }

        @Test("Scrubbed to its end, resumed: a trigger past the end starts from what was shown")
        func triggerPastTheEndOfAResumedGroup() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            clock.advance(by: 1.0 / 120)
            var chained: AnimationGroup?
            let group = layer.animate(.minTime) { a in
                a.alpha(0.8).duration(0.2).easing(.outCubic).primary(true)
                a.transform3D(.rotation(angle: 0.67, x: 0, y: 0, z: 1)).duration(1).easing(.spring(.bouncy))
                a.triggerOnProgress(1.03, onView: layer) { b in
                    b.transform3D(.rotation(angle: 0.2, x: 0, y: 0, z: 1)).duration(0.6).easing(.outElastic)
                    b.setDidStartCallback { chained = $0 }
                }
            }
            clock.advance(by: 2.0 / 120)
            group.pause()
            group.fractionComplete = 1
            clock.advance(by: 1.0 / 120)
            let before = layer.presentation().transform
            group.resume()
            let from = try #require(chained?.property("transform")?.from as? Transform3D)
            #expect(from.distance(to: before) < 1e-9, "from \(from), shown \(before)")
            #expect(layer.presentation().transform.distance(to: before) < 1e-9)
        }

        @Test("A playing animation with a time offset wraps round to its start within its active duration (as CoreAnimation is observed to)")
        func offsetWrapsRound() {
            var animation = LayerAnimation(keyPath: "opacity", beginTime: 0,
                                           keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [0.0, 1.0]))
            animation.timeOffset = 0.75
            func shown(at time: TimeInterval) -> Double? { animation.value(at: time) as? Double }
            expectClose(shown(at: 0.1) ?? .nan, 0.85, absolute: 1e-12)
            // Past its end it plays from its start back to the offset, then its active duration ends.
            expectClose(shown(at: 0.5) ?? .nan, 0.25, absolute: 1e-12)
            #expect(shown(at: 1.0) == nil)
            #expect(animation.endTime == 1)
        }

        @Test("Flight never plays an animation with a time offset: pause, resume, reverse and scrubs in any order")
        func noOffsetWhilePlaying() {
            for calls in 0..<64 {
                let clock = ManualClock()
                let host = RecordingLayer(clock: clock)
                let group = host.animate { a in
                    a.position(CGPoint(x: 300, y: 0)).duration(1).easing(.outCubic)
                    a.alpha(0).duration(0.4)
                }
                for step in 0..<3 {
                    clock.advance(by: 0.15)
                    switch (calls >> (2 * step)) & 3 {
                    case 0: group.pause()
                    case 1: group.resume()
                    case 2: group.reverse()
                    default: if group.isPaused { group.fractionComplete = 0.7 } else { group.resume() }
                    }
                }
                for batch in host.batches {
                    for change in batch {
                        guard case let .add(_, animation) = change, animation.speed > 0 else { continue }
                        #expect(animation.timeOffset == 0, "calls \(calls): \(animation.keyPath) plays with offset \(animation.timeOffset)")
                    }
                }
            }
        }
    }
}
