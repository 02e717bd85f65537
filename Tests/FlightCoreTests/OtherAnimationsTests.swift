import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// Animations that are not Flight's on a key path Flight then animates: UIKit's additive ones
    /// (`UIView.animate` over a running animation adds the difference between the old and the
    /// new model value, running to zero), and the app's own.
    @MainActor @Suite("Other animations on the same key path")
    struct OtherAnimationsTests {
        /// What UIKit adds when a view's position changes from `from` to `to` during a running
        /// animation: the model jumps to `to`, and an additive animation of `from − to` to zero.
        static func addUIKitStyleMove(to layer: HeadlessLayer, from: CGPoint, to: CGPoint, duration: TimeInterval) {
            layer.position = to
            let offset = CGPoint(x: from.x - to.x, y: from.y - to.y)
            var animation = LayerAnimation(
                keyPath: "position", beginTime: layer.currentTime,
                keyframes: Keyframes(duration: duration, keyTimes: [0, 1], values: [offset, .zero]))
            animation.isAdditive = true
            layer.add(animation, forKey: "uikit.position")
        }

        @Test("An additive animation adds its value to the model, as CAPropertyAnimation.isAdditive documents")
        func additiveAdds() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            Self.addUIKitStyleMove(to: layer, from: .zero, to: CGPoint(x: 100, y: 0), duration: 1)
            for step in 0...120 {
                clock.advance(to: Double(step) / 120)
                // Linear key frames from −100 to 0, added to the model's 100.
                expectClose(Double(layer.presentation().position.x), 100 * Double(step) / 120, absolute: 1e-9)
            }
            // A transform is concatenated: a translation after a scale of 2.
            layer.transform = .scale(x: 2, y: 2, z: 1)
            var turn = LayerAnimation(keyPath: "transform", beginTime: layer.currentTime,
                                      keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [Transform3D.translation(x: 10, y: 0),
                                                                                                   Transform3D.translation(x: 10, y: 0)]))
            turn.isAdditive = true
            layer.add(turn, forKey: "app.transform")
            let shown = layer.presentation().transform
            #expect(shown.m11 == 2 && shown.m41 == 10)
        }

        @Test("Flight starts from what an additive UIKit animation shows, and nothing jumps, frame by frame")
        func startsFromWhatIsShown() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            Self.addUIKitStyleMove(to: layer, from: .zero, to: CGPoint(x: 100, y: 0), duration: 1)
            everyFrame(clock, until: 0.4) { _ in }
            let before = layer.presentation().position
            let group = layer.animate { $0.position(CGPoint(x: 100, y: 200)).duration(0.5).easing(.outCubic) }
            let from = try #require(group.property("position")?.from as? CGPoint)
            #expect(abs(from.x - before.x) < 1e-9 && abs(from.y - before.y) < 1e-9, "from \(from), shown \(before)")
            #expect(abs(layer.presentation().position.x - before.x) < 1e-9)
            var previous = before
            // The fastest an out-cubic move goes: 3 × its distance / 0.5 s, over a 1/120 s frame.
            let step = 3 * hypot(100 - before.x, 200 - before.y) / 0.5 / 120
            everyFrame(clock, until: 1.2) { now in
                let shown = layer.presentation().position
                #expect(hypot(shown.x - previous.x, shown.y - previous.y) <= step + 1e-9, "t = \(now)")
                previous = shown
            }
            #expect(layer.presentation().position == CGPoint(x: 100, y: 200))
        }

        @Test("An animation that is not additive and not Flight's also counts; one on another property does not")
        func otherAnimationsCount() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.add(LayerAnimation(keyPath: "position.x", beginTime: 0,
                                     keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [50.0, 50.0])), forKey: "app")
            #expect(layer.hasOtherAnimations(onBase: "position"))
            #expect(!layer.hasOtherAnimations(onBase: "bounds"))
            let group = layer.animate { $0.position(CGPoint(x: 10, y: 10)).duration(0.5) }
            #expect((group.property("position")?.from as? CGPoint)?.x == 50)
            // Flight's own animations are not others.
            #expect(!layer.hasOtherAnimations(onBase: "opacity"))
            layer.animate { $0.alpha(0.5).duration(0.5) }
            #expect(!layer.hasOtherAnimations(onBase: "opacity"))
        }

        @Test("The CoreAnimation description carries isAdditive; Flight's own animations are never additive")
        func descriptionCarriesAdditive() {
            var animation = LayerAnimation(keyPath: "position", beginTime: 0,
                                           keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [CGPoint(x: -10, y: 0), .zero]))
            animation.isAdditive = true
            #expect(CoreAnimationKeyframeAnimation(key: "uikit", animation: animation).isAdditive)
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.animate { $0.position(CGPoint(x: 10, y: 10)).duration(0.5); $0.alpha(0.2).duration(0.3) }
            for key in layer.animationKeys {
                let description = CoreAnimationKeyframeAnimation(key: key, animation: layer.animation(forKey: key)!)
                #expect(!description.isAdditive)
            }
        }
    }
}
