import FlightEasing
import Foundation
import Testing

extension EasingSuites {
    /// The 46 named curves against golden values from pytweening (checked against Penner's
    /// equations) and mpmath, with velocities from numerical differentiation of those references.
    @Suite("Named curves")
    struct NamedCurveTests {
        struct Reference: Decodable {
            struct Curve: Decodable {
                let value: [Double]
                let velocity: [Double?]
            }
            let p: [Double]
            let curves: [String: Curve]
        }

        static let reference: Reference? = try? Golden.load(Reference.self, "named-curves")

        static let monotoneFamilies = ["Sine", "Quadratic", "Cubic", "Quartic", "Quintic", "Exponential",
                                       "Circular", "Atan", "linear", "smoothStep", "smootherStep"]

        @Test("The catalogue has 46 distinct names, the ones the golden file has")
        func catalogue() throws {
            let names = Easing.allNamed.map(\.description)
            #expect(names.count == 46)
            #expect(Set(names).count == 46)
            let reference = try #require(Self.reference)
            #expect(Set(names) == Set(reference.curves.keys))
        }

        @Test("Values match the independent reference within 1e-12", arguments: Easing.allNamed)
        func values(_ easing: Easing) throws {
            let reference = try #require(Self.reference)
            let curve = try #require(reference.curves[easing.description])
            for (p, expected) in zip(reference.p, curve.value) {
                expectClose(easing.progress(at: p), expected, absolute: 1e-12, "\(easing) at \(p)")
            }
        }

        @Test("Velocities match numerical derivatives of the reference", arguments: Easing.allNamed)
        func velocities(_ easing: Easing) throws {
            let reference = try #require(Self.reference)
            let curve = try #require(reference.curves[easing.description])
            var checked = 0
            for (p, expected) in zip(reference.p, curve.velocity) {
                guard let expected, abs(expected) < 1e5 else { continue }
                expectClose(easing.velocity(at: p), expected, absolute: 1e-7, relative: 1e-7, "\(easing) at \(p)")
                checked += 1
            }
            #expect(checked > 150)
        }

        @Test("Endpoints are exact and time outside 0...1 holds them", arguments: Easing.allNamed)
        func endpoints(_ easing: Easing) {
            #expect(easing.progress(at: 0) == 0)
            #expect(easing.progress(at: 1) == 1)
            #expect(easing.progress(at: -3) == 0)
            #expect(easing.progress(at: 7) == 1)
            #expect(easing.progress(at: .nan) == 0)
            #expect(easing.progress(at: -.infinity) == 0)
            #expect(easing.progress(at: .infinity) == 1)
            #expect(easing.velocity(at: -0.5) == 0)
            #expect(easing.velocity(at: 1.5) == 0)
            #expect(easing.velocity(at: .nan) == 0)
        }

        @Test("Finite everywhere, velocity included, on a dense grid", arguments: Easing.allNamed)
        func finite(_ easing: Easing) {
            for k in 0...10_000 {
                let p = Double(k) / 10_000
                #expect(easing.progress(at: p).isFinite)
                #expect(easing.velocity(at: p).isFinite)
            }
        }

        @Test("outIn curves are continuous at one half and pass through it")
        func outInContinuity() {
            let outIn = Easing.allNamed.filter { $0.description.hasPrefix("outIn") }
            #expect(outIn.count == 10)
            for easing in outIn {
                let h = 1e-9
                expectClose(easing.progress(at: 0.5), 0.5, absolute: 1e-15, "\(easing)")
                expectClose(easing.progress(at: 0.5 - h), easing.progress(at: 0.5 + h), absolute: 1e-6, "\(easing)")
            }
        }

        @Test("Non-overshooting curves are monotone and stay in 0...1 (seeded random pairs)")
        func monotone() {
            var random = SplitMix64(seed: 0xF11647)
            let curves = Easing.allNamed.filter { easing in
                Self.monotoneFamilies.contains { easing.description.hasSuffix($0) || easing.description == $0 }
            }
            #expect(curves.count == 34)
            for easing in curves {
                for _ in 0..<2_000 {
                    let a = random.uniform(0...1), b = random.uniform(0...1)
                    let (low, high) = (min(a, b), max(a, b))
                    #expect(easing.progress(at: low) <= easing.progress(at: high) + 1e-15, "\(easing) \(low) \(high)")
                    #expect((0...1).contains(easing.progress(at: a)), "\(easing) \(a)")
                }
            }
        }

