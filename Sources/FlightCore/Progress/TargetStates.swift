import Foundation

/// The states of one target.
@MainActor
final class TargetStates {
    weak var target: (any AnimationTarget)?
    /// The target's host, as it last gave it, so that a scroll event asks no target for its
    /// host again (on a device, a look-up of the layer's associated object). Held weakly: a
    /// host may outlive its target (a view's layer kept after the view is gone), and is used
    /// only while the target lives; a target that gives a new host each time is asked again.
    /// Forgotten by ``forgetHost()``, so that a target whose host changed (a view given another
    /// layer) is asked anew.
    private weak var knownHost: (any AnimationHost)?
    /// Whether ``knownHost`` is the target itself (a `HeadlessLayer`): alive, it says the target is.
    private var knownHostIsTarget = false
    /// Read on every scroll event (as ``ProgressAnimator``'s lists are, without the run-time
    /// exclusivity check: the main actor owns it and loops iterate a copy).
    @exclusivity(unchecked) var properties: [any StateTrack] = []

    init(target: any AnimationTarget) {
        self.target = target
    }

    func track<Value: AnimatableValue>(_ keyPath: String, _ type: Value.Type) -> TypedStateTrack<Value>? {
        if let existing = properties.first(where: { $0.keyPath == keyPath }) {
            guard let typed = existing as? TypedStateTrack<Value> else {
                FlightDiagnostics.report(.typeMismatch(keyPath: keyPath, expected: "\(existing.valueTypeName)",
                                                       actual: "\(Value.self)"))
                return nil
            }
            return typed
        }
        if let known = LayerProperty.named(keyPath), known.valueType != Value.self {
            FlightDiagnostics.report(.typeMismatch(keyPath: keyPath, expected: "\(known.valueType)", actual: "\(Value.self)"))
            return nil
        }
        let track = TypedStateTrack<Value>(keyPath: keyPath)
        properties.append(track)
        return track
    }

    /// The live target's host: the one it gave last, while that lives, else asked anew; nil
    /// once the target is gone.
    var host: (any AnimationHost)? {
        if let knownHost, knownHostIsTarget || target != nil { return knownHost }
        guard let target else { return nil }
        let host = target.animationHost
        knownHost = host
        knownHostIsTarget = host === target
        return host
    }

    /// Forgets the host the target gave, so that the next write asks it again.
    func forgetHost() {
        knownHost = nil
    }

    /// Writes every property for `progress`, if the target is still alive.
    func apply(_ progress: Double) {
        guard let host else { return }
        for property in properties { property.update(progress, host: host) }
    }

    /// Whether an update to `progress` would write any property (if the target is alive: the
    /// target is not looked at).
    func wouldWrite(at progress: Double) -> Bool {
        // A loop, not `contains(where:)`: a closure formed on the main actor and handed to a
        // nonisolated function checks at every call that it runs on the main actor.
        for property in properties where property.wouldWrite(at: progress) { return true }
        return false
    }

    func reset() {
        guard let host else { return }
        for property in properties { property.reset(host: host) }
        forgetHost()
    }
}

/// One property's start and end states, type-erased.
@MainActor
protocol StateTrack: AnyObject {
    var keyPath: String { get }
    var valueTypeName: String { get }
    /// Writes the property for `progress` to `host`, its target's, if that changes what it
    /// shows.
    func update(_ progress: Double, host: any AnimationHost)
    /// Whether ``update(_:host:)`` would write at `progress` (its states compiled anew,
    /// or its value there not the one it wrote last).
    func wouldWrite(at progress: Double) -> Bool
    func reset(host: any AnimationHost)
    /// Forgets what it last wrote, so that the next update writes.
    func forgetWrites()
}

/// Which state a builder writes.
enum StateKind {
    case start, end
}

/// The value types layers use, each of whose states runs code specialized for it: called
/// through ``StateTrack``, generic code would look up type metadata at every step.
enum ValueKind {
    case double
    case point
    case size
    case rect
    case color
    case transform3D
    case transform2D
    /// Any other type, run by generic code.
    case other

    init(_ type: any AnimatableValue.Type) {
        if type == Double.self {
            self = .double
        } else if type == CGPoint.self {
            self = .point
        } else if type == CGSize.self {
            self = .size
        } else if type == CGRect.self {
            self = .rect
        } else if type == Color.self {
            self = .color
        } else if type == Transform3D.self {
            self = .transform3D
        } else if type == Transform2D.self {
            self = .transform2D
        } else {
            self = .other
        }
    }
}

