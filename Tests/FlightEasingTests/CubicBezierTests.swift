import FlightEasing
import FlightTestSupport
import Testing

extension EasingSuites {
    /// Cubic Bézier timing functions against a 40-digit mpmath solve of the same curves.
    @Suite("Cubic Bézier")
    struct CubicBezierTests {
        struct Reference: Decodable {
            struct Case: Decodable {
                let name: String
                let x1, y1, x2, y2: Double
                let x, y: [Double]
                let velocity: [Double?]
            }
            let cases: [Case]
        }

        static let reference: Reference? = try? Golden.load(Reference.self, "bezier")

        @Test("Progress is within 1e-7 (in fact 1e-12) of a high-precision solve for every x")
        func progress() throws {
            let reference = try #require(Self.reference)
            #expect(reference.cases.count >= 25)
            for item in reference.cases {
                let curve = CubicBezier(item.x1, item.y1, item.x2, item.y2)
                var worst = 0.0
                for (x, y) in zip(item.x, item.y) {
                    worst = max(worst, abs(curve.progress(at: x) - y))
                    expectClose(Easing.cubicBezier(curve).progress(at: x), y, absolute: 1e-7, "\(item.name) at \(x)")
                }
                #expect(worst < 1e-12, "\(item.name): worst error \(worst)")
            }
        }

        @Test("With its x control points at a third and two thirds, x(t) = t: progress is the y polynomial at x")
        func thirds() {
            // 3(1 − t)²t/3 + 3(1 − t)t²·2/3 + t³ = t((1 − t) + t)² = t, so y is Bernstein's cubic at x
            // itself: what keyframe fits build their segments' timing curves as.
            for (y1, y2) in [(0.0, 1.0), (0.9, 0.95), (-0.4, 1.7), (1, 0), (0.25, 0.1)] {
                let curve = CubicBezier(1.0 / 3, y1, 1 - 1.0 / 3, y2)
                for step in 0...1_000 {
                    let x = Double(step) / 1_000
                    let bernstein = 3 * (1 - x) * (1 - x) * x * y1 + 3 * (1 - x) * x * x * y2 + x * x * x
                    expectClose(curve.progress(at: x), bernstein, absolute: 1e-15, "(\(y1), \(y2)) at \(x)")
                }
            }
        }

        @Test("The progress's change with each control point matches central differences")
        func sensitivity() {
            // Independent truth: move one coordinate by ±h and solve the curve again.
            let curves = [CubicBezier(0.25, 0.1, 0.25, 1), CubicBezier(0.1, 0.6, 0.7, 0.9),
                          CubicBezier(0.05, 0.3, 0.9, 1.2), CubicBezier(1.0 / 3, -0.2, 1 - 1.0 / 3, 1.1)]
            let h = 1e-6
            for curve in curves {
                for x in [0.1, 1.0 / 3, 0.5, 2.0 / 3, 0.9] {
                    let (progress, first, second) = curve.progressAndSensitivity(at: x)
                    #expect(progress == curve.progress(at: x))
                    let control = [curve.x1, curve.y1, curve.x2, curve.y2]
                    let analytic = [first.x, first.y, second.x, second.y]
                    for index in 0..<4 {
                        func moved(_ offset: Double) -> Double {
                            var c = control
                            c[index] += offset
                            return CubicBezier(unchecked: c[0], c[1], c[2], c[3]).progress(at: x)
                        }
                        let numeric = (moved(h) - moved(-h)) / (2 * h)
                        expectClose(analytic[index], numeric, absolute: 1e-7, relative: 1e-6, "\(curve) coordinate \(index) at \(x)")
                    }
                }
            }
        }

        @Test("Slope dy/dx matches the reference where it is finite")
        func velocity() throws {
            let reference = try #require(Self.reference)
            for item in reference.cases {
                let curve = CubicBezier(item.x1, item.y1, item.x2, item.y2)
                for (x, expected) in zip(item.x, item.velocity) {
                    guard let expected, abs(expected) < 1e4 else { continue }
                    expectClose(curve.velocity(at: x), expected, absolute: 1e-6, relative: 1e-6, "\(item.name) at \(x)")
                }
            }
        }

        @Test("CoreAnimation's named functions have Apple's control points")
        func presets() {
            #expect(CubicBezier.default == CubicBezier(0.25, 0.1, 0.25, 1))
            #expect(CubicBezier.easeIn == CubicBezier(0.42, 0, 1, 1))
            #expect(CubicBezier.easeOut == CubicBezier(0, 0, 0.58, 1))
            #expect(CubicBezier.easeInEaseOut == CubicBezier(0.42, 0, 0.58, 1))
            for k in 0...100 {
                let x = Double(k) / 100
                expectClose(CubicBezier.linear.progress(at: x), x, absolute: 1e-14)
                expectClose(CubicBezier.linear.velocity(at: x), 1, absolute: 1e-9)
            }
        }

