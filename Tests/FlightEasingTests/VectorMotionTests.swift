import FlightEasing
import FlightTestSupport
import Foundation
import Testing

extension EasingSuites {
    /// The portable core of Flight's SwiftUI animations: a value moved as a vector is
    /// `start + change × travel(t) + velocity × carry(t)`. Checked against the easing itself for
    /// timing curves and against numerical integration of the spring's equation for springs.
    @Suite("Vector motion (SwiftUI)")
    struct VectorMotionTests {
        /// `spring`'s equation from `(x0, v0)` until `t`, integrated numerically.
        static func integrate(_ spring: Spring, x0: Double, v0: Double, until t: Double) -> (x: Double, v: Double) {
            integrateOscillator(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                x0: x0, v0: v0, over: t)
        }

        @Test("Springs: travel and carry are the responses to a unit displacement and a unit velocity", arguments: [
            Spring.bouncy, .smooth, .snappy, Spring(mass: 1, stiffness: 200, damping: 40),
        ])
        func springResponses(spring: Spring) {
            let motion = VectorMotion(easing: .spring(spring), duration: 0.5)
            #expect(motion.carriesVelocity)
            // At the start: nothing travelled, nothing carried, and the velocity is the initial one.
            #expect(motion.coefficients(at: 0) == .init(travel: 0, carry: 0, travelRate: 0, carryRate: 1))
            for t in [0.05, 0.2, 0.45, 0.9] {
                let c = motion.coefficients(at: t)
                // travel: from 1 away (x0 = −1 relative to the target) at rest.
                let fromRest = Self.integrate(spring, x0: -1, v0: 0, until: t)
                expectClose(c.travel, 1 + fromRest.x, absolute: 1e-9)
                expectClose(c.travelRate, fromRest.v, absolute: 1e-8)
                // carry: from the target with a unit velocity.
                let pushed = Self.integrate(spring, x0: 0, v0: 1, until: t)
                expectClose(c.carry, pushed.x, absolute: 1e-9)
                expectClose(c.carryRate, pushed.v, absolute: 1e-8)
            }
            // A spring that takes over with velocity V from position P: at the hand-over the value is
            // P and the velocity V, whatever the new target (continuity in value and velocity).
            let (base, velocity, target) = (40.0, -900.0, 300.0)
            let c = motion.coefficients(at: 0)
            #expect(base + (target - base) * c.travel + velocity * c.carry == base)
            #expect((target - base) * c.travelRate + velocity * c.carryRate == velocity)
        }

        @Test("Timing curves: travel is the easing's progress over the duration; nothing is carried")
        func curves() {
            for easing in [Easing.outCubic, .inOutSine, .outBack, .steps(4, .jumpEnd), .linear] {
                let motion = VectorMotion(easing: easing, duration: 0.8)
                #expect(!motion.carriesVelocity)
                for t in [0.0, 0.1, 0.4, 0.79, 0.8, 1.2] {
                    let c = motion.coefficients(at: t)
                    expectClose(c.travel, easing.progress(at: t / 0.8), absolute: 1e-12)
                    #expect(c.carry == 0 && c.carryRate == 0)
                }
                #expect(motion.settlingDuration(change: 300, speed: 0) == 0.8)
            }
            // outCubic's rate, by its derivative 3(1 − p)² / duration.
            expectClose(VectorMotion(easing: .outCubic, duration: 0.8).coefficients(at: 0.4).travelRate, 3 * 0.25 / 0.8, absolute: 1e-9)
        }

        @Test("A spring runs until it settles, longer when it leaves fast; bad durations count as 0")
        func durations() {
            let motion = VectorMotion(easing: .spring(.smooth), duration: 0.5)
            let still = motion.settlingDuration(change: 300, speed: 0)
            let fast = motion.settlingDuration(change: 300, speed: 6_000)
            #expect(still > 0.3 && fast > still)
            #expect(motion.settlingDuration(change: 0, speed: 0) == 0)
            #expect(VectorMotion(easing: .linear, duration: .nan).settlingDuration(change: 1, speed: 0) == 0)
            // A spring decay in SwiftUI: its velocity is in fractions of the change per second.
            let decay = VectorMotion(easing: .springDecay(velocity: 4), duration: 0.5)
            expectClose(decay.coefficients(at: 0).travelRate, 4, absolute: 1e-9)
        }
    }
}
