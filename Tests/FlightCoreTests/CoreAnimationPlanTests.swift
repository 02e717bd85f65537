import FlightCore
import FlightEasing
import FlightTestSupport
import Foundation
import Testing

/// A host that passes everything to a headless layer; subclasses change one part of it.
@MainActor
class ForwardingLayer: AnimationTarget, AnimationHost {
    let layer: HeadlessLayer

    init(clock: ManualClock) {
        layer = HeadlessLayer(clock: clock)
    }

    var animationHost: any AnimationHost { self }
    var animationState: AnimationState { layer.animationState }
    var currentTime: TimeInterval { layer.currentTime }
    var frameScheduler: FrameScheduler { layer.frameScheduler }
    func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)? { layer.modelValue(forKeyPath: keyPath) }
    func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)? { layer.presentationValue(forKeyPath: keyPath) }
    func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        layer.setModelValue(value, forKeyPath: keyPath)
    }
    func apply(_ changes: [LayerAnimationChange]) { layer.apply(changes) }
    func hasOtherAnimations(onBase baseKeyPath: String) -> Bool { layer.hasOtherAnimations(onBase: baseKeyPath) }
}

/// A headless layer that also records every batch of changes Flight hands its host, as the
/// CoreAnimation bridge would receive them.
@MainActor
final class RecordingLayer: ForwardingLayer {
    private(set) var batches: [[LayerAnimationChange]] = []

    override func apply(_ changes: [LayerAnimationChange]) {
        batches.append(changes)
        super.apply(changes)
    }

    /// The last batch as CoreAnimation steps.
    func lastSteps() -> [CoreAnimationStep] {
        CoreAnimationStep.plan(batches.last ?? [])
    }
}

/// A headless layer whose host keeps the CoreAnimation bridge's bookkeeping
/// (``CoreAnimationKeys``) and is told of stops as a `CALayer`'s animation delegates tell it:
/// once per animation, `finished` true when it reaches the end of its active duration (it stays
/// on the layer unless removed on completion), false when something removes it. Which animations
/// are Flight's, and so whether another plays on a property, comes from that bookkeeping alone.
@MainActor
final class DelegateBookkeepingLayer: ForwardingLayer {
    private(set) var keys = CoreAnimationKeys()
    /// The animations added and not yet stopped: their key and token.
    private var playing: [(key: String, token: Int)] = []
    /// The removals the bookkeeping reported to Flight.
    private(set) var reported: [String] = []

    override func apply(_ changes: [LayerAnimationChange]) {
        for change in changes {
            switch change {
            case let .add(key, _): playing.append((key, keys.added(key: key)))
            case let .remove(key): keys.removed(key: key)
            }
        }
        super.apply(changes)
    }

    /// Delivers the stops due by now: an animation no longer on the layer (or replaced under its
    /// key) stopped unfinished; one past its end stopped finished.
    func deliverStops() {
        var stillPlaying: [(key: String, token: Int)] = []
        for (index, entry) in playing.enumerated() {
            let replaced = playing[(index + 1)...].contains { $0.key == entry.key }
            guard !replaced, let animation = layer.animation(forKey: entry.key) else {
                if keys.stopped(key: entry.key, token: entry.token, finished: false, isRemovedOnCompletion: false, isOnLayer: false) {
                    reported.append(entry.key)
                    animationWasRemoved(forKey: entry.key)
                }
                continue
            }
            if animation.endTime <= layer.currentTime {
                _ = keys.stopped(key: entry.key, token: entry.token, finished: true,
                                 isRemovedOnCompletion: animation.isRemovedOnCompletion, isOnLayer: true)
            } else {
                stillPlaying.append(entry)
            }
        }
        playing = stillPlaying
    }

    override func hasOtherAnimations(onBase baseKeyPath: String) -> Bool {
        layer.animationKeys.contains { key in
            !keys.isFlights(key) && layer.animation(forKey: key).map { LayerProperty.base(of: $0.keyPath) } == baseKeyPath
        }
    }
}

