import Foundation

/// Something a progress animator sets from its input (scroll progress, a page's progress, a
/// scroll offset): one property of one target.
@MainActor
protocol ProgressBinding {
    /// The target whose property it sets, held weakly.
    var target: (any AnimationTarget)? { get }
    /// Sets the property to its value at `input`, if its target is still alive.
    mutating func apply(at input: Double)
}

/// One property of one target, driven by a keyframe track: what Parade's states, PVView's
/// actions and JazzHands' tracks all compile to, so that each eases, interpolates and writes by
/// the same code. The target is held weakly, as a view's animator should not keep it alive.
@MainActor
struct PropertyBinding<Value: AnimatableValue>: ProgressBinding {
    /// How the track's value reaches the target.
    enum Output {
        /// Written to a key path as it is.
        case keyPath(String)
        /// Turned into the target's values with what the target holds when it is written (a
        /// frame's origin becomes a position through the bounds and anchor point then).
        case derived(@MainActor (Value, any AnimationHost) -> Void)
    }

    weak var target: (any AnimationTarget)?
    let track: KeyframeTrack<Value>
    let output: Output
    /// Where on the track the last write was, for ``applyIfMoved(at:host:)``.
    private var written: KeyframeTrack<Value>.Position?

    init(target: any AnimationTarget, track: KeyframeTrack<Value>, output: Output) {
        self.target = target
        self.track = track
        self.output = output
    }

    init(target: any AnimationTarget, track: KeyframeTrack<Value>, keyPath: String) {
        self.init(target: target, track: track, output: .keyPath(keyPath))
    }

    mutating func apply(at input: Double) {
        guard let host = target?.animationHost else { return }
        apply(at: input, host: host)
    }

    /// Writes the value at `input` to `host` (the target's, looked up by the caller).
    mutating func apply(at input: Double, host: any AnimationHost) {
        guard let position = track.position(at: input) else { return }
        write(position, to: host)
    }

    /// Writes the value at `input` unless the last write was at the same place on the track,
    /// which gives the same value: a cell far outside its states' ranges is not written again
    /// on every scroll event. Only for key-path outputs, whose value depends on nothing else.
    mutating func applyIfMoved(at input: Double, host: any AnimationHost) {
        guard let position = track.position(at: input), position != written else { return }
        write(position, to: host)
    }

    /// Makes the next ``applyIfMoved(at:host:)`` write.
    mutating func forgetWrites() {
        written = nil
    }

    private mutating func write(_ position: KeyframeTrack<Value>.Position, to host: any AnimationHost) {
        written = position
        let value = track.value(at: position)
        switch output {
        case .keyPath(let keyPath): _ = host.setTypedModelValue(value, forKeyPath: keyPath)
        case .derived(let write): write(value, host)
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
