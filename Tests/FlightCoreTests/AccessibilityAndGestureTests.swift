import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    @MainActor
    @Suite("Reduce Motion and gesture release")
    struct AccessibilityAndGestureTests {
        func flight(on layer: HeadlessLayer) -> AnimationGroup {
            layer.animate { animator in
                animator.position(CGPoint(x: 300, y: 0)).duration(0.8).easing(.outBack)
                animator.bounds(CGRect(x: 0, y: 0, width: 50, height: 50)).easing(.spring(.bouncy))
                animator.alpha(0.2).duration(0.6).easing(.outCubic)
            }
        }

        @Test("Off by default on Linux, and then animations run as written")
        func offByDefault() {
            #expect(!ReduceMotion.isEnabled())
            let group = flight(on: HeadlessLayer())
            #expect(group.property("position")?.easing == .outBack && group.duration > 0.8)
        }

        @Test("Shorten: capped durations, no springs or overshoot")
        func shorten() {
            withReducedMotion(.shorten(maximumDuration: 0.25)) {
                let group = flight(on: HeadlessLayer())
                #expect(group.duration == 0.25)
                #expect(group.property("position")?.easing == .inOutSine)
                #expect(group.property("bounds")?.easing == .inOutSine)
                #expect(group.property("opacity")?.easing == .outCubic && group.property("opacity")?.duration == 0.25)
            }
        }

        @Test("Cross-fade: the layer fades out, jumps while invisible and fades in; nothing moves, no sibling fades")
        func crossFade() {
            withReducedMotion(.crossFade(duration: 0.2)) {
                let clock = ManualClock()
                let root = HeadlessLayer(clock: clock), layer = HeadlessLayer(clock: clock), sibling = HeadlessLayer(clock: clock)
                root.addSublayer(layer)
                root.addSublayer(sibling)
                let group = flight(on: layer)
                #expect(group.duration == 0.2)
                #expect(root.animationKeys.isEmpty && sibling.animationKeys.isEmpty)
                var previous = layer.presentation()
                var lowest = (opacity: 1.0, time: 0.0)
                for frame in 1...36 {
                    let time = Double(frame) / 120
                    clock.advance(to: time)
                    let shown = layer.presentation()
                    // Geometry is either where it was or where it goes, never between, and it only
                    // changes while the layer is invisible.
                    #expect(shown.position == .zero || shown.position == CGPoint(x: 300, y: 0), "t=\(time)")
                    if shown.position != previous.position || shown.bounds != previous.bounds {
                        #expect(shown.opacity < 0.5 / 255 && previous.opacity <= 1, "t=\(time)")
                        expectClose(time, 0.1, absolute: 1e-9)
                    }
                    if shown.opacity < lowest.opacity { lowest = (shown.opacity, time) }
                    // Down to the jump, then up: no flicker.
                    if time <= 0.1 { #expect(shown.opacity <= previous.opacity + 1e-12, "t=\(time)") }
                    if time > 0.1 && time <= 0.2 { #expect(shown.opacity >= previous.opacity - 1e-12, "t=\(time)") }
                    #expect(sibling.presentation().opacity == 1 && root.presentation().opacity == 1)
                    previous = shown
                }
                #expect(lowest.opacity < 1e-9)
                expectClose(lowest.time, 0.1, absolute: 1e-9)
                let end = layer.presentation()
                #expect(end.position == CGPoint(x: 300, y: 0) && end.bounds.width == 50)
                expectClose(end.opacity, 0.2, absolute: 1e-12)
                #expect(group.hasEnded && group.finished && layer.animationKeys.isEmpty)
            }
        }

        @Test("Cross-fade fades only a layer that moves")
        func crossFadeOnlyWhatMoves() {
            withReducedMotion(.crossFade(duration: 0.2)) {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                layer.position = CGPoint(x: 300, y: 0)
                layer.animate { animator in
                    animator.position(CGPoint(x: 300, y: 0)).duration(0.8)   // already there
                    animator.backgroundColor(Color(red: 1, green: 0, blue: 0)).duration(0.8)
                }
                for frame in 1...30 {
                    clock.advance(to: Double(frame) / 120)
                    #expect(layer.presentation().opacity == 1)
                }
                #expect(layer.presentation().backgroundColor == Color(red: 1, green: 0, blue: 0))
            }
        }

        @Test("Jump: final values at once, triggers still fire so chains are not lost")
        func jump() {
            withReducedMotion(.jump) {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
                var started = false
                let group = layer.animate { animator in
                    animator.position(CGPoint(x: 10, y: 10)).duration(1)
                    animator.triggerOnCompletion(onView: other) { animator in
                        animator.alpha(0).duration(1)
                        animator.setDidStartCallback { _ in started = true }
                    }
                }
                #expect(group.hasEnded && group.finished && started)
                #expect(other.presentation().opacity == 0 && layer.presentation().position == CGPoint(x: 10, y: 10))
            }
        }

        @Test("A release projects with decay and snaps to the nearest point")
        func release() throws {
            let corners = [CGPoint(x: 50, y: 50), CGPoint(x: 350, y: 50), CGPoint(x: 50, y: 650), CGPoint(x: 350, y: 650)]
            // Released near the top left but flung down-right hard: the projection decides.
            let start = CGPoint(x: 80, y: 90)
            let velocity = CGPoint(x: 800, y: 1_400)
            let rest = Release.projectedPosition(from: start, velocity: velocity)
            expectClose(Double(rest.x), 80 + Decay.normal.projection(initialVelocity: 800), absolute: 1e-9)
            #expect(Release.snapPoint(from: start, velocity: velocity, among: corners) == CGPoint(x: 350, y: 650))
            #expect(Release.snapPoint(from: start, velocity: .zero, among: corners) == CGPoint(x: 50, y: 50))
            #expect(Release.snapPoint(from: start, velocity: CGPoint(x: CGFloat.nan, y: 0), among: corners)
                    == CGPoint(x: 50, y: 50))
            #expect(Release.snapPoint(from: start, velocity: velocity, among: []) == nil)

            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.position = start
            let group = view.animate { $0.position(releasedAt: start, velocity: velocity, snappingTo: corners) }
            let position = try #require(group.property("position"))
            #expect(position.velocity(at: 0)[0] == 800 && position.velocity(at: 0)[1] == 1_400)
            clock.advance(by: group.duration)
            #expect(view.presentation().position == CGPoint(x: 350, y: 650))
        }
    }
}