extension MainActorSuites {
    @MainActor
    @Suite("CoreAnimation bridge: which animations are Flight's")
    struct CoreAnimationKeysTests {
        @Test("An animation that ran to its end and stays on the layer is still Flight's; a removal is reported once")
        func stops() {
            var keys = CoreAnimationKeys()
            func stop(_ key: String, _ token: Int, finished: Bool, removedOnCompletion: Bool = false, onLayer: Bool = false) -> Bool {
                keys.stopped(key: key, token: token, finished: finished, isRemovedOnCompletion: removedOnCompletion, isOnLayer: onLayer)
            }
            let first = keys.added(key: "1.0")
            #expect(keys.isFlights("1.0"))
            // Ran to its end, not removed on completion: still on the layer, still Flight's.
            let endedStaying = stop("1.0", first, finished: true)
            #expect(!endedStaying && keys.isFlights("1.0"))
            // Ran to its end and removed on completion: no longer on the layer, not cut short.
            let second = keys.added(key: "1.1")
            let endedRemoved = stop("1.1", second, finished: true, removedOnCompletion: true)
            #expect(!endedRemoved && !keys.isFlights("1.1"))
            // An unfinished stop of an animation still on the layer removed nothing.
            let staying = keys.added(key: "1.3")
            let spurious = stop("1.3", staying, finished: false, onLayer: true)
            #expect(!spurious && keys.isFlights("1.3"))
            // Removed by something else: reported once, then no longer Flight's.
            let third = keys.added(key: "1.2")
            let removed = stop("1.2", third, finished: false)
            let removedAgain = stop("1.2", third, finished: false)
            #expect(removed && !removedAgain && !keys.isFlights("1.2"))
            // Replaced by Flight under the same key: the old one's stop, even delivered after the
            // new one was added, changes nothing; the new one is Flight's.
            let replaced = keys.added(key: "2.0")
            let replacing = keys.added(key: "2.0")
            let replacedStop = stop("2.0", replaced, finished: false)
            #expect(!replacedStop && keys.isFlights("2.0"))
            // Removed by Flight: its stop is not reported.
            keys.removed(key: "2.0")
            let removedByFlight = stop("2.0", replacing, finished: false)
            #expect(!removedByFlight && !keys.isFlights("2.0") && keys.isFlights("1.0"))
        }

        /// A part that ends early inside a group that lives on (`position.x`, 0.2 s, with a 1 s
        /// fade), a spring on the other part (`position.y`) and, after the first part has ended,
        /// a redirect of that spring: with the bridge's bookkeeping the redirect keeps the
        /// spring's velocity and shows exactly what the headless layer shows, at every frame and
        /// inside frames. (Were an animation that ran to its end forgotten, the ended `position.x`
        /// would count as another's animation on `position`, and the redirect would start from
        /// rest, leaving the spring's course: points off the headless layer within a few frames.)
        @Test("A part that ended inside its group is still Flight's: a later redirect keeps its velocity")
        func endedPartStaysFlights() throws {
            /// The samples of `position.y`, and its speed just before and just after the redirect.
            func play(_ layer: HeadlessLayer, _ host: any AnimationTarget, deliver: @escaping @MainActor () -> Void)
                -> (samples: [(time: TimeInterval, y: Double)], before: Double, after: Double) {
                var samples: [(time: TimeInterval, y: Double)] = []
                func y(at time: TimeInterval) -> Double {
                    layer.presentationValue(forKeyPath: "position.y", at: time) as? Double ?? .nan
                }
                let h = 1e-4
                func frames(to end: TimeInterval) {
                    while layer.clock.now < end - 1e-12 {
                        let start = layer.clock.now
                        for fraction in [0.25, 0.5, 0.75] {
                            let time = layer.localTime(atClockTime: start + fraction / 120)
                            if let y = layer.presentationValue(forKeyPath: "position.y", at: time) as? Double {
                                samples.append((time, y))
                            }
                        }
                        layer.clock.advance(by: 1.0 / 120)
                        deliver()
                        samples.append((layer.currentTime, layer.presentation().position.y))
                    }
                }
                host.animate { a in
                    a.value(100.0, forKeyPath: "position.x").duration(0.2).easing(.linear)
                    a.alpha(0).duration(1).easing(.linear)
                }
                frames(to: 0.1)
                host.animate { a in
                    a.value(300.0, forKeyPath: "position.y").easing(.spring(Spring(duration: 0.8, bounce: 0.2)))
                }
                frames(to: 0.5)
                let before = (y(at: 0.5) - y(at: 0.5 - h)) / h
                host.animate { a in
                    a.value(0.0, forKeyPath: "position.y").easing(.spring(Spring(duration: 0.8, bounce: 0.2)))
                }
                let after = (y(at: 0.5 + h) - y(at: 0.5)) / h
                frames(to: 2.5)
                return (samples, before, after)
            }
            let bridged = DelegateBookkeepingLayer(clock: ManualClock())
            let bridgedRun = play(bridged.layer, bridged) { bridged.deliverStops() }
            let modelLayer = HeadlessLayer(clock: ManualClock())
            let modelRun = play(modelLayer, modelLayer) {}
            #expect(bridged.reported.isEmpty)
            #expect(bridgedRun.samples.count == modelRun.samples.count)
            for (bridged, model) in zip(bridgedRun.samples, modelRun.samples) {
                #expect(bridged.time == model.time)
                #expect(abs(bridged.y - model.y) <= 1e-9, "at \(model.time): \(bridged.y) against \(model.y)")
            }
            // The redirect keeps the spring's velocity (the speed 0.1 ms either side of it agrees
            // within what the spring's acceleration changes it by in that time).
            for run in [bridgedRun, modelRun] {
                #expect(abs(run.before) > 100 && abs(run.after - run.before) < 0.01 * abs(run.before), "\(run.before) \(run.after)")
            }
        }

