import Foundation

/// One property of a resolved group: its exact motion and the keyframes that stand for it.
public struct ResolvedProperty: Sendable {
    /// The key path.
    public let keyPath: String
    /// Whether it was declared primary.
    public let isPrimary: Bool
    /// The tolerance, in display units, its keyframes were fitted to where it had to be wider
    /// than asked (see `ValueMotion.maximumKeyframes` and ``FlightError/toleranceWidened(keyPath:tolerance:)``);
    /// nil where the asked tolerance held.
    package let widenedTolerance: Double?
    /// How many evaluations of the exact motion fitting its keyframes took (0 where the fit was
    /// kept from an earlier one): never more than `ValueMotion.maximumFitEvaluations`.
    package let fitEvaluations: Int
    /// The layer property ``keyPath`` names (nil for a custom key path): the request's, kept so
    /// that take-over compares wholes without looking key paths up.
    let layerProperty: LayerProperty?
    fileprivate let storage: any MotionStorage

    /// Takes `motion` and `keyframes` over (consumed, so that the motion, a large value, is
    /// moved into its storage rather than copied).
    init<Value: AnimatableValue>(
        keyPath: String, layerProperty: LayerProperty?, isPrimary: Bool,
        motion: consuming ValueMotion<Value>, keyframes: consuming Keyframes<Value>,
        widenedTolerance: Double? = nil, fitEvaluations: Int = 0
    ) {
        self.init(keyPath: keyPath, layerProperty: layerProperty, isPrimary: isPrimary, motion: motion,
                  fitted: .frames(keyframes), widenedTolerance: widenedTolerance, fitEvaluations: fitEvaluations)
    }

    /// Takes `motion` and what its fit gave over (keyframes along a straight path placed between
    /// its values are kept so, without a list of their own).
    init<Value: AnimatableValue>(
        keyPath: String, layerProperty: LayerProperty?, isPrimary: Bool,
        motion: consuming ValueMotion<Value>, fitted: FittedKeyframes<Value>,
        widenedTolerance: Double? = nil, fitEvaluations: Int = 0
    ) {
        assert(layerProperty === LayerProperty.named(keyPath), "a resolved property keeps its key path's property")
        self.keyPath = keyPath
        self.layerProperty = layerProperty
        self.isPrimary = isPrimary
        self.widenedTolerance = widenedTolerance
        self.fitEvaluations = fitEvaluations
        let typed = TypedMotionStorage(motion: consume motion, fitted: fitted)
        storage = typed
        // Made here, where the value type is known: made from the storage at each read, the
        // existential would look up the storage's conformance at run time (hundreds of
        // instructions a group start).
        playedKeyframes = typed.played
    }

    /// A property whose motion is held by `storage` (a motion along a path).
    init(
        keyPath: String, layerProperty: LayerProperty?, isPrimary: Bool, storage: any MotionStorage,
        widenedTolerance: Double?, fitEvaluations: Int
    ) {
        assert(layerProperty === LayerProperty.named(keyPath), "a resolved property keeps its key path's property")
        self.keyPath = keyPath
        self.layerProperty = layerProperty
        self.isPrimary = isPrimary
        self.widenedTolerance = widenedTolerance
        self.fitEvaluations = fitEvaluations
        self.storage = storage
        playedKeyframes = storage.track
    }

    /// How long this property animates within its group, in seconds.
    public var duration: TimeInterval { storage.duration }
    /// Whether it moves straight between ``from`` and ``to`` on its easing (a `ValueMotion`);
    /// false for a motion along a path (a position or its heading), whose ``from`` and ``to``
    /// are only its ends.
    var movesBetweenEnds: Bool { storage is any ValueMotionStorage }
    /// The easing.
    public var easing: Easing { storage.easing }
    /// The value it starts from (the presentation value when it was resolved).
    public var from: any AnimatableValue { storage.from }
    /// The value it ends at.
    public var to: any AnimatableValue { storage.to }
    /// Its keyframes: values, key times and a timing curve per segment, as the host plays them
    /// (``Keyframes`` of the value's type where the property moves between two ends; made
    /// anew at each read where the host plays them placed between those ends without a list).
    public var keyframes: any KeyframeSequence { storage.track }
    /// What a host plays: ``keyframes``, or, for keyframes placed between a straight-path
    /// motion's values, a track that plays them from the property's storage without a list of
    /// their own.
    let playedKeyframes: any KeyframeSequence
    /// Key times of its keyframes, fractions of ``duration``.
    public var keyTimes: [Double] { playedKeyframes.keyTimes }
    /// Its keyframe values.
    public var keyframeValues: [any AnimatableValue] { playedKeyframes.valueList }

