import FlightEasing
import Foundation
import Testing

extension EasingSuites {
    /// Decay against a fine-stepped simulation of the per-millisecond velocity recurrence.
    @Suite("Decay")
    struct DecayTests {
        struct Reference: Decodable {
            struct Case: Decodable {
                let rate, v0: Double
                let t, x, v: [Double]
                let projection: Double
            }
            struct Landing: Decodable { let rate, distance, v0: Double }
            struct Settling: Decodable { let rate, fraction, time: Double }
            let cases: [Case]
            let landing: [Landing]
            let settling: [Settling]
        }

        static let reference: Reference? = try? Golden.load(Reference.self, "decay")

        @Test("Position, velocity and projection match the simulated recurrence")
        func motion() throws {
            let reference = try #require(Self.reference)
            #expect(reference.cases.count == 9)
            for item in reference.cases {
                let decay = Decay(rate: item.rate)
                let distance = abs(item.projection)
                for (index, t) in item.t.enumerated() {
                    expectClose(decay.offset(at: t, initialVelocity: item.v0), item.x[index],
                                absolute: 1e-7 * distance, "rate \(item.rate) v0 \(item.v0) x(\(t))")
                    expectClose(decay.velocity(at: t, initialVelocity: item.v0), item.v[index],
                                absolute: 1e-9 * abs(item.v0), "rate \(item.rate) v0 \(item.v0) v(\(t))")
                }
                expectClose(decay.projection(initialVelocity: item.v0), item.projection, relative: 1e-7)
            }
        }

        @Test("The landing velocity comes to rest exactly on the chosen distance")
        func landing() throws {
            let reference = try #require(Self.reference)
            for item in reference.landing {
                let decay = Decay(rate: item.rate)
                expectClose(decay.initialVelocity(toTravel: item.distance), item.v0, relative: 1e-7)
                expectClose(decay.projection(initialVelocity: decay.initialVelocity(toTravel: item.distance)),
                            item.distance, relative: 1e-12)
            }
        }

        @Test("Settling time: when the remaining distance falls below the fraction")
        func settling() throws {
            let reference = try #require(Self.reference)
            for item in reference.settling {
                expectClose(Decay(rate: item.rate).settlingDuration(fraction: item.fraction), item.time, absolute: 1e-9)
            }
        }

        @Test("UIScrollView's rates and invalid rates")
        func rates() {
            #expect(Decay.normal.rate == 0.998 && Decay.fast.rate == 0.99)
            #expect(Decay(rate: 1.5).rate < 1 && Decay(rate: -1).rate > 0 && Decay(rate: .nan) == .normal)
            for decay in [Decay(rate: 1), Decay(rate: 0), Decay(rate: .infinity)] {
                #expect(decay.projection(initialVelocity: 100).isFinite)
                #expect(decay.settlingDuration().isFinite)
            }
            // Apple's per-step projection, v0/1000 · r/(1 − r), is the left Riemann sum of the
            // velocity; the exact integral exceeds it by about (1 − r)/2.
            let apple = 1000.0 / 1000 * 0.998 / (1 - 0.998)
            expectClose(Decay.normal.projection(initialVelocity: 1000) / apple, 1.001, absolute: 1e-5)
            #expect(Decay.normal.duration(untilSpeedBelow: 10, initialVelocity: 5) == 0)
            #expect(Decay.normal.duration(untilSpeedBelow: 0, initialVelocity: 5) == .infinity)
            expectClose(Decay.normal.duration(untilSpeedBelow: 1, initialVelocity: 1000), log(1e-3) / (1000 * log(0.998)),
                        relative: 1e-12)
        }
    }
}