/// One end of a property's interpolation.
struct StateEnd<Value: AnimatableValue> {
    var value: Value
    var easing: Easing = .linear
    var range: ClosedRange<Double> = 0...1
}

/// A property's states, compiled into a keyframe track over the progress `-1...1` once its
/// snapshot is known (on the first update), and again after a state changes.
@MainActor
final class TypedStateTrack<Value: AnimatableValue>: StateTrack {
    let keyPath: String
    var start: StateEnd<Value>? {
        didSet { compiled = nil }
    }
    var end: StateEnd<Value>? {
        didSet { compiled = nil }
    }
    private var snapshot: Value?
    /// Whether a value that is not finite was reported (once). A flag rather than an
    /// ``OverflowReport``: a state track has one key path, and its write is the scroll path
    /// (the report object cost a scroll update of 1,000 items 2,000 instructions).
    private var hasReportedOverflow = false
    /// The states compiled against the snapshot, and what was written last. Kept in place
    /// (not in an object of its own, to be retained at every use) and read on every scroll
    /// event, on the main actor, with no access held across a call out: the run-time
    /// exclusivity check is left out.
    @exclusivity(unchecked) private var compiled: Compiled?

    /// The states as a track over the progress, and where on it the last write was.
    private struct Compiled {
        let track: KeyframeTrack<Value>
        /// Where on the track the last write was.
        var written: KeyframeTrack<Value>.Position?
        /// The inputs that fall where the last write was, if the track knows more than one.
        var unchanged: Range<Double>?
        /// The input ``hasMoved(at:)`` looked at last, and what it found there (the track never
        /// changes, so it stays true): an update asks whether a view will be written, then
        /// writes it.
        var checked: (input: Double, lookUp: KeyframeTrack<Value>.LookUp)?

        /// Whether the value at `input` is not the one written last.
        mutating func hasMoved(at input: Double) -> Bool {
            if let unchanged, unchanged.contains(input) { return false }
            guard let lookUp = lookUp(input) else { return false }
            checked = (input, lookUp)
            return lookUp.position != written
        }

        /// The value at `input` to write, recorded as written; nil if the last write was at the
        /// same place on the track, which gives the same value (a cell far outside its states'
        /// ranges is not written again on every scroll event). Calls nothing outside: the
        /// caller writes the value once this access has ended.
        mutating func move(to input: Double) -> Value? {
            if let unchanged, unchanged.contains(input) { return nil }
            guard let lookUp = lookUp(input), lookUp.position != written else { return nil }
            (written, unchanged) = lookUp
            return track.value(at: lookUp.position)
        }

        /// Where `input` falls on the track: what ``hasMoved(at:)`` found, when it looked at the
        /// same input last, or looked up now.
        private func lookUp(_ input: Double) -> KeyframeTrack<Value>.LookUp? {
            if let checked, checked.input == input { return checked.lookUp }
            return track.lookUp(input)
        }
    }

    /// Which of the value types layers use ``Value`` is, told once rather than at every call.
    private let kind = ValueKind(Value.self)

    init(keyPath: String) {
        self.keyPath = keyPath
    }

    var valueTypeName: String { "\(Value.self)" }

    func set(_ kind: StateKind, _ change: (inout StateEnd<Value>) -> Void) {
        switch kind {
        case .start:
            if var state = start { change(&state); start = state }
        case .end:
            if var state = end { change(&state); end = state }
        }
    }

    // The value types layers use run code specialized for them (``ValueKind``).

    func update(_ progress: Double, host: any AnimationHost) {
        switch kind {
        case .double: cast(to: Double.self).typedUpdate(progress, host: host)
        case .point: cast(to: CGPoint.self).typedUpdate(progress, host: host)
        case .size: cast(to: CGSize.self).typedUpdate(progress, host: host)
        case .rect: cast(to: CGRect.self).typedUpdate(progress, host: host)
        case .color: cast(to: Color.self).typedUpdate(progress, host: host)
        case .transform3D: cast(to: Transform3D.self).typedUpdate(progress, host: host)
        case .transform2D: cast(to: Transform2D.self).typedUpdate(progress, host: host)
        case .other: typedUpdate(progress, host: host)
        }
    }

    func wouldWrite(at progress: Double) -> Bool {
        switch kind {
        case .double: cast(to: Double.self).typedWouldWrite(at: progress)
        case .point: cast(to: CGPoint.self).typedWouldWrite(at: progress)
        case .size: cast(to: CGSize.self).typedWouldWrite(at: progress)
        case .rect: cast(to: CGRect.self).typedWouldWrite(at: progress)
        case .color: cast(to: Color.self).typedWouldWrite(at: progress)
        case .transform3D: cast(to: Transform3D.self).typedWouldWrite(at: progress)
        case .transform2D: cast(to: Transform2D.self).typedWouldWrite(at: progress)
        case .other: typedWouldWrite(at: progress)
        }
    }

