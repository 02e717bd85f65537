import FlightCore
import Foundation

/// The gallery section for repeating groups, frame by frame at 120 Hz: a move repeated 2.5 times
/// coming back each time, the same with a hold between cycles and a bouncing way back, and a
/// pulse that repeats forever until a later group takes it over.
@MainActor
enum RepeatGallery {
    static func html() -> String {
        let cases: [(title: String, repetition: Repetition, takeOverAt: Double?)] = [
            ("2.5 cycles, autoreverse", Repetition(count: 2.5, autoreverses: true), nil),
            ("2 cycles, 0.4 s apart, back on .outBounce",
             Repetition(count: 2, autoreverses: true, delay: 0.4, returnEasing: .outBounce), nil),
            ("forever, taken over at 3.3 s by a spring to 50", .forever(autoreverses: true), 3.3),
        ]
        var figures = ""
        for (title, repetition, takeOverAt) in cases {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = layer.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(1).easing(.inOutSine)
                animator.repeating(repetition)
            }
            var points: [(x: Double, y: Double)] = [(0, 0)]
            let end = 6.0
            while clock.now < end - 1e-9 {
                clock.advance(by: 1.0 / 120)
                if let takeOverAt, abs(clock.now - takeOverAt) < 0.5 / 120 {
                    layer.animate { $0.position(CGPoint(x: 50, y: 0)).easing(.spring(.smooth)) }
                }
                points.append((clock.now, Double(layer.presentation().position.x)))
            }
            var plot = SVGPlot(width: 300, height: 150, xRange: 0...end, yRange: -10...110)
            plot.series.append(.init(points: points, color: "#2c5fd6"))
            if group.totalDuration.isFinite { plot.markers = [(group.totalDuration, "ends")] }
            if let takeOverAt { plot.markers = [(takeOverAt, "taken over")] }
            figures += """
            <figure class="card"><figcaption>\(title)</figcaption>\(plot.svg())
            <div class="note">run \(group.totalDuration.isFinite ? String(format: "%.1f s", group.totalDuration) : "forever"); \
            stopped \(group.hasEnded ? (group.finished ? "finished" : "cut short") : "no")</div></figure>

            """
        }
        return """
        <h2>Repeating groups</h2>
        <p>A move of 100 pt in 1 s on <code>.inOutSine</code>, repeated with \
        <code>animator.repeating(_:)</code>; the position at every 120 Hz frame. Each cycle comes \
        back mirrored (or on its own easing), holds for the delay, and the run ends where its last \
        cycle does; a group that repeats forever ends only when cut short.</p>
        <div class="grid">\(figures)</div>

        """
    }
}
