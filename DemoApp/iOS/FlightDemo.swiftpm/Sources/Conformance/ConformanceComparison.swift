import Foundation

/// How far a value on a device may be from the headless host's, per component of a key path.
///
/// Both hosts play the same keyframes, so what is left between them is arithmetic: CoreAnimation
/// stores timing-function control points, opacity and colour components as `Float` (about 1e-7
/// relative), solves each segment's Bézier to its own precision, and the time `presentation()`
/// is evaluated at is read a few microseconds away from the one the sample records. None of that
/// comes near these bounds; a frame's worth of time (8 ms at 120 Hz), a wrong keyframe or a
/// wrong interpolation rule exceeds them:
///
/// - geometry (points): 0.5 pt, the keyframe tolerance Flight fits its curves to, and half a
///   point is below what a Retina screen shows as a move;
/// - opacity and colour channels: 0.5 / 255, half a step of an 8-bit channel;
/// - rotation: 1e-3 rad (0.06°), about 0.1 pt at the edge of a 100 pt layer;
/// - scale, and the unitless elements of a transform matrix: 1e-3.
public enum ConformanceTolerance {
    /// Half a point.
    public static let points = 0.5
    /// Half a step of an 8-bit channel.
    public static let channel = 0.5 / 255
    /// A milliradian.
    public static let radians = 1e-3
    /// A thousandth, for scale factors and a matrix's linear part.
    public static let ratio = 1e-3

    /// The tolerance of each of `count` components of a value at `keyPath`.
    public static func components(of keyPath: String, count: Int) -> [Double] {
        switch keyPath {
        case "opacity", "shadowOpacity", "backgroundColor", "borderColor", "shadowColor":
            return Array(repeating: channel, count: count)
        case "transform":
            // m41, m42, m43 (components 12–14) are a translation in points; the rest are unitless.
            return (0..<count).map { (12...14).contains($0) ? points : ratio }
        case _ where keyPath.hasPrefix("transform.rotation"):
            return Array(repeating: radians, count: count)
        case _ where keyPath.hasPrefix("transform.scale"):
            return Array(repeating: ratio, count: count)
        default:
            return Array(repeating: points, count: count)
        }
    }
}

/// One line of the comparison: a probe of a scenario (or its callbacks), over every frame.
public struct ConformanceRow: Codable, Sendable, Hashable {
    /// The scenario.
    public var scenario: String
    /// The layer and key path (`"card position"`), or `"callbacks"`.
    public var property: String
    /// How many frames were compared.
    public var frames: Int
    /// The largest difference of one component, device against headless (for callbacks, how
    /// many differ).
    public var worstDifference: Double
    /// The tolerance of that component.
    public var tolerance: Double
    /// The time of the worst frame, in seconds from the scenario's first frame.
    public var worstTime: Double
    /// The device's and the headless host's values on the worst frame (for callbacks, the first
    /// that differ).
    public var device: String
    /// See ``device``.
    public var headless: String
    /// Whether every frame is within tolerance.
    public var passed: Bool
}

/// Compares two recordings of one scenario on one timeline, frame by frame.
public enum ConformanceComparison {
    /// A row per probe of `scenario`, and one for its callbacks (the same names in the same
    /// frames), comparing `device` with `headless`.
    public static func rows(
        _ scenario: ConformanceScenario, device: ConformanceRecording, headless: ConformanceRecording
    ) -> [ConformanceRow] {
        let start = device.timeline.frameTimes.first ?? 0
        var rows: [ConformanceRow] = []
        for (index, probe) in scenario.probes.enumerated() {
            let shown = index < device.samples.count ? device.samples[index] : []
            let expected = index < headless.samples.count ? headless.samples[index] : []
            var row = ConformanceRow(
                scenario: scenario.name, property: scenario.label(of: probe), frames: max(shown.count, expected.count),
                worstDifference: 0, tolerance: 0, worstTime: 0, device: "", headless: "",
                passed: shown.count == expected.count && !shown.isEmpty)
            var worstRatio = -1.0
            for frame in 0..<min(shown.count, expected.count) {
                let time = frame < device.timeline.frameTimes.count ? device.timeline.frameTimes[frame] - start : 0
                let (difference, tolerance) = worst(shown[frame], expected[frame], keyPath: probe.keyPath)
                let ratio = tolerance > 0 ? difference / tolerance : .infinity
                if ratio > worstRatio || ratio.isNaN {
                    worstRatio = ratio.isNaN ? .infinity : ratio
                    row.worstDifference = difference.isNaN ? .infinity : difference
                    row.tolerance = tolerance
                    row.worstTime = time
                    row.device = describe(shown[frame])
                    row.headless = describe(expected[frame])
                }
            }
            row.passed = row.passed && worstRatio <= 1
            rows.append(row)
        }
        let common = min(device.events.count, headless.events.count)
        let mismatch = (0..<common).first { device.events[$0] != headless.events[$0] }
            ?? (device.events.count == headless.events.count ? nil : common)
        let differing = (0..<common).filter { device.events[$0] != headless.events[$0] }.count
            + abs(device.events.count - headless.events.count)
        func event(_ events: [ConformanceEvent], _ index: Int?) -> String {
            guard let index, index < events.count else { return index == nil ? "" : "(none)" }
            return "frame \(events[index].frame): \(events[index].name)"
        }
        rows.append(ConformanceRow(
            scenario: scenario.name, property: "callbacks", frames: device.timeline.frameTimes.count,
            worstDifference: Double(differing), tolerance: 0,
            worstTime: mismatch.flatMap { index in
                index < device.events.count ? device.events[index].frame : nil
            }.map { frame in device.timeline.frameTimes[min(frame, device.timeline.frameTimes.count - 1)] - start } ?? 0,
            device: event(device.events, mismatch), headless: event(headless.events, mismatch),
            passed: differing == 0))
        return rows
    }

