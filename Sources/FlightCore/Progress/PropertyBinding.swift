import Foundation

/// Something a progress animator sets from its input (scroll progress, a page's progress, a
/// scroll offset): one property of one target.
@MainActor
protocol ProgressBinding: AnyObject {
    /// The target whose property it sets, held weakly.
    var target: (any AnimationTarget)? { get }
    /// Whether it hands its value to the app's own code (a custom page action's step), which
    /// runs outside Flight's transaction.
    var runsAppCode: Bool { get }
    /// Sets the property to its value at `input` on `host`, the target's.
    func apply(at input: Double, host: any AnimationHost)
}

extension ProgressBinding {
    /// Flight's own code.
    var runsAppCode: Bool { false }

    /// Sets the property to its value at `input`, if its target is still alive.
    func apply(at input: Double) {
        guard let host = target?.animationHost else { return }
        apply(at: input, host: host)
    }
}

/// One property of one target, driven by a keyframe track: what Parade's states, PVView's
/// actions and JazzHands' tracks all compile to, so that each eases, interpolates and writes by
/// the same code. The target is held weakly, as a view's animator should not keep it alive.
///
/// A class: a scroll update asks thousands of them whether they moved, and a reference is
/// checked and called without copying the track or the weak reference.
@MainActor
final class PropertyBinding<Value: AnimatableValue>: ProgressBinding {
    /// How the track's value reaches the target.
    enum Output {
        /// Written to a key path as it is.
        case keyPath(String)
        /// Turned into the target's values with what the target holds when it is written (a
        /// frame's origin becomes a position through the bounds and anchor point then).
        case derived(@MainActor (Value, any AnimationHost) -> Void)
        /// Handed to the app's own code (a custom page action's step), which runs outside
        /// Flight's transaction: UIKit animations in it would be stopped there.
        case appCode(@MainActor (Value, any AnimationHost) -> Void)
    }

    weak var target: (any AnimationTarget)?
    let track: KeyframeTrack<Value>
    let output: Output
    /// The key path an output ``Output/keyPath(_:)`` writes (empty for the others), kept apart
    /// from ``output``: matching the enum at every write would copy the string out of it.
    private let writtenKeyPath: String

    // Read and written on every scroll event, on the main actor, with no access held across a
    // call out: the run-time exclusivity check is left out.

    /// Where on the track the last write was, for ``applyIfMoved(at:host:)``.
    @exclusivity(unchecked) private var written: KeyframeTrack<Value>.Position?
    /// The inputs that fall where the last write was, if the track knows more than one.
    @exclusivity(unchecked) private var unchanged: Range<Double>?
    /// The input ``hasMoved(at:)`` looked at last, and what it found there (the track never
    /// changes, so it stays true).
    @exclusivity(unchecked) private var checked: (input: Double, lookUp: KeyframeTrack<Value>.LookUp)?

    init(target: any AnimationTarget, track: KeyframeTrack<Value>, output: Output) {
        self.target = target
        self.track = track
        self.output = output
        if case .keyPath(let keyPath) = output { writtenKeyPath = keyPath } else { writtenKeyPath = "" }
    }

    convenience init(target: any AnimationTarget, track: KeyframeTrack<Value>, keyPath: String) {
        self.init(target: target, track: track, output: .keyPath(keyPath))
    }

    var runsAppCode: Bool {
        if case .appCode = output { true } else { false }
    }

    /// Writes the value at `input` to `host` (the target's, looked up by the caller).
    func apply(at input: Double, host: any AnimationHost) {
        guard let lookUp = track.lookUp(input) else { return }
        write(lookUp, to: host)
    }

    /// Writes the value at `input` unless the last write was at the same place on the track,
    /// which gives the same value: a cell far outside its states' ranges is not written again
    /// on every scroll event. Only for key-path outputs, whose value depends on nothing else.
    @discardableResult
    func applyIfMoved(at input: Double, host: any AnimationHost) -> Bool {
        assert(isKeyPathOutput, "a derived value depends on more than the track")
        if let unchanged, unchanged.contains(input) { return false }
        guard let lookUp = lookUp(input), lookUp.position != written else { return false }
        write(lookUp, to: host)
        return true
    }

    /// Whether ``applyIfMoved(at:host:)`` would write at `input`.
    func hasMoved(at input: Double) -> Bool {
        if let unchanged, unchanged.contains(input) { return false }
        guard let lookUp = track.lookUp(input) else { return false }
        checked = (input, lookUp)
        return lookUp.position != written
    }

    /// Where `input` falls on the track: what ``hasMoved(at:)`` found, when it looked at the
    /// same input last (a scroll update asks whether a view will be written, then writes it),
    /// or looked up now.
    private func lookUp(_ input: Double) -> KeyframeTrack<Value>.LookUp? {
        if let checked, checked.input == input { return checked.lookUp }
        return track.lookUp(input)
    }

    private var isKeyPathOutput: Bool {
        if case .keyPath = output { true } else { false }
    }

    /// Makes the next ``applyIfMoved(at:host:)`` write.
    func forgetWrites() {
        written = nil
        unchanged = nil
    }

    private func write(_ lookUp: KeyframeTrack<Value>.LookUp, to host: any AnimationHost) {
        (written, unchanged) = lookUp
        let value = track.value(at: lookUp.position)
        switch output {
        // The case alone is matched: binding its string would copy it at every write.
        case .keyPath: _ = host.setTypedModelValue(value, forKeyPath: writtenKeyPath)
        case .derived(let write), .appCode(let write): write(value, host)
        }
    }
}

/// Runs the writes of one progress update so that they reach the screen together: on a device
/// in one `CATransaction` with implicit actions disabled (``AnimationHost/performTogether(_:)``
/// of a target written), rather than one per value. Without a live target, as they come.
@MainActor
func writeTogether(on host: (any AnimationHost)?, _ writes: () -> Void) {
    if let host { host.performTogether(writes) } else { writes() }
}
