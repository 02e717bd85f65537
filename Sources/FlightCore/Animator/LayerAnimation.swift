import FlightEasing
import Foundation

/// One keyframe animation of one key path, as Flight hands it to a host: on CoreAnimation a
/// `CAKeyframeAnimation` (the bridge works out its every field before it touches CoreAnimation), on
/// ``HeadlessLayer`` the same, played by the same media-timing rules.
///
/// A Flight group becomes one of these per property that moves, each under its own key
/// (`"flight.7.0"`, the group's key and the property's index), all with the group's begin time. Because every property is
/// its own animation, a later group takes a key path over by removing just that animation; the
/// others play on, undisturbed.
public struct LayerAnimation: Sendable {
    /// When the animation shows its effect outside its active interval (`CAMediaTimingFillMode`).
    public enum FillMode: Sendable, Hashable {
        /// Only while active (CoreAnimation's default).
        case removed
        /// Holds the end value after the end.
        case forwards
        /// Shows the start value before the begin time.
        case backwards
        /// Both.
        case both
    }

    /// The key path it animates.
    public var keyPath: String
    /// When it begins, in the host's time (``AnimationHost/currentTime``: on CoreAnimation the
    /// layer's time space).
    public var beginTime: TimeInterval
    /// What it plays: keyframes, key times and timing curves, read through
    /// ``KeyframeSequence``'s requirements (not always ``Keyframes``: see ``KeyframeSequence``).
    public var keyframes: any KeyframeSequence {
        didSet { repeats = keyframes is any RepeatingKeyframeSequence }
    }
    /// Whether ``keyframes`` repeat over a run (``repeatCount``): found where they are set, so
    /// that reading the animation's value or end does not look up a conformance (a cast to a
    /// protocol costs a few hundred instructions) for keyframes that play once.
    private var repeats: Bool
    /// What it shows outside its active interval. Flight uses ``FillMode/backwards``: before a
    /// begin time a moment ahead it shows the start value; after the end, the model, which
    /// already holds the end value.
    public var fillMode: FillMode = .removed
    /// How fast its local time runs against the host's, as `CAMediaTiming.speed`: 1 normally, 0
    /// while its group is paused.
    ///
    /// Never negative in what Flight sends: `CAMediaTiming` documents `speed` as a rate, not what
    /// a negative one does, so Flight plays a group backwards with its keyframes mirrored at
    /// `speed` 1 (see ``AnimationGroup/reverse()``). A negative (or NaN) speed counts as 0: the
    /// animation holds, on ``HeadlessLayer`` and in what the CoreAnimation bridge sends.
    public var speed: Double = 1
    /// Added to its local time, as `CAMediaTiming.timeOffset`: where a paused group is held.
    public var timeOffset: TimeInterval = 0
    /// Whether the host removes it when it ends. Flight uses `false`: CoreAnimation removes
    /// animations that are removed on completion when the app moves to the background or a view
    /// leaves its window, so Flight removes its own when their group ends instead.
    public var isRemovedOnCompletion = true
    /// Whether its value is added to what the layer shows so far instead of replacing it, as
    /// `CAPropertyAnimation.isAdditive` documents: "The addition function is type-dependent, e.g.
    /// for affine transforms the two matrices are concatenated". Flight's own animations are not
    /// additive; UIKit adds additive ones (`UIView.animate` over a running animation), and a
    /// ``HeadlessLayer`` plays them by that rule.
    public var isAdditive = false

    /// Creates an animation.
    public init(keyPath: String, beginTime: TimeInterval, keyframes: any KeyframeSequence) {
        self.init(keyPath: keyPath, beginTime: beginTime, keyframes: keyframes,
                  repeats: keyframes is any RepeatingKeyframeSequence)
    }

    /// Creates an animation of keyframes known to repeat over a run, or known to play once.
    init(keyPath: String, beginTime: TimeInterval, keyframes: any KeyframeSequence, repeats: Bool) {
        assert(repeats == (keyframes is any RepeatingKeyframeSequence), "an animation knows whether its keyframes repeat")
        self.keyPath = keyPath
        self.beginTime = beginTime
        self.keyframes = keyframes
        self.repeats = repeats
    }

