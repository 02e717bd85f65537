import FlightCore
import Foundation

/// The gallery section for a chained transition scrubbed as one sequence: three views' groups,
/// each started by a trigger of the one before, paused at once, driven forwards and back by a
/// recorded pan through `AnimationSequence.fractionComplete`, then resumed when the finger lifts.
/// Plotted: how far each view has come at every 120 Hz frame.
@MainActor
enum SequenceGallery {
    static func html() -> String {
        let clock = ManualClock()
        let header = HeadlessLayer(clock: clock), card = HeadlessLayer(clock: clock), button = HeadlessLayer(clock: clock)
        let sequence = header.animate { a in
            a.position(CGPoint(x: 0, y: 100)).duration(0.5).easing(.outCubic)
            a.triggerOnProgress(0.6, onView: card) { b in
                b.position(CGPoint(x: 0, y: 100)).duration(0.5).easing(.inOutSine)
                b.triggerOnCompletion(onView: button) { c in
                    c.position(CGPoint(x: 0, y: 100)).duration(0.4).easing(.spring(.bouncy))
                }
            }
        }.sequence
        sequence.pause()
        let duration = sequence.duration
        // The recorded pan: forwards to 80 % of the sequence in 0.4 s, back to 35 % in 0.25 s.
        let forwards: [Double] = (1...48).map { frame in Double(frame) / 48 * 0.8 }
        let back: [Double] = (1...30).map { frame in 0.8 - Double(frame) / 30 * 0.45 }
        let pan = forwards + back
        var frames: [(t: Double, finger: Double?, shown: [Double])] = []
        func record(_ finger: Double?) {
            frames.append((clock.now, finger, [header, card, button].map { Double($0.presentation().position.y) }))
        }
        for fraction in pan {
            clock.advance(by: 1.0 / 120)
            sequence.fractionComplete = fraction
            record(fraction * 100)
        }
        let lifted = clock.now
        sequence.resume()
        while !sequence.hasEnded {
            clock.advance(by: 1.0 / 120)
            record(nil)
        }
        let end = frames.last?.t ?? 1
        var plot = SVGPlot(width: 420, height: 220, xRange: 0...end, yRange: -5...125)
        plot.series.append(.init(points: frames.compactMap { frame in frame.finger.map { (frame.t, $0) } },
                                 color: "#bbc", dashed: true, width: 1.5))
        for (index, color) in ["#2c5fd6", "#3a9a5b", "#d6762c"].enumerated() {
            plot.series.append(.init(points: frames.map { ($0.t, $0.shown[index]) }, color: color, width: 2))
        }
        plot.markers = [(lifted, "finger lifts")]
        return """
        <h2>A chained transition scrubbed as one sequence</h2>
        <p>Three views' groups: the header (blue, 0.5 s, out-cubic) starts the card (green) at 60 % of \
        its time, and the card's end starts the button (orange, a bouncy spring). \
        <code>group.sequence</code> makes them one timeline of \(String(format: "%.2f", duration)) s, known in \
        advance. Paused at once, it follows a recorded pan (dashed: the sequence's fraction, in %) \
        forwards over both chained moments and back before the button's: each view is where the \
        sequence played in time would have it, the button still at its start. When the finger lifts \
        the sequence resumes and plays on with the triggers ahead.</p>
        <div class="grid"><figure class="card">\(plot.svg())</figure></div>

        """
    }
}
