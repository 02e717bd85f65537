import FlightCore
import Foundation
import Testing

extension OffMainActorSuites {
    /// The adaptive sampler's promise, checked by dense evaluation of the exact motion: linear
    /// playback of the keyframes never strays further than the tolerance, the ends are exact, key
    /// times increase from 0 to 1.
    @Suite("Keyframe sampler")
    struct KeyframeSamplerTests {
        static let springs: [Spring] = [.default, .bouncy, .smooth, Spring(duration: 0.4, bounce: -0.4)]

        static var allEasings: [Easing] {
            Easing.allNamed + springs.map { .spring($0) } + [
                .cubicBezier(.default), .cubicBezier(CubicBezier(0.68, -0.55, 0.265, 1.55)), .decay(.normal),
                .springDecay(velocity: 2_000), .reversed(.spring(.bouncy)),
            ]
        }

        static func checkShape<Value>(_ keys: Keyframes<Value>, _ motion: ValueMotion<Value>, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(keys.keyTimes.first == 0 && keys.keyTimes.last == 1, sourceLocation: sourceLocation)
            #expect(zip(keys.keyTimes, keys.keyTimes.dropFirst()).allSatisfy { $0 < $1 }, sourceLocation: sourceLocation)
            #expect(keys.values.count == keys.keyTimes.count, sourceLocation: sourceLocation)
            #expect(keys.values.first.map { $0.distance(to: motion.from) } == 0, sourceLocation: sourceLocation)
            #expect(keys.values.last.map { $0.distance(to: motion.to) } == 0, sourceLocation: sourceLocation)
        }

        @Test("A 300 pt move stays within the geometry tolerance under every easing", arguments: allEasings)
        func scalarWithinTolerance(_ easing: Easing) throws {
            let motion = try ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5)
            let keys = motion.keyframes(tolerance: .geometry)
            Self.checkShape(keys, motion)
            #expect(motion.maximumDeviation(of: keys) <= 0.5 * (1 + 1e-9), "\(easing)")
        }

        /// Fits along a straight line are kept and reused by the progress curve and the tolerance
        /// relative to the travel; motions asked for in turn (as cells animating alike, then one
        /// that differs) must each get a fit for their own curve and tolerance, not the last one.
        @Test("Fits asked for in turn each keep their own curve and tolerance")
        func fitsInTurn() throws {
            // The same curve over 300 pt and 3 pt: relative tolerances a hundred times apart.
            let long = try ValueMotion(from: 0.0, to: 300.0, easing: .outElastic, duration: 0.5, tolerance: .absolute(0.5))
            let short = try ValueMotion(from: 0.0, to: 3.0, easing: .outElastic, duration: 0.5, tolerance: .absolute(0.5))
            let other = try ValueMotion(from: 0.0, to: 300.0, easing: .inOutBack, duration: 0.5, tolerance: .absolute(0.5))
            let first = long.keyframes()
            for motion in [short, long, long, other, short, short, long, other, long] {
                let keys = motion.keyframes()
                #expect(motion.maximumDeviation(of: keys) <= 0.5 * (1 + 1e-9), "\(motion.easing) to \(motion.to)")
                if motion.to == long.to && motion.easing == long.easing {
                    #expect(keys.frames.map(\.keyTime) == first.frames.map(\.keyTime))
                }
            }
            // The loose fit has fewer keyframes: had the long move been given it, it would stray.
            #expect(short.keyframes().frames.count < first.frames.count)
        }

