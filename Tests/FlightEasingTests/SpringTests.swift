import FlightEasing
import Foundation
import Testing

extension EasingSuites {
    /// Springs in closed form against scipy's DOP853 integration of `m·x″ + c·x′ + k·x = 0`.
    @Suite("Springs")
    struct SpringTests {
        struct Reference: Decodable {
            struct Case: Decodable {
                let name: String
                let mass, stiffness, damping, x0, v0: Double
                let t, x, v: [Double]
                let settling: [String: Double]
            }
            let cases: [Case]
        }

        static let reference: Reference? = try? Golden.load(Reference.self, "springs")

        @Test("Position and velocity match the integrated ODE in every regime")
        func closedFormMatchesIntegration() throws {
            let reference = try #require(Self.reference)
            #expect(reference.cases.count >= 25)
            for item in reference.cases {
                let spring = Spring(mass: item.mass, stiffness: item.stiffness, damping: item.damping)
                let motion = spring.motion(displacement: item.x0, velocity: item.v0)
                let scale = motion.scale
                let speedScale = scale * spring.naturalFrequency
                for (index, t) in item.t.enumerated() {
                    expectClose(motion.position(at: t), item.x[index], absolute: 1e-10 * scale, "\(item.name) x(\(t))")
                    expectClose(motion.velocity(at: t), item.v[index], absolute: 1e-10 * speedScale, "\(item.name) v(\(t))")
                }
            }
        }

        @Test("Settling time is the true last crossing, well within one 120 Hz frame")
        func settlingDuration() throws {
            let reference = try #require(Self.reference)
            for item in reference.cases {
                let spring = Spring(mass: item.mass, stiffness: item.stiffness, damping: item.damping)
                let motion = spring.motion(displacement: item.x0, velocity: item.v0)
                for (key, expected) in item.settling {
                    let fraction = try #require(Double(key))
                    let predicted = motion.settlingDuration(fraction: fraction)
                    #expect(abs(predicted - expected) < 1.0 / 120, "\(item.name) f=\(key): \(predicted) vs \(expected)")
                    expectClose(predicted, expected, absolute: 1e-8, "\(item.name) f=\(key)")
                }
            }
        }

        @Test("Apple's published conversions between descriptions")
        func appleTable() {
            // SwiftUI's Spring documentation: Spring(duration: 0.5, bounce: 0.3) has
            // (mass, stiffness, damping) = (1.0, 157.9, 17.6); Spring(mass: 1, stiffness: 100,
            // damping: 10) has (duration, bounce) = (0.63, 0.5).
            let a = Spring(duration: 0.5, bounce: 0.3)
            expectClose(a.mass, 1, absolute: 0)
            expectClose(a.stiffness, 157.9, absolute: 0.05)
            expectClose(a.damping, 17.6, absolute: 0.05)
            let b = Spring(mass: 1, stiffness: 100, damping: 10)
            expectClose(b.response, 0.63, absolute: 0.005)
            expectClose(b.bounce, 0.5, absolute: 1e-12)
            // Round trips between the three descriptions.
            for bounce in [-0.8, -0.3, 0, 0.2, 0.7] {
                let spring = Spring(duration: 0.4, bounce: bounce)
                expectClose(spring.bounce, bounce, absolute: 1e-12)
                expectClose(spring.response, 0.4, relative: 1e-12)
                let again = Spring(response: spring.response, dampingRatio: spring.dampingRatio)
                expectClose(again.stiffness, spring.stiffness, relative: 1e-12)
                expectClose(again.damping, spring.damping, relative: 1e-12)
            }
        }

        @Test("The response is the undamped period: zero crossings come every half damped period")
        func responseIsPeriod() {
            let spring = Spring(response: 0.4, dampingRatio: 0.15)
            let motion = spring.motion(displacement: 1)
            let dampedHalfPeriod = 0.2 / (1 - 0.15 * 0.15).squareRoot()
            // Find sign changes on a fine grid, refine by bisection, compare their spacing.
            var crossings: [Double] = []
            var previous = motion.position(at: 0)
            var t = 0.0
            while crossings.count < 5 {
                let next = t + 1e-4
                let value = motion.position(at: next)
                if (previous > 0) != (value > 0) {
                    var (low, high) = (t, next)
                    for _ in 0..<60 {
                        let mid = (low + high) / 2
                        if (motion.position(at: mid) > 0) == (previous > 0) { low = mid } else { high = mid }
                    }
                    crossings.append(low)
                }
                (t, previous) = (next, value)
            }
            for (a, b) in zip(crossings, crossings.dropFirst()) {
                expectClose(b - a, dampedHalfPeriod, relative: 1e-9)
            }
        }

