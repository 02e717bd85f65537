import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// What a view keeps in its own `backgroundColor` after Flight animates its layer's: UIKit
    /// resolves a view's colour again when its traits change and sets the layer's, so a view left
    /// with its old colour would put that colour back at the next switch to dark mode. Modelled
    /// headless: a view that keeps a colour per appearance, as a dynamic `UIColor` does, and on a
    /// trait change sets its layer's model to that colour resolved, as UIKit does; the bridge's
    /// decision (`ViewColorHandOff`) is the one `UIView.animate` makes.
    @MainActor
    @Suite("What UIKit owns: a view's colour")
    struct ViewColorHandOffTests {
        /// A dynamic colour: one colour in light mode, one in dark.
        struct DynamicColor: Equatable {
            var light: Color
            var dark: Color
            func resolved(dark isDark: Bool) -> Color { isDark ? dark : light }
        }

        /// A view as UIKit keeps one: its own colour, resolved onto its layer on a trait change.
        @MainActor
        final class ModelView {
            let layer: HeadlessLayer
            var color: ViewColorHandOff.Kept<DynamicColor>
            var isDark = false

            init(clock: ManualClock, color: DynamicColor) {
                layer = HeadlessLayer(clock: clock)
                self.color = .platform(color)
                layer.backgroundColor = color.light
            }

            /// UIKit: a trait change resolves the view's colour again and sets the layer's.
            func setDark(_ dark: Bool) {
                isDark = dark
                switch color {
                case .platform(let dynamic): layer.backgroundColor = dynamic.resolved(dark: dark)
                case .fixed(let fixed): layer.backgroundColor = fixed
                }
            }

            /// What `UIView.animate` does: resolve the app's colour for this view, animate the
            /// layer, then keep on the view the colour the group ends on.
            func animate(to dynamic: DynamicColor?, orFixed fixed: Color? = nil, handOff: Bool = true) {
                let given = dynamic.map { ($0, $0.resolved(dark: isDark)) }
                layer.registerAnimation(forKey: "next") { animator in
                    if let given { animator.backgroundColor(given.1).duration(0.3).easing(.linear) }
                    if let fixed { animator.backgroundColor(fixed).duration(0.3).easing(.linear) }
                }
                let plan = layer.animationState.registered["next"]!
                layer.applyAnimation(forKey: "next")
                guard handOff else { return }
                let kept = ViewColorHandOff.colorToKeep(target: ViewColorHandOff.backgroundTarget(of: plan),
                                                        given: given.map { (color: $0.0, resolved: $0.1) })
                if let kept { color = kept }
            }
        }

        static let blue = DynamicColor(light: Color(red: 0, green: 0.48, blue: 1), dark: Color(red: 0.04, green: 0.52, blue: 1))
        static let red = DynamicColor(light: Color(red: 1, green: 0.23, blue: 0.19), dark: Color(red: 1, green: 0.27, blue: 0.23))

        /// Plays 0.3 s and a bit at 120 Hz: the colour shown closes on `target` every frame and
        /// ends on it.
        func play(_ view: ModelView, to target: Color, sourceLocation: SourceLocation = #_sourceLocation) {
            var distance = view.layer.presentation().backgroundColor.distance(to: target)
            for frame in 1...40 {
                view.layer.clock.advance(to: view.layer.clock.now + 1.0 / 120)
                let now = view.layer.presentation().backgroundColor.distance(to: target)
                #expect(now <= distance + 1e-12, "frame \(frame)", sourceLocation: sourceLocation)
                distance = now
            }
            #expect(distance < 1e-9, sourceLocation: sourceLocation)
        }

        @Test("After animating to a dynamic colour, a switch to dark mode shows that colour's dark variant, not the old one's")
        func dynamicColorSurvivesDarkMode() {
            let view = ModelView(clock: ManualClock(), color: Self.blue)
            view.animate(to: Self.red)
            play(view, to: Self.red.light)
            view.setDark(true)
            #expect(view.layer.presentation().backgroundColor == Self.red.dark)
            view.setDark(false)
            #expect(view.layer.presentation().backgroundColor == Self.red.light)
            // The control: a view left with its old colour snaps back to it at the switch.
            let stale = ModelView(clock: ManualClock(), color: Self.blue)
            stale.animate(to: Self.red, handOff: false)
            play(stale, to: Self.red.light)
            stale.setDark(true)
            #expect(stale.layer.presentation().backgroundColor == Self.blue.dark)
        }

        @Test("A fixed Flight colour, or one that replaced the UIColor in the same group, is kept fixed")
        func fixedColors() {
            let fixed = Color(red: 0.2, green: 0.8, blue: 0.4)
            let view = ModelView(clock: ManualClock(), color: Self.blue)
            view.animate(to: nil, orFixed: fixed)
            play(view, to: fixed)
            view.setDark(true)
            #expect(view.layer.presentation().backgroundColor == fixed && view.color == .fixed(fixed))
            // The UIColor was given first, then a later setter replaced it: the group ends on the fixed one.
            let replaced = ModelView(clock: ManualClock(), color: Self.blue)
            replaced.animate(to: Self.red, orFixed: fixed)
            play(replaced, to: fixed)
            replaced.setDark(true)
            #expect(replaced.layer.presentation().backgroundColor == fixed)
        }

        @Test("The decision: the app's colour when the group ends on it resolved, else the target, else nothing")
        func decision() {
            let red = Self.red
            #expect(ViewColorHandOff.colorToKeep(target: red.light, given: (color: red, resolved: red.light)) == .platform(red))
            // Resolved for other traits than the target was: the target, fixed.
            #expect(ViewColorHandOff.colorToKeep(target: red.light, given: (color: red, resolved: red.dark)) == .fixed(red.light))
            #expect(ViewColorHandOff.colorToKeep(target: red.light, given: nil as (color: DynamicColor, resolved: Color)?)
                    == .fixed(red.light))
            #expect(ViewColorHandOff.colorToKeep(target: nil, given: (color: red, resolved: red.light)) == nil)
            // A group that animates no background colour leaves the view alone.
            let layer = HeadlessLayer()
            layer.registerAnimation(forKey: "k") { $0.alpha(0.5) }
            #expect(ViewColorHandOff.backgroundTarget(of: layer.animationState.registered["k"]!) == nil)
        }
    }
}
