#if canImport(SwiftUI)
import SwiftUI

/// A Flight easing, spring or decay as a SwiftUI animation.
///
/// ```swift
/// withAnimation(.flight(.outBack, duration: 0.6)) { isExpanded.toggle() }
/// Circle().offset(y: lifted ? -40 : 0).animation(.flight(.spring(.bouncy)), value: lifted)
/// ```
///
/// A spring that interrupts a Flight animation in flight leaves with that animation's velocity
/// (SwiftUI asks it to merge); timing curves add their change on top of what is in flight, as
/// SwiftUI's own curves do. In SwiftUI a spring decay's (`Easing.springDecay(velocity:spring:)`)
/// velocity is in fractions of the change per second, as SwiftUI's
/// `interpolatingSpring(initialVelocity:)`.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct FlightAnimation: CustomAnimation {
    /// The easing.
    public let easing: Easing
    /// The duration of a timing curve, in seconds (physical easings run for their own).
    public let duration: TimeInterval

    /// An animation of `easing`, lasting `duration` seconds if it is a timing curve.
    public init(_ easing: Easing, duration: TimeInterval = 0.5) {
        self.easing = easing
        self.duration = duration
    }

    private var motion: VectorMotion { VectorMotion(easing: easing, duration: duration) }

    /// The value `time` seconds in: `value` is the whole change SwiftUI animates.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var state = context.state[FlightMotionKey<V>.self]
        if state.easing == nil {
            state.easing = easing
            state.duration = duration
        }
        state.change = value
        context.state[FlightMotionKey<V>.self] = state
        let local = time - state.origin
        let remaining = value - state.base
        let length = motion.settlingDuration(change: remaining.magnitudeSquared.squareRoot(),
                                             speed: state.velocity.magnitudeSquared.squareRoot())
        guard local < length else { return nil }
        let c = motion.coefficients(at: local)
        return state.base + remaining.scaled(by: c.travel) + state.velocity.scaled(by: c.carry)
    }

    /// The velocity `time` seconds in.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let state = context.state[FlightMotionKey<V>.self]
        let c = motion.coefficients(at: time - state.origin)
        return (value - state.base).scaled(by: c.travelRate) + state.velocity.scaled(by: c.carryRate)
    }

    /// A spring takes over a Flight animation in flight from where it is, with its velocity;
    /// timing curves and animations of other kinds are added on top instead.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        var state = context.state[FlightMotionKey<V>.self]
        guard motion.carriesVelocity, let previousEasing = state.easing else { return false }
        let before = VectorMotion(easing: previousEasing, duration: state.duration)
        let c = before.coefficients(at: time - state.origin)
        let remaining = state.change - state.base
        let position = state.base + remaining.scaled(by: c.travel) + state.velocity.scaled(by: c.carry)
        let velocity = remaining.scaled(by: c.travelRate) + state.velocity.scaled(by: c.carryRate)
        state = FlightMotionState(base: position, velocity: velocity, origin: time, change: value,
                                  easing: easing, duration: duration)
        context.state[FlightMotionKey<V>.self] = state
        return true
    }
}

/// Where a Flight animation's motion starts, kept in SwiftUI's animation context.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
struct FlightMotionState<V: VectorArithmetic> {
    /// The part of the change already made when this motion began.
    var base: V = .zero
    /// The velocity it began with.
    var velocity: V = .zero
    /// The animation time at which it began.
    var origin: TimeInterval = 0
    /// The whole change, as last animated.
    var change: V = .zero
    /// The easing and duration of the motion, once it has run.
    var easing: Easing?
    var duration: TimeInterval = 0
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
private struct FlightMotionKey<V: VectorArithmetic>: AnimationStateKey {
    static var defaultValue: FlightMotionState<V> { FlightMotionState() }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension Animation {
    /// A Flight easing, spring or decay as a SwiftUI animation (see ``FlightAnimation``).
    public static func flight(_ easing: Easing, duration: TimeInterval = 0.5) -> Animation {
        Animation(FlightAnimation(easing, duration: duration))
    }
}
#endif
