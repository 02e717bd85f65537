import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// The README's FlightCore blocks, each pasted verbatim into a test of its own that runs it and
    /// checks what its comments state. `FlightEasingTests/ReadmeTests` checks that these copies and
    /// the README are the same text and that each block compiles on its own.
    @MainActor
    @Suite("README (FlightCore)")
    struct ReadmeCoreTests {
        @Test("README, “Values and keyframes in one screen”: runs and gives the values its comments state")
        func valuesAndKeyframesInOneScreen() throws {
            // README block "Values and keyframes in one screen" begins
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
            // README block ends
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

        @Test("README, “Group animations in one screen”: a redirect mid-flight from a registered state")
        func groupAnimationsInOneScreen() throws {
            // README block "Group animations in one screen" begins
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
            // README block ends
            #expect(view.animationState.activeGroups.count == 2)
            let duration = try #require(redirect).duration
            #expect(duration > 0 && duration < 0.5)
            clock.advance(by: 1)
            #expect(view.presentation().position == CGPoint(x: 50, y: 50))
        }

        @Test("README, “Triggers in one screen”: the follower starts when the leader is halfway")
        func triggersInOneScreen() throws {
            // README block "Triggers in one screen" begins
            // Chaining: a second view follows the first through a trigger, nested as deep as you like.
            let clock = ManualClock()
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
            // README block ends
            for frame in 2...120 { clock.advance(to: Double(frame) / 60) }
            #expect(secondary.presentation().position == CGPoint(x: 300, y: 80))
            #expect(primary.presentation().opacity == 0.5)
        }

        @Test("README, “A pan gesture handed to a spring”: leaves at the finger's velocity, rests on the nearest corner")
        func panGestureHandedToASpring() throws {
            // README block "A pan gesture handed to a spring" begins
            // A card is let go mid-drag: where the fling would come to rest picks the nearest corner, and a
            // spring that leaves at the finger's velocity carries the card there.
            let clock = ManualClock()
            let card = HeadlessLayer(clock: clock)
            card.position = CGPoint(x: 160, y: 300)
            let corners = [CGPoint(x: 80, y: 120), CGPoint(x: 240, y: 120),
                           CGPoint(x: 80, y: 480), CGPoint(x: 240, y: 480)]
            let velocity = CGPoint(x: 600, y: -900)    // recognizer.velocity(in: view.superview), in pt/s

            card.animate { animator in                 // on UIKit: in the pan handler, when it has ended
                animator.position(releasedAt: card.position, velocity: velocity, snappingTo: corners)
            }
            clock.advance(by: 2)                       // at rest on (240, 120), the top right corner
            // README block ends
            #expect(card.presentation().position == CGPoint(x: 240, y: 120))
            #expect(card.position == CGPoint(x: 240, y: 120))
            #expect(card.animationState.activeGroups.isEmpty)
            // `Release` picks the same corner on its own.
            #expect(Release.snapPoint(from: CGPoint(x: 160, y: 300), velocity: velocity, among: corners)
                    == CGPoint(x: 240, y: 120))
            // It leaves at the finger's velocity (replayed, to look at the group).
            let again = HeadlessLayer(clock: ManualClock())
            again.position = CGPoint(x: 160, y: 300)
            let group = again.animate { animator in
                animator.position(releasedAt: again.position, velocity: velocity, snappingTo: corners)
            }
            let leaving = try #require(group.property("position")).velocity(at: 0)
            expectClose(leaving[0], 600, relative: 1e-9)
            expectClose(leaving[1], -900, relative: 1e-9)
        }
    }
}
