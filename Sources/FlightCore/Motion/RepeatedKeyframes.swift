import FlightEasing
import Foundation

/// One property of a repeating group as a host plays it: the keyframes of one period (the way
/// out, the way back if it autoreverses, the delay) repeated for the group's whole run, exactly
/// as a `CAKeyframeAnimation` with those keyframes, the period as its `duration` and a
/// (fractional) `repeatCount` plays them: `CAMediaTiming` documents that `repeatCount` "May be
/// fractional" and that the timing model repeats "their basic duration multiple times".
///
/// Played backwards (a reversed group), it is the period's keyframes mirrored
/// (``Keyframes/mirrored()``), repeated, and begun ``RepeatTiming/mirrorPhase`` into a period,
/// so that `t` seconds in it shows what the forward run shows `runDuration − t` seconds in; the
/// CoreAnimation bridge begins the animation that much earlier (or, held, adds it to the time
/// offset) rather than play with a time offset.
struct RepeatedKeyframes<Value: AnimatableValue>: KeyframeSequence {
    /// The run's timing.
    let timing: RepeatTiming
    /// One period's keyframes, played forwards.
    let forward: Keyframes<Value>
    /// What each period plays: `forward`, or its mirror when played backwards.
    let played: Keyframes<Value>
    /// Whether it plays backwards.
    let isMirrored: Bool
    /// The value the run ends on played forwards (nil: the period's keyframes where it ends).
    let end: Value?

    /// One period's keyframes repeated by `timing`, ending on `end` (where the run ends, worked
    /// out from the part of the cycle it ends in).
    init(timing: RepeatTiming, period: Keyframes<Value>, end: Value? = nil) {
        self.init(timing: timing, forward: period, played: period, isMirrored: false, end: end)
    }

    private init(timing: RepeatTiming, forward: Keyframes<Value>, played: Keyframes<Value>, isMirrored: Bool, end: Value?) {
        self.timing = timing
        self.forward = forward
        self.played = played
        self.isMirrored = isMirrored
        self.end = end
    }

    /// One period: what ``keyTimes``, ``valueList`` and ``timingFunctions`` cover, the
    /// `duration` a `CAKeyframeAnimation` of them is given (see ``LayerAnimation/repeatCount``).
    var duration: TimeInterval { played.duration }
    /// How far into its first period the run begins: 0 forwards, the mirror phase backwards.
    var phase: TimeInterval { isMirrored ? timing.mirrorPhase : 0 }
    var keyTimes: [Double] { played.keyTimes }
    var timingFunctions: [CubicBezier] { played.timingFunctions }
    /// The values of one period, as played.
    var valueList: [any AnimatableValue] { played.valueList }

    /// The value shown `t` seconds into a period (clamped into it).
    func presentationValue(at t: TimeInterval) -> any AnimatableValue { played.value(at: t) }

    /// The whole run (infinite for forever).
    var runDuration: TimeInterval { timing.span }

    func runValue(at t: TimeInterval) -> any AnimatableValue { value(at: t) }

    /// The value shown `t` seconds into the run: the period's keyframes at the time into the
    /// period; from the end of the run on, the value it ends on.
    func value(at t: TimeInterval) -> Value {
        guard isMirrored else {
            if let end, t >= runDuration { return end }
            return played.value(at: timing.periodTime(at: t))
        }
        let period = timing.period
        // The mirrored run starts where the forward one ends, on the value it ends on (which
        // the period's keyframes may not show: a `.steps` way out's last jump, played without
        // at each turn, is where a run ending on a turn ends).
        if let end, t <= 0 { return end }
        guard t < runDuration else { return played.value(at: period) }
        // `t + phase` into the mirrored periods, worked out from the forward run's time
        // `runDuration − t` (the same, exactly): summed, a time just before the run's end could
        // round onto the start of a period past it and show the other end of a cycle.
        return played.value(at: period - timing.periodTime(at: runDuration - max(t, 0)))
    }

    func mappingValues(_ transform: (any AnimatableValue) -> any AnimatableValue) -> any KeyframeSequence {
        guard let forward = forward.mappingValues(transform) as? Keyframes<Value>,
              let played = played.mappingValues(transform) as? Keyframes<Value> else { return self }
        let end = end.map { transform($0) as? Value ?? $0 }
        return RepeatedKeyframes(timing: timing, forward: forward, played: played, isMirrored: isMirrored, end: end)
    }
}

extension RepeatedKeyframes: TurningKeyframeSequence {
    /// The run played the other way; a run that never ends has no end to play back from, and
    /// is returned as it is.
    var turnedRound: any KeyframeSequence {
        guard runDuration.isFinite else { return self }
        guard !isMirrored else {
            return RepeatedKeyframes(timing: timing, forward: forward, played: forward, isMirrored: false, end: end)
        }
        // The mirrored run starts where the forward one ends, showing what it ends on: a jump
        // there, its mirrored key times rounded, must not put its start on the other side.
        var mirrored = forward.mirrored()
        if let end { mirrored = mirrored.jumps(clearOf: timing.mirrorPhase / timing.period, showing: end) }
        return RepeatedKeyframes(timing: timing, forward: forward, played: mirrored, isMirrored: true, end: end)
    }
}

/// Keyframes repeated over a run: their ``KeyframeSequence`` view is one period (its key times,
/// values and timing functions, and the period as its duration), played ``periodCount`` times
/// from ``phase`` into the first, as `CAMediaTiming`'s `repeatCount` repeats a basic duration.
package protocol RepeatingKeyframeSequence: KeyframeSequence {
    /// How many periods the run covers from its ``phase`` on: `(phase + runDuration) / period`,
    /// infinite for forever.
    var periodCount: Double { get }
    /// How far into its first period the run begins.
    var phase: TimeInterval { get }
    /// The whole run, in seconds: infinite for forever.
    var runDuration: TimeInterval { get }
    /// The value shown `t` seconds into the run; from its end on, the value it ends on.
    func runValue(at t: TimeInterval) -> any AnimatableValue
}