        @Test("A tolerance relative to the travel is stepped down, at most a thirty-second, so that travels a little apart share one fit")
        func steppedTolerances() throws {
            var generator = SplitMix64(seed: 3_654_001)
            var samples = (0..<2_000).map { _ in pow(10, Double.random(in: -9...0, using: &generator)) }
            samples.sort()
            var previous = 0.0
            for relative in samples {
                let stepped = ValueMotion<Double>.steppedTolerance(relative)
                // Tighter by less than a thirty-second, on a grid of 32 steps per doubling.
                #expect(stepped <= relative && stepped > relative * (1 - 1.0 / 32), "\(relative)")
                #expect(stepped.significandBitPattern.trailingZeroBitCount >= Double.significandBitCount - 5)
                #expect(ValueMotion<Double>.steppedTolerance(stepped) == stepped)
                #expect(stepped >= previous)
                previous = stepped
            }
            // What is not a positive normal number is left as it is; a step's own value and a
            // power of two are steps already.
            for relative in [0, -0.25, Double.leastNonzeroMagnitude, Double.leastNormalMagnitude.nextDown, .infinity, .nan] {
                #expect(ValueMotion<Double>.steppedTolerance(relative).bitPattern == relative.bitPattern, "\(relative)")
            }
            for relative in [Double.leastNormalMagnitude, 0.5, 1.0 / 1_024, 0x1.f8p-3, .greatestFiniteMagnitude.nextDown] {
                let stepped = ValueMotion<Double>.steppedTolerance(relative)
                #expect(stepped <= relative && stepped > relative * (1 - 1.0 / 32), "\(relative)")
            }
            #expect(ValueMotion<Double>.steppedTolerance(0x1.f8p-3) == 0x1.f8p-3)
            #expect(ValueMotion<Double>.steppedTolerance(0x1.fcp-3) == 0x1.f8p-3)
            // Two moves on one curve whose tolerances fall in one step play the same fit, each
            // between its own values and within the tolerance asked.
            let (travel, nearby) = (300.0, 300.002)
            #expect(ValueMotion<Double>.steppedTolerance(0.5 / travel) == ValueMotion<Double>.steppedTolerance(0.5 / nearby))
            let first = try ValueMotion(from: 0.0, to: travel, easing: .outCubic, duration: 0.5, tolerance: .geometry)
            let second = try ValueMotion(from: 10.0, to: 10 + nearby, easing: .outCubic, duration: 0.5, tolerance: .geometry)
            let (a, b) = (first.keyframes(), second.keyframes())
            #expect(a.keyTimes == b.keyTimes && a.timingFunctions == b.timingFunctions)
            #expect(first.maximumDeviation(of: a) <= 0.5 && second.maximumDeviation(of: b) <= 0.5)
            Self.checkShape(b, second)
        }

