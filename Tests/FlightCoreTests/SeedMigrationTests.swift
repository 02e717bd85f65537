import FlightCore
import FlightTestSupport
import Foundation
import Testing

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
