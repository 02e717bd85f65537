import Foundation

/// JazzHands' film strip: values at keyframes along any scalar input (a scroll offset, a page
/// number, a gesture's translation), eased per segment, looked up in O(log n).
///
/// ```swift
/// var fade = KeyframeTrack<Double>()
/// fade.add(0, at: 0, easing: .outCubic)       // the easing of the segment that starts here
/// fade.add(1, at: 320)
/// fade.add(0, at: 640)
/// let alpha = fade.value(at: scrollView.contentOffset.x)
/// ```
///
/// Outside its keyframes a track holds the first or last value, or extends the first or last
/// segment linearly (``Extrapolation/extend``). Keyframes at the same time replace each other;
/// bulk setup sorts once, so thousands of keyframes are quick to build.
///
/// Every progress-driven feature runs on this type: Parade's states and PVView's actions are
/// compiled into tracks too, so they ease, interpolate and hold their ends by the same rules.
/// Between two keyframes a value follows its type's ``AnimatableValue/Path`` (transforms
/// decompose, colours mix in Oklab), prepared once per segment rather than once per lookup.
public struct KeyframeTrack<Value: AnimatableValue>: Sendable {
    /// One keyframe: a value at a time, and the easing of the segment from it to the next.
    public struct Keyframe: Sendable {
        /// The input value (time) of the keyframe.
        public var time: Double
        /// The value at that time.
        public var value: Value
        /// The easing of the segment that starts at this keyframe, as in JazzHands' and
        /// RazzleDazzle's film strips (unused on the last keyframe).
        public var easing: Easing
        /// Whether the easing runs from the segment's far end back to this keyframe: Parade's
        /// end state eases as a cell moves *away* from the centre, which on a track that runs
        /// from −1 to 1 is from the segment's end towards its start.
        var easesBackwards = false
    }

    /// What a track gives outside its first and last keyframes.
    public enum Extrapolation: Sendable, Hashable {
        /// The first or last value.
        case hold
        /// The first or last segment continued in a straight line.
        case extend
    }

    /// Where an input falls on a track: exactly on a keyframe's value (on it, outside the track
    /// when it holds, or anywhere along a segment whose ends are equal), or a fraction of the
    /// way along a segment's path. Two inputs at the same position give the same value, which
    /// is how a scroll state's property knows it has nothing new to write.
    enum Position: Equatable {
        /// The value of keyframe `index`.
        case keyframe(Int)
        /// The value `fraction` of the way along segment `index`'s path (eased already).
        case segment(Int, fraction: Double)
    }

    /// Where an input falls, and the inputs around it that fall on the same keyframe's value
    /// (see ``lookUp(_:)``).
    typealias LookUp = (position: Position, unchangedWithin: Range<Double>?)

    /// The keyframes, sorted by time.
    public private(set) var keyframes: [Keyframe]
    /// What the track gives outside its keyframes.
    public var extrapolation: Extrapolation
    /// The path of each segment (from keyframe `i` to `i + 1`, or back from `i + 1` to `i`
    /// when it eases backwards), and whether its ends are equal.
    private var segments: [Segment]

    private struct Segment: Sendable {
        var path: Value.Path
        var isConstant: Bool
        /// The segment's easing resolved once, for a timing curve (nil for a physical easing,
        /// read through the easing): a scroll update reads it for every cell that moves.
        var curve: TimingCurve?
    }

    /// An empty track.
    public init(extrapolation: Extrapolation = .hold) {
        keyframes = []
        segments = []
        self.extrapolation = extrapolation
    }

    /// A track from keyframes in any order (sorted once; the last of equal times wins).
    /// Non-finite times and values are dropped.
    public init(_ keyframes: [(time: Double, value: Value, easing: Easing)], extrapolation: Extrapolation = .hold) {
        let valid = keyframes.enumerated().filter { $0.element.time.isFinite && (try? $0.element.value.validated()) != nil }
        let sorted = valid.sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        var result: [Keyframe] = []
        result.reserveCapacity(sorted.count)
        for (_, frame) in sorted {
            let keyframe = Keyframe(time: frame.time, value: frame.value, easing: frame.easing)
            if let last = result.last, last.time == frame.time { result[result.count - 1] = keyframe } else { result.append(keyframe) }
        }
        self.init(sorted: result, extrapolation: extrapolation)
    }

