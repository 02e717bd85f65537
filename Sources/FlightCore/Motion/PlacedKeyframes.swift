import FlightEasing
import Foundation

/// A fit of the progress along a straight path placed between two values: the ``Keyframes``
/// that mapping each keyframe's progress through the path gives (the first exactly `from`, the
/// last exactly `to`), without a list of their own. The fit's list, which the keyframe cache
/// shares between moves, is read in place and each value is worked out where it is read, so
/// that a move whose fit the cache holds allocates no keyframes (what a resolved property keeps
/// for a straight-path motion). Its ends are finite, as a motion's are.
struct PlacedKeyframes<Value: AnimatableValue>: Sendable {
    /// The progress from 0 to 1, played over the motion's duration.
    let progress: Keyframes<Double>
    /// The first value.
    let from: Value
    /// The last value.
    let to: Value

    /// The straight path the progress moves along, `Value.Path(from: from, to: to)` (the
    /// motion's own: a motion is handed a path of its own only along a colour's, which is not
    /// straight), made where it is read: for ``ComponentwisePath`` a subtraction, where keeping
    /// it would double the bytes copied with the keyframes.
    private var path: Value.Path { Value.Path(from: from, to: to) }

    /// The duration in seconds.
    var duration: TimeInterval { progress.duration }
    /// The number of keyframes.
    var count: Int { progress.frames.count }

    /// Keyframe `index`'s value.
    func value(ofFrame index: Int) -> Value {
        if index == 0 { return from }
        let frames = progress.frames
        return index == frames.count - 1 ? to : path.value(at: frames[index].value)
    }

    /// Keyframes `index` and `index + 1`'s values, the path made once for both.
    private func values(ofFramesFrom index: Int) -> (Value, Value) {
        let frames = progress.frames
        let path = path
        let first = index == 0 ? from : path.value(at: frames[index].value)
        let second = index + 1 == frames.count - 1 ? to : path.value(at: frames[index + 1].value)
        return (first, second)
    }

    /// What the keyframes show `t` seconds in, as ``Keyframes/value(at:)`` shows it.
    func value(at t: TimeInterval) -> Value {
        guard let (index, fraction) = progress.segment(at: t) else {
            return t > 0 && duration > 0 ? to : from
        }
        let eased = progress.frames[index].timing.progress(at: fraction)
        let (start, end) = values(ofFramesFrom: index)
        return start.keyframeInterpolated(to: end, fraction: eased)
    }

    /// Whether every value is a finite number in every component. The ends are (a motion's
    /// values are checked when it is made); along ``ComponentwisePath`` each component moves
    /// linearly with the progress, so the values between the least and the greatest progress
    /// are finite where those two are. Along another path every keyframe is read.
    var hasFiniteValues: Bool {
        guard Value.Path.self == ComponentwisePath<Value>.self else {
            return (0..<count).allSatisfy { value(ofFrame: $0).isEveryComponentFinite }
        }
        let frames = progress.frames
        var (least, greatest) = (0.0, 1.0)
        for frame in frames {
            guard frame.value.isFinite else { return false }
            (least, greatest) = (min(least, frame.value), max(greatest, frame.value))
        }
        // From 0 up, each component lies between `from`'s and the greatest progress's.
        let path = path
        return path.value(at: greatest).isEveryComponentFinite && (least == 0 || path.value(at: least).isEveryComponentFinite)
    }

    /// The keyframes as a list of their own.
    var keyframes: Keyframes<Value> {
        let frames = progress.frames
        return Keyframes(duration: duration, frames: frames.indices.map { index in
            Keyframes<Value>.Keyframe(keyTime: frames[index].keyTime, value: value(ofFrame: index), timing: frames[index].timing)
        })
    }
}

/// What a keyframe fit gives: keyframes of their own, or a progress fit placed between two
/// values.
enum FittedKeyframes<Value: AnimatableValue>: Sendable {
    case frames(Keyframes<Value>)
    case placed(PlacedKeyframes<Value>)

    /// The keyframes as a list of their own (made anew for placed ones).
    var keyframes: Keyframes<Value> {
        switch self {
        case .frames(let keyframes): keyframes
        case .placed(let placed): placed.keyframes
        }
    }

    /// What the keyframes show `t` seconds in.
    func value(at t: TimeInterval) -> Value {
        switch self {
        case .frames(let keyframes): keyframes.value(at: t)
        case .placed(let placed): placed.value(at: t)
        }
    }

    /// The number of keyframes.
    var count: Int {
        switch self {
        case .frames(let keyframes): keyframes.count
        case .placed(let placed): placed.count
        }
    }

    /// Keyframe `index`'s key time.
    func keyTime(ofFrame index: Int) -> Double {
        switch self {
        case .frames(let keyframes): keyframes.frames[index].keyTime
        case .placed(let placed): placed.progress.frames[index].keyTime
        }
    }

    /// The key times.
    var keyTimes: [Double] {
        switch self {
        case .frames(let keyframes): keyframes.keyTimes
        case .placed(let placed): placed.progress.keyTimes
        }
    }

    /// One timing curve per segment.
    var timingFunctions: [CubicBezier] {
        switch self {
        case .frames(let keyframes): keyframes.timingFunctions
        case .placed(let placed): placed.progress.timingFunctions
        }
    }

    /// The keyframe values, type-erased.
    var valueList: [any AnimatableValue] {
        switch self {
        case .frames(let keyframes): keyframes.valueList
        case .placed(let placed): (0..<placed.count).map { placed.value(ofFrame: $0) }
        }
    }

    /// Whether every value is a finite number in every component.
    var hasFiniteValues: Bool {
        switch self {
        case .frames(let keyframes): keyframes.frames.allSatisfy { $0.value.isEveryComponentFinite }
        case .placed(let placed): placed.hasFiniteValues
        }
    }
}
