import Foundation

/// Keyframe values and key times, ready for a `CAKeyframeAnimation`: linear calculation mode,
/// `keyTimes` increasing from exactly 0 to exactly 1, the first value the start and the last
/// the end.
public struct Keyframes<Value: AnimatableValue>: Sendable {
    /// The duration the key times are fractions of, in seconds.
    public let duration: TimeInterval
    /// Fractions of ``duration``, strictly increasing, from 0 to 1.
    public let keyTimes: [Double]
    /// One value per key time.
    public let values: [Value]

    /// The number of keyframes.
    public var count: Int { keyTimes.count }

    /// The value CoreAnimation shows at time `t`: linear between neighbouring keyframes (along the
    /// value's path, for transforms and colours), holding the ends outside the duration.
    public func value(at t: TimeInterval) -> Value {
        guard duration > 0, t > 0, let last = values.last else { return values.first ?? values[0] }
        if t >= duration { return last }
        let time = t / duration
        // The last key time not after `time`.
        var (low, high) = (0, keyTimes.count - 1)
        while high - low > 1 {
            let mid = (low + high) / 2
            if keyTimes[mid] <= time { low = mid } else { high = mid }
        }
        let span = keyTimes[high] - keyTimes[low]
        let fraction = span > 0 ? (time - keyTimes[low]) / span : 1
        return values[low].interpolated(to: values[high], fraction: fraction)
    }
}

extension ValueMotion {
    /// Keyframes for the motion's own ``tolerance``.
    public func keyframes() -> Keyframes<Value> {
        keyframes(tolerance: tolerance)
    }

    /// Keyframes as few as possible such that playing them back linearly stays within
    /// `tolerance` of this motion at every instant. Overshoot is kept; the ends are exact.
    ///
    /// The motion is sampled in steps of at most 1/240 s, halved wherever the chord over a step
    /// misses the curve by more than 1/32 of the tolerance (kinks, fast oscillations). The
    /// samples stream through a band of the remaining 31/32 of the tolerance
    /// around the curve: a keyframe's straight line continues while some slope keeps it inside
    /// the band at every sample; where none does, the next keyframe goes at the last sample
    /// reached, on the side of the band the curve bends away from. Nothing is allocated but the
    /// two output arrays.
    public func keyframes(tolerance: KeyframeTolerance) -> Keyframes<Value> {
        guard duration > 0 else { return Keyframes(duration: 0, keyTimes: [0, 1], values: [to, to]) }
        guard !isStill else { return Keyframes(duration: duration, keyTimes: [0, 1], values: [from, to]) }
        let bound = channelBound(tolerance: tolerance)
        var fitter = BandFitter(motion: self, width: bound * 31 / 32)
        let longestStep = duration / Double(max(8, Int((duration * 240).rounded(.up))))
        let minimumStep = max(duration * 1e-7, 1e-9)
        let threshold = bound / 32
        // Walk from 0 to the end in steps of at most 1/240 s, halving a step until the chord
        // over it misses the curve at its midpoint by no more than `threshold`, and growing it
        // again after each accepted step. Needs no storage beyond the current point.
        var current = (time: 0.0, value: channelValues(at: 0))
        var step = longestStep
        fitter.start(at: current)
        while current.time < duration {
            var end = min(current.time + step, duration)
            var endValue = channelValues(at: end)
            while end - current.time > minimumStep {
                let middleTime = (current.time + end) / 2
                let middle = channelValues(at: middleTime)
                if Self.largestMagnitude(middle - (current.value + endValue) * 0.5) <= threshold { break }
                (end, endValue) = (middleTime, middle)
            }
            fitter.add((end, endValue))
            step = min((end - current.time) * 2, longestStep)
            current = (end, endValue)
        }
        return fitter.finish()
    }

    /// Keyframes at a fixed rate (every 1/60 s, say), as FlightAnimator produced them, for
    /// comparison. The last interval may be shorter so that the end is exact.
    public func keyframes(framesPerSecond: Double) -> Keyframes<Value> {
        guard duration > 0 else { return Keyframes(duration: 0, keyTimes: [0, 1], values: [to, to]) }
        let rate = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60
        let steps = max(1, Int((duration * rate).rounded(.up)))
        var keyTimes: [Double] = []
        var values: [Value] = []
        keyTimes.reserveCapacity(steps + 1)
        values.reserveCapacity(steps + 1)
        for step in 0..<steps {
            let t = Double(step) / rate
            // Skip a last step that would land (almost) on the end.
            if step > 0 && duration - t < 1e-9 { break }
            keyTimes.append(t / duration)
            values.append(value(at: t))
        }
        keyTimes.append(1)
        values.append(to)
        return Keyframes(duration: duration, keyTimes: keyTimes, values: values)
    }

    // MARK: Sampling

    /// The tolerance per channel, in channel units.
    private func channelBound(tolerance: KeyframeTolerance) -> Double {
        // The extent for relative tolerances: the travel, or the furthest excursion if larger.
        var extent = from.distance(to: to)
        if case .relative = tolerance {
            let count = max(8, Int((duration * 240).rounded(.up)))
            for index in 0...count {
                extent = max(extent, from.distance(to: value(at: duration * Double(index) / Double(count))))
            }
        }
        var bound = tolerance.bound(extent: extent)
        if bound <= 0 || !bound.isFinite { bound = 1e-9 }
        let scale = channelScale
        // Per component: share the bound so that the Euclidean error stays within it.
        let perChannel = channelCount > 1 ? bound / Double(channelCount).squareRoot() : bound
        return scale > 0 ? perChannel / scale : perChannel
    }

    private static func largestMagnitude(_ v: SIMD16<Double>) -> Double {
        max(v.max(), -v.min())
    }

}

extension ValueMotion {
    /// The largest distance between `keyframes` played back linearly and this motion, measured
    /// at `samples` evenly spaced instants (and at the midpoints between key times): a check of
    /// how faithful keyframes are, for tests, benchmarks and curiosity.
    public func maximumDeviation(of keyframes: Keyframes<Value>, samples: Int = 20_000) -> Double {
        guard duration > 0 else { return keyframes.value(at: 0).distance(to: to) }
        var worst = 0.0
        func check(_ t: Double) { worst = max(worst, keyframes.value(at: t).distance(to: value(at: t))) }
        let count = max(samples, 2)
        for index in 0...count { check(duration * Double(index) / Double(count)) }
        for (a, b) in zip(keyframes.keyTimes, keyframes.keyTimes.dropFirst()) { check(duration * (a + b) / 2) }
        return worst
    }
}
