import Foundation

/// A small line plot rendered as inline SVG: a few series over a shared x range, with a frame,
/// a zero line and optional vertical markers.
struct SVGPlot {
    struct Series {
        var points: [(x: Double, y: Double)]
        var color: String
        var dashed = false
        var width = 2.0
    }

    var width = 220.0
    var height = 150.0
    var xRange: ClosedRange<Double>
    var yRange: ClosedRange<Double>
    var series: [Series] = []
    /// Vertical markers (x, label), such as a settling time.
    var markers: [(x: Double, label: String)] = []
    /// Dots drawn on top of the lines, such as keyframes.
    var dots: [(x: Double, y: Double)] = []

    private let inset = 8.0

    func svg() -> String {
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
        viewBox="0 0 \(f(width)) \(f(height))">
        <rect x="0.5" y="0.5" width="\(f(width - 1))" height="\(f(height - 1))" fill="#fff" stroke="#ccd"/>

        """
        // Reference lines at y = 0 and y = 1, where they are in range.
        for level in [0.0, 1.0] where yRange.contains(level) {
            out += "<line x1=\"\(f(px(xRange.lowerBound)))\" y1=\"\(f(py(level)))\" "
                + "x2=\"\(f(px(xRange.upperBound)))\" y2=\"\(f(py(level)))\" stroke=\"#dde\"/>\n"
        }
        for marker in markers {
            out += "<line x1=\"\(f(px(marker.x)))\" y1=\"\(f(inset))\" x2=\"\(f(px(marker.x)))\" "
                + "y2=\"\(f(height - inset))\" stroke=\"#e99\" stroke-dasharray=\"3 3\"/>\n"
                + "<text x=\"\(f(px(marker.x) - 3))\" y=\"\(f(height - inset - 2))\" "
                + "font-size=\"9\" fill=\"#c55\" text-anchor=\"end\">\(marker.label)</text>\n"
        }
        for line in series where !line.points.isEmpty {
            let path = line.points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
            let dash = line.dashed ? " stroke-dasharray=\"4 3\"" : ""
            out += "<polyline fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"\(f(line.width))\"\(dash) "
                + "points=\"\(path)\"/>\n"
        }
        for dot in dots {
            out += "<circle cx=\"\(f(px(dot.x)))\" cy=\"\(f(py(dot.y)))\" r=\"2.2\" fill=\"#d60\"/>\n"
        }
        return out + "</svg>"
    }

    private func px(_ x: Double) -> Double {
        let span = xRange.upperBound - xRange.lowerBound
        return inset + (x - xRange.lowerBound) / (span > 0 ? span : 1) * (width - 2 * inset)
    }

    private func py(_ y: Double) -> Double {
        let span = yRange.upperBound - yRange.lowerBound
        let clamped = min(max(y, yRange.lowerBound), yRange.upperBound)
        return height - inset - (clamped - yRange.lowerBound) / (span > 0 ? span : 1) * (height - 2 * inset)
    }

    private func f(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}

extension ClosedRange<Double> {
    /// The smallest range holding `values` and `self`, padded by 8 % on each side.
    func including(_ values: [Double]) -> ClosedRange<Double> {
        let finite = values.filter(\.isFinite)
        let low = Swift.min(lowerBound, finite.min() ?? lowerBound)
        let high = Swift.max(upperBound, finite.max() ?? upperBound)
        let pad = (high - low) * 0.08
        return (low - pad)...(high + pad)
    }
}
