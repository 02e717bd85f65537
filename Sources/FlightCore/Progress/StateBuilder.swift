import Foundation

/// The builder a progress state's closure receives: the same named setters as a group animation
/// (`alpha`, `bounds`, `position`, `transform`, …), plus Parade's `viewValue`/`layerValue` for any
/// key path, each returning a ``StateProperty`` to set its easing and range.
@MainActor
public final class StateBuilder: LayerPropertySetting {
    private let states: TargetStates
    private let kinds: [StateKind]

    init(states: TargetStates, kinds: [StateKind]) {
        self.states = states
        self.kinds = kinds
    }

    /// Sets the state's value for any key path (CoreAnimation sub-paths included).
    @discardableResult
    public func value<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> StateProperty {
        guard (try? value.validated(keyPath)) != nil else {
            FlightDiagnostics.report(.invalidValue(keyPath: keyPath, reason: "the state value is not finite"))
            return StateProperty(apply: { _ in })
        }
        guard let track = states.track(keyPath, Value.self) else { return StateProperty(apply: { _ in }) }
        for kind in kinds {
            switch kind {
            case .start: track.start = StateEnd(value: value)
            case .end: track.end = StateEnd(value: value)
            }
        }
        let kinds = self.kinds
        return StateProperty { change in
            for kind in kinds {
                track.set(kind) { state in
                    change(&state.easing, &state.range)
                }
            }
        }
    }

    /// Parade's `viewValue(_:forKey:)`: a view property by key path (views forward to their layer).
    @discardableResult
    public func viewValue<Value: AnimatableValue>(_ value: Value, forKey key: String) -> StateProperty {
        self.value(value, forKeyPath: key)
    }

    /// Parade's `layerValue(_:forKey:)`: a layer property by key path.
    @discardableResult
    public func layerValue<Value: AnimatableValue>(_ value: Value, forKey key: String) -> StateProperty {
        self.value(value, forKeyPath: key)
    }
}

/// Configures one property of a progress state; methods return the same value so calls chain.
@MainActor
public struct StateProperty {
    private let apply: (_ change: (inout Easing, inout ClosedRange<Double>) -> Void) -> Void

    init(apply: @escaping (_ change: (inout Easing, inout ClosedRange<Double>) -> Void) -> Void) {
        self.apply = apply
    }

    /// The easing of the interpolation between the snapshot and this state.
    @discardableResult
    public func easing(_ easing: Easing) -> StateProperty {
        apply { current, _ in current = easing }
        return self
    }

    /// Where in the progress `0...1` the interpolation happens (Parade's bounding progress
    /// range): before `range.lowerBound` the view shows its snapshot, after `upperBound` the
    /// state. Bounds are clamped into `0...1`.
    @discardableResult
    public func range(_ range: ClosedRange<Double>) -> StateProperty {
        let low = range.lowerBound.isNaN ? 0 : min(max(range.lowerBound, 0), 1)
        let high = range.upperBound.isNaN ? 1 : min(max(range.upperBound, low), 1)
        apply { _, current in current = low...high }
        return self
    }
}
