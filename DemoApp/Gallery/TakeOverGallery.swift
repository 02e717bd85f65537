import FlightCore
import Foundation

/// The gallery section that follows a partial take-over frame by frame: a square flies right
/// while fading; a quarter of a second in, a second group takes its position only. Every
/// 120 Hz frame of the headless presentation is plotted, with the first group's position track
/// as it would have continued (what a single `CAAnimationGroup` shows once the redirect ends).
@MainActor
enum TakeOverGallery {
    static func html() -> String {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.position = CGPoint(x: 0, y: 0)
        let first = layer.animate { a in
            a.position(CGPoint(x: 300, y: 0)).duration(2).easing(.linear)
            a.alpha(0.2).duration(2).easing(.linear)
        }
        var frames: [(t: Double, position: CGPoint, opacity: Double)] = []
        var frame = 0.0
        var second: AnimationGroup?
        while frame / 120 <= 2.2 {
            let time = frame / 120
            if second == nil && time >= 0.25 {
                second = layer.animate { a in a.position(CGPoint(x: 0, y: 300)).duration(0.3).easing(.linear) }
            }
            clock.advance(to: time)
            let shown = layer.presentation()
            frames.append((time, shown.position, shown.opacity))
            frame += 1
        }
        let oldTrack = first.property("position")!
        let times = frames.map(\.t)
        var positions = SVGPlot(width: 420, height: 200, xRange: 0...2.2, yRange: -10...310)
        positions.series.append(.init(
            points: times.filter { $0 >= 0.25 && $0 <= 2 }.map { ($0, Double((oldTrack.exactValue(at: $0) as! CGPoint).x)) },
            color: "#bbc", dashed: true, width: 1.5))
        positions.series.append(.init(points: frames.map { ($0.t, Double($0.position.x)) }, color: "#2c5fd6", width: 2))
        positions.series.append(.init(points: frames.map { ($0.t, Double($0.position.y)) }, color: "#e8903a", width: 2))
        positions.markers = [(0.25, "take-over"), (0.25 + (second?.duration ?? 0), "ends")]
        var opacity = SVGPlot(width: 420, height: 110, xRange: 0...2.2, yRange: 0...1.05)
        opacity.series.append(.init(points: frames.map { ($0.t, $0.opacity) }, color: "#3a9a5b", width: 2))
        let largestStep = zip(frames, frames.dropFirst())
            .map { Double(hypot($1.position.x - $0.position.x, $1.position.y - $0.position.y)) }.max() ?? 0
        return """
        <h2>Partial take-over, frame by frame</h2>
        <p>Position over 2 s and opacity over 2 s; at 0.25 s a second group takes position only \
        (to (0, 300) in 0.3 s). Every 120 Hz frame of the presentation: x (blue), y (orange), \
        opacity (green, below). The dashed grey line is the first group's x track, which a group \
        that cannot be edited would show again once the redirect ends; Flight removed exactly that \
        animation, so the square rests at (0, 300) while the opacity plays on. Largest step \
        between frames: \(String(format: "%.1f", largestStep)) pt.</p>
        <div class="grid"><figure class="card">\(positions.svg())<br>\(opacity.svg())</figure></div>

        """
    }
}