        @Test("Energy never grows (seeded random springs and releases)")
        func energyNeverGrows() {
            var random = SplitMix64(seed: 2026)
            for _ in 0..<300 {
                let spring = Spring(
                    mass: random.uniform(0.1...5), stiffness: random.uniform(1...3_000), damping: random.uniform(0...200))
                let motion = spring.motion(displacement: random.uniform(-500...500), velocity: random.uniform(-4_000...4_000))
                func energy(_ t: Double) -> Double {
                    let x = motion.position(at: t), v = motion.velocity(at: t)
                    return 0.5 * spring.mass * v * v + 0.5 * spring.stiffness * x * x
                }
                var last = energy(0)
                for k in 1...400 {
                    let current = energy(Double(k) * 0.005)
                    #expect(current <= last * (1 + 1e-12) + 1e-12, "\(spring) at step \(k)")
                    last = current
                }
            }
        }

        @Test("Settling is relative to the motion: an opacity fade and a 300 pt move settle together")
        func relativeSettling() {
            for spring in [Spring.default, .smooth, .snappy, .bouncy, Spring(duration: 0.5, bounce: -0.6)] {
                let opacity = spring.motion(displacement: -1).settlingDuration()
                let move = spring.motion(displacement: -300).settlingDuration()
                expectClose(opacity, move, relative: 1e-9)
                #expect(opacity > 0.1)
            }
        }

        @Test("Invalid parameters give finite springs; zero damping is capped")
        func invalidParameters() {
            let bad = [
                Spring(mass: 0, stiffness: 100, damping: 10), Spring(mass: -2, stiffness: 100, damping: 10),
                Spring(mass: .nan, stiffness: .nan, damping: .nan), Spring(mass: 1, stiffness: -5, damping: -1),
                Spring(mass: .infinity, stiffness: .infinity, damping: .infinity),
                Spring(response: 0, dampingRatio: -1), Spring(response: .nan, dampingRatio: .infinity),
                Spring(duration: -1, bounce: .nan), Spring(duration: 0.5, bounce: -5), Spring(duration: 0.5, bounce: 9),
            ]
            for spring in bad {
                #expect(spring.mass > 0 && spring.stiffness > 0 && spring.damping >= 0, "\(spring)")
                let motion = spring.motion(displacement: -1, velocity: 3)
                for t in [0.0, 0.01, 0.5, 10, 1e6] {
                    #expect(motion.position(at: t).isFinite, "\(spring) at \(t)")
                    #expect(motion.velocity(at: t).isFinite, "\(spring) at \(t)")
                }
                let settling = motion.settlingDuration()
                #expect(settling.isFinite && settling >= 0 && settling <= SpringMotion.maximumSettlingDuration)
            }
            let undamped = Spring(mass: 1, stiffness: 100, damping: 0)
            #expect(undamped.motion(displacement: 1).settlingDuration() == SpringMotion.maximumSettlingDuration)
            #expect(Spring(duration: 0.5, bounce: 1).motion(displacement: 1).settlingDuration()
                    == SpringMotion.maximumSettlingDuration)
            // Non-finite release conditions are treated as rest.
            let motion = Spring.default.motion(displacement: .nan, velocity: .infinity)
            #expect(motion.position(at: 0.3) == 0 && motion.settlingDuration() == 0)
        }

        @Test("At rest stays at rest; times before release hold the initial state")
        func restAndNegativeTime() {
            let rest = Spring.bouncy.motion(displacement: 0, velocity: 0)
            #expect(rest.settlingDuration() == 0)
            #expect(rest.position(at: 1) == 0)
            let motion = Spring.bouncy.motion(displacement: 2, velocity: -7)
            #expect(motion.position(at: -1) == 2 && motion.velocity(at: -1) == -7)
        }
    }
}
