import FlightCore
import Foundation
import Testing

extension OffMainActorSuites {
    /// Colour conversion and mixing against Chromium's CSS `color-mix()`.
    @Suite("Colour interpolation")
    struct ColorInterpolationTests {
        struct Capture: Decodable {
            struct Result: Decodable {
                let space: String
                let components: [Double?]
                let alpha: Double
            }
            struct Mix: Decodable {
                let aComponents: [Double]
                let aAlpha: Double
                let bComponents: [Double]
                let bAlpha: Double
                let space: String
                let p: Double
                let css: String
                let result: Result
            }
            struct Conversion: Decodable {
                let input: String
                let oklab: Result
                let srgbLinear: Result
            }
            let mixes: [Mix]
            let conversions: [Conversion]
        }

        static let chromium: Capture? = try? Golden.load(Capture.self, "colors")

        static func interpolation(_ css: String) -> Color.Interpolation? {
            switch css {
            case "oklab": .oklab
            case "srgb": .sRGB
            case "srgb-linear": .linearSRGB
            default: nil
            }
        }

        /// Chromium computes Oklab in single precision (white comes out as L 0.999994) and prints
        /// 6 significant digits; sRGB results are good to about 1e-6.
        static func tolerance(_ interpolation: Color.Interpolation) -> Double {
            interpolation == .oklab ? 2e-4 : 2e-5
        }

        @Test("color-mix() in oklab, srgb and srgb-linear, premultiplied")
        func mixes() throws {
            let capture = try #require(Self.chromium)
            #expect(capture.mixes.count >= 300)
            for mix in capture.mixes {
                let space = try #require(Self.interpolation(mix.space))
                let from = Color(red: mix.aComponents[0], green: mix.aComponents[1], blue: mix.aComponents[2], alpha: mix.aAlpha)
                let to = Color(red: mix.bComponents[0], green: mix.bComponents[1], blue: mix.bComponents[2], alpha: mix.bAlpha)
                    .interpolating(in: space)
                let mixed = ColorPath(from: from, to: to).value(at: mix.p)
                let resultSpace = try #require(Self.interpolation(mix.result.space))
                let coordinates = mixed.coordinates(in: resultSpace)
                expectClose(mixed.alpha, mix.result.alpha, absolute: 2e-6, mix.css)
                // A fully transparent result has no meaningful colour.
                guard mix.result.alpha > 0 else { continue }
                for (index, expected) in mix.result.components.enumerated() {
                    guard let expected else { continue }
                    expectClose(coordinates[index], expected, absolute: Self.tolerance(resultSpace), mix.css)
                }
            }
        }