extension RepeatedKeyframes: RepeatingKeyframeSequence {
    package var periodCount: Double {
        guard runDuration.isFinite else { return .infinity }
        return (phase + runDuration) / timing.period
    }
}

extension KeyframeSequence {
    /// The time the keyframes play for: their duration, or, repeated, their whole run.
    var playingDuration: TimeInterval { (self as? any RepeatingKeyframeSequence)?.runDuration ?? duration }

    /// The value shown `t` seconds into what they play: ``presentationValue(at:)``, or,
    /// repeated, the value `t` seconds into the whole run.
    func playingValue(at t: TimeInterval) -> any AnimatableValue {
        if let repeating = self as? any RepeatingKeyframeSequence { return repeating.runValue(at: t) }
        return presentationValue(at: t)
    }
}

extension Keyframes {
    /// The same keyframes stretched over `newDuration` (at least ``duration``): they play in the
    /// first `duration` seconds as before and hold their last value after.
    func held(over newDuration: TimeInterval) -> Keyframes {
        guard newDuration > duration, duration > 0 else { return self }
        let scale = duration / newDuration
        var frames = frames
        for index in frames.indices {
            frames[index].keyTime = self.frames[index].keyTime * scale
            if index > 0 { frames[index].keyTime = Self.keyTime(frames[index].keyTime, after: frames[index - 1].keyTime,
                                                                 jumping: self.frames[index - 1].keyTime, self.frames[index].keyTime) }
        }
        frames[frames.count - 1].timing = .linear
        frames.append(Keyframe(keyTime: 1, value: frames[frames.count - 1].value))
        return Keyframes(duration: newDuration, frames: frames)
    }

    /// Keyframes that play `segments` one after the other, each for its duration, over their
    /// total: each one's first value is taken to be the last one's end.
    static func concatenating(_ segments: [Keyframes]) -> Keyframes {
        let total = segments.reduce(0) { $0 + $1.duration }
        guard total > 0 else { return segments[0] }
        var frames: [Keyframe] = []
        var start: TimeInterval = 0
        for segment in segments where segment.duration > 0 {
            for (index, frame) in segment.frames.enumerated() {
                var frame = frame
                frame.keyTime = min((start + frame.keyTime * segment.duration) / total, 1)
                if index == 0, !frames.isEmpty {
                    // Where the previous one ended: this segment's first curve starts there.
                    frames[frames.count - 1].timing = frame.timing
                    continue
                }
                if index > 0, let last = frames.last {
                    frame.keyTime = keyTime(frame.keyTime, after: last.keyTime,
                                            jumping: segment.frames[index - 1].keyTime, segment.frames[index].keyTime)
                }
                frames.append(frame)
            }
            start += segment.duration
        }
        frames[0].keyTime = 0
        frames[frames.count - 1].keyTime = 1
        frames[frames.count - 1].timing = .linear
        return Keyframes(duration: total, frames: frames)
    }

    /// `keyTime`, the key time of a keyframe placed after one at `previous` (both scaled and
    /// rounded from `from` and `to`): no more than one unit in the last place after it where
    /// they were that close (a jump, a ramp of one unit), so that no time falls inside the jump
    /// and shows a value half-way through it.
    static func keyTime(_ keyTime: Double, after previous: Double, jumping from: Double, _ to: Double) -> Double {
        guard to <= from.nextUp else { return keyTime }
        return min(max(keyTime, previous), previous.nextUp)
    }

    /// A hold of `value` for `duration` seconds.
    static func hold(_ value: Value, for duration: TimeInterval) -> Keyframes {
        Keyframes(duration: duration, frames: [Keyframe(keyTime: 0, value: value), Keyframe(keyTime: 1, value: value)])
    }
}

extension Keyframes {
    /// These keyframes with each jump that lies within a few units in the last place of
    /// `fraction` (two keyframes at one key time, or a few units apart, with different values)
    /// moved wholly to one side of it, so that the keyframes show `shown` at `fraction`: after
    /// it when `shown` is the value before the jump, up to it otherwise. Where a repeated run
    /// starts or ends on a jump, the period's key times, rounded, could otherwise place the
    /// jump a moment on the wrong side, and the layer would show the other side for an instant.
    func jumps(clearOf fraction: Double, showing shown: Value) -> Keyframes {
        guard fraction > 0, fraction < 1 else { return self }
        let near = 16 * fraction.ulp
        var frames = frames
        var moved = false
        for index in frames.indices.dropLast() {
            let (before, after) = (frames[index], frames[index + 1])
            guard after.keyTime - before.keyTime <= 8 * after.keyTime.ulp,
                  before.keyTime - near <= fraction, fraction <= after.keyTime + near else { continue }
            let (toBefore, toAfter) = (shown.distance(to: before.value), shown.distance(to: after.value))
            guard toBefore != toAfter else { continue }
            // Where the pair goes: just after `fraction`, or ending on it.
            let (first, second) = toBefore < toAfter ? (fraction.nextUp, fraction.nextUp.nextUp) : (fraction.nextDown, fraction)
            let lower = index > 0 ? frames[index - 1].keyTime : 0
            let upper = index + 2 < frames.count ? frames[index + 2].keyTime : 1
            guard first > lower, second < upper else { continue }
            frames[index].keyTime = first
            frames[index + 1].keyTime = second
            moved = true
        }
        return moved ? Keyframes(duration: duration, frames: frames) : self
    }
}
