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
