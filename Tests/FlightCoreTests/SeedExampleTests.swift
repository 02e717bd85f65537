import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// FlightAnimator's README examples, as Flight users write them, on a headless layer.
    @MainActor
    @Suite("Seed README examples")
    struct SeedExampleTests {
        /// "Timing Priority": a view flies between button frames; redirected while the bounds do not
        /// change, the bounds' synchronized duration is 0 and `.maxTime` follows the position.
        @Test("Timing priority example: unchanged bounds do not hold the redirect back")
        func timingPriorityExample() throws {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            func animateView(toFrame frame: CGRect) -> AnimationGroup {
                let newBounds = CGRect(x: 0, y: 0, width: frame.width, height: frame.height)
                let newPosition = CGPoint(x: frame.midX, y: frame.midY)
                return view.animate(.maxTime) { animator in
                    animator.bounds(newBounds).duration(0.5).easing(.outCubic)
                    animator.position(newPosition).duration(0.5).easing(.inSine)
                }
            }
            _ = animateView(toFrame: CGRect(x: 200, y: 0, width: 100, height: 100))
            step(clock, to: 0.25)
            // inSine at half time: 1 − cos(π/4) ≈ 0.2929 of the 200 pt.
            let travelled = view.presentation().position.x - 50
            expectClose(Double(travelled), 200 * (1 - cos(Double.pi / 4)), absolute: 0.5)
            let group = animateView(toFrame: CGRect(x: 0, y: 300, width: 100, height: 100))
            #expect(group.property("bounds")?.duration == 0)
            let current = CGPoint(x: 50 + travelled, y: 50)
            let remaining = Double(hypot(current.x - 50, current.y - 350))
            expectClose(group.duration, 0.5 * remaining / (remaining + Double(travelled)), absolute: 1e-3)
        }

        /// "Primary Flag": only bounds and position decide the timing; alpha and transform follow.
        @Test("Primary flag example: only primaries decide the duration, the rest are re-timed")
        func primaryFlagExample() throws {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let newTransform = Transform2D.rotation(.pi / 4)
            view.animate { $0.position(CGPoint(x: 300, y: 50)).duration(0.5) }
            step(clock, to: 0.4)
            let group = view.animate(.maxTime) { animator in
                animator.bounds(CGRect(x: 0, y: 0, width: 200, height: 200)).duration(0.5).easing(.outCubic).primary(true)
                animator.position(CGPoint(x: 300, y: 50)).duration(0.5).easing(.inSine).primary(true)
                animator.alpha(0.0).duration(0.5).easing(.outCubic)
                animator.transform(newTransform).duration(0.5).easing(.inSine)
            }
            // Position has 20 % of its way left: 0.1 s; bounds start fresh: 0.5 s; maxTime → 0.5.
            expectClose(try #require(group.property("position")).duration, 0.1, absolute: 0.005)
            #expect(group.duration == 0.5)
            #expect(group.property("opacity")?.duration == 0.5 && group.property("transform")?.duration == 0.5)
            step(clock, to: 0.9)
            #expect(group.hasEnded && group.finished)
            #expect(view.presentation().transform == newTransform.transform3D)
        }

        /// FlightAnimator animated a layer's transform with `transform(_:)`: a 3D transform goes
        /// by that name too, and `.identity` is still the 2D one (the same matrix).
        @Test("transform(_:) takes a layer's 3D transform, as FlightAnimator's did")
        func transformTakesA3DTransform() {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            let newTransform = Transform3D.rotation(angle: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
            let group = view.animate(.maxTime) { animator in
                animator.transform(newTransform).duration(0.5).easing(.inSine)
            }
            #expect(group.keyPaths == ["transform"])
            step(clock, to: 0.6)
            #expect(group.finished && view.presentation().transform == newTransform)
            view.animate { $0.transform(.identity).duration(0.2) }
            step(clock, to: 0.9)
            #expect(view.presentation().transform == .identity)
        }

        /// ".SpringDecay w/ Initial Velocity": a pan gesture ends; the view glides into place from
        /// the gesture's velocity, taking its own time.
        @Test("Pan hand-off: springDecay starts from the gesture velocity in both directions")
        func springDecayHandOff() throws {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.frame = CGRect(x: 120, y: 400, width: 100, height: 100)
            let velocity = CGPoint(x: -900, y: -2400)   // recognizer.velocity(in: view) at .ended
            let finalPosition = CGPoint(x: 160, y: 120)
            let group = view.animate { animator in
                animator.bounds(CGRect(x: 0, y: 0, width: 100, height: 100)).duration(0.5).easing(.outCubic)
                animator.position(finalPosition).duration(0.5).easing(.springDecay(velocity: velocity))
            }
            let position = try #require(group.property("position"))
            let v0 = position.velocity(at: 0)
            #expect(v0[0] == -900 && v0[1] == -2400)
            #expect(position.duration != 0.5 && group.duration == position.duration)
            step(clock, to: group.duration)
            #expect(view.presentation().position == finalPosition)
            #expect(group.finished)
        }

        /// "Cache & Reuse Animations": register a state, apply it animated and not.
        @Test("Register and apply a state, animated and immediately")
        func cacheAndReuse() {
            struct AnimationKeys { static let centerStateFrameAnimation = "CenterStateFrameAnimation" }
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.registerAnimation(forKey: AnimationKeys.centerStateFrameAnimation) { animator in
                animator.bounds(CGRect(x: 0, y: 0, width: 80, height: 80)).duration(0.5).easing(.outCubic)
                animator.position(CGPoint(x: 160, y: 284)).duration(0.5).easing(.outCubic)
            }
            #expect(view.position == .zero)   // only cached: nothing happens until applied
            view.applyAnimation(forKey: AnimationKeys.centerStateFrameAnimation)
            step(clock, to: 0.25)
            #expect(view.presentation().position.x > 100 && view.presentation().position.x < 160)
            view.position = .zero
            view.applyAnimation(forKey: AnimationKeys.centerStateFrameAnimation, animated: false)
            #expect(view.presentation().position == CGPoint(x: 160, y: 284))
        }
    }
}

extension MainActorSuites {
    /// The media-timing rules HeadlessLayer shares with CoreAnimation.
    @MainActor
    @Suite("Headless media timing")
    struct HeadlessMediaTimingTests {
        /// An animation that holds `value` on `keyPath` for `duration` seconds from `beginTime`.
        static func constant(
            _ keyPath: String, _ value: Double, beginTime: TimeInterval, duration: TimeInterval = 1
        ) -> LayerAnimation {
            LayerAnimation(keyPath: keyPath, beginTime: beginTime,
                           keyframes: Keyframes(duration: duration, keyTimes: [0, 1], values: [value, value]))
        }

        @Test("Begin time, fill modes and removal on completion")
        func fillModes() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.opacity = 1
            var animation = Self.constant("opacity", 0.5, beginTime: 1)
            layer.add(animation, forKey: "plain")
            #expect(layer.presentation().opacity == 1)            // before begin: not shown
            clock.advance(to: 1.5)
            #expect(layer.presentation().opacity == 0.5)
            clock.advance(to: 2)
            #expect(layer.presentation().opacity == 1 && layer.animationKeys.isEmpty)
            animation.beginTime = 3
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            layer.add(animation, forKey: "held")
            #expect(layer.presentation().opacity == 0.5)          // backwards fill
            clock.advance(to: 10)
            #expect(layer.presentation().opacity == 0.5 && layer.animationKeys == ["held"])   // forwards, kept
        }

        @Test("Later animations override earlier ones; a key replaces its animation")
        func overrideAndReplace() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var ended: [String] = []
            layer.add(Self.constant("opacity", 0.2, beginTime: 0, duration: 2), forKey: "a") {
                ended.append("a \($0)")
            }
            layer.add(Self.constant("opacity", 0.7, beginTime: 0), forKey: "b") {
                ended.append("b \($0)")
            }
            #expect(layer.presentation().opacity == 0.7)
            clock.advance(to: 1.5)
            #expect(layer.presentation().opacity == 0.2 && ended == ["b true"])
            layer.add(Self.constant("opacity", 0.9, beginTime: 1.5), forKey: "a")
            #expect(ended == ["b true", "a false"] && layer.presentation().opacity == 0.9)
        }

        @Test("Events due in one long frame are handled in the order they were due")
        func orderedEvents() {
            let clock = ManualClock()
            let first = HeadlessLayer(clock: clock), second = HeadlessLayer(clock: clock)
            var order: [String] = []
            second.add(Self.constant("zPosition", 0, beginTime: 0, duration: 0.3), forKey: "x") { _ in order.append("second") }
            first.add(Self.constant("zPosition", 0, beginTime: 0, duration: 0.6), forKey: "x") { _ in order.append("first") }
            clock.advance(to: 5)
            #expect(order == ["second", "first"])
            #expect(!clock.hasPendingEvents)
        }
    }
}