        @Test("sRGB to Oklab and to linear sRGB conversions")
        func conversions() throws {
            let capture = try #require(Self.chromium)
            for conversion in capture.conversions {
                let numbers = conversion.input.split(whereSeparator: { "rgb( /)".contains($0) }).compactMap { Double($0) }
                let color = Color(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: numbers[3])
                guard color.alpha > 0 else { continue }
                for (actual, expected) in zip(Array(arrayLiteral: color.oklab.x, color.oklab.y, color.oklab.z),
                                              conversion.oklab.components) {
                    expectClose(actual, try #require(expected), absolute: 2e-4, conversion.input)
                }
                let linear = color.converted(to: .linearSRGB)
                for (actual, expected) in zip([linear.red, linear.green, linear.blue], conversion.srgbLinear.components) {
                    expectClose(actual, try #require(expected), absolute: 2e-6, conversion.input)
                }
            }
        }

        @Test("Distance: the straight line between premultiplied coordinates in the second colour's mixing space, alpha clamped")
        func distanceIsPremultipliedLength() {
            var random = SplitMix64(seed: 41)
            for _ in 0..<200 {
                func color() -> Color {
                    Color(red: random.uniform(-0.1...1.1), green: random.uniform(0...1), blue: random.uniform(0...1),
                          alpha: random.uniform(-0.2...1.2), space: Color.Space.allCases.randomElement(using: &random)!,
                          interpolation: Color.Interpolation.allCases.randomElement(using: &random)!)
                }
                let (a, b) = (color(), color())
                func premultiplied(_ color: Color) -> SIMD4<Double> {
                    let alpha = min(max(color.alpha, 0), 1)
                    let c = color.coordinates(in: b.interpolation)
                    return SIMD4(c.x * alpha, c.y * alpha, c.z * alpha, alpha)
                }
                let difference = premultiplied(b) - premultiplied(a)
                let expected = (difference * difference).sum().squareRoot()
                #expect(abs(a.distance(to: b) - expected) <= 1e-12 * max(expected, 1), "\(a) to \(b)")
                #expect(a.distance(to: a.converted(to: .displayP3)) <= 1e-12)
            }
        }

        @Test("Conversions round-trip through every space")
        func roundTrips() {
            var random = SplitMix64(seed: 5)
            for _ in 0..<1_000 {
                let color = Color(red: random.uniform(0...1), green: random.uniform(0...1), blue: random.uniform(0...1))
                for space in Color.Space.allCases {
                    let back = color.converted(to: space).converted(to: .sRGB)
                    expectClose(back.red, color.red, absolute: 1e-12)
                    expectClose(back.green, color.green, absolute: 1e-12)
                    expectClose(back.blue, color.blue, absolute: 1e-12)
                }
                let viaOklab = Color(oklab: color.oklab)
                expectClose(viaOklab.red, color.red, absolute: 1e-12)
                expectClose(viaOklab.blue, color.blue, absolute: 1e-12)
            }
        }

        @Test("Ends are exact and overshoot clamps alpha but keeps colour")
        func endsAndOvershoot() {
            let from = Color(red: 1, green: 0.2, blue: 0, alpha: 0.3)
            let to = Color(red: 0, green: 0.5, blue: 1, alpha: 0.9, space: .displayP3)
            let path = ColorPath(from: from, to: to)
            #expect(path.value(at: 1) == to)
            let start = path.value(at: 0).converted(to: .sRGB)
            expectClose(start.red, 1, absolute: 1e-9)
            expectClose(start.alpha, 0.3, absolute: 1e-12)
            let beyond = path.value(at: 1.3)
            #expect(beyond.alpha <= 1 && beyond.red.isFinite)
            #expect(beyond.space == .displayP3)
        }

        @Test("The conversions' roots and powers are within a few units in the last place of the exact ones, over every magnitude")
        func rootsAreExact() {
            // Log-spaced over the whole double range, with the neighbours of each value (the first
            // guesses change at powers of two), and the transfer function's thresholds.
            var arguments: [Double] = [1, 0.04045, 0.0031308, .leastNormalMagnitude, .leastNonzeroMagnitude,
                                       .greatestFiniteMagnitude]
            var exponent = -1074.0
            while exponent < 1024 {
                let value = pow(2, exponent)
                arguments += [value, value.nextUp, value.nextDown]
                exponent += 0.37
            }
            // The exact value, as well as this machine can say: in 64-bit precision where there
            // is one (`pow(a, 0.2)` in Double is a's power 0.2000000000000000111, not its fifth
            // root, up to 70 units off at the ends of the range).
            func exactPower(_ a: Double, _ numerator: Double, _ denominator: Double) -> Double {
                #if arch(x86_64) || arch(i386)
                Double(Foundation.pow(Float80(a), Float80(numerator) / Float80(denominator)))
                #else
                Foundation.pow(a, numerator / denominator)
                #endif
            }
            func ulps(_ a: Double, _ b: Double) -> Double {
                guard a != b else { return 0 }
                guard a.isFinite, b.isFinite else { return .infinity }
                return abs(a - b) / max(abs(b).ulp, .leastNonzeroMagnitude)
            }
            var worst = (cube: 0.0, fifth: 0.0, up: 0.0, down: 0.0)
            for a in arguments {
                worst.cube = max(worst.cube, ulps(ColorMath.cubeRoot(a), cbrt(a)), ulps(ColorMath.cubeRoot(-a), cbrt(-a)))
                worst.fifth = max(worst.fifth, ulps(ColorMath.fifthRoot(a), exactPower(a, 1, 5)))
                worst.up = max(worst.up, ulps(ColorMath.power12Over5(a), exactPower(a, 12, 5)))
                worst.down = max(worst.down, ulps(ColorMath.power5Over12(a), exactPower(a, 5, 12)))
            }
            #if arch(x86_64) || arch(i386)
            let bound = 8.0
            #else
            let bound = 100.0
            #endif
            #expect(worst.cube <= 4 && worst.fifth <= bound && worst.up <= bound && worst.down <= bound, "\(worst)")
            #expect(ColorMath.cubeRoot(0) == 0 && ColorMath.power12Over5(0) == 0 && ColorMath.power5Over12(0) == 0)
            #expect(ColorMath.cubeRoot(.infinity) == .infinity && ColorMath.cubeRoot(.nan).isNaN)
            #expect(ColorMath.power12Over5(.infinity) == .infinity)
        }
    }
}