    /// The value shown `t` seconds after the group began: the keyframes as the host plays them,
    /// holding the end value after ``duration``.
    public func value(at t: TimeInterval) -> any AnimatableValue { storage.keyframeValue(at: t) }

    /// The exact value `t` seconds after the group began (the curve the keyframes stand for).
    public func exactValue(at t: TimeInterval) -> any AnimatableValue { storage.exactValue(at: t) }

    /// The exact velocity per component in value units per second, in the first lanes.
    public func velocity(at t: TimeInterval) -> SIMD16<Double> { storage.velocity(at: t) }

    /// The value progress at `t`: the signed projection of `value − from` on `to − from` (time
    /// progress when `from == to`); springs can pass 1.
    public func progress(at t: TimeInterval) -> Double { storage.progress(at: t) }

    /// The first time, in seconds after the group began, at which the keyframes CoreAnimation
    /// plays reach value progress `threshold`: from below for a positive threshold, from above
    /// for a negative one, at 0 for 0. Solved on the keyframes as played (through each
    /// segment's timing curve) to within a microsecond (or to the nearest representable time,
    /// for durations so long that a microsecond is below their precision). Nil when the motion
    /// never gets there.
    public func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        storage.firstTime(reachingProgress: threshold)
    }
}

extension ResolvedGroup {
    // The storage read alone, then asked. A stored field of a property read in place copies
    // nothing, but a property read in place to call through its storage is copied whole (its
    // key path, storage and keyframes retained, then released).

    /// ``ResolvedProperty/from`` of the property at `index`: where its own motion starts.
    func from(ofPropertyAt index: Int) -> any AnimatableValue {
        let storage = properties[index].storage
        return storage.from
    }

    /// ``ResolvedProperty/velocity(at:)`` of the property at `index`: its own motion's velocity
    /// `t` seconds in, not through a repeating group's cycles (for those, see
    /// ``AnimationGroup/velocity(ofPropertyAt:elapsed:)``).
    func velocity(ofPropertyAt index: Int, at t: TimeInterval) -> SIMD16<Double> {
        let storage = properties[index].storage
        return storage.velocity(at: t)
    }
}

/// A property's motion and keyframes, shared by the resolved property, the layer animation and
/// the group. A class: its existential is then a reference, which a copy retains, rather than a
/// boxed value copied through its value witnesses.
protocol MotionStorage: AnyObject, Sendable {
    var duration: TimeInterval { get }
    var easing: Easing { get }
    var from: any AnimatableValue { get }
    var to: any AnimatableValue { get }
    /// The keyframes, as ``Keyframes`` of the motion's value type where it moves between two
    /// values (made anew at each read for keyframes placed without a list of their own).
    var track: any KeyframeSequence { get }
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue
    func exactValue(at t: TimeInterval) -> any AnimatableValue
    func velocity(at t: TimeInterval) -> SIMD16<Double>
    func progress(at t: TimeInterval) -> Double
    func firstTime(reachingProgress threshold: Double) -> TimeInterval?
}

/// The first time `progress` reaches `threshold` (from below for a positive one, from above for
/// a negative one): checked at the first of `boundaries` times (`time(0)`, …, increasing: a
/// motion's keyframe times), scanned in 16 steps across each span between them, the first span
/// that gets there bisected to a tenth of a microsecond (or to adjacent numbers where time is
/// too far out for that: at most 1,100 halvings). Nil if it never does.
func firstTime(
    reaching threshold: Double, boundaries: Int, at time: (Int) -> TimeInterval, progress: (TimeInterval) -> Double
) -> TimeInterval? {
    guard boundaries > 0 else { return nil }
    func reached(_ value: Double) -> Bool { threshold > 0 ? value >= threshold : value <= threshold }
    if reached(progress(time(0))) { return time(0) }
    for index in 1..<max(boundaries, 1) {
        let (t0, t1) = (time(index - 1), time(index))
        guard t1 > t0 else { continue }
        let steps = 16
        var previous = t0
        for step in 1...steps {
            let t = step == steps ? t1 : t0 + (t1 - t0) * Double(step) / Double(steps)
            if reached(progress(t)) {
                var (low, high) = (previous, t)
                while high - low > 1e-7 {
                    let middle = (low + high) / 2
                    guard middle > low && middle < high else { break }
                    if reached(progress(middle)) { high = middle } else { low = middle }
                }
                return high
            }
            previous = t
        }
    }
    return nil
}

