import FlightCore
import Foundation
import Testing

extension OffMainActorSuites {
    /// Transform interpolation against real browsers (each case a paused Web Animation between two
    /// `matrix()`/`matrix3d()` values, read back with `getComputedStyle`) and against properties the
    /// CSS algorithm guarantees.
    @Suite("Transform interpolation")
    struct TransformInterpolationTests {
        struct Capture: Decodable {
            struct Case: Decodable {
                let name: String
                let dimension: Int
                let from, to: [Double]
                let fractions: [Double]
                let results: [[Double]?]
            }
            let browser: String
            let cases: [Case]
        }

        static let chromium: Capture? = try? Golden.load(Capture.self, "transforms")
        static let webKit: Capture? = try? Golden.load(Capture.self, "transforms-webkit")

        static func transform(_ entries: [Double]) -> Transform3D {
            Transform3D(components: SIMD16(entries))
        }

        /// Largest difference from the browser over all fractions, relative to max(1, |entry|).
        static func worstDifference(_ item: Capture.Case) -> Double {
            let path = Transform3DPath(from: transform(item.from), to: transform(item.to))
            var worst = 0.0
            for (fraction, expected) in zip(item.fractions, item.results) {
                guard let expected else { continue }
                for (a, e) in zip(path.value(at: fraction).componentArray, expected) {
                    worst = max(worst, abs(a - e) / max(1, abs(e)))
                }
            }
            return worst
        }

        @Test("3D matrices match Chromium's decomposition and shortest-path slerp")
        func spatialMatchesChromium() throws {
            let capture = try #require(Self.chromium)
            let spatial = capture.cases.filter { $0.dimension == 3 }
            #expect(spatial.count >= 15)
            for item in spatial {
                // Chromium prints 6 significant digits and computes some parts in single precision.
                #expect(Self.worstDifference(item) < 2e-5, "\(item.name)")
            }
        }

        @Test("2D rotations, flips into rotations and translate-rotate-scale match Chromium")
        func planarMatchesChromium() throws {
            // Where the CSS 2D rules and Chromium's quaternion-based 2D path coincide.
            let capture = try #require(Self.chromium)
            let agreeing = ["2d rotate 170deg -> rotate -170deg", "2d rotate 0deg -> rotate 90deg",
                            "2d rotate 45deg -> rotate 300deg", "2d rotate 10deg -> rotate 350deg",
                            "2d scale(-1, 1) -> rotate 90deg"]
            for name in agreeing {
                let item = try #require(capture.cases.first { $0.name == name })
                #expect(Self.worstDifference(item) < 2e-6, "\(name)")
            }
            let trs = try #require(capture.cases.first { $0.name.hasPrefix("2d translate(10px,20px) rotate(30deg)") })
            #expect(Self.worstDifference(trs) < 2e-5)
        }

        @Test("2D matrices follow WebKit's CSS 2D rules: flips, the short way round, singular ends")
        func planarMatchesWebKit() throws {
            let capture = try #require(Self.webKit)
            let planar = capture.cases.filter { $0.dimension == 2 }
            #expect(planar.count >= 20)
            for item in planar {
                let path = Transform3DPath(from: Self.transform(item.from), to: Self.transform(item.to))
                for (fraction, expected) in zip(item.fractions, item.results) {
                    guard let expected else { continue }
                    let actual = path.value(at: fraction)
                    // The linear part: a, b, c, d. WebKit prints 6 decimals.
                    for (a, e) in zip([actual.m11, actual.m12, actual.m21, actual.m22], [expected[0], expected[1], expected[4], expected[5]]) {
                        expectClose(a, e, absolute: 2e-6, "\(item.name) at \(fraction)")
                    }
                    // The translation: WebKit (following the specification's pseudo-code) multiplies
                    // it by the residual shear matrix, which Flight does not, so that the ends are
                    // exact; the two agree wherever the residual is the identity (no shear) and at
                    // the ends.
                    let sheared = item.name.contains("random") || item.name.contains("skew")
                    if !sheared || fraction == 0 || fraction == 1 {
                        expectClose(actual.m41, expected[12], absolute: 2e-6, relative: 1e-6, "\(item.name) tx at \(fraction)")
                        expectClose(actual.m42, expected[13], absolute: 2e-6, relative: 1e-6, "\(item.name) ty at \(fraction)")
                    }
                }
            }
        }

        @Test("170° to −170° passes through 180°, never through 0°")
        func shortWayRound() {
            for (from, to, middle) in [(170.0, -170.0, 180.0), (-170, 170, 180), (10, 350, 0), (350, 10, 0)] {
                let a = Transform2D.rotation(from * .pi / 180), b = Transform2D.rotation(to * .pi / 180)
                let path = Transform2DPath(from: a, to: b)
                for k in 0...20 {
                    let m = path.value(at: Double(k) / 20)
                    let angle = atan2(m.b, m.a) * 180 / .pi
                    // The angle stays within 10° of the midpoint the short way round.
                    let offset = abs(remainder(angle - middle, 360))
                    #expect(offset <= 10 + 1e-9, "\(from)→\(to) at \(k): \(angle)")
                    // Still a pure rotation: no shear, no shrink.
                    expectClose(m.a * m.a + m.b * m.b, 1, absolute: 1e-12)
                    expectClose(m.a * m.c + m.b * m.d, 0, absolute: 1e-12)
                }
                // 3D transforms that are 2D follow the same rules.
                let spatial = Transform3DPath(from: a.transform3D, to: b.transform3D).value(at: 0.5)
                #expect(spatial == path.value(at: 0.5).transform3D)
                expectClose(spatial.m11, cos(middle * .pi / 180), absolute: 1e-12)
            }
        }