        @Test("Bounce stays within 0...1; back and elastic overshoot")
        func overshoot() {
            for easing in [Easing.inBounce, .outBounce, .inOutBounce, .outInBounce] {
                for k in 0...2_000 { #expect((0...1).contains(easing.progress(at: Double(k) / 2_000))) }
                #expect(!easing.canOvershoot)
            }
            let outBackPeak = (0...10_000).map { Easing.outBack.progress(at: Double($0) / 10_000) }.max()!
            // Penner's 1.70158 is chosen so the overshoot is 10 %.
            expectClose(outBackPeak, 1.1, absolute: 1e-4)
            #expect(Easing.outElastic.canOvershoot && Easing.outBack.canOvershoot)
        }

        @Test("The rescaled exponential and elastic curves are within 1/1023 of Penner's equations")
        func rescalingMovesLittle() {
            // Penner's equations as published (easings.net), ends included: off by 2⁻¹⁰ and 2⁻¹¹.
            let (c4, c5) = (2 * Double.pi / 3, 2 * Double.pi / 4.5)
            let penner: [(Easing, (Double) -> Double)] = [
                (.inExponential, { p in Foundation.pow(2, 10 * p - 10) }),
                (.outExponential, { p in 1 - Foundation.pow(2, -10 * p) }),
                (.inOutExponential, { p in
                    p < 0.5 ? Foundation.pow(2, 20 * p - 10) / 2 : (2 - Foundation.pow(2, -20 * p + 10)) / 2 }),
                (.inElastic, { p in -Foundation.pow(2, 10 * p - 10) * Foundation.sin((10 * p - 10.75) * c4) }),
                (.outElastic, { p in Foundation.pow(2, -10 * p) * Foundation.sin((10 * p - 0.75) * c4) + 1 }),
                (.inOutElastic, { p in
                    p < 0.5 ? -(Foundation.pow(2, 20 * p - 10) * Foundation.sin((20 * p - 11.125) * c5)) / 2
                        : Foundation.pow(2, -20 * p + 10) * Foundation.sin((20 * p - 11.125) * c5) / 2 + 1 }),
            ]
            for (easing, reference) in penner {
                var largest = 0.0
                for k in 0...10_000 {
                    let p = Double(k) / 10_000
                    largest = max(largest, abs(easing.progress(at: p) - reference(p)))
                }
                #expect(largest < 1.0 / 1023, "\(easing)")
                // The rescaling is what moves them: by about the ends' 2⁻¹¹ at least.
                #expect(largest > 0x1p-12, "\(easing)")
            }
        }

        @Test("Vertical tangents report the cap, 10⁶, not an infinity")
        func verticalTangentsAreCapped() {
            // A Bézier leaving straight up, and circular curves where they stand vertical.
            #expect(Easing.cubicBezier(CubicBezier(0, 1, 0, 1)).velocity(at: 0) == 1e6)
            #expect(Easing.cubicBezier(CubicBezier(1, 0, 1, 0)).velocity(at: 1) == 1e6)
            #expect(Easing.inCircular.velocity(at: 1) == 1e6)
            #expect(Easing.outCircular.velocity(at: 0) == 1e6)
        }

        @Test("Reversal is time reversal: reversed in is out")
        func reversal() {
            let pairs: [(Easing, Easing)] = [(.inCubic, .outCubic), (.inSine, .outSine), (.inBounce, .outBounce),
                                             (.inOutBack, .inOutBack), (.inElastic, .outElastic)]
            for (forward, mirror) in pairs {
                for k in 0...100 {
                    let p = Double(k) / 100
                    expectClose(forward.reversed.progress(at: p), mirror.progress(at: p), absolute: 1e-12, "\(forward)")
                    expectClose(forward.reversed.velocity(at: p), mirror.velocity(at: p), absolute: 1e-9, "\(forward)")
                }
            }
            expectClose(Easing.outCubic.reversed.reversed.progress(at: 0.3), Easing.outCubic.progress(at: 0.3), absolute: 1e-15)
        }
    }
}
