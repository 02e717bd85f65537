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
    /// The motion is sampled on a 240 Hz grid, refined by bisection wherever the curve bends
    /// more than an eighth of the tolerance between samples (kinks, fast oscillations); then each
    /// keyframe is placed as far after the previous one as the samples allow.
    public func keyframes(tolerance: KeyframeTolerance) -> Keyframes<Value> {
        guard duration > 0 else { return Keyframes(duration: 0, keyTimes: [0, 1], values: [to, to]) }
        guard !isStill else { return Keyframes(duration: duration, keyTimes: [0, 1], values: [from, to]) }
        var samples = denseSamples(tolerance: tolerance)
        let bound = channelBound(tolerance: tolerance, samples: samples)
        samples = refined(samples, threshold: bound / 32)
        let knots = bandKnots(samples, threshold: bound * 31 / 32)
        let lastIndex = knots.count - 1
        return Keyframes(
            duration: duration,
            keyTimes: knots.indices.map { $0 == lastIndex ? 1 : knots[$0].time / duration },
            values: knots.indices.map { index in
                index == 0 ? from : index == lastIndex ? to : value(fromChannels: knots[index].value)
            }
        )
    }

    /// Keyframes at a fixed rate (every 1/60 s, say), as FlightAnimator produced them, for
    /// comparison. The last interval may be shorter so that the end is exact.
    public func keyframes(framesPerSecond: Double) -> Keyframes<Value> {
        guard duration > 0 else { return Keyframes(duration: 0, keyTimes: [0, 1], values: [to, to]) }
        let rate = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60
        let steps = max(1, Int((duration * rate).rounded(.up)))
        var times = (0..<steps).map { Double($0) / rate }
        times.append(duration)
        if times.count > 2, times[times.count - 1] - times[times.count - 2] < 1e-9 { times.remove(at: times.count - 2) }
        return Keyframes(
            duration: duration,
            keyTimes: times.map { $0 / duration },
            values: times.map { value(at: $0) }
        )
    }

    // MARK: Sampling

    struct Samples {
        var times: [Double]
        var values: [SIMD16<Double>]
    }

    private func denseSamples(tolerance: KeyframeTolerance) -> Samples {
        let count = max(8, Int((duration * 240).rounded(.up)))
        var samples = Samples(times: [], values: [])
        samples.times.reserveCapacity(count + 1)
        samples.values.reserveCapacity(count + 1)
        for index in 0...count {
            let t = index == count ? duration : duration * Double(index) / Double(count)
            samples.times.append(t)
            samples.values.append(channelValues(at: t))
        }
        return samples
    }

    /// The tolerance per channel, in channel units.
    private func channelBound(tolerance: KeyframeTolerance, samples: Samples) -> Double {
        // The extent for relative tolerances: the travel, or the furthest excursion if larger.
        var extent = from.distance(to: to)
        if case .relative = tolerance {
            for channels in samples.values { extent = max(extent, from.distance(to: value(fromChannels: channels))) }
        }
        var bound = tolerance.bound(extent: extent)
        if bound <= 0 || !bound.isFinite { bound = 1e-9 }
        let scale = channelScale
        // Per component: share the bound so that the Euclidean error stays within it.
        let perChannel = channelCount > 1 ? bound / Double(channelCount).squareRoot() : bound
        return scale > 0 ? perChannel / scale : perChannel
    }

    /// Inserts midpoints wherever the chord between neighbouring samples misses the curve by more
    /// than `threshold` in any channel.
    private func refined(_ samples: Samples, threshold: Double) -> Samples {
        let minimumStep = max(duration * 1e-7, 1e-9)
        var result = Samples(times: [samples.times[0]], values: [samples.values[0]])
        result.times.reserveCapacity(samples.times.count * 2)
        result.values.reserveCapacity(samples.times.count * 2)
        var stack: [(Double, SIMD16<Double>)] = []
        for index in 1..<samples.times.count {
            stack.append((samples.times[index], samples.values[index]))
            while let (endTime, endValue) = stack.last {
                let startTime = result.times[result.times.count - 1]
                let startValue = result.values[result.values.count - 1]
                let middleTime = (startTime + endTime) / 2
                if endTime - startTime > minimumStep {
                    let middleValue = channelValues(at: middleTime)
                    let miss = Self.largestMagnitude(middleValue - (startValue + endValue) * 0.5)
                    if miss > threshold {
                        stack.append((middleTime, middleValue))
                        continue
                    }
                }
                result.times.append(endTime)
                result.values.append(endValue)
                stack.removeLast()
            }
        }
        return result
    }

    /// Places keyframes in the band of half-width `threshold` around the samples: from each
    /// keyframe, the straight line continues while some slope keeps it within the band at every
    /// sample (the intersection of the slopes each sample allows is not empty); the next keyframe
    /// goes at the last sample it reached, as close to the curve as that slope range allows. The
    /// last keyframe is the exact end value.
    private func bandKnots(_ samples: Samples, threshold: Double) -> [(time: Double, value: SIMD16<Double>)] {
        let last = samples.times.count - 1
        let width = SIMD16<Double>(repeating: threshold)
        var knots = [(time: samples.times[0], value: samples.values[0])]
        var start = 0
        while start < last {
            let (t0, v0) = knots[knots.count - 1]
            var low = SIMD16<Double>(repeating: -.infinity)
            var high = SIMD16<Double>(repeating: .infinity)
            var reach = start
            var reachLow = low, reachHigh = high
            for index in (start + 1)...last {
                let dt = samples.times[index] - t0
                let newLow = pointwiseMax(low, (samples.values[index] - width - v0) / dt)
                let newHigh = pointwiseMin(high, (samples.values[index] + width - v0) / dt)
                if any(newLow .> newHigh) { break }
                (low, high, reach) = (newLow, newHigh, index)
                (reachLow, reachHigh) = (low, high)
            }
            if reach == last {
                // The end must be exact: it is, if the exact slope is still allowed.
                let exact = (samples.values[last] - v0) / (samples.times[last] - t0)
                if !any(exact .< reachLow) && !any(exact .> reachHigh) {
                    knots.append((samples.times[last], samples.values[last]))
                    break
                }
                if reach - 1 > start {
                    reach -= 1
                    (reachLow, reachHigh) = slopeRange(samples, from: start, to: reach, origin: (t0, v0), width: width)
                } else {
                    knots.append((samples.times[last], samples.values[last]))
                    break
                }
            }
            // Put the keyframe on the side of the band the curve bends away from, where the next
            // straight line can reach furthest: below a convex stretch, above a concave one.
            let dt = samples.times[reach] - t0
            let bend = bendDirection(samples, at: reach)
            let toward = (samples.values[reach] - v0) / dt
            let preferred = bend.replacing(with: reachLow, where: bend .> 0)
                .replacing(with: reachHigh, where: bend .< 0)
                .replacing(with: toward, where: bend .== 0)
            let slope = pointwiseMin(pointwiseMax(preferred, reachLow), reachHigh)
            knots.append((samples.times[reach], v0 + slope * dt))
            start = reach
        }
        return knots
    }

    /// The change of slope at sample `index`: positive where the curve is convex.
    private func bendDirection(_ samples: Samples, at index: Int) -> SIMD16<Double> {
        guard index > 0, index < samples.times.count - 1 else { return .zero }
        let before = (samples.values[index] - samples.values[index - 1]) / (samples.times[index] - samples.times[index - 1])
        let after = (samples.values[index + 1] - samples.values[index]) / (samples.times[index + 1] - samples.times[index])
        return after - before
    }

    /// The slopes from `origin` that keep samples `start+1...end` within the band.
    private func slopeRange(
        _ samples: Samples, from start: Int, to end: Int, origin: (Double, SIMD16<Double>), width: SIMD16<Double>
    ) -> (SIMD16<Double>, SIMD16<Double>) {
        var low = SIMD16<Double>(repeating: -.infinity)
        var high = SIMD16<Double>(repeating: .infinity)
        for index in (start + 1)...end {
            let dt = samples.times[index] - origin.0
            low = pointwiseMax(low, (samples.values[index] - width - origin.1) / dt)
            high = pointwiseMin(high, (samples.values[index] + width - origin.1) / dt)
        }
        return (low, high)
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