    /// Its keyframes' run where they repeat (nil where they play once).
    private var repeatingRun: (any RepeatingKeyframeSequence)? { repeats ? keyframes as? any RepeatingKeyframeSequence : nil }

    /// Its duration: the keyframes', as `CAMediaTiming.duration`. For a property of a repeating
    /// group (``Repetition``), one period: the keyframes then cover one period, which plays
    /// ``repeatCount`` times.
    public var duration: TimeInterval { keyframes.duration }

    /// How many times its ``duration`` plays, as `CAMediaTiming.repeatCount`: 0 for an
    /// animation that plays once; for a property of a repeating group, its run in periods,
    /// counted from ``repeatPhase``, possibly fractional, infinite for a group that repeats
    /// forever.
    ///
    /// A `CAKeyframeAnimation` that plays what Flight plays has the ``keyframes``' key times,
    /// values and timing functions, ``duration``, this `repeatCount` (`Float`: an infinite count
    /// is `Float.greatestFiniteMagnitude`, which Apple documents "will cause the animation to
    /// repeat forever"), and a `beginTime` ``repeatPhase`` `/ speed` earlier (or, held at speed
    /// 0, ``repeatPhase`` added to its `timeOffset`).
    public var repeatCount: Double { repeatingRun?.periodCount ?? 0 }

    /// How far into its first period a repeating animation begins, in seconds: 0 but for a
    /// repeating group played backwards (``AnimationGroup/reverse()``), whose mirrored run
    /// starts part-way into a period. See ``repeatCount``.
    public var repeatPhase: TimeInterval { repeatingRun?.phase ?? 0 }

    /// How long it plays: ``duration``, or, repeating, its whole run from its begin time
    /// (infinite for forever).
    var playingDuration: TimeInterval { repeats ? keyframes.playingDuration : keyframes.duration }

    /// When it ends, in the host's time: infinitely far while its speed is 0.
    public var endTime: TimeInterval {
        let duration = playingDuration
        // A playing animation with an offset is active for its duration (see `localTime(at:)`).
        return speed > 0 ? beginTime + (timeOffset > 0 ? duration : duration - timeOffset) / speed : .infinity
    }

    /// Its local time at host time `time`, or nil when it shows nothing then (CoreAnimation's
    /// rules: active from the begin time, its local time `(time − beginTime) × speed +
    /// timeOffset`, shown while within the duration, outside it as the fill mode says; a
    /// negative speed counts as 0). Before the begin time a backwards fill clamps to the start of
    /// the active duration, the local time the formula gives at the begin time: `timeOffset`.
    /// For a repeating animation (``repeatCount``), the time into its whole run from its begin
    /// time (within which each period is `(local + repeatPhase)` modulo ``duration``).
    ///
    /// A playing animation with a `timeOffset` is active for its duration from its begin time,
    /// and its local time wraps round past the end to the start: it plays from the offset to its
    /// end, then from its start back to the offset (what CoreAnimation is widely observed to do;
    /// Apple documents only the formula). Flight never plays one with an offset (it holds a
    /// paused animation with one, at speed 0); this models what a device would show if it did.
    public func localTime(at time: TimeInterval) -> TimeInterval? {
        let duration = playingDuration
        if time < beginTime {
            return fillMode == .backwards || fillMode == .both ? min(max(timeOffset, 0), duration) : nil
        }
        let rate = speed > 0 ? speed : 0
        var local = (time - beginTime) * rate + timeOffset
        if rate > 0 && timeOffset > 0 && duration > 0 {
            // Active for `duration / speed` from the begin time, wrapping round within it.
            if (time - beginTime) * rate >= duration {
                return fillMode == .forwards || fillMode == .both ? duration : nil
            }
            local = local.truncatingRemainder(dividingBy: duration)
        }
        if local < 0 { return fillMode == .backwards || fillMode == .both ? 0 : nil }
        if local >= duration { return fillMode == .forwards || fillMode == .both ? duration : nil }
        return local
    }

    /// The value it shows at host time `time`, or nil when it shows nothing.
    public func value(at time: TimeInterval) -> (any AnimatableValue)? {
        guard let local = localTime(at: time) else { return nil }
        return repeats ? keyframes.playingValue(at: local) : keyframes.presentationValue(at: local)
    }
}
