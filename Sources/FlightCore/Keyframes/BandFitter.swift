/// Places keyframes along a stream of samples so that the straight lines between them stay
/// within a band of half-width `width` (per channel) around every sample.
///
/// From each keyframe, the set of slopes that keep the line inside the band at every sample so
/// far is an interval per channel; each new sample narrows it. When a sample would make it
/// empty, the next keyframe goes at the last sample that fitted, at the value the allowed slopes
/// reach that is on the side of the band the curve bends away from (below a convex stretch,
/// above a concave one), where the next line can run furthest. The last keyframe is the exact
/// end value.
struct BandFitter<Value: AnimatableValue> {
    typealias Sample = (time: Double, value: SIMD16<Double>)

    private let motion: ValueMotion<Value>
    private let width: SIMD16<Double>
    private var keyTimes: [Double] = []
    private var values: [Value] = []

    /// The last keyframe.
    private var origin: Sample = (0, .zero)
    /// The slopes from `origin` that keep every sample since in the band.
    private var low = SIMD16<Double>(repeating: -.infinity)
    private var high = SIMD16<Double>(repeating: .infinity)
    /// The same interval before `last` narrowed it.
    private var previousLow = SIMD16<Double>(repeating: -.infinity)
    private var previousHigh = SIMD16<Double>(repeating: .infinity)
    /// The latest sample that fitted, and the one before it.
    private var last: Sample?
    private var beforeLast: Sample = (0, .zero)

    init(motion: ValueMotion<Value>, width: Double) {
        self.motion = motion
        self.width = SIMD16(repeating: width)
        keyTimes.reserveCapacity(16)
        values.reserveCapacity(16)
    }

    mutating func start(at sample: Sample) {
        keyTimes.append(0)
        values.append(motion.from)
        restart(at: sample)
    }

    mutating func add(_ sample: Sample) {
        let dt = sample.time - origin.time
        let newLow = pointwiseMax(low, (sample.value - width - origin.value) / dt)
        let newHigh = pointwiseMin(high, (sample.value + width - origin.value) / dt)
        if !any(newLow .> newHigh) {
            (previousLow, previousHigh) = (low, high)
            (low, high) = (newLow, newHigh)
            beforeLast = last ?? origin
            last = sample
            return
        }
        // A fresh interval always admits one sample, so `last` exists here.
        guard let reached = last else { return }
        placeKeyframe(at: reached, low: low, high: high, bend: Self.bend(beforeLast, reached, sample))
        add(sample)
    }

    /// Closes the stream, whose final sample is the end of the motion.
    mutating func finish() -> Keyframes<Value> {
        if let end = last {
            let exact = (end.value - origin.value) / (end.time - origin.time)
            if any(exact .< low) || any(exact .> high) {
                // The exact end is out of reach: stop one sample earlier, then step to the end.
                placeKeyframe(at: beforeLast, low: previousLow, high: previousHigh, bend: .zero)
            }
        }
        keyTimes.append(1)
        values.append(motion.to)
        return Keyframes(duration: motion.duration, keyTimes: keyTimes, values: values)
    }

    private mutating func placeKeyframe(
        at point: Sample, low: SIMD16<Double>, high: SIMD16<Double>, bend: SIMD16<Double>
    ) {
        let dt = point.time - origin.time
        let toward = (point.value - origin.value) / dt
        let preferred = bend.replacing(with: low, where: bend .> 0)
            .replacing(with: high, where: bend .< 0)
            .replacing(with: toward, where: bend .== 0)
        let slope = pointwiseMin(pointwiseMax(preferred, low), high)
        let vertex = origin.value + slope * dt
        keyTimes.append(point.time / motion.duration)
        values.append(motion.value(fromChannels: vertex))
        restart(at: (point.time, vertex))
    }

    private mutating func restart(at sample: Sample) {
        origin = sample
        low = SIMD16(repeating: -.infinity)
        high = SIMD16(repeating: .infinity)
        last = nil
        beforeLast = sample
    }

    /// The change of slope at `middle`: positive where the curve is convex.
    private static func bend(_ before: Sample, _ middle: Sample, _ after: Sample) -> SIMD16<Double> {
        guard middle.time > before.time, after.time > middle.time else { return .zero }
        return (after.value - middle.value) / (after.time - middle.time)
            - (middle.value - before.value) / (middle.time - before.time)
    }
}
