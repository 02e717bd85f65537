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

extension MainActorSuites {
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
