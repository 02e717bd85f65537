import Foundation

/// The straight line between two values, component by component.
public struct ComponentwisePath<Value: AnimatableValue>: InterpolationPath {
    /// Each component moves on its own.
    public static var isComponentwise: Bool { true }
    private let start: Value.Components
    private let delta: Value.Components

    /// Prepares the line from `from` to `to`.
    public init(from: Value, to: Value) {
        start = from.components
        delta = to.components - from.components
    }

    /// `from + fraction × (to − from)`, exactly `to` at 1.
    public func value(at fraction: Double) -> Value {
        fraction == 1 ? Value(components: start + delta) : Value(components: start + delta * fraction)
    }
}