    /// This track, as a track of `type`'s values: `type` must be ``Value``. Inlined and not
    /// optional, so that the track is not retained for the call it is cast for.
    @inline(__always)
    private func cast<Other: AnimatableValue>(to type: Other.Type) -> TypedStateTrack<Other> {
        unsafeDowncast(self, to: TypedStateTrack<Other>.self)
    }

    private func typedWouldWrite(at progress: Double) -> Bool {
        // Not compiled yet (or a state changed since): the update compiles, and writes.
        compiled?.hasMoved(at: progress) ?? true
    }

    private func typedUpdate(_ progress: Double, host: any AnimationHost) {
        // The first update after the states changed compiles them.
        if compiled == nil { compiled = Compiled(track: track(from: host)) }
        // An item outside its states' ranges (most cells of a long list) stays where it was put:
        // nothing is written until it moves within a range. The write, which may run the app's
        // code (key-value observers of the layer), comes after the access to `compiled` ends.
        guard let value = compiled?.move(to: progress) else { return }
        // A value that is not finite is not written (reported once).
        guard value.isEveryComponentFinite else {
            if !hasReportedOverflow { FlightDiagnostics.report(.progressValueNotFinite(keyPath: keyPath)) }
            hasReportedOverflow = true
            return
        }
        _ = host.setTypedModelValue(value, forKeyPath: keyPath)
    }

    /// The states as a track over the progress `-1...1`, from the snapshot (read now if this is
    /// the first update): the end state at −1, the snapshot at 0, the start state at 1, each
    /// side eased and narrowed by its state's easing and range.
    ///
    /// Parade's rules, and how the track keeps them:
    /// - Progress 0 belongs to the start side. The snapshot's keyframe at 0 comes after the end
    ///   side's keyframes, and a track shows the last of several keyframes at one time.
    /// - The end side eases as the item moves away from the centre, from its range's lower
    ///   bound out to its upper bound: its segment eases backwards, from −upper to −lower.
    /// - A range whose bounds are equal is a step: the state from that distance on. On the end
    ///   side the state includes −bound itself, so the snapshot starts at the next number up.
    private func track(from host: any AnimationHost) -> KeyframeTrack<Value> {
        let base = snapshot ?? readSnapshot(from: host)
        snapshot = base
        typealias Keyframe = KeyframeTrack<Value>.Keyframe
        var keyframes: [Keyframe] = []
        if let end {
            let (low, high) = (end.range.lowerBound, end.range.upperBound)
            if high > low {
                keyframes.append(Keyframe(time: -high, value: end.value, easing: end.easing, easesBackwards: true))
                keyframes.append(Keyframe(time: -low, value: base, easing: .linear))
            } else if low > 0 {
                keyframes.append(Keyframe(time: -low, value: end.value, easing: .linear))
                keyframes.append(Keyframe(time: (-low).nextUp, value: base, easing: .linear))
            } else {
                keyframes.append(Keyframe(time: 0, value: end.value, easing: .linear))
            }
        }
        keyframes.append(Keyframe(time: 0, value: base, easing: .linear))
        if let start {
            let (low, high) = (start.range.lowerBound, start.range.upperBound)
            // With equal bounds, the two keyframes at one time are the step.
            keyframes.append(Keyframe(time: low, value: base, easing: high > low ? start.easing : .linear))
            keyframes.append(Keyframe(time: high, value: start.value, easing: .linear))
        }
        return KeyframeTrack(sorted: keyframes)
    }

    /// The value the property has before any state moves it. A key path the view never set
    /// starts from its type's zero (Parade interpolates a custom key from its snapshot's zero),
    /// not from a state's value.
    private func readSnapshot(from host: any AnimationHost) -> Value {
        (host.modelValue(forKeyPath: keyPath) as? Value)
            ?? (LayerProperty.named(keyPath)?.defaultValue as? Value) ?? Value(components: .zero)
    }

    func forgetWrites() {
        compiled?.written = nil
        compiled?.unchanged = nil
    }

    func reset(host: any AnimationHost) {
        if let snapshot { _ = host.setModelValue(snapshot, forKeyPath: keyPath) }
        snapshot = nil
        compiled = nil
    }
}
