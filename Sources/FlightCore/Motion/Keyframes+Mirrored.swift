import FlightEasing
import Foundation

extension Keyframes {
    /// The same keyframes played from the end back to the start, as keyframes of their own:
    /// the values in reverse order, each key time `k` at `1 − k`, and each segment's timing
    /// function `(x1, y1, x2, y2)` turned into `(1 − x2, 1 − y2, 1 − x1, 1 − y1)`, so that what
    /// they show `t` seconds in is what these show `duration − t` seconds in.
    ///
    /// This is how Flight plays a group backwards without a negative `speed`, which
    /// `CAMediaTiming` documents as a rate but not for negative values: a segment's timing curve
    /// `y(x)` played backwards is `1 − y(1 − x)`, whose Bézier control points are the mirrored
    /// ones above (`CAMediaTimingFunction(controlPoints:)` takes any x in `0...1`). Key times
    /// that are distinct here stay distinct (one after the other by at least one step of a
    /// `Double`), so that a jump (two keyframes a step of a `Double` apart) stays a jump: one
    /// step apart here too, whatever `1 − k` rounds to (a key time nearer 0 has finer steps, so
    /// two key times a step apart near 0.75 would mirror two or three steps apart near 0.25,
    /// and an instant between them would show a value half-way through the jump).
    func mirrored() -> Keyframes {
        let count = frames.count
        var mirrored: [Keyframe] = []
        mirrored.reserveCapacity(count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let frame = frames[index]
            var keyTime = 1 - frame.keyTime
            if let previous = mirrored.last {
                // Distinct key times stay in order and distinct after rounding; a jump stays one
                // step long.
                let next = frames[index + 1].keyTime
                if frame.keyTime >= next {
                    keyTime = previous.keyTime
                } else if frame.keyTime.nextUp >= next {
                    keyTime = min(previous.keyTime.nextUp, 1)
                } else {
                    keyTime = min(max(keyTime, previous.keyTime.nextUp), 1)
                }
                // The segment before this keyframe here is the one after it there.
                let timing = frame.timing
                mirrored[mirrored.count - 1].timing = CubicBezier(unchecked: 1 - timing.x2, 1 - timing.y2,
                                                                  1 - timing.x1, 1 - timing.y1)
            }
            mirrored.append(Keyframe(keyTime: keyTime, value: frame.value))
        }
        mirrored[0].keyTime = 0
        mirrored[count - 1].keyTime = 1
        return Keyframes(duration: duration, frames: mirrored)
    }
}

/// Keyframes that Flight plays backwards (``Keyframes/mirrored()``), kept with the keyframes
/// they mirror so that turning round again gives those back exactly, not a mirror of a mirror
/// rounded twice.
struct MirroredKeyframes<Value: AnimatableValue>: KeyframeSequence {
    /// The keyframes played forwards.
    let forward: Keyframes<Value>
    /// What is played: `forward` mirrored.
    let played: Keyframes<Value>

    init(_ forward: Keyframes<Value>) {
        self.forward = forward
        played = forward.mirrored()
    }

    private init(forward: Keyframes<Value>, played: Keyframes<Value>) {
        self.forward = forward
        self.played = played
    }

    var duration: TimeInterval { played.duration }
    var keyTimes: [Double] { played.keyTimes }
    var timingFunctions: [CubicBezier] { played.timingFunctions }
    var valueList: [any AnimatableValue] { played.valueList }

    func presentationValue(at t: TimeInterval) -> any AnimatableValue { played.value(at: t) }

    func mappingValues(_ transform: (any AnimatableValue) -> any AnimatableValue) -> any KeyframeSequence {
        // Each value is mapped on its own, so mapping the mirror is mirroring the mapped keyframes.
        guard let forward = forward.mappingValues(transform) as? Keyframes<Value>,
              let played = played.mappingValues(transform) as? Keyframes<Value> else { return self }
        return MirroredKeyframes(forward: forward, played: played)
    }
}

/// Keyframes that can be turned round (``Keyframes`` and their mirror).
protocol TurningKeyframeSequence: KeyframeSequence {
    /// The keyframes played the other way.
    var turnedRound: any KeyframeSequence { get }
}

extension Keyframes: TurningKeyframeSequence {
    var turnedRound: any KeyframeSequence { MirroredKeyframes(self) }
}

extension MirroredKeyframes: TurningKeyframeSequence {
    var turnedRound: any KeyframeSequence { forward }
}

extension KeyframeSequence {
    /// The keyframes played the other way (see ``Keyframes/mirrored()``): for Flight's own
    /// keyframes, their mirror, or, for a mirror, the keyframes it mirrors. Nil for a sequence
    /// of another type.
    var playedBackwards: (any KeyframeSequence)? {
        (self as? any TurningKeyframeSequence)?.turnedRound
    }
}