        @Test("An x-flip against a y-flip turns into a rotation and never collapses")
        func flipsBecomeRotations() {
            // Worked by hand from the CSS 2D rules: scale(1,-1) decomposes to scale (1,-1) angle 0,
            // scale(-1,1) to scale (-1,1) angle 0; the flip rule turns the first into scale (-1,1)
            // angle -180, so halfway is scale (-1,1) at -90°: matrix(0, 1, 1, 0, 0, 0).
            let path = Transform2DPath(from: .scale(x: 1, y: -1), to: .scale(x: -1, y: 1))
            let middle = path.value(at: 0.5)
            for (actual, expected) in zip([middle.a, middle.b, middle.c, middle.d], [0.0, 1, 1, 0]) {
                expectClose(actual, expected, absolute: 1e-12)
            }
            for k in 0...50 {
                let m = path.value(at: Double(k) / 50)
                expectClose(m.a * m.d - m.b * m.c, -1, absolute: 1e-12, "determinant at \(k)")
            }
        }

        @Test("Decomposing and recomposing gives the matrix back (seeded random transforms)")
        func roundTrip() {
            var random = SplitMix64(seed: 31)
            for _ in 0..<500 {
                let planar = Transform2D(a: random.uniform(-2...2), b: random.uniform(-2...2), c: random.uniform(-2...2),
                                         d: random.uniform(-2...2), tx: random.uniform(-300...300), ty: random.uniform(-300...300))
                let path = Transform2DPath(from: planar, to: .identity)
                for (a, e) in zip(path.value(at: 0).componentArray, planar.componentArray) {
                    expectClose(a, e, absolute: 1e-9, relative: 1e-12)
                }
                let spatial = Transform3D.perspective(distance: random.uniform(300...2000))
                    .concatenating(.rotation(angle: random.uniform(-3...3), x: random.uniform(-1...1),
                                             y: random.uniform(-1...1), z: random.uniform(-1...1)))
                    .concatenating(.scale(x: random.uniform(0.2...3), y: random.uniform(-3 ... -0.2), z: random.uniform(0.2...3)))
                    .concatenating(.translation(x: random.uniform(-100...100), y: random.uniform(-100...100), z: random.uniform(-100...100)))
                let back = Transform3DPath(from: spatial, to: .identity).value(at: 0)
                for (a, e) in zip(back.componentArray, spatial.componentArray) {
                    expectClose(a, e, absolute: 1e-9, relative: 1e-9)
                }
                // A mirrored 2D matrix (which decomposes in 3D into a half-turn about an axis in
                // the plane) and a half-turn about any axis, against a 3D end.
                let mirrored = Transform3D.scale(x: random.uniform(-3 ... -0.2), y: random.uniform(0.2...3), z: 1)
                    .concatenating(.rotation(angle: random.uniform(-7...7), x: 0, y: 0, z: 1))
                let halfTurn = Transform3D.rotation(angle: .pi, x: random.uniform(-1...1), y: random.uniform(-1...1),
                                                    z: random.uniform(-1...1))
                for end in [mirrored, halfTurn] {
                    let start = Transform3DPath(from: end, to: .scale(x: 1, y: 1, z: -2)).value(at: 0)
                    for (a, e) in zip(start.componentArray, end.componentArray) {
                        expectClose(a, e, absolute: 1e-9, relative: 1e-9)
                    }
                }
            }
        }

        @Test("Rotations interpolate as rotations: no shear, no shrink (seeded random axes)")
        func rotationsStayRigid() {
            var random = SplitMix64(seed: 77)
            for _ in 0..<200 {
                func randomRotation() -> Transform3D {
                    .rotation(angle: random.uniform(-3.1...3.1), x: random.uniform(-1...1), y: random.uniform(-1...1),
                              z: random.uniform(-1...1))
                }
                let path = Transform3DPath(from: randomRotation(), to: randomRotation())
                for k in 0...10 {
                    let m = path.value(at: Double(k) / 10)
                    let rows = [SIMD3(m.m11, m.m12, m.m13), SIMD3(m.m21, m.m22, m.m23), SIMD3(m.m31, m.m32, m.m33)]
                    for i in 0..<3 {
                        for j in 0..<3 {
                            expectClose((rows[i] * rows[j]).sum(), i == j ? 1 : 0, absolute: 1e-12)
                        }
                    }
                }
            }
        }

