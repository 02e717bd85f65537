import FlightEasing
import Foundation

/// What CoreAnimation plays for one property: keyframe values at key times, and between each
/// pair a timing curve, exactly as a `CAKeyframeAnimation` with `keyTimes`, `values` and
/// `timingFunctions` (calculation mode `.linear`) holds them.
///
/// Between keyframes *i* and *i + 1*, at local time `t`, CoreAnimation takes the fraction of
/// the segment elapsed, `u = (t/duration − keyTime[i]) / (keyTime[i+1] − keyTime[i])`, maps it
/// through the segment's timing function (a cubic Bézier, as `CAMediaTimingFunction`), and
/// interpolates the two values by that amount, the host's way (``KeyframeInterpolation``).
/// ``value(at:)`` does the same, so a test on Linux sees what a device shows.
public struct Keyframes<Value: AnimatableValue>: Sendable {
    /// One keyframe: a key time, a value, and the timing of the segment that starts here.
    public struct Keyframe: Sendable {
        /// The fraction of ``Keyframes/duration`` at which the value is reached.
        public var keyTime: Double
        /// The value.
        public var value: Value
        /// The timing curve of the segment from this keyframe to the next (unused on the last).
        public var timing: CubicBezier

        /// Creates a keyframe.
        public init(keyTime: Double, value: Value, timing: CubicBezier = .linear) {
            self.keyTime = keyTime
            self.value = value
            self.timing = timing
        }
    }

    /// The duration the key times are fractions of, in seconds.
    public let duration: TimeInterval
    /// The keyframes, key times increasing from exactly 0 to exactly 1.
    public let frames: [Keyframe]

    /// Keyframes as they are; the caller guarantees at least two, key times from 0 to 1.
    init(duration: TimeInterval, frames: [Keyframe]) {
        self.duration = duration
        self.frames = frames
    }

    /// Keyframes from parallel arrays, as a `CAKeyframeAnimation` takes them.
    ///
    /// - Parameters:
    ///   - duration: The duration in seconds (negative, NaN or infinite counts as 0).
    ///   - keyTimes: Fractions of the duration, one per value. Sorted, clamped into `0...1`, and
    ///     replaced by evenly spaced times if their count does not match (as CoreAnimation does).
    ///   - values: The values; at least one.
    ///   - timingFunctions: One per segment (`values.count − 1`); missing ones are linear.
    public init(duration: TimeInterval, keyTimes: [Double], values: [Value], timingFunctions: [CubicBezier] = []) {
        precondition(!values.isEmpty, "keyframes need at least one value")
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        let values = values.count == 1 ? [values[0], values[0]] : values
        let last = Double(values.count - 1)
        let times = keyTimes.count == values.count && keyTimes.allSatisfy(\.isFinite)
            ? keyTimes.map { min(max($0, 0), 1) }.sorted()
            : values.indices.map { Double($0) / last }
        frames = values.indices.map { index in
            Keyframe(keyTime: times[index], value: values[index],
                     timing: index < timingFunctions.count ? timingFunctions[index] : .linear)
        }
    }

    /// The number of keyframes.
    public var count: Int { frames.count }
    /// The key times, fractions of ``duration``.
    public var keyTimes: [Double] { frames.map(\.keyTime) }
    /// The values.
    public var values: [Value] { frames.map(\.value) }
    /// One timing function per segment: `count − 1` of them.
    public var timingFunctions: [CubicBezier] { frames.dropLast().map(\.timing) }

    /// The value CoreAnimation shows at time `t` seconds into the animation, interpolating the
    /// host's way (``AnimatableValue/keyframeInterpolated(to:fraction:)``). The first value
    /// before 0, the last from ``duration`` on.
    public func value(at t: TimeInterval) -> Value {
        value(at: t) { $0.keyframeInterpolated(to: $1, fraction: $2) }
    }

    /// The value at `t` with a given interpolation between keyframes.
    func value(at t: TimeInterval, interpolate: (Value, Value, Double) -> Value) -> Value {
        guard let (index, fraction) = segment(at: t) else {
            return t > 0 && duration > 0 ? frames[frames.count - 1].value : frames[0].value
        }
        let start = frames[index]
        let eased = start.timing.progress(at: fraction)
        return interpolate(start.value, frames[index + 1].value, eased)
    }

    /// The segment playing at `t` and the fraction of it elapsed, or nil outside `0..<duration`.
    func segment(at t: TimeInterval) -> (index: Int, fraction: Double)? {
        guard duration > 0, t >= 0, t < duration, frames.count > 1 else { return nil }
        let time = t / duration
        // The last keyframe whose key time is not after `time`.
        var (low, high) = (0, frames.count - 1)
        while high - low > 1 {
            let mid = (low + high) / 2
            if frames[mid].keyTime <= time { low = mid } else { high = mid }
        }
        let span = frames[high].keyTime - frames[low].keyTime
        return (low, span > 0 ? min(max((time - frames[low].keyTime) / span, 0), 1) : 1)
    }
}
