import Foundation

/// An action of your own (PVView's custom `PVActionBasicType`): a step at progress `0...1` and its
/// reverse.
public struct CustomPageAction: Sendable {
    let step: @MainActor @Sendable (Double, any AnimationHost) -> Void
    let reverseStep: (@MainActor @Sendable (Double, any AnimationHost) -> Void)?

    /// Creates an action from its step; `step(p, host)` sets the target's values for progress `p`.
    /// `reverse`, if given, is the step of the reversed action (PVView's letter-spacing example
    /// reverses by its own rule); without it the reversed action runs `step` with `1 − p`.
    public init(
        _ step: @escaping @MainActor @Sendable (Double, any AnimationHost) -> Void,
        reverse: (@MainActor @Sendable (Double, any AnimationHost) -> Void)? = nil
    ) {
        self.step = step
        reverseStep = reverse
    }

    /// The action run backwards: its own reverse if it has one (whose reverse is this step
    /// again), else the step with progress running backwards.
    var reversed: CustomPageAction {
        let step = self.step
        if let reverseStep { return CustomPageAction(reverseStep, reverse: step) }
        return CustomPageAction({ p, host in step(1 - p, host) }, reverse: step)
    }
}
