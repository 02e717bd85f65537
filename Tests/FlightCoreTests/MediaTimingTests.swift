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
    }
}
