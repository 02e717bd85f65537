import FlightCore
import Foundation

/// The gallery section for an interactive dismissal, frame by frame: a card's dismissal (600 pt
/// down in 1 s, linear) is paused at once and scrubbed by a recorded pan; when the finger lifts
/// it continues on a spring from the finger's speed. Plotted: the finger, the card and their
/// speeds at every 120 Hz frame.
@MainActor
enum InteractiveGallery {
    static func html() -> String {
        let clock = ManualClock()
        let card = HeadlessLayer(clock: clock)
        let dismiss = card.animate { $0.position(CGPoint(x: 0, y: 600)).duration(1).easing(.linear) }
        dismiss.pause()
        // The recorded pan: the finger accelerates to about 1,500 pt/s over 0.25 s, then lifts.
        let pan = (1...30).map { frame -> Double in
            let t = Double(frame) / 120
            return 3_000 * t * t
        }
        var frames: [(t: Double, finger: Double?, card: Double)] = []
        for (index, translation) in pan.enumerated() {
            dismiss.fractionComplete = translation / 600
            clock.advance(by: 1.0 / 120)
            frames.append((Double(index + 1) / 120, translation, Double(card.presentation().position.y)))
        }
        let release = 6_000 * (Double(pan.count) / 120)
        dismiss.continueOnSpring(velocity: release / 600)
        while clock.hasPendingEvents {
            clock.advance(by: 1.0 / 120)
            frames.append((clock.now, nil, Double(card.presentation().position.y)))
        }
        let end = frames.last?.t ?? 1
        var positions = SVGPlot(width: 420, height: 200, xRange: 0...end, yRange: -10...620)
        positions.series.append(.init(points: frames.compactMap { frame in frame.finger.map { (frame.t, $0) } },
                                      color: "#bbc", dashed: true, width: 1.5))
        positions.series.append(.init(points: frames.map { ($0.t, $0.card) }, color: "#2c5fd6", width: 2))
        positions.markers = [(Double(pan.count) / 120, "finger lifts")]
        let speeds = zip(frames, frames.dropFirst()).map { ($1.t, ($1.card - $0.card) * 120) }
        var speed = SVGPlot(width: 420, height: 130, xRange: 0...end, yRange: 0...((speeds.map(\.1).max() ?? 1) * 1.1))
        speed.series.append(.init(points: speeds, color: "#3a9a5b", width: 2))
        speed.markers = [(Double(pan.count) / 120, "")]
        return """
        <h2>Interactive dismissal, frame by frame</h2>
        <p>A card's dismissal (600 pt down in 1 s) is paused at once and scrubbed by a recorded pan \
        (dashed: the finger); when the finger lifts at \(Int(release)) pt/s the group continues on a \
        critically damped spring that leaves with that speed (<code>continueOnSpring(velocity:)</code>). \
        Above, the card's position at every 120 Hz frame; below, its speed: no jump, no standstill \
        at the hand-over. The group ends, finished, when the spring settles at \
        \(String(format: "%.2f", end)) s.</p>
        <div class="grid"><figure class="card">\(positions.svg())<br>\(speed.svg())</figure></div>

        """
    }
}