        @Test("Overshoot is kept: the keyframes reach the curve's extreme within the tolerance")
        func overshootKept() throws {
            for easing in [Easing.outBack, .outElastic, .spring(.bouncy), .inBack] {
                let motion = try ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5)
                let keys = motion.keyframes(tolerance: .geometry)
                let exactPeak = (0...20_000).map { motion.value(at: motion.duration * Double($0) / 20_000) }.max()!
                let exactDip = (0...20_000).map { motion.value(at: motion.duration * Double($0) / 20_000) }.min()!
                #expect(keys.values.max()! >= exactPeak - 0.5, "\(easing)")
                #expect(keys.values.min()! <= exactDip + 0.5, "\(easing)")
            }
        }

        @Test("Points on independent springs from a 2D gesture velocity (seeded random releases)")
        func pointsOnSprings() throws {
            var random = SplitMix64(seed: 11)
            for _ in 0..<40 {
                let velocity = CGPoint(x: random.uniform(-3_000...3_000), y: random.uniform(-3_000...3_000))
                let spring = Spring(duration: random.uniform(0.2...0.8), bounce: random.uniform(-0.5...0.6))
                let motion = try ValueMotion(
                    from: CGPoint(x: random.uniform(-400...400), y: random.uniform(-400...400)),
                    to: CGPoint(x: random.uniform(-400...400), y: random.uniform(-400...400)),
                    easing: .springDecay(velocity: velocity, spring: spring), duration: 0.5, tolerance: .geometry)
                // Each component leaves with its own velocity.
                #expect(motion.velocity(at: 0) == velocity.components)
                // The settling band is capped by the tolerance, so even the final snap stays within it.
                let keys = motion.keyframes()
                Self.checkShape(keys, motion)
                #expect(motion.maximumDeviation(of: keys, samples: 5_000) <= 0.5 * (1 + 1e-9), "\(motion.from) → \(motion.to)")
            }
        }

        @Test("Rects, transforms and colours stay within their tolerances")
        func otherValues() throws {
            let rect = try ValueMotion(from: CGRect(x: 0, y: 0, width: 100, height: 40),
                                       to: CGRect(x: 200, y: 80, width: 40, height: 300), easing: .inOutBack, duration: 0.6)
            let turn = try ValueMotion(
                from: Transform3D.rotation(angle: 170 * .pi / 180, x: 0, y: 0, z: 1).concatenating(.translation(x: 10, y: 0)),
                to: Transform3D.rotation(angle: -170 * .pi / 180, x: 0, y: 0, z: 1).concatenating(.scale(x: 2, y: 2)),
                easing: .outElastic, duration: 0.8)
            let tilt = try ValueMotion(from: Transform3D.perspective(distance: 600),
                                       to: Transform3D.perspective(distance: 600).concatenating(.rotation(angle: 1, x: 1, y: 1, z: 0)),
                                       easing: .spring(.bouncy), duration: 0)
            let fade = try ValueMotion(from: Color(red: 1, green: 0, blue: 0), to: Color(red: 0, green: 0.4, blue: 1, alpha: 0.5),
                                       easing: .inOutSine, duration: 0.4)
            let rectKeys = rect.keyframes(tolerance: .geometry)
            #expect(rect.maximumDeviation(of: rectKeys) <= 0.5 * (1 + 1e-9))
            let turnKeys = turn.keyframes(tolerance: .geometry)
            #expect(turn.maximumDeviation(of: turnKeys, samples: 4_000) <= 0.5 * (1 + 1e-6))
            let tiltKeys = tilt.keyframes(tolerance: .geometry)
            #expect(tilt.maximumDeviation(of: tiltKeys, samples: 4_000) <= 0.5 * (1 + 1e-6))
            let fadeKeys = fade.keyframes(tolerance: .color)
            #expect(fade.maximumDeviation(of: fadeKeys, samples: 4_000) <= 0.5 / 255 * (1 + 1e-6))
            Self.checkShape(rectKeys, rect)
            Self.checkShape(fadeKeys, fade)
        }

        @Test("Fewer keyframes than 60 Hz sampling, which strays many times further")
        func versusFixedRate() throws {
            var adaptiveCount = 0, fixedCount = 0, fixedWorst = 0.0
            for easing in Easing.allNamed + [Easing.spring(.default), .spring(.bouncy), .spring(.smooth)] {
                let motion = try ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5)
                let fixed = motion.keyframes(framesPerSecond: 60)
                adaptiveCount += motion.keyframes(tolerance: .geometry).count
                fixedCount += fixed.count
                fixedWorst = max(fixedWorst, motion.maximumDeviation(of: fixed, samples: 5_000))
            }
            #expect(Double(adaptiveCount) < 0.6 * Double(fixedCount), "\(adaptiveCount) vs \(fixedCount)")
            #expect(fixedWorst > 20 * 0.5, "60 Hz worst error \(fixedWorst)")
        }

        @Test("A large fling settles within the tolerance, a small fade by its fraction")
        func settlingBandCappedByTolerance() throws {
            let fling = try ValueMotion(from: 0.0, to: 2_000.0, easing: .spring(.bouncy), duration: 0, tolerance: .geometry)
            let uncapped = try ValueMotion(from: 0.0, to: 2_000.0, easing: .spring(.bouncy), duration: 0)
            #expect(fling.duration > uncapped.duration)
            #expect(abs(fling.value(at: fling.duration * (1 - 1e-9)) - 2_000) <= 0.5 * (1 + 1e-6))
            let fade = try ValueMotion(from: 0.0, to: 1.0, easing: .spring(.bouncy), duration: 0, tolerance: .opacity)
            let plain = try ValueMotion(from: 0.0, to: 1.0, easing: .spring(.bouncy), duration: 0)
            #expect(fade.duration == plain.duration)
        }

        @Test("Fixed-rate keyframes land every 1/60 s and on the end")
        func fixedRate() throws {
            let motion = try ValueMotion(from: 0.0, to: 1.0, easing: .linear, duration: 0.51)
            let keys = motion.keyframes(framesPerSecond: 60)
            #expect(keys.count == 32)
            for (index, time) in keys.keyTimes.dropLast().enumerated() {
                expectClose(time * 0.51, Double(index) / 60, absolute: 1e-12)
            }
            #expect(keys.keyTimes.last == 1 && keys.values.last == 1)
        }

        @Test("Degenerate motions: zero duration, from == to, a velocity kick from rest")
        func degenerate() throws {
            let instant = try ValueMotion(from: 3.0, to: 9.0, easing: .outCubic, duration: 0)
            let keys = instant.keyframes()
            #expect(keys.values == [9, 9] && keys.keyTimes == [0, 1])
            #expect(instant.value(at: 0) == 9)
            let still = try ValueMotion(from: 4.0, to: 4.0, easing: .outBack, duration: 0.3)
            #expect(still.keyframes().count == 2)
            #expect(still.progress(at: 0.15) == 0.5)
            // A spring with nowhere to go but a velocity: relative tolerance uses its excursion.
            let kick = try ValueMotion(from: CGPoint(x: 5, y: 5), to: CGPoint(x: 5, y: 5), easing: .spring(.bouncy),
                                       duration: 0, initialVelocity: SIMD2(800, 0))
            let kickKeys = kick.keyframes()
            #expect(kickKeys.count > 3 && kickKeys.count < 200)
            #expect(!kick.progress(at: 0.1).isNaN)
        }

        @Test("Non-finite values and durations are rejected before anything is sampled")
        func validation() {
            #expect(throws: AnimationValueError.nonFinite("end value", component: 1)) {
                _ = try ValueMotion(from: CGPoint.zero, to: CGPoint(x: 1, y: CGFloat.nan), easing: .linear, duration: 1)
            }
            #expect(throws: AnimationValueError.nonFinite("start value", component: 0)) {
                _ = try ValueMotion(from: Double.infinity, to: 1.0, easing: .linear, duration: 1)
            }
            for duration: Double in [-1, .nan, .infinity] {
                #expect(throws: AnimationValueError.self) {
                    _ = try ValueMotion(from: 0.0, to: 1.0, easing: .linear, duration: duration)
                }
            }
            #expect(throws: AnimationValueError.self) {
                _ = try ValueMotion(from: 0.0, to: 1.0, easing: .spring(.default), duration: 1, initialVelocity: SIMD2<Double>(.nan, 0))
            }
            #expect(throws: AnimationValueError.invalidDuration(-1)) {
                _ = try ValueMotion(from: 0.0, to: 1.0, easing: .linear, duration: -1)
            }
            #expect(AnimationValueError.nonFinite("x", component: 0).description.contains("non-finite"))
        }

        @Test("The keyframe cache: each fit made once, found again under its own key, the oldest forgotten past its capacity")
        func keyframeCacheKeepsEachFit() throws {
            let cache = KeyframeCache()
            let easings: [Easing] = [.outCubic, .inOutSine, .outBack, .inQuartic, .outExponential, .smoothStep]
            // Keys that differ in the easing alone, and in the tolerance alone.
            let keys = easings.map { KeyframeCache.ProgressKey(easing: $0, velocity: 0, settlingFraction: 0.001, tolerance: 1e-3) }
                + (1...3).map { KeyframeCache.ProgressKey(easing: .outCubic, velocity: 0, settlingFraction: 0.001, tolerance: Double($0)) }
            /// A fit told from the others by its middle value, `index`.
            func fit(_ index: Int) -> Keyframes<Double> {
                Keyframes(duration: 1, keyTimes: [0, 0.5, 1], values: [0, Double(index), 1])
            }
            var fits = 0
            func ask(_ index: Int) -> Double? {
                cache.progressFit(keys[index]) {
                    fits += 1
                    return fit(index)
                }?.frames[1].value
            }
            for index in keys.indices { #expect(ask(index) == Double(index)) }
            #expect(fits == keys.count)
            // Again: more keys than the cache compares first, then a few of them, twice, in
            // another order; every one found, none fitted again.
            for index in keys.indices + [2, 0, 1] + [1, 2, 0] + keys.indices.reversed() {
                #expect(ask(index) == Double(index))
            }
            #expect(fits == keys.count)
            // A fit that gives up keeps nothing: asked again, it is tried again.
            let missing = KeyframeCache.ProgressKey(easing: .linear, velocity: 1, settlingFraction: 0.001, tolerance: 1e-3)
            var tries = 0
            for _ in 0..<2 { #expect(cache.progressFit(missing) { tries += 1; return nil } == nil) }
            #expect(tries == 2)
            // Past its capacity the oldest goes (the few asked for last stay at hand).
            for extra in 0..<(KeyframeCache.capacity + KeyframeCache.recentCount) {
                let key = KeyframeCache.ProgressKey(easing: .linear, velocity: 0, settlingFraction: 0.001, tolerance: 10 + Double(extra))
                _ = cache.progressFit(key) { fit(-1) }
            }
            #expect(ask(0) == 0 && fits == keys.count + 1)
            // Along a curved path, under the values' own key.
            let (red, blue) = (Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1))
            func pathKey(_ from: Color, _ to: Color) throws -> KeyframeCache.PathKey {
                try KeyframeCache.PathKey(Color.self, from: #require(PathFitIdentity(from)), to: #require(PathFitIdentity(to)),
                                          progress: keys[0])
            }
            var pathFits = 0
            for (from, to) in [(red, blue), (blue, red), (red, blue), (blue, red)] {
                let kept = try cache.pathFit(pathKey(from, to)) { () -> Keyframes<Color>? in
                    pathFits += 1
                    return Keyframes(duration: 1, keyTimes: [0, 1], values: [from, to])
                }
                #expect(kept?.frames.first?.value == from && kept?.frames.last?.value == to)
            }
            #expect(pathFits == 2)
            // Emptied, it keeps nothing of either kind: each key is fitted again.
            cache.removeAll()
            let before = fits
            for index in keys.indices { #expect(ask(index) == Double(index)) }
            #expect(fits == before + keys.count)
            _ = try cache.pathFit(pathKey(red, blue)) { () -> Keyframes<Color>? in
                pathFits += 1
                return Keyframes(duration: 1, keyTimes: [0, 1], values: [red, blue])
            }
            #expect(pathFits == 3)
            // And it forgets in order again: one key past its capacity, the first kept since goes.
            for extra in 0...(KeyframeCache.capacity - keys.count) {
                let key = KeyframeCache.ProgressKey(easing: .linear, velocity: 0, settlingFraction: 0.001, tolerance: 100 + Double(extra))
                _ = cache.progressFit(key) { fit(-1) }
            }
            #expect(ask(1) == 1 && fits == before + keys.count)
            #expect(ask(0) == 0 && fits == before + keys.count + 1)
        }

        @Test("A curved-path fit's key folds values that compare equal alike, zero's two signs too")
        func pathFitKeysFoldAlike() throws {
            // The keyframe cache's key folds a value's components into one word before hashing:
            // values equal to `==` must fold alike, or a kept fit would be missed (and a second
            // entry of one key kept).
            let signed = try #require(PathFitIdentity(Color(red: -0.0, green: 0.5, blue: 0, alpha: 1)))
            let unsigned = try #require(PathFitIdentity(Color(red: 0.0, green: 0.5, blue: -0.0, alpha: 1)))
            #expect(signed == unsigned)
            #expect(signed.folded == unsigned.folded)
            var components = Transform3D.identity.components
            components[1] = -0.0
            let turned = try #require(PathFitIdentity(Transform3D(components: components)))
            let plain = try #require(PathFitIdentity(Transform3D.identity))
            #expect(turned == plain && turned.folded == plain.folded)
            // Values that differ fold apart (here; a fold may collide, rarely, like any hash).
            let other = try #require(PathFitIdentity(Color(red: 0.0, green: 0.5, blue: 0, alpha: 0.5)))
            #expect(other != signed && other.folded != signed.folded)
            let p3 = try #require(PathFitIdentity(Color(red: 0.0, green: 0.5, blue: 0, alpha: 1, space: .displayP3)))
            #expect(p3 != signed && p3.folded != signed.folded)
            #expect(PathFitIdentity(CGPoint(x: 1, y: 2)) == nil)
        }
    }
}
