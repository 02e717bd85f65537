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

/// One property of one target, driven by a keyframe track: what PVView's actions and JazzHands'
/// tracks compile to (Parade's states compile to the same tracks, kept by each state's
/// property), so that each eases, interpolates and writes by the same code. The target is held
/// weakly, as a view's animator should not keep it alive.
///
/// A class: an update calls each one without copying the track or the weak reference.
@MainActor
final class PropertyBinding<Value: AnimatableValue>: ProgressBinding {
    /// How the track's value reaches the target.
    enum Output {
        /// Written to a key path as it is.
        case keyPath(String)
        /// Turned into the target's values with what the target holds when it is written (a
        /// frame's origin becomes a position through the bounds and anchor point then). Returns
        /// the key path it would write and false where that value is not finite (then nothing
        /// is written), else true.
        case derived(@MainActor (Value, any AnimationHost) -> (keyPath: String, written: Bool))
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
    /// Reports a value that is not finite, once per property.
    private let overflow: OverflowReport

    /// A binding of `target`'s property to `track`; `overflow` reports a value that is not
    /// finite (shared where bindings are made anew for each update, as a page's are).
    init(target: any AnimationTarget, track: KeyframeTrack<Value>, output: Output, overflow: OverflowReport = OverflowReport()) {
        self.target = target
        self.track = track
        self.output = output
        self.overflow = overflow
        if case .keyPath(let keyPath) = output { writtenKeyPath = keyPath } else { writtenKeyPath = "" }
    }

    convenience init(target: any AnimationTarget, track: KeyframeTrack<Value>, keyPath: String) {
        self.init(target: target, track: track, output: .keyPath(keyPath))
    }

    var runsAppCode: Bool {
        if case .appCode = output { true } else { false }
    }

    /// Writes the value at `input` to `host` (the target's, looked up by the caller); a value
    /// that is not finite is not written, and reported once
    /// (``FlightError/progressValueNotFinite(keyPath:)``).
    func apply(at input: Double, host: any AnimationHost) {
        guard let lookUp = track.lookUp(input) else { return }
        let value = track.value(at: lookUp.position)
        switch output {
        // The case alone is matched: binding its string would copy it at every write.
        case .keyPath:
            if !host.setFiniteModelValue(value, forKeyPath: writtenKeyPath) { overflow.report(writtenKeyPath) }
        case .derived(let write):
            // The track's value is checked by what it is written as.
            let (keyPath, written) = write(value, host)
            if !written { overflow.report(keyPath) }
        case .appCode(let write):
            write(value, host)
        }
    }
}

/// Reports a progress animator's value that is not finite
/// (``FlightError/progressValueNotFinite(keyPath:)``) once per key path.
@MainActor
final class OverflowReport {
    private var reported: Set<String> = []

    /// Reports `keyPath`, unless it was reported already.
    func report(_ keyPath: String) {
        if reported.insert(keyPath).inserted { FlightDiagnostics.report(.progressValueNotFinite(keyPath: keyPath)) }
    }
}

extension AnimationHost {
    /// Sets `value` as the model value at `keyPath` where every component is finite: every
    /// progress animator's write, whose owner reports it otherwise (``OverflowReport``).
    /// Returns whether it was written.
    @inline(__always)
    func setFiniteModelValue<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> Bool {
        guard value.isEveryComponentFinite else { return false }
        _ = setTypedModelValue(value, forKeyPath: keyPath)
        return true
    }

    /// ``setFiniteModelValue(_:forKeyPath:)`` for a layer property: its key path, and whether
    /// the value was written (what a derived output of ``PropertyBinding`` returns).
    func setFiniteModelValue<Value: AnimatableValue>(
        _ value: Value, for key: LayerProperty.Key<Value>
    ) -> (keyPath: String, written: Bool) {
        (key.keyPath, setFiniteModelValue(value, forKeyPath: key.keyPath))
    }
}

/// Runs the writes of one progress update so that they reach the screen together: on a device
/// in one `CATransaction` with implicit actions disabled (``AnimationHost/performTogether(_:)``
/// of a target written), rather than one per value. Without a live target, as they come.
@MainActor
func writeTogether(on host: (any AnimationHost)?, _ writes: () -> Void) {
    if let host { host.performTogether(writes) } else { writes() }
}