        @Test("A removal by something else is reported once, and the group stops once")
        func removalReported() {
            let clock = ManualClock()
            let host = DelegateBookkeepingLayer(clock: clock)
            var stops: [Bool] = []
            host.animate { a in
                a.alpha(0).duration(1)
                a.setDidStopCallback { _, finished in stops.append(finished) }
            }
            clock.advance(by: 0.1)
            host.deliverStops()
            // The app removes every animation of the layer.
            host.layer.removeAllAnimations()
            host.deliverStops()
            clock.advance(by: 0.1)
            host.deliverStops()
            #expect(host.reported.count == 1 && stops == [false])
        }
    }

    @MainActor
    @Suite("CoreAnimation plan")
    struct CoreAnimationPlanTests {
        static func addition(_ step: CoreAnimationStep) -> CoreAnimationKeyframeAnimation? {
            if case .add(let animation) = step { return animation }
            return nil
        }

        @Test("One keyframe animation per property: key, begin time in layer time, keyframes as resolved")
        func firstGroup() throws {
            let clock = ManualClock(start: 1)
            let host = RecordingLayer(clock: clock)
            let group = host.animate { a in
                a.position(CGPoint(x: 300, y: 120)).duration(0.5).easing(.outElastic)
                a.alpha(0.2).duration(0.3).easing(.inOutCubic)
                a.cornerRadius(0).duration(0.4)   // already 0: does not move, no animation
            }
            let steps = host.lastSteps()
            #expect(steps.count == 2)
            let animations = steps.compactMap(Self.addition)
            #expect(animations.map(\.key) == ["\(group.key).0", "\(group.key).1"])
            for animation in animations {
                let property = try #require(group.property(animation.keyPath))
                #expect(animation.beginTime == 1)
                #expect(animation.duration == property.duration)
                #expect(animation.keyTimes == property.keyTimes)
                #expect(animation.keyTimes.first == 0 && animation.keyTimes.last == 1)
                #expect(zip(animation.keyTimes, animation.keyTimes.dropFirst()).allSatisfy { $0 < $1 })
                #expect(animation.timingFunctions.count == animation.values.count - 1)
                #expect(animation.fillMode == .backwards && !animation.isRemovedOnCompletion)
                // Every control point inside the unit square, where CoreAnimation is documented.
                for curve in animation.timingFunctions {
                    #expect([curve.x1, curve.y1, curve.x2, curve.y2].allSatisfy { (0...1).contains($0) }, "\(curve)")
                }
                // Played by CoreAnimation's rule, the keyframes stay within tolerance of the exact curve.
                let tolerance = animation.keyPath == "opacity" ? 0.5 / 255 : 0.5
                for index in 0...2_000 {
                    let t = animation.duration * Double(index) / 2_000
                    let played = playedComponents(animation, at: t)
                    let exact = property.exactValue(at: t).componentArray
                    let error = zip(played, exact).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
                    #expect(error <= tolerance + 1e-9, "\(animation.keyPath) at \(t)")
                }
            }
            // The polynomial pieces of inOutCubic are exact: one segment per half.
            #expect(animations[1].values.count == 3)
        }

