import FlightCore
import Foundation

/// The gallery section that exports a group as one animation group, as a video overlay would
/// take it: built against an off-screen layer without playing, added at the start of a video's
/// timeline (a begin time just above 0, as `AVCoreAnimationBeginTimeAtZero` is), and plotted
/// every 120 Hz frame beside the same group played live by the engine.
@MainActor
enum ExportGallery {
    static func html() -> String {
        let build: (GroupAnimator) -> Void = { a in
            a.position(CGPoint(x: 280, y: 60)).duration(0.9).easing(.outCubic)
            a.value(150.0, forKeyPath: "position.y").duration(0.5).easing(.spring(Spring(duration: 0.5, bounce: 0.35)))
            a.alpha(0.3).duration(0.6).easing(.inOutSine)
        }
        func startingLayer(_ clock: ManualClock) -> HeadlessLayer {
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 20, y: 20)
            return layer
        }
        let liveClock = ManualClock(), videoClock = ManualClock()
        let live = startingLayer(liveClock)
        let overlay = startingLayer(videoClock)
        guard var export = overlay.exportAnimation(.maxTime, build) else { return "" }
        export.beginTime = 1e-100
        overlay.add(export, forKey: "intro")
        live.animate(.maxTime, build)
        let end = export.duration + 0.3
        var frames: [(t: Double, live: CGPoint, exported: CGPoint, liveOpacity: Double, exportedOpacity: Double)] = []
        var frame = 0.0
        while frame / 120 <= end {
            let time = frame / 120
            liveClock.advance(to: time)
            videoClock.advance(to: time)
            let (shown, replayed) = (live.presentation(), overlay.presentation())
            frames.append((time, shown.position, replayed.position, shown.opacity, replayed.opacity))
            frame += 1
        }
        let largest = frames.map { frame in
            max(Double(hypot(frame.live.x - frame.exported.x, frame.live.y - frame.exported.y)),
                abs(frame.liveOpacity - frame.exportedOpacity))
        }.max() ?? 0
        var plot = SVGPlot(width: 420, height: 200, xRange: 0...end, yRange: 0...300)
        plot.series.append(.init(points: frames.map { ($0.t, Double($0.live.x)) }, color: "#bbc", width: 6))
        plot.series.append(.init(points: frames.map { ($0.t, Double($0.live.y)) }, color: "#bbc", width: 6))
        plot.series.append(.init(points: frames.map { ($0.t, Double($0.exported.x)) }, color: "#2c5fd6", width: 1.5))
        plot.series.append(.init(points: frames.map { ($0.t, Double($0.exported.y)) }, color: "#e8903a", width: 1.5))
        plot.markers = [(export.duration, "group ends")]
        var opacity = SVGPlot(width: 420, height: 110, xRange: 0...end, yRange: 0...1.05)
        opacity.series.append(.init(points: frames.map { ($0.t, $0.liveOpacity) }, color: "#bbc", width: 6))
        opacity.series.append(.init(points: frames.map { ($0.t, $0.exportedOpacity) }, color: "#3a9a5b", width: 1.5))
        let children = export.animations.map { animation in
            "<code>\(animation.keyPath)</code> (\(animation.keyframes.keyTimes.count) keyframes, " +
                "\(String(format: "%.2f", animation.duration)) s)"
        }.joined(separator: ", ")
        return """
        <h2>A group exported as one CAAnimationGroup</h2>
        <p>The group is built against an off-screen layer without playing it \
        (<code>exportAnimation</code>): a \(String(format: "%.2f", export.duration)) s \
        <code>CAAnimationGroup</code>, not removed on completion and filling both ways, of one \
        keyframe animation per property: \(children). Added at the start of a video's timeline, \
        it shows x (blue), y (orange) and opacity (green, below) on every 120 Hz frame; the wide \
        grey lines are the same group played live by the engine. Largest difference: \
        \(String(format: "%.1e", largest)).</p>
        <div class="grid"><figure class="card">\(plot.svg())<br>\(opacity.svg())</figure></div>

        """
    }
}
