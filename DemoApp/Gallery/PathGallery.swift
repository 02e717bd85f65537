import FlightCore
import Foundation

/// The gallery section of motion along a path: the path, the keyframes CoreAnimation is given
/// and where a headless layer is shown every 1/30 s, at constant speed and eased.
@MainActor
enum PathGallery {
    /// A route with a line, a quadratic, a cubic, a corner and an arc.
    static let route = MotionPath(start: CGPoint(x: 20, y: 200))
        .line(to: CGPoint(x: 80, y: 200))
        .quadCurve(to: CGPoint(x: 140, y: 140), control: CGPoint(x: 140, y: 200))
        .curve(to: CGPoint(x: 220, y: 60), control1: CGPoint(x: 140, y: 60), control2: CGPoint(x: 190, y: 60))
        .line(to: CGPoint(x: 220, y: 20))
        .arc(center: CGPoint(x: 250, y: 20), radius: 30, startAngle: .pi, endAngle: 2.5 * .pi)

    static func html() -> String {
        var out = """
        <h2>Motion along a path</h2>
        <p><code>position(along:orientation:)</code>: a path of lines, Bézier curves and an arc \
        (blue, \(Int(route.length.rounded())) pt). The easing runs on the arc length, so <code>.linear</code> \
        is constant speed: grey dots are where a headless layer is shown every 1/30 s of a 2 s move; \
        orange is what CoreAnimation plays between the keyframes it is given (each a dot), within 0.5 pt \
        of the path. Short ticks show the layer's angle turned along the tangent. (y grows downwards, \
        as on screen.)</p><div class="grid">

        """
        for (title, easing) in [(".linear", Easing.linear), (".inOutCubic", .inOutCubic)] {
            out += card(title, easing)
        }
        return out + "</div>\n"
    }

    static func card(_ title: String, _ easing: Easing) -> String {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.position = route.start
        let group = layer.animate { $0.position(along: route, orientation: .tangent).duration(2).easing(easing) }
        guard let position = group.property("position"), let keys = position.keyframes as? Keyframes<CGPoint> else {
            return ""
        }
        // Flipped so that y grows downwards, as on screen.
        func point(_ p: CGPoint) -> (x: Double, y: Double) { (Double(p.x), -Double(p.y)) }
        var plot = SVGPlot(width: 300, height: 230, xRange: 0...300, yRange: -230...0)
        let exact = (0...600).map { point(route.point(atDistance: route.length * Double($0) / 600)) }
        plot.series.append(.init(points: exact, color: "#2c5fd6", width: 3))
        let played = (0...600).map { point(keys.value(at: 2 * Double($0) / 600)) }
        plot.series.append(.init(points: played, color: "#e8903a", width: 1.2))
        var shown: [(x: Double, y: Double)] = []
        for frame in 0...60 {
            clock.advance(to: Double(frame) / 30)
            let at = layer.presentation().position
            shown.append(point(at))
            if frame % 4 == 0, let angle = layer.presentationValue(forKeyPath: "transform.rotation.z") as? Double {
                let tip = CGPoint(x: Double(at.x) + 12 * cos(angle), y: Double(at.y) + 12 * sin(angle))
                plot.series.append(.init(points: [point(at), point(tip)], color: "#556", width: 1))
            }
        }
        plot.dots = shown + keys.values.map(point)
        let steps = zip(shown, shown.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        let caption = String(format: "%d keyframes · distance per 1/30 s frame %.2f–%.2f pt",
                             keys.count, steps.min() ?? 0, steps.max() ?? 0)
        return """
        <figure class="card"><figcaption><code>\(title)</code></figcaption>\(plot.svg())\
        <div class="note wide">\(caption)</div></figure>

        """
    }
}
