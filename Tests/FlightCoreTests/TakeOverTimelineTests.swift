import FlightCore
import FlightTestSupport
import Foundation
import Testing

/// What a layer must show, worked out from the groups Flight resolved and the rule that the
/// newest group animating a key path owns it: that group's exact curve while it runs, the model
/// value once it has ended. Used to check the headless presentation frame by frame.
@MainActor
struct TakeOverOracle {
    let layer: HeadlessLayer
    private(set) var groups: [AnimationGroup] = []

    init(layer: HeadlessLayer) {
        self.layer = layer
    }

    mutating func record(_ group: AnimationGroup) {
        groups.append(group)
    }

    /// The value the newest owner of `keyPath` shows at `time`, or the model value.
    func expected(_ keyPath: String, at time: TimeInterval) -> (any AnimatableValue)? {
        guard let owner = groups.last(where: { $0.beginTime <= time && $0.keyPaths.contains(keyPath) }),
              time < owner.beginTime + owner.duration, let property = owner.property(keyPath) else {
            return layer.modelValue(forKeyPath: keyPath)
        }
        return property.exactValue(at: time - owner.beginTime)
    }
}

extension MainActorSuites {
    @MainActor
    @Suite("Take-over, frame by frame")
    struct TakeOverTimelineTests {
        /// The tolerance a key path's keyframes keep, plus a little for rounding.
        static func tolerance(_ keyPath: String) -> Double {
            switch keyPath {
            case "opacity": 0.5 / 255 + 1e-9
            case "backgroundColor": 0.5 / 255 + 1e-9
            default: 0.5 + 1e-9
            }
        }

        @Test("Taking position from a group leaves its alpha playing and never shows the old track again")
        func partialTakeOver() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var oracle = TakeOverOracle(layer: layer)
            let first = layer.animate { a in
                a.position(CGPoint(x: 300, y: 0)).duration(2).easing(.linear)
                a.alpha(0.2).duration(2).easing(.linear)
            }
            oracle.record(first)
            var stops: [String] = []
            everyFrame(clock, until: 0.25) { _ in }
            let second = layer.animate { a in
                a.position(CGPoint(x: 0, y: 300)).duration(0.3).easing(.linear)
                a.setDidStopCallback { _, finished in stops.append("second \(finished)") }
            }
            oracle.record(second)
            #expect(!first.hasEnded, "the first group still owns opacity")
            var previous = layer.presentation().position
            everyFrame(clock, until: 2.1) { time in
                let shown = layer.presentation()
                #expect(distanceBetween(shown.position, oracle.expected("position", at: time)) <= 0.5 + 1e-9, "t = \(time)")
                #expect(abs(shown.opacity - (oracle.expected("opacity", at: time) as! Double)) <= 0.5 / 255, "t = \(time)")
                // No jump: nothing moves further in a frame than the new track does (300 pt in 0.27 s).
                #expect(distanceBetween(shown.position, previous) <= 1200.0 / 120 + 1, "t = \(time)")
                previous = shown.position
            }
            // After the redirect ends, the view rests at the new target; it never flies on.
            #expect(layer.presentation().position == CGPoint(x: 0, y: 300))
            #expect(first.finished && stops == ["second true"])
            #expect(layer.animationKeys.isEmpty)
        }