/// A storage of a `ValueMotion`: one that moves straight between its ends.
private protocol ValueMotionStorage {}

/// What a property's storage reads of its motion: `ValueMotion`'s own members.
///
/// The storage is generic over the types of its motion and fit, not over their value type. A
/// generic class reads and destroys a field whose type is one of its generic arguments through
/// that argument's metadata, kept in its own; a field of type `ValueMotion<Value>` would have
/// that type's metadata looked up (by hashing, hundreds of instructions) at each read through
/// generic code and again when the storage ends, at the end of every group.
private protocol StoredMotion: Sendable {
    associatedtype Value: AnimatableValue
    var duration: TimeInterval { get }
    var easing: Easing { get }
    var from: Value { get }
    var to: Value { get }
    func value(at t: TimeInterval) -> Value
    func velocity(at t: TimeInterval) -> Value.Components
    func progress(at t: TimeInterval) -> Double
}

extension ValueMotion: StoredMotion {}

/// What a property's storage reads of its keyframes: `FittedKeyframes`' own members (see
/// ``StoredMotion`` for why the storage is generic over this type).
private protocol StoredFit: Sendable {
    associatedtype Value: AnimatableValue
    /// The keyframes as a list of their own where they have one; nil where they are placed
    /// between a motion's values.
    var ownKeyframes: Keyframes<Value>? { get }
    var keyframes: Keyframes<Value> { get }
    var count: Int { get }
    var keyTimes: [Double] { get }
    var timingFunctions: [CubicBezier] { get }
    var valueList: [any AnimatableValue] { get }
    func value(at t: TimeInterval) -> Value
    func keyTime(ofFrame index: Int) -> Double
}

extension FittedKeyframes: StoredFit {
    fileprivate var ownKeyframes: Keyframes<Value>? {
        switch self {
        case .frames(let keyframes): keyframes
        case .placed: nil
        }
    }
}

