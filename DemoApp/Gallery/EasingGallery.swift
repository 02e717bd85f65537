import FlightCore
import Foundation

/// The sections of the gallery that show FlightEasing: every named curve, the CoreAnimation
/// Bézier presets, steps, springs and decays.
enum EasingGallery {
    static let samples = 240

    /// A card: a plot with a title and a caption.
    static func card(_ title: String, _ plot: SVGPlot, caption: String = "") -> String {
        """
        <figure class="card"><figcaption><code>\(title)</code></figcaption>\(plot.svg())\
        <div class="note">\(caption)</div></figure>

        """
    }

    /// Value (blue) and velocity (orange, dashed, scaled to fit) of a timing curve over 0…1.
    static func curveCard(_ easing: Easing, title: String? = nil) -> String {
        let xs = (0...samples).map { Double($0) / Double(samples) }
        let values = xs.map { easing.progress(at: $0) }
        let velocities = xs.map { easing.velocity(at: $0) }
        // Velocity shares the plot: scaled so its largest magnitude (ignoring vertical tangents)
        // spans the same height as progress.
        let peak = velocities.map(abs).filter { $0 < 1e3 }.max() ?? 1
        let scale = peak > 0 ? 1 / peak : 1
        var plot = SVGPlot(xRange: 0...1, yRange: (0.0...1.0).including(values))
        plot.series.append(.init(points: zip(xs, velocities).map { ($0, $1 * scale) }, color: "#e8903a",
                                 dashed: true, width: 1.2))
        plot.series.append(.init(points: zip(xs, values).map { ($0, $1) }, color: "#2c5fd6"))
        let range = String(format: "range %.3f…%.3f, peak velocity %.2f", values.min() ?? 0, values.max() ?? 0, peak)
        return card(title ?? "." + easing.description, plot, caption: range)
    }

    /// A spring or decay moving a value from 0 to 1, over its own settling time.
    static func motionCard(_ title: String, _ trajectory: Trajectory, caption: String) -> String {
        let end = max(trajectory.duration * 1.1, 0.05)
        let ts = (0...samples).map { Double($0) / Double(samples) * end }
        let values = ts.map { trajectory.value(at: $0) }
        var plot = SVGPlot(xRange: 0...end, yRange: (0.0...1.0).including(values))
        plot.series.append(.init(points: zip(ts, values).map { ($0, $1) }, color: "#2c5fd6"))
        plot.markers.append((trajectory.duration, "settled"))
        return card(title, plot, caption: caption + String(format: "; settles at %.3f s (x axis: seconds)", trajectory.duration))
    }

    static func html() -> String {
        var out = "<h2>Named curves</h2><p>All 46 named curves: progress (blue) and velocity "
            + "(orange, dashed, scaled to the plot) over normalized time 0…1.</p><div class=\"grid\">\n"
        for easing in Easing.allNamed { out += curveCard(easing) }
        out += "</div>\n<h2>CoreAnimation timing functions and steps</h2><div class=\"grid\">\n"
        let presets: [(String, CubicBezier)] = [
            (".default", .default), (".easeIn", .easeIn), (".easeOut", .easeOut),
            (".easeInEaseOut", .easeInEaseOut), ("CubicBezier(0.68, -0.55, 0.265, 1.55)", CubicBezier(0.68, -0.55, 0.265, 1.55)),
        ]
        for (name, bezier) in presets {
            out += curveCard(.cubicBezier(bezier), title: ".cubicBezier(\(name))")
        }
        for position in Steps.Position.allCases { out += curveCard(.steps(4, position)) }
        out += curveCard(.reversed(.outBounce))
        out += "</div>\n<h2>Springs</h2><p>A move from 0 to 1 from rest; the dashed line marks the "
            + "settling time (the last time the value is more than 0.1 % of the travel away).</p>"
            + "<div class=\"grid\">\n"
        let springs: [(String, Spring)] = [
            ("Spring.default (CASpringAnimation)", .default), ("Spring.smooth", .smooth),
            ("Spring.snappy", .snappy), ("Spring.bouncy", .bouncy),
            ("Spring(duration: 0.5, bounce: -0.5)", Spring(duration: 0.5, bounce: -0.5)),
            ("Spring(response: 0.3, dampingRatio: 0.2)", Spring(response: 0.3, dampingRatio: 0.2)),
        ]
        for (title, spring) in springs {
            let trajectory = Trajectory(easing: .spring(spring), from: 0, to: 1, duration: 0)
            out += motionCard(title, trajectory, caption: String(
                format: "ζ = %.2f, response %.2f s, bounce %.2f", spring.dampingRatio, spring.response, spring.bounce))
        }
        out += "</div>\n<h2>Spring decay from a gesture</h2><p>A view released 300 pt from its "
            + "target with different velocities (pt/s), critically damped.</p><div class=\"grid\">\n"
        for velocity in [0.0, 1500, 4000, -1500] {
            let trajectory = Trajectory(easing: .springDecay(velocity: velocity), from: 0, to: 300, duration: 0)
            out += motionCard(".springDecay(velocity: \(Int(velocity)))", trajectory, caption: String(
                format: "0 → 300 pt, released at %.0f pt/s", velocity))
        }
        out += "</div>\n<h2>Decay</h2><p>Scroll-view deceleration landing exactly on the target.</p>"
            + "<div class=\"grid\">\n"
        for (title, decay) in [("Decay.normal (0.998/ms)", Decay.normal), ("Decay.fast (0.99/ms)", Decay.fast)] {
            let trajectory = Trajectory(easing: .decay(decay), from: 0, to: 1, duration: 0)
            out += motionCard(title, trajectory, caption: String(
                format: "a 1,000 pt/s fling travels %.1f pt", decay.projection(initialVelocity: 1000)))
        }
        return out + "</div>\n"
    }
}