    /// A track from keyframes already in order, which may repeat a time to jump there: at a
    /// repeated time the track shows the last of its keyframes, and before it the segment that
    /// ends at the first (a step). Parade's and PVView's compiled tracks are built so.
    init(sorted keyframes: [Keyframe], extrapolation: Extrapolation = .hold) {
        assert(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.time <= $1.time }, "keyframes out of order")
        self.keyframes = keyframes
        self.extrapolation = extrapolation
        segments = []
        segments.reserveCapacity(max(keyframes.count - 1, 0))
        for index in keyframes.indices.dropLast() { segments.append(segment(from: index)) }
    }

    /// Adds a keyframe (replacing one at the same time). Non-finite times or values are ignored.
    ///
    /// - Parameters:
    ///   - value: The value at the keyframe.
    ///   - time: The input value (time) of the keyframe.
    ///   - easing: The easing of the segment that starts at this keyframe (JazzHands' rule);
    ///     `.linear` by default.
    public mutating func add(_ value: Value, at time: Double, easing: Easing = .linear) {
        guard time.isFinite, (try? value.validated()) != nil else { return }
        var index = insertionIndex(for: time)
        let keyframe = Keyframe(time: time, value: value, easing: easing)
        if index > 0, keyframes[index - 1].time == time {
            index -= 1
            keyframes[index] = keyframe
        } else {
            keyframes.insert(keyframe, at: index)
            // One segment more: the one that spanned the new keyframe splits in two (or a new
            // first or last segment starts); both are prepared below.
            if keyframes.count > 1 { segments.insert(segment(from: min(index, keyframes.count - 2)), at: min(index, segments.count)) }
        }
        // The segments on either side of the keyframe end at its new value.
        for changed in index - 1...index where segments.indices.contains(changed) {
            segments[changed] = segment(from: changed)
        }
    }

    /// Adds a keyframe: RazzleDazzle's `addKeyframe(_:value:)`, the same as
    /// ``add(_:at:easing:)``.
    public mutating func addKeyframe(_ time: Double, value: Value, easing: Easing = .linear) {
        add(value, at: time, easing: easing)
    }

    /// RazzleDazzle's `animation[time] = value`: reading gives the value at `time` (nil for an
    /// empty track); writing adds a linear keyframe there (writing nil does nothing).
    public subscript(time: Double) -> Value? {
        get { value(at: time) }
        set { if let newValue { add(newValue, at: time) } }
    }

    /// The value at `time`; nil for an empty track. A NaN time gives the first value.
    public func value(at time: Double) -> Value? {
        position(at: time).map(value(at:))
    }

    /// Where `time` falls; nil for an empty track.
    func position(at time: Double) -> Position? {
        lookUp(time)?.position
    }

    /// Where `time` falls, and the inputs around it that fall on the same keyframe's value, if
    /// there are more than `time` itself (before the first keyframe or from the last one on when
    /// the track holds, along a segment whose ends are equal): a scroll state's property skips
    /// those without looking them up.
    func lookUp(_ time: Double) -> LookUp? {
        guard !keyframes.isEmpty else { return nil }
        guard !time.isNaN else { return (.keyframe(0), nil) }
        let upper = insertionIndex(for: time)   // the first keyframe after `time`
        if upper == 0 {
            if extrapolation == .extend { return (extended(0, to: time), nil) }
            return (.keyframe(0), -Double.infinity..<keyframes[0].time)
        }
        let lower = upper - 1
        if upper == keyframes.count {
            guard extrapolation == .extend, time > keyframes[lower].time else {
                // An extending track moves on past its last keyframe.
                return (.keyframe(lower), extrapolation == .hold ? keyframes[lower].time..<Double.infinity : nil)
            }
            return (extended(lower - 1, to: time), nil)
        }
        let (start, end) = (keyframes[lower].time, keyframes[upper].time)
        // Read in place: a segment taken out of the array would be copied, path and curve.
        return segments.withUnsafeBufferPointer { segments in
            if segments[lower].isConstant { return (.keyframe(lower), start..<end) }
            if time == start { return (.keyframe(lower), nil) }
            // Written out for each direction, so that a backwards segment computes its fraction
            // with the same operations as the forward one it mirrors.
            let fraction = keyframes[lower].easesBackwards ? (end - time) / (end - start) : (time - start) / (end - start)
            let progress: Double
            if let curve = segments[lower].curve {
                progress = curve.progress(at: min(max(fraction, 0), 1))
            } else {
                progress = keyframes[lower].easing.progress(at: fraction)
            }
            return (.segment(lower, fraction: progress), nil)
        }
    }

    /// The linear continuation of segment `index` to `time`; a track too short to extend holds
    /// its keyframe.
    private func extended(_ index: Int, to time: Double) -> Position {
        guard segments.indices.contains(index) else { return .keyframe(max(index, 0)) }
        let (start, end) = (keyframes[index].time, keyframes[index + 1].time)
        guard end > start else { return .keyframe(time < start ? index : index + 1) }
        let fraction = (time - start) / (end - start)
        return .segment(index, fraction: keyframes[index].easesBackwards ? 1 - fraction : fraction)
    }

    /// The value at `position`.
    func value(at position: Position) -> Value {
        switch position {
        case .keyframe(let index): keyframes[index].value
        case let .segment(index, fraction): segments[index].path.value(at: fraction)
        }
    }

    /// The prepared path of the segment that starts at keyframe `index`.
    private func segment(from index: Int) -> Segment {
        let (from, to) = (keyframes[index], keyframes[index + 1])
        let path = from.easesBackwards ? Value.Path(from: to.value, to: from.value) : Value.Path(from: from.value, to: to.value)
        return Segment(path: path, isConstant: from.value.components == to.value.components,
                       curve: from.easing.hasIntrinsicDuration ? nil : TimingCurve(from.easing))
    }

    /// The index of the first keyframe later than `time` (binary search).
    private func insertionIndex(for time: Double) -> Int {
        var (low, high) = (0, keyframes.count)
        while low < high {
            let mid = (low + high) / 2
            if keyframes[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
