#if canImport(SwiftUI)
import SwiftUI

/// A Flight easing, spring or decay as a SwiftUI animation.
///
/// ```swift
/// withAnimation(.flight(.outBack, duration: 0.6)) { isExpanded.toggle() }
/// Circle().offset(y: lifted ? -40 : 0).animation(.flight(.spring(.bouncy)), value: lifted)
/// ```
///
/// A spring that interrupts a Flight animation in flight leaves with that animation's value and
/// velocity (SwiftUI asks it to merge); timing curves add their change on top of what is in
/// flight, as SwiftUI's own curves do. When the animation in flight is SwiftUI's own, SwiftUI
/// does not ask to merge (it does so only for "a running animation of the same animation type"):
/// it runs both and adds their results, so the Flight animation starts from rest and what is
/// shown keeps its value and velocity. A spring is logically complete
/// (`AnimationContext.isLogicallyComplete`, for `withAnimation(_:completionCriteria:_:)`) once
/// it stays within 1 % of its travel, and runs on to 0.1 %.
///
/// With Reduce Motion on (`EnvironmentValues.accessibilityReduceMotion`), `reduceMotion` applies:
/// by default, as on layers, a spring, decay or overshooting curve becomes a gentle `.inOutSine`
/// of at most 0.25 s; `.crossFade` and `.jump` change the value at once.
///
/// In SwiftUI a spring decay's (`Easing.springDecay(velocity:spring:)`) velocity is in fractions
/// of the change per second, as SwiftUI's `interpolatingSpring(initialVelocity:)`.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct FlightAnimation: CustomAnimation {
    /// The easing.
    public let easing: Easing
    /// The duration of a timing curve, in seconds (physical easings run for their own).
    public let duration: TimeInterval
    /// What the animation does while Reduce Motion is on.
    public let reduceMotion: ReduceMotionPolicy

    /// An animation of `easing`, lasting `duration` seconds if it is a timing curve, that follows
    /// `reduceMotion` while the view's environment asks for reduced motion.
    public init(
        _ easing: Easing, duration: TimeInterval = 0.5,
        reduceMotion: ReduceMotionPolicy = .shorten(maximumDuration: 0.25)
    ) {
        self.easing = easing
        self.duration = duration
        self.reduceMotion = reduceMotion
    }

    /// The motion for the view's environment (nil: a jump to the end).
    private func motion<V: VectorArithmetic>(in context: AnimationContext<V>) -> VectorMotion? {
        CustomAnimationState<SwiftUIVector<V>>.motion(
            easing, duration: duration, reducingMotion: context.environment.accessibilityReduceMotion,
            policy: reduceMotion)
    }

    /// The value `time` seconds in: `value` is the whole change SwiftUI animates; nil once the
    /// animation has finished.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var state = context.state[FlightMotionKey<V>.self]
        let shown = state.animate(motion(in: context), value: SwiftUIVector(value), time: time)
        context.state[FlightMotionKey<V>.self] = state
        if state.isLogicallyComplete && !context.isLogicallyComplete { context.isLogicallyComplete = true }
        return shown?.vector
    }

    /// The velocity `time` seconds in, or nil once the animation has finished.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        context.state[FlightMotionKey<V>.self].velocity(motion(in: context), value: SwiftUIVector(value), time: time)?.vector
    }

    /// A spring takes over a Flight animation in flight from where it is, with its velocity;
    /// timing curves and animations of other kinds are added on top instead.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        var state = context.state[FlightMotionKey<V>.self]
        guard state.merge(motion(in: context), value: SwiftUIVector(value), time: time) else { return false }
        context.state[FlightMotionKey<V>.self] = state
        return true
    }
}

/// A SwiftUI vector as Flight's portable animation state handles one.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
struct SwiftUIVector<V: VectorArithmetic>: MotionVector {
    var vector: V

    init(_ vector: V) { self.vector = vector }

    static var zero: Self { Self(.zero) }
    static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.vector + rhs.vector) }
    static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.vector - rhs.vector) }
    func scaled(by factor: Double) -> Self { Self(vector.scaled(by: factor)) }
    var magnitudeSquared: Double { vector.magnitudeSquared }
}

/// Where a Flight animation's motion starts, kept in SwiftUI's animation context.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
private struct FlightMotionKey<V: VectorArithmetic>: AnimationStateKey {
    static var defaultValue: CustomAnimationState<SwiftUIVector<V>> { CustomAnimationState() }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension Animation {
    /// A Flight easing, spring or decay as a SwiftUI animation (see ``FlightAnimation``), that
    /// follows `reduceMotion` while the view's environment asks for reduced motion.
    public static func flight(
        _ easing: Easing, duration: TimeInterval = 0.5,
        reduceMotion: ReduceMotionPolicy = .shorten(maximumDuration: 0.25)
    ) -> Animation {
        Animation(FlightAnimation(easing, duration: duration, reduceMotion: reduceMotion))
    }
}
#endif
