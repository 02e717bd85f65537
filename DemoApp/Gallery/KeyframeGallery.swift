import FlightCore
import Foundation

/// The gallery section that compares Flight's keyframe segments (each with its own timing curve,
/// as `CAKeyframeAnimation.timingFunctions` plays them) with fixed 60 Hz linear keyframes.
enum KeyframeGallery {
    static let cases: [(String, Easing)] = [
        (".outCubic", .outCubic), (".inOutBack", .inOutBack), (".outElastic", .outElastic),
        (".outBounce", .outBounce), (".spring(.bouncy)", .spring(.bouncy)), (".inCircular", .inCircular),
    ]

    /// The tolerance the cards fit to: a tenth of a point.
    static let tolerance = 0.1

    static func html() -> String {
        var segmented = 0, fixed = 0
        for easing in Easing.allNamed {
            guard let motion = try? ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5,
                                                tolerance: .absolute(tolerance)) else { continue }
            segmented += motion.keyframes().count
            fixed += motion.keyframes(framesPerSecond: 60).count
        }
        var out = """
        <h2>Keyframes: timing-curve segments versus 60 Hz</h2>
        <p>A 300 pt move over 0.5 s, fitted to 0.1 pt. Top: the exact curve (blue), Flight's keyframes \
        (orange dots) and what CoreAnimation plays between them, each segment through its own cubic \
        Bézier timing curve (orange line), and 60 Hz keyframes played linearly (grey). Bottom: how \
        far each playback strays from the exact curve over time, against the tolerance (red). All 46 \
        named curves together: \(segmented) keyframes, against \(fixed) at 60 Hz \
        (\(Int((100 * Double(segmented) / Double(max(fixed, 1))).rounded())) %).</p><div class="grid">

        """
        for (title, easing) in cases {
            guard let motion = try? ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5,
                                                tolerance: .absolute(tolerance)) else { continue }
            out += card(title, motion)
        }
        return out + "</div>\n"
    }

    static func card(_ title: String, _ motion: ValueMotion<Double>) -> String {
        let adaptive = motion.keyframes()
        let fixed = motion.keyframes(framesPerSecond: 60)
        let end = motion.duration
        let times = (0...600).map { end * Double($0) / 600 }
        let exact = times.map { motion.value(at: $0) }

        var curves = SVGPlot(width: 300, height: 170, xRange: 0...end, yRange: (0.0...300.0).including(exact))
        curves.series.append(.init(points: polyline(fixed), color: "#aab", width: 1))
        curves.series.append(.init(points: zip(times, exact).map { ($0, $1) }, color: "#2c5fd6", width: 2.5))
        curves.series.append(.init(points: times.map { ($0, adaptive.value(at: $0)) }, color: "#e8903a", width: 1.2))
        curves.dots = polyline(adaptive)

        let adaptiveError = times.map { abs(adaptive.value(at: $0) - motion.value(at: $0)) }
        let fixedError = times.map { abs(fixed.value(at: $0) - motion.value(at: $0)) }
        let errorTop = max(0.2, min(fixedError.max() ?? 1, 20))
        var errors = SVGPlot(width: 300, height: 90, xRange: 0...end, yRange: 0...errorTop * 1.05)
        errors.series.append(.init(points: zip(times, fixedError).map { ($0, $1) }, color: "#aab", width: 1))
        errors.series.append(.init(points: zip(times, adaptiveError).map { ($0, $1) }, color: "#e8903a", width: 1.2))
        errors.series.append(.init(points: [(0, tolerance), (end, tolerance)], color: "#d33", dashed: true, width: 1))

        let caption = String(
            format: "segments: %d keyframes, worst %.3f pt · 60 Hz: %d keyframes, worst %.2f pt",
            adaptive.count, motion.maximumDeviation(of: adaptive, samples: 4_000),
            fixed.count, motion.maximumDeviation(of: fixed, samples: 4_000))
        return """
        <figure class="card"><figcaption><code>\(title)</code></figcaption>\(curves.svg())<br>\(errors.svg())\
        <div class="note wide">\(caption)</div></figure>

        """
    }

    /// The keyframes as (time, value) points.
    static func polyline(_ keys: Keyframes<Double>) -> [(x: Double, y: Double)] {
        zip(keys.keyTimes, keys.values).map { ($0 * keys.duration, $1) }
    }
}
