import Foundation

/// What Flight needs from something it animates: a store of model values, the presentation
/// values of what is playing, a clock, and a way to play a resolved group. ``HeadlessLayer`` is
/// one host; on Apple platforms a `CALayer` is another.
@MainActor
public protocol AnimationHost: AnyObject {
    /// Flight's bookkeeping for this host: registered states and the groups playing.
    var animationState: AnimationState { get }
    /// The host's time now, in seconds, in its own time space: on CoreAnimation the layer's time
    /// (`CACurrentMediaTime()` carried through the `speed` and `timeOffset` of the layer and its
    /// ancestors). Animations begin and are played in this time.
    var currentTime: TimeInterval { get }
    /// The scheduler that fires this host's triggers and group ends.
    var frameScheduler: FrameScheduler { get }
    /// The scheduler's time at which the host's time is `hostTime`: where Flight schedules the
    /// moments of a group playing on this host, so that callbacks come with the pixels on a layer
    /// that runs faster or slower than the screen. Not finite when the host's time stands still.
    func schedulerTime(forHostTime hostTime: TimeInterval) -> TimeInterval
    /// The host's time at the scheduler's time `schedulerTime`.
    func hostTime(forSchedulerTime schedulerTime: TimeInterval) -> TimeInterval
    /// The model value at a key path, or nil if the key path has never been set and has no
    /// default.
    func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)?
    /// The value shown now, with every playing animation applied.
    func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)?
    /// The value shown at host time `time` (a moment at most a frame away from now), given the
    /// animations playing now. Hosts that cannot tell report the value shown now.
    func presentationValue(forKeyPath keyPath: String, at time: TimeInterval) -> (any AnimatableValue)?
    /// Sets a model value immediately, without an implicit animation. Returns false if the key
    /// path cannot hold the value.
    func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool
    /// Sets a model value whose type is known where it is written, as
    /// ``setModelValue(_:forKeyPath:)`` does. Progress-driven animations write through it
    /// on every scroll event, so a host may store the value without boxing it; the default boxes
    /// it.
    func setTypedModelValue<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> Bool
    /// Applies Flight's changes to the host's animations, in order, at once (one transaction on
    /// CoreAnimation). An addition under a key in use replaces that animation and goes after
    /// every other one. The host reports none of these changes back; it reports only
    /// animations of Flight's that something else removed, through
    /// ``AnimationHost/animationWasRemoved(forKey:)``.
    func apply(_ changes: [LayerAnimationChange])
    /// Runs `changes` (model values set, animations applied) so that they reach the screen
    /// together: on CoreAnimation, inside one `CATransaction` with implicit actions disabled.
    func performTogether(_ changes: () -> Void)
    /// Whether an animation that is not Flight's (one UIKit or the app added) plays on
    /// `baseKeyPath` or one of its parts. A new animation of Flight's then starts from the
    /// host's presentation, which shows it, rather than from what Flight composes of its own.
    func hasOtherAnimations(onBase baseKeyPath: String) -> Bool
}

extension AnimationHost {
    /// The host's time is the scheduler's.
    public func schedulerTime(forHostTime hostTime: TimeInterval) -> TimeInterval { hostTime }

    /// The host's time is the scheduler's.
    public func hostTime(forSchedulerTime schedulerTime: TimeInterval) -> TimeInterval { schedulerTime }

    /// Runs `changes`: a host without transactions shows each change as it is made.
    public func performTogether(_ changes: () -> Void) { changes() }

    /// A host that plays only Flight's animations has no others.
    public func hasOtherAnimations(onBase baseKeyPath: String) -> Bool { false }

    /// The model value of a layer property, its default if the host has none of its type.
    package func modelValue<Value: AnimatableValue>(for key: LayerProperty.Key<Value>) -> Value {
        modelValue(forKeyPath: key.keyPath) as? Value ?? key.defaultValue
    }

    /// Sets the model value of a layer property (see ``setTypedModelValue(_:forKeyPath:)``).
    @discardableResult
    package func setModelValue<Value: AnimatableValue>(_ value: Value, for key: LayerProperty.Key<Value>) -> Bool {
        setTypedModelValue(value, forKeyPath: key.keyPath)
    }

    /// Boxes the value and sets it with ``setModelValue(_:forKeyPath:)``.
    public func setTypedModelValue<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> Bool {
        setModelValue(value, forKeyPath: keyPath)
    }

    /// The value shown now: the host cannot tell another moment.
    public func presentationValue(forKeyPath keyPath: String, at time: TimeInterval) -> (any AnimatableValue)? {
        presentationValue(forKeyPath: keyPath)
    }

    /// Tells Flight that one of its animations was removed by something other than Flight (the
    /// app calling `removeAllAnimations()`, say): the group it belongs to is cut short, its stop
    /// callback fires with `finished == false` and its pending triggers are cancelled. Unknown
    /// keys are ignored. CoreAnimation's own removals (when the app moves to the background, when
    /// a view leaves its window) do not happen to Flight's animations, which are not removed on
    /// completion: Flight removes them itself when their group ends.
    public func animationWasRemoved(forKey key: String) {
        FlightEngine.hostRemovedAnimation(forKey: key, on: self)
    }
}
