import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// The README's FlightCore snippet, compiled and run; `FlightEasingTests/ReadmeTests` checks
    /// that every README block appears verbatim in a test.
    @Suite("README (FlightCore)")
    @MainActor
    struct ReadmeCoreTests {
        @Test("The values-and-keyframes snippet runs and gives the values its comments state")
        func valuesSnippet() throws {
            // README snippet begins

            // Any AnimatableValue: numbers, points, sizes, rects, transforms, colours.
            let slide = try ValueMotion(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 300, y: 40),
                                        easing: .outBack, duration: 0.5, tolerance: .geometry)
            let midway = slide.value(at: 0.25)

            // What CoreAnimation will play: as few keyframe segments (each with its own timing curve)
            // as keep it within 0.5 pt of the curve.
            let keys = slide.keyframes()
            let worst = slide.maximumDeviation(of: keys)             // ≤ 0.5 pt

            // Transforms decompose (a rotation never shears) and take the short way round.
            let turn = Transform2D.rotation(170 * .pi / 180)
                .interpolated(to: .rotation(-170 * .pi / 180), fraction: 0.5)   // 180°, not 0°

            // Colours mix premultiplied in Oklab, as CSS color-mix() does.
            let mixed = Color(red: 1, green: 0, blue: 0)
                .interpolated(to: Color(red: 0, green: 0, blue: 1), fraction: 0.5)
            // README snippet ends
            #expect(midway.x > 300)  // outBack has already overshot halfway through
            #expect(keys.count > 2 && keys.values.last == CGPoint(x: 300, y: 40))
            #expect(worst <= 0.5 * (1 + 1e-9))
            expectClose(turn.a, -1, absolute: 1e-12)
            expectClose(turn.b, 0, absolute: 1e-12)
            let oklab = mixed.oklab
            let expected = (Color(red: 1, green: 0, blue: 0).oklab + Color(red: 0, green: 0, blue: 1).oklab) / 2
            expectClose(oklab.x, expected.x, absolute: 1e-12)
            expectClose(oklab.y, expected.y, absolute: 1e-12)
        }

        @Test("The group animation snippet runs: a redirect mid-flight from a registered state")
        func groupSnippet() throws {
            // README snippet begins

            // A portable layer with CoreAnimation's timing rules, on a clock that tests step exactly.
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)

            view.animate(.maxTime) { animator in
                animator.bounds(CGRect(x: 0, y: 0, width: 200, height: 200)).duration(0.5).easing(.outCubic).primary(true)
                animator.position(CGPoint(x: 300, y: 400)).duration(0.5).easing(.inSine).primary(true)
                animator.alpha(0.5).duration(0.5).easing(.outCubic)
                animator.setDidStopCallback { _, finished in print("landed:", finished) }
            }
            clock.advance(by: 0.25)

            // Redirected mid-flight: starts from what is on screen, with the time that is left.
            view.registerAnimation(forKey: "home") { animator in
                animator.position(CGPoint(x: 50, y: 50)).duration(0.5).easing(.outCubic)
            }
            let redirect = view.applyAnimation(forKey: "home")   // takes over position; bounds and alpha fly on
            // README snippet ends
            #expect(view.animationState.activeGroups.count == 2)
            let duration = try #require(redirect).duration
            #expect(duration > 0 && duration < 0.5)
            clock.advance(by: 1)
            #expect(view.presentation().position == CGPoint(x: 50, y: 50))
        }

        @Test("The trigger snippet runs: the follower starts when the leader is halfway")
        func triggerSnippet() throws {
            let clock = ManualClock()
            // README snippet begins

            // Chaining: a second view follows the first through a trigger, nested as deep as you like.
            let primary = HeadlessLayer(clock: clock), secondary = HeadlessLayer(clock: clock)
            primary.animate { animator in
                animator.position(CGPoint(x: 300, y: 0)).duration(0.6).easing(.outBack)
                animator.triggerOnValueProgress(0.5, onView: secondary) { animator in
                    animator.position(CGPoint(x: 300, y: 80)).duration(0.4).easing(.outCubic)
                    animator.triggerOnCompletion(onView: primary) { animator in
                        animator.alpha(0.5).duration(0.2)
                    }
                }
            }
            clock.advance(by: 1.0 / 60)    // frames fire triggers on the first frame at or after their moment
            // README snippet ends
            for frame in 2...120 { clock.advance(to: Double(frame) / 60) }
            #expect(secondary.presentation().position == CGPoint(x: 300, y: 80))
            #expect(primary.presentation().opacity == 0.5)
        }
    }
}