/// A property's motion and keyframes, typed; a class so that the resolved property, the layer
/// animation and the group share one copy. `Motion` is a `ValueMotion` and `Fitted` its
/// `FittedKeyframes` (see ``StoredMotion``).
private final class TypedMotionStorage<Motion: StoredMotion, Fitted: StoredFit>: MotionStorage, ValueMotionStorage
where Fitted.Value == Motion.Value {
    typealias Value = Motion.Value
    // What every group start reads (a layer animation's keyframes, the duration) is kept as it
    // is read, made once where the value type is known.
    let duration: TimeInterval
    /// The keyframes as a host plays them where they are a list of their own; nil where they
    /// are placed between the motion's values without one (a `PlacedTrack` of this storage
    /// then plays them, ``played``).
    private let ownTrack: (any KeyframeSequence)?
    let motion: Motion
    let fitted: Fitted
    /// The motion's velocity in the first lanes, made where the value type is known. A method
    /// of this class runs the generic code, whatever its value type: there the velocity's
    /// arithmetic on `Value.Components` goes lane by lane through the SIMD protocols, thousands
    /// of instructions for what takes tens specialized (a redirect reads the velocity of every
    /// property it interrupts).
    private let velocityLanes: @Sendable (Motion, TimeInterval) -> SIMD16<Double>

    init(motion: consuming Motion, fitted: Fitted) {
        duration = motion.duration
        ownTrack = fitted.ownKeyframes
        self.motion = motion
        self.fitted = fitted
        velocityLanes = { motion, t in
            guard t < motion.duration else { return .zero }
            let components = motion.velocity(at: max(t, 0))
            var result = SIMD16<Double>.zero
            for index in 0..<Value.componentCount { result[index] = components[index] }
            return result
        }
    }

    var track: any KeyframeSequence { ownTrack ?? fitted.keyframes }
    var played: any KeyframeSequence { ownTrack ?? PlacedTrack(storage: self) }
    var easing: Easing { motion.easing }
    var from: any AnimatableValue { motion.from }
    var to: any AnimatableValue { motion.to }
    // Specialized for the straight-path types (a method of this class otherwise runs generic
    // code, see `velocityLanes`): a sequence scrubbed reads the value at every step, and
    // keyframes placed between two values work each value out along the path.
    @_specialize(where Motion == ValueMotion<Double>, Fitted == FittedKeyframes<Double>)
    @_specialize(where Motion == ValueMotion<CGPoint>, Fitted == FittedKeyframes<CGPoint>)
    @_specialize(where Motion == ValueMotion<CGSize>, Fitted == FittedKeyframes<CGSize>)
    @_specialize(where Motion == ValueMotion<CGRect>, Fitted == FittedKeyframes<CGRect>)
    func keyframeValue(at t: TimeInterval) -> any AnimatableValue { fitted.value(at: t) }
    func exactValue(at t: TimeInterval) -> any AnimatableValue { motion.value(at: t) }
    func progress(at t: TimeInterval) -> Double { motion.progress(at: t) }

    /// The progress of the keyframes as played at `t`: the projection of the played value on
    /// the travel for componentwise values, the exact progress at the same time otherwise.
    private func playedProgress(at t: TimeInterval, delta: Value.Components, lengthSquared: Double) -> Double {
        if Value.Path.isComponentwise && lengthSquared > 0 {
            return ((fitted.value(at: t).components - motion.from.components) * delta).sum() / lengthSquared
        }
        return motion.progress(at: t)
    }

    // Specialized as `keyframeValue(at:)` is: a trigger's moment is solved on hundreds of
    // instants.
    @_specialize(where Motion == ValueMotion<Double>, Fitted == FittedKeyframes<Double>)
    @_specialize(where Motion == ValueMotion<CGPoint>, Fitted == FittedKeyframes<CGPoint>)
    @_specialize(where Motion == ValueMotion<CGSize>, Fitted == FittedKeyframes<CGSize>)
    @_specialize(where Motion == ValueMotion<CGRect>, Fitted == FittedKeyframes<CGRect>)
    func firstTime(reachingProgress threshold: Double) -> TimeInterval? {
        guard threshold.isFinite else { return nil }
        if threshold == 0 { return 0 }
        let duration = motion.duration
        let delta = motion.to.components - motion.from.components
        let lengthSquared = (delta * delta).sum()
        guard duration > 0, motion.from.distance(to: motion.to) > 0 else {
            // Nothing moves: progress is time progress, which never leaves 0...1.
            guard threshold > 0, threshold <= 1 else { return nil }
            return threshold * duration
        }
        let fitted = fitted
        return FlightCore.firstTime(reaching: threshold, boundaries: fitted.count, at: { fitted.keyTime(ofFrame: $0) * duration }) {
            playedProgress(at: $0, delta: delta, lengthSquared: lengthSquared)
        }
    }

    func velocity(at t: TimeInterval) -> SIMD16<Double> { velocityLanes(motion, t) }
}

/// What a host plays for keyframes placed between a straight-path motion's values without a
/// list of their own (``TypedMotionStorage/played``): a reference to the storage that keeps
/// them, small enough to sit in an existential without a box of its own. (A structure, not the
/// storage itself: casts of what a host plays to Flight's other keyframe kinds, made at every
/// redirect, cost a conformance look-up for a generic class several times a structure's.)
private struct PlacedTrack<Motion: StoredMotion, Fitted: StoredFit>: KeyframeSequence, TurningKeyframeSequence
where Fitted.Value == Motion.Value {
    let storage: TypedMotionStorage<Motion, Fitted>

    var duration: TimeInterval { storage.duration }
    var keyTimes: [Double] { storage.fitted.keyTimes }
    var timingFunctions: [CubicBezier] { storage.fitted.timingFunctions }
    var valueList: [any AnimatableValue] { storage.fitted.valueList }

    @_specialize(where Motion == ValueMotion<Double>, Fitted == FittedKeyframes<Double>)
    @_specialize(where Motion == ValueMotion<CGPoint>, Fitted == FittedKeyframes<CGPoint>)
    @_specialize(where Motion == ValueMotion<CGSize>, Fitted == FittedKeyframes<CGSize>)
    @_specialize(where Motion == ValueMotion<CGRect>, Fitted == FittedKeyframes<CGRect>)
    func presentationValue(at t: TimeInterval) -> any AnimatableValue { storage.fitted.value(at: t) }

    func mappingValues(_ transform: (any AnimatableValue) -> any AnimatableValue) -> any KeyframeSequence {
        storage.fitted.keyframes.mappingValues(transform)
    }

    var turnedRound: any KeyframeSequence { MirroredKeyframes(storage.fitted.keyframes) }
}