        @Test("Taking a key path over removes exactly its animation and adds the new one")
        func redirect() throws {
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            let first = host.animate { a in
                a.position(CGPoint(x: 300, y: 0)).duration(2).easing(.linear)
                a.alpha(0.2).duration(2).easing(.linear)
            }
            clock.advance(to: 0.25)
            let second = host.animate { a in a.position(CGPoint(x: 0, y: 300)).duration(0.3).easing(.linear) }
            let steps = host.lastSteps()
            #expect(steps.count == 2)
            guard case .remove(let removed) = steps[0], let added = Self.addition(steps[1]) else {
                Issue.record("expected a removal then an addition, got \(steps)")
                return
            }
            #expect(removed == "\(first.key).0")
            #expect(added.key == "\(second.key).0" && added.beginTime == 0.25)
            #expect(host.layer.animationKeys == ["\(first.key).1", "\(second.key).0"])
            #expect(!first.hasEnded)
        }

        @Test("A sub-path take-over re-adds the base animation with its own begin time, the part held")
        func subPathReAdd() throws {
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            let first = host.animate { a in a.position(CGPoint(x: 300, y: 300)).duration(2).easing(.outCubic) }
            let firstKeyframes = try #require(Self.addition(host.lastSteps()[0]))
            clock.advance(to: 0.5)
            let second = host.animate { a in a.value(40.0, forKeyPath: "position.x").duration(0.3) }
            let steps = host.lastSteps()
            #expect(steps.count == 2)
            let readded = try #require(Self.addition(steps[0]))
            let added = try #require(Self.addition(steps[1]))
            #expect(readded.key == "\(first.key).0" && added.key == "\(second.key).0")
            #expect(readded.keyPath == "position" && added.keyPath == "position.x")
            #expect(readded.beginTime == firstKeyframes.beginTime && readded.duration == firstKeyframes.duration)
            #expect(readded.keyTimes == firstKeyframes.keyTimes)
            #expect(readded.timingFunctions == firstKeyframes.timingFunctions)
            for (old, new) in zip(firstKeyframes.values, readded.values) {
                let (before, after) = (old as! CGPoint, new as! CGPoint)
                #expect(after.x == 40 && after.y == before.y)
            }
        }

        @Test("A colour fade: RGB keyframes that CoreAnimation plays within half an 8-bit step of the Oklab mix")
        func colourFade() throws {
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            host.layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
            let group = host.animate { a in a.backgroundColor(Color(red: 0, green: 0, blue: 1)).duration(1).easing(.linear) }
            let animation = try #require(Self.addition(host.lastSteps()[0]))
            #expect(animation.values.count > 2)
            let property = try #require(group.property("backgroundColor"))
            for index in 0...1_000 {
                let t = Double(index) / 1_000
                let played = playedComponents(animation, at: t)
                let shown = Color(red: played[0], green: played[1], blue: played[2], alpha: played[3])
                let exact = property.exactValue(at: t) as! Color
                #expect(shown.distance(to: exact) <= 0.5 / 255 + 1e-9, "t = \(t)")
            }
            // Halfway, what a device shows is the Oklab mix, not the sRGB midpoint (0.5, 0, 0.5).
            let middle = playedComponents(animation, at: 0.5)
            expectClose(middle[0], 0.5503, absolute: 0.003)
            expectClose(middle[1], 0.3248, absolute: 0.003)
            expectClose(middle[2], 0.6363, absolute: 0.003)
            // The headless layer plays the same keyframes the same way.
            clock.advance(to: 0.5)
            let headless = host.layer.presentation().backgroundColor.componentArray
            for (a, b) in zip(headless, middle) { expectClose(a, b, absolute: 1e-9) }
        }

        @Test("A 170° rotation stays within tolerance under componentwise and decomposed interpolation")
        func rotation() throws {
            let motion = try ValueMotion(from: Transform3D.identity, to: .rotation(angle: 170 * .pi / 180, x: 0, y: 0, z: 1),
                                         easing: .outCubic, duration: 0.5, tolerance: .geometry)
            let keys = motion.keyframes()
            // maximumDeviation takes the worse of the two interpolations for transforms.
            #expect(motion.maximumDeviation(of: keys, samples: 4_000) <= 0.5 + 1e-9)
            #expect(keys.count > 2)
        }
    }
}
