import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// `CALayer.presentation()` "Returns nil if the layer has not yet been committed"
    /// (QuartzCore's `CALayer.h`), and a host then reads the model alone. With commit lag on,
    /// a headless layer that was never committed shows its model, none of its animations, as a
    /// device does; from its first commit on it shows the committed tree, frame by frame.
    @MainActor
    @Suite("Before the first commit")
    struct FirstCommitTests {
        /// The x a linear move from `from` to `to` over `duration` shows at `t`.
        static func linear(_ from: Double, _ to: Double, _ duration: Double, at t: Double) -> Double {
            from + (to - from) * min(max(t / duration, 0), 1)
        }

        @Test("A layer never committed shows its model alone; from its first commit on, the animation plays")
        func modelAloneUntilFirstCommit() {
            let clock = ManualClock(deviceBehaviors: .commitLag)
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 0, y: 0)
            layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(0.5).easing(.linear) }
            #expect(layer.presentation().position == CGPoint(x: 100, y: 0),
                    "never committed: the model (the target), not the animation's start")
            // Every 1/120 s frame: the frame's commit puts the animation on screen.
            var frames = 0
            while clock.now < 0.6 - 1e-9 {
                clock.advance(by: 1.0 / 120)
                frames += 1
                expectClose(Double(layer.presentation().position.x), Self.linear(0, 100, 0.5, at: clock.now), absolute: 1e-9)
            }
            #expect(frames == 72)
        }

        @Test("An app's animation on a layer never committed is not on screen: Flight starts from the model")
        func appAnimationBeforeFirstCommit() {
            let clock = ManualClock(deviceBehaviors: .commitLag)
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 10, y: 0)
            // The app's own move, half-way through already (it began 0.5 s ago): x 0 → 80 over 1 s, 40 now.
            layer.add(LayerAnimation(keyPath: "position", beginTime: -0.5,
                                     keyframes: Keyframes(duration: 1, keyTimes: [0, 1],
                                                          values: [CGPoint(x: 0, y: 0), CGPoint(x: 80, y: 0)])),
                      forKey: "app.move")
            #expect(layer.presentation().position == CGPoint(x: 10, y: 0), "never committed: the model alone")
            // `CALayerHost` reads `presentation() ?? layer`: Flight starts from the model, not from 40.
            let group = layer.animate { $0.position(CGPoint(x: 200, y: 0)).duration(0.5).easing(.linear) }
            #expect(group.property("position")?.keyframes.valueList.first as? CGPoint == CGPoint(x: 10, y: 0))
            while clock.now < 0.6 - 1e-9 {
                clock.advance(by: 1.0 / 120)
                // Flight's animation, added last, overrides the app's on the same key path.
                expectClose(Double(layer.presentation().position.x), Self.linear(10, 200, 0.5, at: clock.now), absolute: 1e-9)
            }
        }

        @Test("A layer made mid-timeline shows its model until the frame that commits it; its neighbour plays on")
        func layerMadeMidTimeline() {
            let clock = ManualClock(deviceBehaviors: .commitLag)
            let old = HeadlessLayer(clock: clock)
            old.animate { $0.position(CGPoint(x: 120, y: 0)).duration(0.5).easing(.linear) }
            var fresh: HeadlessLayer?
            var begin: TimeInterval?
            while clock.now < 0.6 - 1e-9 {
                clock.advance(by: 1.0 / 120)
                expectClose(Double(old.presentation().position.x), Self.linear(0, 120, 0.5, at: clock.now), absolute: 1e-9)
                if let fresh, let begin {
                    // Committed at the end of the frame after the one it was made in.
                    expectClose(Double(fresh.presentation().opacity), Self.linear(1, 0.2, 0.25, at: clock.now - begin), absolute: 1e-9)
                }
                if fresh == nil, clock.now > 0.2 {
                    // Made and animated between frames: not committed until the next frame ends.
                    let layer = HeadlessLayer(clock: clock)
                    layer.animate { $0.opacity(0.2).duration(0.25).easing(.linear) }
                    #expect(layer.presentation().opacity == 0.2, "never committed: the model alone")
                    fresh = layer
                    begin = clock.now
                }
            }
            #expect(fresh != nil)
        }

        @Test("Without commit lag every change shows at once: the animation from its first instant")
        func withoutCommitLag() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.animate { $0.position(CGPoint(x: 100, y: 0)).duration(0.5).easing(.linear) }
            #expect(layer.presentation().position == CGPoint(x: 0, y: 0))
            while clock.now < 0.6 - 1e-9 {
                clock.advance(by: 1.0 / 120)
                expectClose(Double(layer.presentation().position.x), Self.linear(0, 100, 0.5, at: clock.now), absolute: 1e-9)
            }
        }
    }
}
