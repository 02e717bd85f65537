import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    @MainActor
    @Suite("Group animator")
    struct GroupAnimatorTests {
        @Test("Keys: each group's is flight.<n>, n counting up per layer, and its animations' <key>.<index>, past ten of each")
        func keysCountUp() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let paths = (0..<12).map { "custom\($0)" }
            for number in 1...12 {
                let group = layer.animate { animator in
                    for path in paths { animator.value(Double(number), forKeyPath: path).duration(1) }
                }
                // Written independently, with interpolation.
                #expect(group.key == "flight.\(number)")
                #expect(layer.animationKeys == paths.indices.map { "flight.\(number).\($0)" })
            }
        }

        @Test("Keyframes a straight-path move places between its values play what the move's own keyframes list, to the bit")
        func placedKeyframesPlayTheList() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            // An end that the start plus the difference misses by a rounding (1 + (0.001 − 1)
            // is not 0.001): the last keyframe must be the end itself.
            layer.position = CGPoint(x: 0.1, y: 20)
            layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
            layer.opacity = 1
            let group = layer.animate { a in
                a.position(CGPoint(x: 0.3, y: -40)).duration(0.5).easing(.outBack)
                a.bounds(CGRect(x: 5, y: 5, width: 120, height: 90)).duration(0.4).easing(.inOutSine)
                a.alpha(0.001).duration(0.5).easing(.outCubic)
                a.value(2.5, forKeyPath: "transform.scale").duration(0.3).easing(.steps(4, .jumpEnd))
            }
            for keyPath in ["position", "bounds", "opacity", "transform.scale"] {
                let property = try #require(group.property(keyPath))
                // What the group keeps for its reader is a list of the value's own type.
                let listed = property.keyframes
                #expect(listed is Keyframes<CGPoint> || listed is Keyframes<CGRect> || listed is Keyframes<Double>, "\(keyPath)")
                // What the host plays: for a straight path, keyframes placed between the values
                // where they are read, without a list of their own.
                let played = try #require(layer.animationKeys.lazy.compactMap { layer.animation(forKey: $0) }
                    .first { $0.keyPath == keyPath }?.keyframes)
                #expect(!(played is Keyframes<CGPoint> || played is Keyframes<CGRect> || played is Keyframes<Double>),
                        "\(keyPath): the host plays them placed, without a list")
                #expect(played.keyTimes == listed.keyTimes && played.timingFunctions == listed.timingFunctions, "\(keyPath)")
                #expect(played.valueList.map(\.componentArray) == listed.valueList.map(\.componentArray), "\(keyPath)")
                // The ends are the move's own, to the bit; every keyframe between lies on the
                // straight line through them.
                let values = played.valueList.map(\.componentArray)
                let (from, to) = (property.from.componentArray, property.to.componentArray)
                #expect(values.first == from && values.last == to, "\(keyPath)")
                let delta = zip(to, from).map { $0 - $1 }
                let lengthSquared = delta.reduce(0) { $0 + $1 * $1 }
                for value in values {
                    let along = zip(zip(value, from).map { $0 - $1 }, delta).reduce(0) { $0 + $1.0 * $1.1 } / lengthSquared
                    let off = zip(zip(value, from), delta).map { abs($0.0 - $0.1 - along * $1) }.max() ?? 0
                    #expect(off <= 1e-12 * max(1, lengthSquared.squareRoot()), "\(keyPath): \(value) is off the line by \(off)")
                }
                #expect(property.keyTimes == listed.keyTimes, "\(keyPath)")
                // Every 1/1,000 of the duration, and either side of each key time.
                var instants = (0...1_000).map { played.duration * Double($0) / 1_000 }
                for keyTime in listed.keyTimes { instants += [keyTime * played.duration - 1e-9, keyTime * played.duration + 1e-9] }
                // And in the last millionth, where the last segment arrives on its end.
                instants += [1e-6, 1e-9, 1e-12].map { played.duration * (1 - $0) }
                for t in instants + [-1, played.duration + 1] {
                    #expect(played.presentationValue(at: t).componentArray == listed.presentationValue(at: t).componentArray,
                            "\(keyPath) at \(t)")
                    #expect(property.value(at: t).componentArray == listed.presentationValue(at: t).componentArray, "\(keyPath) at \(t)")
                }
            }
        }

        @Test("A whole and its part, both placed: every 1/120 s frame and inside frames, the host shows each group's listed keyframes as CoreAnimation composes them")
        func placedWholeAndPartEveryFrame() throws {
            // CoreAnimation applies a layer's animations in the order they were added, and an
            // animation of `position.x` sets only the x of what is shown (key-value coding's
            // structure fields). So while both play, x is the part's and y the whole's; once
            // one ends, its share is the model's.
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 0.1, y: 20)
            let whole = layer.animate { $0.position(CGPoint(x: 300.3, y: -40.7)).duration(0.5).easing(.outBack) }
            while clock.now < 0.25 - 1e-9 { clock.advance(to: ((clock.now * 120).rounded() + 1) / 120) }
            let partBegin = clock.now
            let part = layer.animate { $0.value(120.7, forKeyPath: "position.x").duration(0.6).easing(.inOutSine) }
            let wholeKeys = try #require(whole.property("position")?.keyframes as? Keyframes<CGPoint>)
            let partKeys = try #require(part.property("position.x")?.keyframes as? Keyframes<Double>)
            let model = try #require(layer.modelValue(forKeyPath: "position") as? CGPoint)
            func expected(at t: TimeInterval) -> CGPoint {
                let y = t < wholeKeys.duration ? wholeKeys.value(at: t).y : model.y
                let x = t - partBegin < partKeys.duration ? partKeys.value(at: t - partBegin) : model.x
                return CGPoint(x: x, y: y)
            }
            var checked = 0
            while clock.hasPendingEvents || !layer.animationKeys.isEmpty {
                let (start, end) = (clock.now, ((clock.now * 120).rounded() + 1) / 120)
                // Inside the frame: either side of each animation's end and keyframe boundary.
                var instants = [start]
                for (keys, begin) in [(wholeKeys.keyTimes.map { $0 * wholeKeys.duration }, 0.0),
                                      (partKeys.keyTimes.map { $0 * partKeys.duration }, partBegin)] {
                    for local in keys where begin + local > start && begin + local < end {
                        instants += [begin + local - 1e-9, begin + local, begin + local + 1e-9]
                    }
                }
                for t in instants {
                    let shown = try #require(layer.presentationValue(forKeyPath: "position", at: t) as? CGPoint)
                    #expect(shown == expected(at: t), "at \(t): \(shown), not \(expected(at: t))")
                    checked += 1
                }
                clock.advance(to: end)
                #expect(clock.now < 2, "still animating")
                if clock.now >= 2 { break }
            }
            let rest = try #require(layer.presentationValue(forKeyPath: "position") as? CGPoint)
            #expect(rest == model && model == CGPoint(x: 120.7, y: -40.7))
            // At least every frame of the part's 0.6 s.
            #expect(checked >= 72)
        }

        @Test("A builder nothing keeps serves the next animate, empty: its properties, priority and callbacks are the new group's alone")
        func builderReused() {
            let clock = ManualClock()
            let (first, second) = (HeadlessLayer(clock: clock), HeadlessLayer(clock: clock))
            weak var firstBuilder: GroupAnimator?
            var stops = 0
            let one = first.animate(.minTime) { animator in
                firstBuilder = animator
                animator.position(CGPoint(x: 100, y: 0)).duration(1)
                animator.alpha(0.5).duration(0.5)
                animator.setDidStopCallback { _, _ in stops += 1 }
            }
            // Kept (held weakly here, it would be gone otherwise) for the next animate.
            #expect(firstBuilder != nil)
            var sameBuilder = false
            let two = second.animate { animator in
                sameBuilder = animator === firstBuilder
                #expect(animator.timingPriority == .maxTime)
                animator.bounds(CGRect(x: 0, y: 0, width: 10, height: 20)).duration(2)
            }
            // The same builder (the storage of its list with it), yet nothing of the first group.
            #expect(sameBuilder)
            #expect(one.resolved.properties.map(\.keyPath) == ["position", "opacity"] && one.duration == 0.5)
            #expect(two.resolved.properties.map(\.keyPath) == ["bounds"] && two.duration == 2)
            clock.advance(by: 3)
            #expect(one.hasEnded && two.hasEnded && stops == 1)
        }

        @Test("A builder the app keeps is never handed to another animate; using it later changes no group")
        func keptBuilderNotReused() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var kept: GroupAnimator?
            let one = layer.animate { animator in
                kept = animator
                animator.position(CGPoint(x: 100, y: 0)).duration(1)
            }
            var second: GroupAnimator?
            let two = layer.animate { animator in
                second = animator
                animator.alpha(0).duration(1)
            }
            #expect(kept != nil && second != nil && kept !== second)
            // Declared after its group was played, and never played.
            kept?.bounds(CGRect(x: 0, y: 0, width: 5, height: 5)).duration(1)
            let three = layer.animate { animator in
                #expect(animator !== kept)
                animator.position(CGPoint(x: 50, y: 0)).duration(1)
            }
            #expect(one.resolved.properties.map(\.keyPath) == ["position"])
            #expect(two.resolved.properties.map(\.keyPath) == ["opacity"])
            #expect(three.resolved.properties.map(\.keyPath) == ["position"])
            #expect(layer.bounds == HeadlessLayer().bounds)
            // Held weakly, a builder may serve a later animate; what is declared on it in
            // between plays in no group, and its callbacks never fire.
            weak var held: GroupAnimator?
            layer.animate { animator in
                held = animator
                animator.alpha(1).duration(1)
            }
            var stray = 0
            held?.cornerRadius(8).duration(1)
            held?.setDidStopCallback { _, _ in stray += 1 }
            held?.repeating(.forever())
            let after = HeadlessLayer(clock: clock).animate { animator in animator.position(CGPoint(x: 3, y: 4)).duration(1) }
            #expect(after.resolved.properties.map(\.keyPath) == ["position"])
            clock.advance(by: 2)
            #expect(after.hasEnded && stray == 0 && layer.value(forKeyPath: "cornerRadius", as: Double.self) == 0)
        }

        @Test("A property's configurator kept past its closure changes nothing when used later, and does not trap")
        func keptConfiguratorChangesNothing() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var kept: [PropertyAnimator] = []
            let group = layer.animate { animator in
                kept.append(animator.position(CGPoint(x: 100, y: 0)).duration(1))
                kept.append(animator.alpha(0.5).duration(1))
            }
            for configurator in kept {
                configurator.duration(5).easing(.outBack).primary(true).tolerance(.absolute(3))
            }
            let next = layer.animate { animator in animator.bounds(CGRect(x: 0, y: 0, width: 9, height: 9)).duration(2) }
            #expect(group.duration == 1 && group.property("position")?.easing == .linear)
            #expect(next.resolved.properties.map(\.keyPath) == ["bounds"] && next.duration == 2)
            clock.advance(by: 3)
            #expect(group.hasEnded && next.hasEnded)
        }

        @Test("A spare builder keeps the storage of a list of up to 32 plans, and the room a new builder has after a larger one")
        func spareListStorage() {
            let layer = HeadlessLayer(clock: ManualClock())
            func capacityNext() -> Int {
                var capacity = 0
                layer.animate { animator in capacity = animator.plan.properties.capacity }
                return capacity
            }
            layer.animate { animator in
                for index in 0..<40 { animator.value(Double(index), forKeyPath: "large\(index)").duration(0.1) }
            }
            let afterLarge = capacityNext()
            #expect(afterLarge >= 8 && afterLarge <= 32)
            layer.animate { animator in
                for index in 0..<20 { animator.value(Double(index), forKeyPath: "small\(index)").duration(0.1) }
            }
            let afterSmall = capacityNext()
            #expect(afterSmall >= 20 && afterSmall <= 32)
        }

        @Test("Groups started while a builder is out (nested in it, or from the callbacks its group fires) each get a builder of their own")
        func buildersWhileOneIsOut() {
            let clock = ManualClock()
            let (outer, inner, called) = (HeadlessLayer(clock: clock), HeadlessLayer(clock: clock), HeadlessLayer(clock: clock))
            // A spare builder first, so that a group started while one is out could be given it.
            HeadlessLayer(clock: clock).animate { _ in }
            var nested: AnimationGroup?
            var fromCallback: AnimationGroup?
            let group = outer.animate { animator in
                animator.position(CGPoint(x: 10, y: 10)).duration(1)
                nested = inner.animate { innerAnimator in
                    #expect(innerAnimator !== animator)
                    innerAnimator.alpha(0.25).duration(1)
                }
                animator.alpha(0.5).duration(1)
                animator.setDidStartCallback { [weak animator] _ in
                    fromCallback = called.animate { other in
                        #expect(other !== animator)
                        other.bounds(CGRect(x: 0, y: 0, width: 1, height: 1)).duration(1)
                    }
                }
            }
            #expect(group.resolved.properties.map(\.keyPath) == ["position", "opacity"])
            #expect(nested?.resolved.properties.map(\.keyPath) == ["opacity"])
            #expect(fromCallback?.resolved.properties.map(\.keyPath) == ["bounds"])
            #expect(outer.opacity == 0.5 && inner.opacity == 0.25 && called.bounds.width == 1)
        }

        @Test("Number setters take any binary floating-point type: a Double as it is, a Float or CGFloat converted")
        func numberSettersConvert() {
            let layer = HeadlessLayer(clock: ManualClock())
            layer.animate { animator in
                animator.alpha(Float(0.1)).duration(0.2)
                animator.cornerRadius(CGFloat(2.5)).duration(0.2)
                animator.borderWidth(0.3).duration(0.2)
                animator.shadowOpacity(Float(0.7)).duration(0.2)
                animator.zPosition(-0.0).duration(0.2)
            }
            #expect(layer.opacity == Double(Float(0.1)) && layer.opacity != 0.1)
            #expect(layer.value(forKeyPath: "cornerRadius", as: Double.self) == 2.5)
            #expect(layer.value(forKeyPath: "borderWidth", as: Double.self) == 0.3)
            #expect(layer.value(forKeyPath: "shadowOpacity", as: Double.self) == Double(Float(0.7)))
            #expect(layer.value(forKeyPath: "zPosition", as: Double.self)?.sign == .minus)
        }

        @Test("The same moves again give the same keyframes, with more fits of each kind than the cache compares first")
        func sameMovesAgainFromTheCache() throws {
            let clock = ManualClock()
            let easings: [Easing] = [.outCubic, .inOutSine, .outBack, .inQuartic, .outExponential, .smoothStep]
            // (Whether each fit is made or found depends on what other tests, running at the
            // same time, keep in the shared cache: the cache's own test counts its fits.)
            let targets = easings.indices.map { 7.318_204_9 + 1.17 * Double($0) }
            let colors = easings.indices.map { Color(red: 0.11 + 0.13 * Double($0), green: 0.61, blue: 0.271, alpha: 0.93) }
            /// The first `count` moves, on a layer of their own.
            func play(_ count: Int) -> AnimationGroup {
                let layer = HeadlessLayer(clock: clock)
                for index in 0..<count {
                    layer.setModelValue(Color(red: 0.9, green: 0.05, blue: 0.3, alpha: 1), forKeyPath: "tint\(index)")
                }
                return layer.animate { animator in
                    for (index, easing) in easings.prefix(count).enumerated() {
                        animator.value(targets[index], forKeyPath: "level\(index)").duration(0.7).easing(easing)
                        animator.value(colors[index], forKeyPath: "tint\(index)").duration(0.7).easing(easing)
                    }
                }
            }
            let first = play(easings.count)
            #expect(first.resolved.properties.count == 2 * easings.count)
            // All of them again (more than the cache compares first, so some come from its
            // store), then a few, twice (those it compares first).
            for again in [play(easings.count), play(3), play(3)] {
                for (fitted, kept) in zip(first.resolved.properties, again.resolved.properties) {
                    #expect(kept.keyPath == fitted.keyPath)
                    #expect(kept.keyTimes == fitted.keyTimes, "\(kept.keyPath)")
                    #expect(kept.keyframes.timingFunctions == fitted.keyframes.timingFunctions)
                    let values = zip(kept.keyframeValues, fitted.keyframeValues)
                    #expect(values.allSatisfy { ($0.0 as? Double) == ($0.1 as? Double) && ($0.0 as? Color) == ($0.1 as? Color) },
                            "\(kept.keyPath)")
                }
            }
        }

        @Test("A colour resolved in a group moves exactly as its motion made alone: same values, progress and keyframes, timed or on a spring")
        func colourResolvedAsAlone() throws {
            let clock = ManualClock()
            let start = Color(red: 0.95, green: 0.2, blue: 0.05, alpha: 0.8)
            let end = Color(red: 0.1, green: 0.35, blue: 0.9, alpha: 1, space: .displayP3)
            for easing: Easing in [.outCubic, .spring(.bouncy)] {
                let layer = HeadlessLayer(clock: clock)
                layer.backgroundColor = start
                let group = layer.animate { animator in animator.backgroundColor(end).duration(0.4).easing(easing) }
                let resolved = try #require(group.property("backgroundColor"))
                let alone = try ValueMotion(from: start, to: end, easing: easing, duration: 0.4,
                                            tolerance: LayerProperty.backgroundColor.property.tolerance)
                #expect(resolved.duration == alone.duration)
                for step in 0...100 {
                    let t = alone.duration * Double(step) / 100
                    #expect((resolved.exactValue(at: t) as? Color) == alone.value(at: t), "\(easing) at \(t)")
                    #expect(resolved.progress(at: t) == alone.progress(at: t), "\(easing) at \(t)")
                }
                let keyframes = alone.keyframes()
                #expect(resolved.keyTimes == keyframes.frames.map(\.keyTime))
                #expect(resolved.keyframeValues.compactMap { $0 as? Color } == keyframes.frames.map(\.value))
            }
        }

        @Test("The seed's first example: alpha, bounds, position and a custom key path")
        func seedBasicExample() throws {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            view.position = CGPoint(x: 50, y: 50)
            view.setModelValue(0.0, forKeyPath: "animatableProgress")
            let toBounds = CGRect(x: 0, y: 0, width: 200, height: 120)
            let toPosition = CGPoint(x: 250, y: 400)
            var stops: [Bool] = []
            view.animate { animator in
                animator.alpha(0.0).duration(0.5).easing(.outCubic)
                animator.bounds(toBounds).duration(0.5).easing(.outCubic)
                animator.position(toPosition).duration(0.5).easing(.outCubic)
                animator.value(1.0, forKeyPath: "animatableProgress").duration(0.5).easing(.outCubic)
                animator.setDidStopCallback { _, finished in stops.append(finished) }
            }
            // Model values are final at once; the presentation starts where it was.
            #expect(view.opacity == 0 && view.bounds == toBounds && view.position == toPosition)
            #expect(view.value(forKeyPath: "animatableProgress", as: Double.self) == 1)
            #expect(view.presentation().position == CGPoint(x: 50, y: 50))
            step(clock, to: 0.25)
            // outCubic at half time is 0.875 of the way; keyframes are within 0.5 pt.
            let position = view.presentation().position
            expectClose(Double(position.x), 50 + 200 * 0.875, absolute: 0.5)
            expectClose(Double(position.y), 50 + 350 * 0.875, absolute: 0.5)
            expectClose(view.presentation().opacity, 1 - 0.875, absolute: 0.5 / 255)
            expectClose(view.presentation().value(forKeyPath: "animatableProgress", as: Double.self)!, 0.875, absolute: 0.001)
            #expect(stops.isEmpty)
            step(clock, to: 0.5)
            #expect(stops == [true])
            #expect(view.animationKeys.isEmpty && view.animationState.activeGroups.isEmpty)
            #expect(view.presentation().position == toPosition)
            step(clock, to: 2)
            #expect(stops == [true])
        }

        @Test("Redirect mid-flight: continuous value, remaining = duration × remaining / (remaining + travelled)")
        func redirectScalesRemainingDuration() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 0, y: 0)
            layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(1).easing(.linear) }
            step(clock, to: 0.4)
            let before = layer.presentation().position
            expectClose(Double(before.x), 120, absolute: 0.5)
            // Back to the start: travelled 120, remaining 120 → half the duration.
            let group = layer.animate { $0.position(CGPoint(x: 0, y: 0)).duration(1).easing(.linear) }
            #expect(layer.presentation().position == before)
            expectClose(group.duration, 0.5, absolute: 1e-6)
            step(clock, to: 0.65)
            expectClose(Double(layer.presentation().position.x), Double(before.x) / 2, absolute: 0.5)
        }

        /// Three properties in flight at different fractions of their travel, redirected together.
        /// Each was animating linearly over 1 s from 0 to 100 with a different duration, so at
        /// t = 0.5 they have travelled 50 (1 s), 100·0.5/0.8 = 62.5 (0.8 s) and 100·0.5/2 = 25 (2 s).
        /// Redirected to 200 with a 1 s duration, remaining = 150, 137.5, 175, so their synchronized
        /// durations are 150/200 = 0.75, 137.5/200 = 0.6875 and 175/200 = 0.875.
        nonisolated static let redirectTable: [(TimingPriority, [Bool], TimeInterval)] = [
            (.maxTime, [false, false, false], 0.875),
            (.minTime, [false, false, false], 0.6875),
            (.median, [false, false, false], 0.75),
            (.average, [false, false, false], (0.75 + 0.6875 + 0.875) / 3),
            (.maxTime, [true, true, false], 0.75),
            (.minTime, [false, false, true], 0.875),
            (.average, [true, false, true], (0.75 + 0.875) / 2),
            (.median, [true, true, false], (0.75 + 0.6875) / 2),
        ]

        /// The property that drives each row's value progress: among the primary ones (all, where
        /// none is), the one whose duration is closest to the group's, the first declared on a tie
        /// (rows 7 and 8 are ties: 0.8125 is 0.0625 from both 0.75 and 0.875, 0.71875 is
        /// 0.03125 from both 0.75 and 0.6875).
        nonisolated static let redirectDrivers = ["c", "b", "a", "a", "a", "c", "a", "a"]

        @Test("Timing priority and primary flags choose the redirected group's duration and its driving property",
              arguments: 0..<redirectTable.count)
        func timingPriorityTable(_ row: Int) throws {
            let (priority, primaries, expected) = Self.redirectTable[row]
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let keys = ["a", "b", "c"]
            for key in keys { layer.setModelValue(0.0, forKeyPath: key) }
            layer.animate { animator in
                for (key, duration) in zip(keys, [1.0, 0.8, 2.0]) {
                    animator.value(100.0, forKeyPath: key).duration(duration).easing(.linear)
                }
            }
            clock.advance(to: 0.5)
            let group = layer.animate(priority) { animator in
                for (key, primary) in zip(keys, primaries) {
                    animator.value(200.0, forKeyPath: key).duration(1).easing(.linear).primary(primary)
                }
            }
            expectClose(group.duration, expected, absolute: 1e-9, "\(priority) \(primaries)")
            #expect(group.resolved.drivingKeyPath == Self.redirectDrivers[row], "\(priority) \(primaries)")
            // Timed properties longer than the group are re-timed to it; shorter ones keep theirs.
            let natural = [0.75, 0.6875, 0.875]
            for (key, duration) in zip(keys, natural) {
                expectClose(try #require(group.property(key)).duration, min(duration, expected), absolute: 1e-9)
            }
        }

        @Test("A redirected spring keeps its velocity and is never clipped")
        func springsKeepVelocity() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.setModelValue(0.0, forKeyPath: "x")
            layer.animate { $0.value(300.0, forKeyPath: "x").easing(.spring(.bouncy)) }
            step(clock, to: 0.12)
            let first = try #require(layer.animationState.activeGroups.last?.property("x"))
            let velocity = first.velocity(at: 0.12)[0]
            #expect(velocity > 100)
            let group = layer.animate(.minTime) { animator in
                animator.value(-100.0, forKeyPath: "x").easing(.spring(.bouncy))
                animator.value(1.0, forKeyPath: "y").duration(0.1).primary(true)
            }
            let spring = try #require(group.property("x"))
            expectClose(spring.velocity(at: 0)[0], velocity, relative: 1e-9)
            // It starts from what was on screen: the keyframe playback, within 0.5 pt of the exact curve.
            expectClose(spring.exactValue(at: 0) as! Double, first.value(at: 0.12) as! Double, absolute: 1e-9)
            expectClose(spring.exactValue(at: 0) as! Double, first.exactValue(at: 0.12) as! Double, absolute: 0.5)
            // minTime over the primary picks 0.1 s, but the spring keeps its own settling time.
            #expect(spring.duration > 0.3)
            #expect(group.duration == spring.duration)
        }

        @Test("Callbacks: start once, stop exactly once; replaced groups stop with false")
        func callbacksExactlyOnce() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var events: [String] = []
            func animate(_ name: String, to x: Double, alpha: Double? = nil) {
                layer.animate { animator in
                    animator.position(CGPoint(x: x, y: 0)).duration(0.5)
                    if let alpha { animator.alpha(alpha).duration(0.5) }
                    animator.setDidStartCallback { _ in events.append("\(name) start") }
                    animator.setDidStopCallback { _, finished in events.append("\(name) stop \(finished)") }
                }
            }
            animate("A", to: 100, alpha: 0.5)
            step(clock, to: 0.1)
            animate("B", to: 200)          // takes position from A; A keeps opacity and runs on
            step(clock, to: 0.2)
            animate("C", to: 300)          // takes position from B, which has nothing left: B stops
            step(clock, to: 2)
            #expect(events == ["A start", "B start", "B stop false", "C start", "A stop true", "C stop true"])
        }

        @Test("animated: false jumps to the state, cancels what it takes over, still calls back")
        func applyWithoutAnimation() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var events: [String] = []
            layer.registerAnimation(forKey: "center") { animator in
                animator.position(CGPoint(x: 160, y: 240)).duration(0.5).easing(.outCubic)
                animator.setDidStartCallback { _ in events.append("state start") }
                animator.setDidStopCallback { _, finished in events.append("state stop \(finished)") }
            }
            layer.animate { animator in
                animator.position(CGPoint(x: 500, y: 500)).duration(1)
                animator.setDidStopCallback { _, finished in events.append("flight stop \(finished)") }
            }
            step(clock, to: 0.3)
            let group = layer.applyAnimation(forKey: "center", animated: false)
            #expect(group?.duration == 0)
            #expect(layer.position == CGPoint(x: 160, y: 240))
            #expect(layer.presentation().position == CGPoint(x: 160, y: 240))
            #expect(events == ["flight stop false", "state start", "state stop true"])
            #expect(layer.animationKeys.isEmpty)
        }

        @Test("Registered states apply animated, synchronized, and belong to their layer")
        func registeredStates() {
            let clock = ManualClock()
            let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
            a.registerAnimation(forKey: "big", timingPriority: .minTime) { animator in
                animator.bounds(CGRect(x: 0, y: 0, width: 300, height: 300)).duration(0.4)
            }
            let reports = collectingDiagnostics {
                #expect(a.applyAnimation(forKey: "big") != nil)
                #expect(b.applyAnimation(forKey: "big") == nil)
                #expect(a.applyAnimation(forKey: "never registered") == nil)
            }
            #expect(reports == [.unknownAnimationKey("big"), .unknownAnimationKey("never registered")])
            #expect(a.bounds.width == 300 && b.bounds.width == 0)
            step(clock, to: 0.2)
            #expect(a.presentation().bounds.width > 0 && a.presentation().bounds.width < 300)
        }

        @Test("Bad input is reported; targets that cannot be held are skipped, unplayable durations jump; the rest plays")
        func badInput() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.setModelValue(0.0, forKeyPath: "progress")
            var group: AnimationGroup?
            let reports = collectingDiagnostics {
                group = layer.animate { animator in
                    animator.value(1.0, forKeyPath: "position")                       // wrong type
                    animator.value(CGPoint(x: 1, y: 1), forKeyPath: "progress")      // custom key path typed Double
                    animator.alpha(Double.nan)                                        // not finite
                    animator.cornerRadius(8).duration(-1)                             // negative duration
                    animator.bounds(CGRect(x: 0, y: 0, width: 10, height: 10)).duration(.infinity)
                    animator.zPosition(5).duration(0.3)                               // fine
                }
            }
            #expect(reports.count == 5)
            #expect(reports.contains(.typeMismatch(keyPath: "position", expected: "CGPoint", actual: "Double")))
            #expect(reports.contains(.typeMismatch(keyPath: "progress", expected: "Double", actual: "CGPoint")))
            #expect(reports.contains { if case .invalidDuration(keyPath: "cornerRadius", duration: -1) = $0 { true } else { false } })
            #expect(reports.contains { if case .invalidDuration(keyPath: "bounds", _) = $0 { true } else { false } })
            // Targets that cannot be held are skipped; properties with unplayable durations jump there.
            #expect(group?.keyPaths == ["cornerRadius", "bounds", "zPosition"])
            #expect(group?.property("cornerRadius")?.duration == 0 && group?.property("bounds")?.duration == 0)
            #expect(layer.opacity == 1 && layer.position == .zero)
            #expect(layer.cornerRadius == 8 && layer.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))
            #expect(reports.allSatisfy { !$0.description.isEmpty })
        }

        @Test("Empty groups, from == to and zero durations end at once, with both callbacks")
        func degenerateGroups() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var events: [String] = []
            let empty = layer.animate { animator in
                animator.setDidStartCallback { _ in events.append("start") }
                animator.setDidStopCallback { _, finished in events.append("stop \(finished)") }
            }
            #expect(empty.hasEnded && empty.finished && events == ["start", "stop true"])
            let still = layer.animate { $0.position(.zero).duration(0.5) }
            #expect(still.duration == 0 && still.hasEnded)
            let instant = layer.animate { $0.alpha(0.2).duration(0) }
            #expect(instant.duration == 0 && layer.presentation().opacity == 0.2)
            #expect(layer.animationKeys.isEmpty)
            // Value progress of a property that does not move is time progress, never NaN.
            let moving = layer.animate { animator in
                animator.position(.zero).duration(0.5)
                animator.alpha(1).duration(0.5).primary(true)
            }
            #expect(!moving.valueProgress(at: 0.2).isNaN)
        }

        @Test("Sub-paths animate their part of the base property")
        func subPaths() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 10, y: 20)
            layer.animate { animator in
                animator.value(110.0, forKeyPath: "position.x").duration(1)
                animator.value(Double.pi / 2, forKeyPath: "transform.rotation.z").duration(1)
                animator.value(2.0, forKeyPath: "transform.scale").duration(1)
            }
            #expect(layer.position == CGPoint(x: 110, y: 20))
            step(clock, to: 0.5)
            let presentation = layer.presentation()
            expectClose(Double(presentation.position.x), 60, absolute: 0.5)
            #expect(presentation.position.y == 20)
            let transform = Transform2D(presentation.transform)
            // Halfway: 45° at scale 1.5.
            expectClose(atan2(transform.b, transform.a), .pi / 4, absolute: 0.002)
            expectClose((transform.a * transform.a + transform.b * transform.b).squareRoot(), 1.5, absolute: 0.002)
            #expect(presentation.value(forKeyPath: "transform.rotation.z", as: Double.self)! > 0.7)
        }

        @Test("Groups cut short long before their ends are freed then, not held until their ends come")
        func cutShortFreed() {
            final class Weak {
                weak var group: AnimationGroup?
                init(_ group: AnimationGroup) { self.group = group }
            }
            let clock = ManualClock()
            // A few groups (the scheduler searches its heap): each is let go as it is cut short,
            // by a control call or taken over.
            let layers = (0..<100).map { _ in HeadlessLayer(clock: clock) }
            var cut: [Weak] = []
            for layer in layers { cut.append(Weak(layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(1_000) })) }
            for entry in cut { entry.group?.cancel() }
            #expect(cut.allSatisfy { $0.group == nil })
            for layer in layers { cut.append(Weak(layer.animate { $0.alpha(0).duration(1_000) })) }
            for layer in layers { layer.animate { $0.alpha(0.5).duration(1_000) } }
            #expect(cut.allSatisfy { $0.group == nil })
            #expect(clock.scheduler.pendingEventCount == 100)

            // Many (a heap too large to search at each cancellation): those cut short are let go
            // once they are half of what the scheduler holds, never later than their ends.
            let many = (0..<400).map { _ in HeadlessLayer(clock: clock) }
            var playing = many.map { layer in Weak(layer.animate { $0.position(CGPoint(x: 50, y: 0)).duration(500) }) }
            let few = playing.prefix(10)
            for entry in few { entry.group?.cancel() }
            #expect(few.allSatisfy { $0.group != nil })   // held: 10 of 510 pending
            for entry in playing.prefix(300) { entry.group?.cancel() }
            #expect(playing.prefix(300).allSatisfy { $0.group == nil })
            playing.removeAll()
            clock.advance(by: 1_000)
            #expect(!clock.hasPendingEvents)
            #expect(layers.allSatisfy { $0.animationState.activeGroups.isEmpty })
            #expect(many.allSatisfy { $0.animationState.activeGroups.isEmpty })
        }

        @Test("Groups cut short one by one among a few hundred leave the others to end in order")
        func cutShortOneByOne() {
            let clock = ManualClock()
            var random = SplitMix64(seed: 11)
            let layers = (0..<200).map { _ in HeadlessLayer(clock: clock) }
            var stopped: [Int] = []
            var groups: [AnimationGroup?] = Array(repeating: nil, count: 200)
            // Distinct ends, started in a shuffled order; half cut short in another.
            for number in Array(0..<200).shuffled(using: &random) {
                groups[number] = layers[number].animate { animator in
                    animator.alpha(0).duration(0.5 + Double(number) / 1_000)
                    animator.setDidStopCallback { _, finished in if finished { stopped.append(number) } }
                }
            }
            let cut = Set(Array(0..<200).shuffled(using: &random).prefix(100))
            for number in Array(cut).shuffled(using: &random) { groups[number]?.cancel() }
            clock.advance(to: 1)
            #expect(stopped == (0..<200).filter { !cut.contains($0) })
        }

        @Test("A stop callback that cuts hundreds of groups short, in a frame in which others are due, fires the rest in order")
        func cutShortWhileFiring() {
            let clock = ManualClock()
            let layers = (0..<400).map { _ in HeadlessLayer(clock: clock) }
            var stopped: [Int] = []
            var groups: [AnimationGroup?] = Array(repeating: nil, count: 400)
            // Started in a shuffled order, so that the heap is not simply sorted (a rebuild that
            // left it out of order would show).
            var random = SplitMix64(seed: 7)
            for number in Array(0..<400).shuffled(using: &random) {
                let layer = layers[number]
                // One end every millisecond from 0.5 s, in the order of the numbers.
                let duration = 0.5 + Double(number) / 1_000
                groups[number] = (layer.animate { animator in
                    animator.position(CGPoint(x: 100, y: 0)).duration(duration)
                    animator.setDidStopCallback { _, finished in
                        if finished { stopped.append(number) }
                        // The first end cuts three in four of the groups from 100 on short: more
                        // than half the scheduler's heap, which is rebuilt while the frame fires.
                        if number == 0 {
                            for other in 100..<400 where other % 4 != 0 { groups[other]?.cancel() }
                        }
                    }
                })
            }
            clock.advance(to: 2)
            let expected = Array(0..<100) + stride(from: 100, to: 400, by: 4)
            #expect(stopped == expected)
            #expect(!clock.hasPendingEvents)
        }

        @Test("Memory stays flat over 10,000 animate calls on one layer")
        func memoryFlat() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            weak var firstGroup: AnimationGroup?
            for index in 0..<10_000 {
                let group = layer.animate { animator in
                    animator.position(CGPoint(x: Double(index % 300), y: 0)).duration(0.2)
                    animator.alpha(Double(index % 2)).duration(0.2)
                }
                if index == 0 { firstGroup = group }
                clock.advance(by: 0.05)
                #expect(layer.animationState.activeGroups.count <= 1)
                #expect(layer.animationKeys.count <= 2)   // one animation per property
            }
            #expect(firstGroup == nil)
            #expect(layer.animationState.registered.isEmpty)
        }
    }
}
