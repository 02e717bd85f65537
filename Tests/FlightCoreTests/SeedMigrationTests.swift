import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// FlightAnimator's examples as its users type them (README, "Basic Use" and callbacks), with
    /// expected values worked out by hand.
    @MainActor
    @Suite("Coming from FlightAnimator")
    struct FlightAnimatorMigrationTests {
        @Test("A custom key path never set starts from zero and animates (the README's animatableProgress)")
        func customKeyFromZero() {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            let toProgress = 1.0
            let diagnostics = collectingDiagnostics {
                view.animate { animator in
                    animator.value(toProgress, forKeyPath: "animatableProgress").duration(0.5).easing(.outCubic)
                }
            }
            #expect(diagnostics.isEmpty)
            // outCubic at half time: 1 − (1 − 0.5)³ = 0.875 of the way from 0 to 1.
            clock.advance(to: 0.25)
            let shown = view.presentationValue(forKeyPath: "animatableProgress") as? Double
            expectClose(shown ?? -1, 0.875, absolute: 1e-3)
            #expect(view.value(forKeyPath: "animatableProgress", as: Double.self) == 1)
        }

        @Test("CGFloat, Float and Double are one kind of number for a key path")
        func scalarsBridge() {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            view.setModelValue(0.0, forKeyPath: "animatableProgress")          // a Double
            let diagnostics = collectingDiagnostics {
                view.animate { animator in
                    animator.value(CGFloat(2), forKeyPath: "animatableProgress").duration(1).easing(.linear)
                    animator.value(Float(0.5), forKeyPath: "opacity").duration(1).easing(.linear)
                }
            }
            #expect(diagnostics.isEmpty)
            clock.advance(to: 0.5)
            // Linear: halfway from 0 to 2 is 1; from an opacity of 1 to 0.5 is 0.75.
            expectClose(view.presentationValue(forKeyPath: "animatableProgress") as? Double ?? -1, 1, absolute: 1e-9)
            expectClose(view.presentation().opacity, 0.75, absolute: 0.5 / 255)
            #expect(view.value(forKeyPath: "animatableProgress", as: Double.self) == 2)
        }

        @Test("setDidCancelCallback runs once when a group is cut short, before its stop callback")
        func cancelCallback() {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            var events: [String] = []
            view.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.5)
                animator.setDidCancelCallback { _ in events.append("cancel") }
                animator.setDidStopCallback { _, complete in events.append("stop \(complete)") }
            }
            clock.advance(to: 0.2)
            view.animate { animator in
                animator.position(CGPoint(x: 0, y: 0)).duration(0.5)
                animator.setDidCancelCallback { _ in events.append("second cancel") }
                animator.setDidStopCallback { _, complete in events.append("second stop \(complete)") }
            }
            clock.advance(to: 2)
            #expect(events == ["cancel", "stop false", "second stop true"])
        }
    }
}

extension MainActorSuites {
    /// PVView's and RazzleDazzle's spellings, with values worked out by hand.
    @MainActor
    @Suite("Coming from PVView and RazzleDazzle")
    struct PageAndFilmstripMigrationTests {
        @Test("Every action kind has its shorthand; a custom action can define its own reverse")
        func shorthandsAndCustomReverse() {
            @MainActor final class Pages: PageAnimatorDataSource {
                let view = HeadlessLayer()
                func numberOfPages(in animator: PageAnimator) -> Int { 2 }
                func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["v"] }
                func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { view }
                func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                    // PVView's letter-spacing example: spreads out as 10p, comes back as 20(1 − p)².
                    let spacing = PageAction.custom(reverse: { p, host in
                        _ = host.setModelValue(20 * (1 - p) * (1 - p), forKeyPath: "letterSpacing")
                    }) { p, host in
                        _ = host.setModelValue(10 * p, forKeyPath: "letterSpacing")
                    }
                    if page == 0 {
                        return [spacing, .size(from: RelativeSize(width: 100, height: 50), to: RelativeSize(width: 200, height: 150))]
                    }
                    return [spacing.reversed(),
                            .frame(fromOrigin: RelativePoint(x: 0, y: 0), fromSize: RelativeSize(width: 100, height: 100),
                                   toOrigin: RelativePoint(x: 40, y: 80), toSize: RelativeSize(width: 300, height: 100))]
                }
            }
            let pages = Pages()
            let animator = PageAnimator(axis: .horizontal, containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.update(offset: 80)    // page 0, a quarter
            #expect(pages.view.value(forKeyPath: "letterSpacing", as: Double.self) == 2.5)
            #expect(pages.view.bounds.size == CGSize(width: 125, height: 75))
            animator.update(offset: 400)   // page 1, a quarter: the custom reverse, 20 · 0.75²
            #expect(pages.view.value(forKeyPath: "letterSpacing", as: Double.self) == 11.25)
            #expect(pages.view.frame == CGRect(x: 10, y: 20, width: 150, height: 100))
        }

        @Test("RazzleDazzle's addKeyframe(_:value:) and animation[time] = value")
        func razzleDazzleSpellings() {
            var alpha = KeyframeTrack<Double>()
            alpha.addKeyframe(0, value: 0)
            alpha.addKeyframe(100, value: 1, easing: .inQuadratic)
            alpha[200] = 0
            #expect(alpha[50] == 0.5)
            // inQuadratic from 1 to 0, a quarter of the way through its segment: 1 − 1·(1/4)².
            #expect(alpha[125] == 1 - 0.0625)
            #expect(alpha.keyframes.count == 3)
        }
    }
}