        @Test("Where a scale crosses 0, the path names a kink and is flattened exactly there")
        func scaleCrossingZero() {
            // Mirrored in y (the decomposition flips y: scale −1) to not mirrored: y scale −1 → 1,
            // 0 at 0.5; the x scale 2 → 1.6 would reach 0 at 5, far beyond the end.
            let start = Transform2D.scale(x: -2, y: 1).concatenating(.rotation(-2.17))
            let end = Transform2D.scale(x: 1.6, y: 1).concatenating(.rotation(-2.72))
            let path = Transform2DPath(from: start, to: end)
            #expect(path.kinks.count == 2 && path.kinks.first == 0.5)
            expectClose(path.kinks.last ?? 0, 5, absolute: 1e-12)
            let flat = path.value(at: 0.5)
            // A second row of zeros: a matrix a host cannot decompose, and switches to.
            #expect(flat.c == 0 && flat.d == 0 && flat.a * flat.d - flat.b * flat.c == 0)
            expectClose((flat.a * flat.a + flat.b * flat.b).squareRoot(), 1.8, absolute: 1e-12)
            // Within a billionth of it too, where a search for the instant ends; beyond, mirrored
            // and then not: the determinant changes sign through it.
            #expect(path.value(at: 0.5 + 4 * Double.ulpOfOne).d == 0 && path.value(at: 0.5 - 0.9e-9).d == 0)
            let (before, after) = (path.value(at: 0.5 - 1e-6), path.value(at: 0.5 + 1e-6))
            #expect(before.a * before.d - before.b * before.c < 0 && after.a * after.d - after.b * after.c > 0)
            // Crossings beyond the ends (reached by an overshooting easing) count too, in order;
            // a scale that keeps its sign has none.
            let shrinking = Transform2DPath(from: .scale(x: 0.2, y: 0.5), to: .scale(x: 1, y: 0.1))
            let kinks = shrinking.kinks
            #expect(kinks.count == 2 && kinks[0] < kinks[1])
            expectClose(kinks[0], -0.25, absolute: 1e-12)
            expectClose(kinks[1], 1.25, absolute: 1e-12)
            #expect(Transform2DPath(from: .scale(x: 2, y: 2), to: Transform2D.scale(x: 2, y: 2).concatenating(.rotation(1))).kinks.isEmpty)
            // The ends are the ends, however close a scale of one of them is to 0.
            let tiny = Transform2D.scale(x: 1e-10, y: 1)
            let growing = Transform2DPath(from: tiny, to: .scale(x: 1, y: 1))
            #expect(growing.value(at: 0).a == 1e-10 && growing.value(at: 1e-12).a == 0 && growing.value(at: 1).a == 1)
        }

        @Test("An endpoint that cannot be decomposed switches at 50 %")
        func discreteFallback() {
            let flat = Transform3D.scale(x: 1, y: 1, z: 0)
            let tilt = Transform3D.rotation(angle: .pi / 6, x: 1, y: 0, z: 0)
            let path = Transform3DPath(from: flat, to: tilt)
            #expect(path.value(at: 0.49) == flat)
            #expect(path.value(at: 0.5) == tilt)
            #expect(flat.distance(to: tilt).isFinite)
        }

        @Test("The larger distance of two transforms to a third, decomposed once, is the larger of their distances, to the bit")
        func largerDistanceSharesTheDecomposition() {
            var random = SplitMix64(seed: 77)
            func planar() -> Transform3D {
                Transform3D.scale(x: random.uniform(-2...2), y: random.uniform(-2...2))
                    .concatenating(.rotation(angle: random.uniform(-4...4), x: 0, y: 0, z: 1))
                    .concatenating(.translation(x: random.uniform(-300...300), y: random.uniform(-300...300)))
            }
            func spatial() -> Transform3D {
                Transform3D.rotation(angle: random.uniform(-3...3), x: 1, y: random.uniform(-1...1), z: 0)
                    .concatenating(.perspective(distance: random.uniform(200...900)))
            }
            func any() -> Transform3D {
                switch random.next() % 5 {
                case 0: planar()
                case 1: spatial()
                case 2: .scale(x: 0, y: random.uniform(-1...1))
                // Flattened in depth and turned out of the plane: not planar, and no 3D
                // decomposition (measured entry by entry).
                case 3: Transform3D.scale(x: 1, y: 1, z: 0).concatenating(.rotation(angle: random.uniform(0.1...3), x: 1, y: 0, z: 0))
                default: .identity
                }
            }
            for _ in 0..<2_000 {
                let (target, first, second) = (any(), any(), any())
                let expected = max(first.distance(to: target), second.distance(to: target))
                #expect(target.largerDistance(from: first, second).bitPattern == expected.bitPattern,
                        "\(target) from \(first), \(second)")
                let (flat, a, b) = (Transform2D(planar()), Transform2D(planar()), Transform2D(any()))
                #expect(flat.largerDistance(from: a, b).bitPattern == max(a.distance(to: flat), b.distance(to: flat)).bitPattern)
            }
        }
    }
}
