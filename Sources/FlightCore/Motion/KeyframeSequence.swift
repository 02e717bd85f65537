import Foundation

/// Keyframes of some value type, as a host plays them. ``Keyframes`` is the public conformance;
/// what a host receives in a ``LayerAnimation`` may be another of Flight's own (keyframes played
/// backwards or repeated, or placed between a move's values without a list of their own), to be
/// read through these requirements. ``ResolvedProperty/keyframes`` is always ``Keyframes`` of
/// the property's value type for a value that moves between two ends.
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