        @Test("Invalid control points: x is clamped into 0...1, non-finite means linear")
        func invalidInput() {
            let clamped = CubicBezier(-0.5, 0.2, 1.8, 0.9)
            #expect(clamped.x1 == 0 && clamped.x2 == 1)
            #expect(CubicBezier(.nan, 0, 1, 1) == .linear)
            #expect(CubicBezier(0.2, .infinity, 1, 1) == .linear)
            for x in [-1.0, 0, 0.3, 1, 2, .nan] {
                #expect(clamped.progress(at: x).isFinite)
                #expect(clamped.velocity(at: x).isFinite)
            }
            // A vertical tangent is capped rather than infinite.
            let vertical = CubicBezier(0, 1, 0, 1)
            #expect(vertical.velocity(at: 0).isFinite)
        }

        @Test("The parameter for a progress lands on the reference solve's time, for every curve whose progress only grows")
        func parameterForProgress() throws {
            let reference = try #require(Self.reference)
            var checked = 0
            for item in reference.cases where (0...1).contains(item.y1) && (0...1).contains(item.y2) {
                let curve = CubicBezier(item.x1, item.y1, item.x2, item.y2)
                for (x, y) in zip(item.x, item.y) where y > 1e-9 && y < 1 - 1e-9 {
                    let t = curve.parameter(forProgress: y)
                    expectClose(CubicBezier.polynomial(curve.y1, curve.y2, at: t), y, absolute: 1e-12, "\(item.name) at \(y)")
                    // Where the curve is not flat in progress, its time there is the reference's.
                    if curve.velocity(at: x) > 1e-3 {
                        expectClose(CubicBezier.polynomial(curve.x1, curve.x2, at: t), x, absolute: 1e-7, "\(item.name) at \(y)")
                    }
                    checked += 1
                }
            }
            #expect(checked > 100)
            #expect(CubicBezier.easeIn.parameter(forProgress: -1) == 0 && CubicBezier.easeIn.parameter(forProgress: 2) == 1)
        }

        @Test("A part of a curve, played over its share of the time, plays what the whole plays there, or is refused outside the unit square")
        func parts() {
            var random = SplitMix64(seed: 41)
            var kept = 0, refused = 0
            for index in 0..<400 {
                // Every other curve has its time as its parameter (x at a third and two thirds, as
                // keyframe fits make them); the rest have any x in the square.
                let thirds = index % 2 == 0
                let whole = CubicBezier(thirds ? 1.0 / 3 : random.uniform(0...1), random.uniform(0...1),
                                        thirds ? 1 - 1.0 / 3 : random.uniform(0...1), random.uniform(0...1))
                var (a, b) = (random.uniform(0...1), random.uniform(0...1))
                if a > b { swap(&a, &b) }
                if index % 5 == 0 { (a, b) = index % 10 == 0 ? (0, b) : (a, 1) }
                guard b - a > 1e-3 else { continue }
                let (startX, endX) = (CubicBezier.polynomial(whole.x1, whole.x2, at: a), CubicBezier.polynomial(whole.x1, whole.x2, at: b))
                let (startY, endY) = (CubicBezier.polynomial(whole.y1, whole.y2, at: a), CubicBezier.polynomial(whole.y1, whole.y2, at: b))
                guard let part = whole.part(from: a, to: b) else {
                    // Refused only where a control point of the exact part leaves the square.
                    let third = (b - a) / 3
                    let controls = [third * CubicBezier.slope(whole.x1, whole.x2, at: a) / (endX - startX),
                                    third * CubicBezier.slope(whole.y1, whole.y2, at: a) / (endY - startY),
                                    1 - third * CubicBezier.slope(whole.x1, whole.x2, at: b) / (endX - startX),
                                    1 - third * CubicBezier.slope(whole.y1, whole.y2, at: b) / (endY - startY)]
                    #expect(controls.contains { !(-1e-9...(1 + 1e-9)).contains($0) }, "\(whole) \(a) \(b)")
                    refused += 1
                    continue
                }
                kept += 1
                #expect([part.x1, part.y1, part.x2, part.y2].allSatisfy { (0...1).contains($0) })
                if thirds { #expect(part.x1 == 1.0 / 3 && part.x2 == 1 - 1.0 / 3) }
                for step in 0...64 {
                    let f = Double(step) / 64
                    let played = startY + (endY - startY) * part.progress(at: f)
                    let expected = whole.progress(at: startX + (endX - startX) * f)
                    expectClose(played, expected, absolute: 1e-9, "\(whole) from \(a) to \(b) at \(f)")
                }
            }
            #expect(kept > 200 && refused > 5)
            #expect(CubicBezier.linear.part(from: 0.5, to: 0.5) == nil)
        }
    }
}
