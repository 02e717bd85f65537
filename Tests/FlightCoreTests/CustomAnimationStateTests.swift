import FlightCore
import Foundation
import Testing

/// A 2D vector for the SwiftUI rules' tests, as SwiftUI's `AnimatablePair<CGFloat, CGFloat>` is one.
struct Vec2: MotionVector {
    var x: Double
    var y: Double
    init(_ x: Double, _ y: Double) { (self.x, self.y) = (x, y) }
    static var zero: Vec2 { Vec2(0, 0) }
    static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    func scaled(by factor: Double) -> Vec2 { Vec2(x * factor, y * factor) }
    var magnitudeSquared: Double { x * x + y * y }
}

extension OffMainActorSuites {
    /// `FlightAnimation`'s bookkeeping (`CustomAnimationState`), driven as SwiftUI drives a
    /// `CustomAnimation` by the rules Apple documents: `animate` every frame (1/120 s) with the
    /// time since the animation began until it returns nil; on a new change, `shouldMerge` on the
    /// new animation with the previous one's state and elapsed time, after which the new one
    /// carries on from that time, or (false) both run and their results are added; `velocity`
    /// nil once finished; `isLogicallyComplete` set at most once. Checked against closed forms of
    /// the curves and a numerical integration of the spring's equation.
    @Suite("SwiftUI custom animation rules")
    struct CustomAnimationStateTests {
        typealias State = CustomAnimationState<Vec2>

        /// `spring`'s equation from `(x0, v0)` over `t`, integrated numerically.
        static func integrate(_ spring: Spring, x0: Double, v0: Double, over t: Double) -> (x: Double, v: Double) {
            integrateOscillator(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                x0: x0, v0: v0, over: t)
        }

        static let frame = 1.0 / 120

        @Test("A timing curve: the change times its progress every frame, nil from its end; velocity too")
        func timingCurve() {
            let motion = State.motion(.outCubic, duration: 0.5, reducingMotion: false, policy: .ignore)
            var state = State()
            let change = Vec2(300, -40)
            var frames = 0
            for index in 0... {
                let t = Double(index) * Self.frame
                let shown = state.animate(motion, value: change, time: t)
                let velocity = state.velocity(motion, value: change, time: t)
                guard let shown else {
                    #expect(t >= 0.5 - 1e-12 && velocity == nil)
                    break
                }
                frames += 1
                let p = t / 0.5
                expectClose(shown.x, 300 * (1 - pow(1 - p, 3)), absolute: 1e-9)
                expectClose(shown.y, -40 * (1 - pow(1 - p, 3)), absolute: 1e-9)
                expectClose(velocity?.x ?? .nan, 300 * 3 * pow(1 - p, 2) / 0.5, absolute: 1e-6)
                #expect(!state.isLogicallyComplete, "a curve is complete when it ends")
            }
            #expect(frames == 60 && state.isLogicallyComplete)
        }

        @Test("A spring from rest: the oscillator's solution every frame; logically complete once within 1 %, ended within 0.1 %")
        func springAlone() {
            let spring = Spring.bouncy
            let motion = State.motion(.spring(spring), duration: 0.5, reducingMotion: false, policy: .ignore)
            var state = State()
            let change = Vec2(0, 200)
            var completedAt: Double?
            var endedAt: Double?
            for index in 0..<1_200 {
                let t = Double(index) * Self.frame
                guard let shown = state.animate(motion, value: change, time: t) else { endedAt = t; break }
                let exact = Self.integrate(spring, x0: -200, v0: 0, over: t)
                expectClose(shown.y, 200 + exact.x, absolute: 1e-6)
                #expect(shown.x == 0)
                if state.isLogicallyComplete && completedAt == nil { completedAt = t }
            }
            // The independent truth: the last time the oscillator leaves the 1 % and 0.1 % bands
            // (its scale is the change, 200), sampled every 0.1 ms.
            var lastOutside = (percent: 0.0, permille: 0.0)
            var x = (x: -200.0, v: 0.0)
            for step in 1...30_000 {
                x = Self.integrate(spring, x0: x.x, v0: x.v, over: 1e-4)
                let t = Double(step) * 1e-4
                if abs(x.x) > 2 { lastOutside.percent = t }
                if abs(x.x) > 0.2 { lastOutside.permille = t }
            }
            let (completed, ended) = (completedAt, endedAt)
            // Each is the first frame at or after its moment.
            expectClose(completed ?? .nan, (lastOutside.percent / Self.frame).rounded(.up) * Self.frame, absolute: 1e-9 + Self.frame)
            expectClose(ended ?? .nan, (lastOutside.permille / Self.frame).rounded(.up) * Self.frame, absolute: 1e-9 + Self.frame)
            #expect((completed ?? 0) < (ended ?? 0) - 0.1, "logically complete well before the long tail ends")
        }