    /// The component furthest from its tolerance: its difference and tolerance. Nil against a
    /// value, or values of different sizes, differ infinitely; nil against nil not at all.
    static func worst(_ a: [Double]?, _ b: [Double]?, keyPath: String) -> (difference: Double, tolerance: Double) {
        guard let a, let b else {
            return (a == nil && b == nil ? 0 : .infinity, ConformanceTolerance.components(of: keyPath, count: 1)[0])
        }
        let tolerances = ConformanceTolerance.components(of: keyPath, count: max(a.count, 1))
        guard a.count == b.count, !a.isEmpty else { return (a.count == b.count ? 0 : .infinity, tolerances[0]) }
        var result = (difference: 0.0, tolerance: tolerances[0])
        var worstRatio = 0.0
        for index in a.indices {
            let difference = abs(a[index] - b[index])
            let ratio = difference.isNaN ? .infinity : difference / tolerances[index]
            if ratio > worstRatio {
                worstRatio = ratio
                result = (difference.isNaN ? .infinity : difference, tolerances[index])
            }
        }
        return result
    }

    static func describe(_ components: [Double]?) -> String {
        guard let components else { return "none" }
        return "(" + components.map { String(format: "%.4f", $0) }.joined(separator: ", ") + ")"
    }
}

/// The result of a whole conformance run: every row, and what ran where.
public struct ConformanceReport: Codable, Sendable {
    /// One scenario's result.
    public struct Scenario: Codable, Sendable {
        /// Its name.
        public var name: String
        /// What it shows.
        public var summary: String
        /// How many frames were sampled.
        public var frames: Int
        /// The median frame rate of the run, in frames per second.
        public var frameRate: Double
        /// Its rows.
        public var rows: [ConformanceRow]
    }

    /// Where it ran (`"iOS 17.4 simulator, iPhone 15"`, `"headless"`).
    public var platform: String
    /// When it ran (ISO 8601).
    public var date: String
    /// The tolerances, in words.
    public var tolerances: String
    /// The scenarios.
    public var scenarios: [Scenario]
    /// Whether every row passed (and at least one scenario ran).
    public private(set) var passed = false

    /// A report of the scenarios run so far, none yet.
    public init(platform: String, date: Date = Date()) {
        self.platform = platform
        self.date = ISO8601DateFormatter().string(from: date)
        tolerances = "geometry \(ConformanceTolerance.points) pt; opacity and colour channels 0.5/255; "
            + "rotation \(ConformanceTolerance.radians) rad; scale and matrix linear part \(ConformanceTolerance.ratio); "
            + "callbacks: the same names in the same frames"
        scenarios = []
    }

    /// Adds the comparison of `scenario` recorded on a device with its headless run.
    public mutating func add(_ scenario: ConformanceScenario, device: ConformanceRecording, headless: ConformanceRecording) {
        let times = device.timeline.frameTimes
        let intervals = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let median = intervals.isEmpty ? 0 : intervals[intervals.count / 2]
        scenarios.append(Scenario(
            name: scenario.name, summary: scenario.summary, frames: times.count,
            frameRate: median > 0 ? (1 / median).rounded() : 0,
            rows: ConformanceComparison.rows(scenario, device: device, headless: headless)))
        passed = scenarios.allSatisfy { $0.rows.allSatisfy(\.passed) }
    }

    /// Every row, scenario by scenario.
    public var rows: [ConformanceRow] { scenarios.flatMap(\.rows) }

    /// One line: how many rows matched, and the first that did not.
    public var summary: String {
        let rows = rows
        let failed = rows.filter { !$0.passed }
        let frames = scenarios.map(\.frames).reduce(0, +)
        let head = "FlightConformance: \(scenarios.count) scenarios, \(rows.count) rows, \(frames) frames on \(platform): "
        guard let first = failed.first else { return head + "all match the headless host" }
        return head + "\(failed.count) MISMATCH (first: \(first.scenario) / \(first.property), "
            + "\(String(format: "%.4g", first.worstDifference)) > \(String(format: "%.4g", first.tolerance)) "
            + "at \(String(format: "%.3f", first.worstTime)) s)"
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }
}
