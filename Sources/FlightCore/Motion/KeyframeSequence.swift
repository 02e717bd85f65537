import Foundation

/// Keyframes of some value type, as a host plays them; ``Keyframes`` is the one conformance.
public protocol KeyframeSequence: Sendable {
    /// The duration in seconds.
    var duration: TimeInterval { get }
    /// The key times, fractions of the duration from 0 to 1.
    var keyTimes: [Double] { get }
    /// One timing curve per segment between neighbouring keyframes.
    var timingFunctions: [CubicBezier] { get }
    /// The keyframe values.
    var valueList: [any AnimatableValue] { get }
    /// The value the host shows `t` seconds into the animation.
    func presentationValue(at t: TimeInterval) -> any AnimatableValue
    /// The same keyframes with every value passed through `transform`; values it returns of
    /// another type are left as they were.
    func mappingValues(_ transform: (any AnimatableValue) -> any AnimatableValue) -> any KeyframeSequence
}