        @Test("Partial take-over under each timing priority, springs included, follows the newest owner",
              arguments: [TimingPriority.maxTime, .minTime, .median, .average])
        func priorities(_ priority: TimingPriority) throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            var oracle = TakeOverOracle(layer: layer)
            oracle.record(layer.animate(priority) { a in
                a.position(CGPoint(x: 400, y: 100)).easing(.spring(Spring(duration: 0.6, bounce: 0.3)))
                a.bounds(CGRect(x: 0, y: 0, width: 300, height: 80)).duration(0.8).easing(.inOutSine).primary(true)
                a.alpha(0.3).duration(0.4).easing(.outCubic)
                a.backgroundColor(Color(red: 1, green: 0, blue: 0)).duration(0.9).easing(.linear)
            })
            everyFrame(clock, until: 0.2) { time in
                for keyPath in ["position", "bounds", "opacity", "backgroundColor"] {
                    let shown = layer.presentationValue(forKeyPath: keyPath)
                    #expect(distanceBetween(shown, oracle.expected(keyPath, at: time)) <= Self.tolerance(keyPath), "\(keyPath) t = \(time)")
                }
            }
            // Mid-flight: take position (a spring keeps its velocity) and bounds; leave the rest.
            oracle.record(layer.animate(priority) { a in
                a.position(CGPoint(x: 0, y: 300)).easing(.spring(Spring(duration: 0.4, bounce: 0.2)))
                a.bounds(CGRect(x: 0, y: 0, width: 50, height: 50)).duration(0.5).easing(.outBack)
            })
            everyFrame(clock, until: 0.45) { _ in }
            // Take position again, with a timed curve this time.
            oracle.record(layer.animate(priority) { a in
                a.position(CGPoint(x: 200, y: 200)).duration(0.3).easing(.outCubic)
            })
            var previous: [String: any AnimatableValue] = [:]
            everyFrame(clock, until: 3) { time in
                for keyPath in ["position", "bounds", "opacity", "backgroundColor"] {
                    let shown = layer.presentationValue(forKeyPath: keyPath)
                    let expected = oracle.expected(keyPath, at: time)
                    #expect(distanceBetween(shown, expected) <= Self.tolerance(keyPath), "\(keyPath) t = \(time)")
                    // Continuity: no step larger than the curve's own motion in the frame plus the tolerance.
                    if let last = previous[keyPath] {
                        let ownMotion = distanceBetween(oracle.expected(keyPath, at: time - 1.0 / 120), expected)
                        #expect(distanceBetween(shown, last) <= ownMotion + 2 * Self.tolerance(keyPath), "\(keyPath) t = \(time)")
                    }
                    previous[keyPath] = shown
                }
            }
            #expect(layer.animationKeys.isEmpty && layer.animationState.activeGroups.isEmpty)
            #expect(layer.presentation().position == layer.position)
            #expect(layer.presentation().bounds == layer.bounds)
        }

        @Test("A sub-path taken from its base: x follows the new group, y plays on, nothing returns")
        func subPathFromBase() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let first = layer.animate { a in
                a.position(CGPoint(x: 300, y: 300)).duration(2).easing(.linear)
            }
            everyFrame(clock, until: 0.25) { _ in }
            let second = layer.animate { a in
                a.value(0.0, forKeyPath: "position.x").duration(0.3).easing(.linear)
            }
            let yMotion = first.property("position")!
            let xMotion = second.property("position.x")!
            everyFrame(clock, until: 2.1) { time in
                let shown = layer.presentation().position
                let expectedY = time < 2 ? (yMotion.exactValue(at: time) as! CGPoint).y : 300
                let expectedX = time < 0.25 + second.duration ? xMotion.exactValue(at: time - 0.25) as! Double : 0
                #expect(abs(shown.y - expectedY) <= 0.5 + 1e-9, "y at t = \(time)")
                #expect(abs(shown.x - expectedX) <= 0.5 + 1e-9, "x at t = \(time)")
            }
            #expect(layer.presentation().position == CGPoint(x: 0, y: 300))
            #expect(first.finished && second.finished)
        }

        @Test("A base taken from its sub-path removes the sub-path's animation at once")
        func baseFromSubPath() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var oracle = TakeOverOracle(layer: layer)
            let first = layer.animate { a in
                a.value(300.0, forKeyPath: "position.x").duration(2).easing(.linear)
            }
            everyFrame(clock, until: 0.5) { _ in }
            oracle.record(layer.animate { a in
                a.position(CGPoint(x: 20, y: 40)).duration(0.25).easing(.outCubic)
            })
            #expect(first.hasEnded && !first.finished)
            everyFrame(clock, until: 2.1) { time in
                #expect(distanceBetween(layer.presentation().position, oracle.expected("position", at: time)) <= 0.5 + 1e-9,
                        "t = \(time)")
            }
        }

        @Test("A rotation taken from a transform animation keeps its translation playing")
        func rotationFromTransform() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let first = layer.animate { a in
                a.transform3D(Transform3D.translation(x: 200, y: 0, z: 0).concatenating(.rotation(angle: 1, x: 0, y: 0, z: 1)))
                    .duration(1).easing(.linear)
            }
            everyFrame(clock, until: 0.25) { _ in }
            let second = layer.animate { a in
                a.value(-0.5, forKeyPath: "transform.rotation.z").duration(0.25).easing(.linear)
            }
            var previous = layer.presentation().transform
            everyFrame(clock, until: 1.2) { time in
                let shown = layer.presentation().transform
                // The translation follows the first group, whatever the rotation does.
                let expected = time < 1 ? (first.property("transform")!.exactValue(at: time) as! Transform3D) : layer.transform
                expectClose(shown.m41, expected.m41, absolute: 0.6, "translation at t = \(time)")
                let angle = layer.presentation().value(forKeyPath: "transform.rotation.z", as: Double.self)!
                if time >= 0.5 { expectClose(angle, -0.5, absolute: 1e-6, "rotation held at t = \(time)") }
                #expect(shown.distance(to: previous) <= 10, "t = \(time)")
                previous = shown
            }
            #expect(second.finished && first.finished)
            #expect(layer.presentation().transform.distance(to: layer.transform) < 1e-9)
        }

        @Test("A redirect of a spring that overshot transform.scale below zero starts from the negative scale")
        func negativeScaleRedirect() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.animate { $0.value(0.0, forKeyPath: "transform.scale").easing(.spring(Spring(duration: 0.6, bounce: 0.6))) }
            // Step to where the spring has overshot below zero.
            var time = 0.0
            while time < 1 {
                time += 1.0 / 120
                clock.advance(to: time)
                if let scale = layer.animationState.activeGroups.last?.property("transform.scale")?.value(at: time),
                   (scale as! Double) < -0.05 { break }
            }
            let before = layer.presentation().transform
            #expect(before.m11 < 0, "the spring overshot into a negative scale")
            let redirect = layer.animate { $0.value(1.0, forKeyPath: "transform.scale").duration(0.4).easing(.outCubic) }
            let start = try #require(redirect.property("transform.scale")?.from as? Double)
            #expect(start < -0.05)
            var previous = before
            everyFrame(clock, until: time + 0.5) { now in
                let shown = layer.presentation().transform
                #expect(abs(shown.m11 - previous.m11) < 0.2 && abs(shown.m12 - previous.m12) < 0.2, "t = \(now)")
                previous = shown
            }
            #expect(layer.presentation().transform.m11 == 1)
        }

        @Test("Random redirect sequences: continuous, newest owner, ends at the model (seeded)")
        func randomRedirects() throws {
            var random = SplitMix64(seed: 2026)
            let keyPaths = ["position", "bounds", "opacity", "backgroundColor", "transform"]
            let easings: [Easing] = [.linear, .outCubic, .inOutSine, .outBack, .outElastic, .outBounce, .inExponential,
                                     .spring(.bouncy), .spring(Spring(duration: 0.3, bounce: 0)), .smoothStep]
            let priorities: [TimingPriority] = [.maxTime, .minTime, .median, .average]
            for scenario in 0..<40 {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                var oracle = TakeOverOracle(layer: layer)
                var nextCall = 0.0
                var calls = 0
                var previous: [String: any AnimatableValue] = [:]
                let end = 4.0
                var frame = 0.0
                while frame / 120 <= end {
                    let time = frame / 120
                    if calls < 5 && time >= nextCall {
                        calls += 1
                        nextCall = time + random.uniform(0.02...0.6)
                        let chosen = keyPaths.filter { _ in random.uniform(0...1) < 0.6 }
                        let priority = priorities[Int(random.uniform(0...3.999))]
                        oracle.record(layer.animate(priority) { a in
                            for keyPath in chosen {
                                let easing = easings[Int(random.uniform(0...Double(easings.count) - 0.001))]
                                let duration = random.uniform(0.1...0.9)
                                let configured: PropertyAnimator = switch keyPath {
                                case "position": a.position(CGPoint(x: random.uniform(-300...300), y: random.uniform(-300...300)))
                                case "bounds": a.bounds(CGRect(x: 0, y: 0, width: random.uniform(10...300), height: random.uniform(10...300)))
                                case "opacity": a.alpha(random.uniform(0...1))
                                case "backgroundColor": a.backgroundColor(Color(red: random.uniform(0...1), green: random.uniform(0...1),
                                                                                blue: random.uniform(0...1)))
                                default: a.transform3D(.rotation(angle: random.uniform(-3...3), x: 0, y: 0, z: 1))
                                }
                                configured.duration(duration).easing(easing).primary(random.uniform(0...1) < 0.3)
                            }
                        })
                    }
                    clock.advance(to: time)
                    for keyPath in keyPaths {
                        let shown = layer.presentationValue(forKeyPath: keyPath)
                        let expected = oracle.expected(keyPath, at: time)
                        #expect(distanceBetween(shown, expected) <= Self.tolerance(keyPath),
                                "scenario \(scenario) \(keyPath) at t = \(time)")
                        if let last = previous[keyPath] {
                            let own = distanceBetween(oracle.expected(keyPath, at: time - 1.0 / 120), expected)
                            #expect(distanceBetween(shown, last) <= own + 2 * Self.tolerance(keyPath),
                                    "scenario \(scenario) \(keyPath) jumps at t = \(time)")
                        }
                        previous[keyPath] = shown
                    }
                    frame += 1
                }
                clock.advance(by: 10)
                #expect(layer.animationKeys.isEmpty, "scenario \(scenario)")
                for keyPath in keyPaths {
                    #expect(distanceBetween(layer.presentationValue(forKeyPath: keyPath), layer.modelValue(forKeyPath: keyPath)) == 0,
                            "scenario \(scenario) \(keyPath) rests on the model")
                }
            }
        }
    }
}