        @Test("A spring merging into a Flight spring: continuous value and velocity, then the oscillator towards the new target")
        func springMerge() {
            let spring = Spring.snappy
            let motion = State.motion(.spring(spring), duration: 0.5, reducingMotion: false, policy: .ignore)
            var state = State()
            // SwiftUI shows from + the animation's value; the first change is 0 → 300.
            let handOver = 0.2
            for index in 0..<24 {
                let t = Double(index) * Self.frame
                let shown = state.animate(motion, value: Vec2(300, 0), time: t)?.x ?? .nan
                expectClose(shown, 300 + Self.integrate(spring, x0: -300, v0: 0, over: t).x, absolute: 1e-6)
            }
            let before = Self.integrate(spring, x0: -300, v0: 0, over: handOver)
            let velocityBefore = state.velocity(motion, value: Vec2(300, 0), time: handOver)?.x ?? .nan
            expectClose(velocityBefore, before.v, absolute: 1e-4)
            // The new change, 0 → 100, merges: the state and elapsed time are handed over.
            let merged = state.merge(motion, value: Vec2(100, 0), time: handOver)
            #expect(merged)
            let atHandOver = state.animate(motion, value: Vec2(100, 0), time: handOver)?.x ?? .nan
            expectClose(atHandOver, 300 + before.x, absolute: 1e-6)
            expectClose(state.velocity(motion, value: Vec2(100, 0), time: handOver)?.x ?? .nan, before.v, absolute: 1e-6)
            // From there on: the oscillator from (position, velocity) towards 100.
            for index in 1...120 {
                let time = handOver + Double(index) * Self.frame
                guard let value = state.animate(motion, value: Vec2(100, 0), time: time) else { break }
                let exact = Self.integrate(spring, x0: 300 + before.x - 100, v0: before.v, over: time - handOver)
                expectClose(value.x, 100 + exact.x, absolute: 1e-6)
            }
        }

        @Test("Timing curves do not merge: SwiftUI adds both, and the sum keeps its value and ends at the new target")
        func curvesAdd() {
            let first = State.motion(.inOutSine, duration: 0.4, reducingMotion: false, policy: .ignore)
            let second = State.motion(.outCubic, duration: 0.3, reducingMotion: false, policy: .ignore)
            var a = State(), b = State()
            let handOver = 0.2
            var t = 0.0
            while t < handOver - 1e-9 { _ = a.animate(first, value: Vec2(300, 0), time: t); t += Self.frame }
            var handed = a
            let merged = handed.merge(second, value: Vec2(-200, 0), time: handOver)
            #expect(!merged)
            #expect(handed.base == a.base && handed.origin == a.origin, "a refused merge changes nothing")
            // Both run: the first to its end, the second from the hand-over with the remaining change.
            for index in 0...60 {
                let time = handOver + Double(index) * Self.frame
                let sum = (a.animate(first, value: Vec2(300, 0), time: time)?.x ?? 300)
                    + (b.animate(second, value: Vec2(-200, 0), time: time - handOver)?.x ?? -200)
                let p1 = min(time / 0.4, 1), p2 = min((time - handOver) / 0.3, 1)
                expectClose(sum, 300 * (1 - cos(.pi * p1)) / 2 - 200 * (1 - pow(1 - p2, 3)), absolute: 1e-9)
            }
        }

        @Test("The previous animation was not Flight's: nothing to merge from, so SwiftUI adds the two")
        func previousNotFlights() {
            let motion = State.motion(.spring(.bouncy), duration: 0.5, reducingMotion: false, policy: .ignore)
            // SwiftUI hands a custom animation the context of the animation in flight; one that is
            // not Flight's holds no Flight state.
            var state = State()
            let merged = state.merge(motion, value: Vec2(10, 0), time: 0.3)
            #expect(!merged)
            #expect(!state.hasRun)
            // Then it runs from rest, from its own start.
            let first = state.animate(motion, value: Vec2(10, 0), time: 0)
            #expect(first == .zero)
            expectClose(state.velocity(motion, value: Vec2(10, 0), time: 0)?.x ?? .nan, 0, absolute: 1e-12)
        }

        @Test("Reduce Motion from the environment: a spring becomes at most 0.25 s of inOutSine; jump and cross-fade end at once")
        func reduceMotion() {
            let shortened = State.motion(.spring(.bouncy), duration: 0.5, reducingMotion: true,
                                         policy: .shorten(maximumDuration: 0.25))
            var state = State()
            var frames = 0
            for index in 0... {
                let t = Double(index) * Self.frame
                guard let value = state.animate(shortened, value: Vec2(80, 0), time: t) else {
                    expectClose(t, 0.25, absolute: Self.frame)
                    break
                }
                frames += 1
                expectClose(value.x, 80 * (1 - cos(.pi * t / 0.25)) / 2, absolute: 1e-9)
            }
            #expect(frames == 30)
            for policy in [ReduceMotionPolicy.jump, .crossFade(duration: 0.2)] {
                let motion = State.motion(.spring(.bouncy), duration: 0.5, reducingMotion: true, policy: policy)
                var state = State()
                let shown = state.animate(motion, value: Vec2(80, 0), time: 0)
                #expect(shown == nil && state.isLogicallyComplete)
                #expect(state.velocity(motion, value: Vec2(80, 0), time: 0) == nil)
            }
            // Reduce Motion off, or the app's `.ignore`: the spring as written.
            for (reducing, policy) in [(false, ReduceMotionPolicy.jump), (true, .ignore)] {
                let motion = State.motion(.spring(.bouncy), duration: 0.5, reducingMotion: reducing, policy: policy)
                #expect(motion?.easing == .spring(.bouncy))
            }
        }
    }
}
