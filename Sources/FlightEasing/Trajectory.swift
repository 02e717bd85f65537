import Foundation

/// One scalar of an animation, resolved: an easing applied to a start value, an end value, a
/// duration and an initial velocity, giving the value and velocity at any time.
///
/// ```swift
/// let move = Trajectory(easing: .outCubic, from: 0, to: 300, duration: 0.5)
/// move.value(at: 0.25)      // 262.5
/// move.velocity(at: 0.25)   // 450 (points per second)
///
/// let fling = Trajectory(easing: .springDecay(velocity: 1500), from: 0, to: 300, duration: 0.5)
/// fling.duration            // the spring's own settling time; 0.5 is ignored
/// ```
///
/// Timing curves run for the duration they are given and ignore the initial velocity. Springs
/// start from the initial velocity (a ``SpringDecay`` from its own) and, like decays, run for
/// their settling time (see the `settlingFraction` parameter of the initializer); they snap to the end value after it,
/// which moves them by at most that fraction of their scale.
///
/// Times are in seconds from the start. Before 0 the value is `from`; from ``duration`` on it is
/// exactly `to` (a zero-duration trajectory is at `to` from time 0). Durations that are negative,
/// NaN or infinite are treated as 0. `from` and `to` are expected to be finite: FlightCore rejects
/// other values before they reach a trajectory.
public struct Trajectory: Sendable {
    /// The start value.
    public let from: Double
    /// The end value.
    public let to: Double
    /// How long the motion takes: the given duration for a timing curve, the settling time for
    /// a physical easing.
    public let duration: TimeInterval
    // Visible to inlined code (``state(at:)``) so that a caller reading a trajectory held in an
    // array matches its case in place rather than copying the whole trajectory out.
    @usableFromInline let motion: Motion

    @usableFromInline enum Motion: Sendable {
        case curve(Easing)
        case spring(SpringMotion)
        /// Decay towards `to`: progress `1 − e^(λt)`.
        case decay(exponent: Double)
        /// The inner trajectory played from its end to its start, mirrored.
        indirect case reversed(Trajectory)
    }

    /// Resolves an easing for one scalar.
    ///
    /// - Parameters:
    ///   - easing: The easing.
    ///   - from: The start value.
    ///   - to: The end value.
    ///   - duration: The duration for timing curves, in seconds; ignored by physical easings.
    ///   - initialVelocity: The velocity at the start in value units per second, used by
    ///     ``Easing/spring(_:)`` (a redirected animation passes its in-flight velocity here).
    ///   - component: Which component of a multi-component value this scalar is (x is 0, y is 1
    ///     for a point); selects the velocity of a ``Easing/springDecay(_:)``.
    ///   - settlingFraction: The band around the end value, as a fraction of the motion's scale,
    ///     within which a physical easing counts as settled.
    ///   - settlingTolerance: An upper bound on that band in value units, for large motions whose
    ///     fraction would be visible (a 0.1 % band is 2 pt on a 2,000 pt fling). Infinite by
    ///     default; ignored unless positive.
    public init(
        easing: Easing,
        from: Double,
        to: Double,
        duration: TimeInterval,
        initialVelocity: Double = 0,
        component: Int = 0,
        settlingFraction: Double = SpringMotion.defaultSettlingFraction,
        settlingTolerance: Double = .infinity
    ) {
        func band(scale: Double) -> Double {
            guard settlingTolerance > 0, scale > 0 else { return settlingFraction }
            return min(settlingFraction, settlingTolerance / scale)
        }
        self.from = from
        self.to = to
        switch easing.kind {
        case .spring(let spring):
            let motion = spring.motion(displacement: from - to, velocity: initialVelocity)
            self.motion = .spring(motion)
            self.duration = motion.settlingDuration(fraction: band(scale: motion.scale))
        case .springDecay(let springDecay):
            let velocity = springDecay.velocity(ofComponent: component)
            let motion = springDecay.spring.motion(displacement: from - to, velocity: velocity)
            self.motion = .spring(motion)
            self.duration = motion.settlingDuration(fraction: band(scale: motion.scale))
        case .decay(let decay):
            self.motion = .decay(exponent: decay.exponent)
            self.duration = from == to ? 0 : decay.settlingDuration(fraction: band(scale: abs(to - from)))
        case .reversed(let inner) where inner.hasIntrinsicDuration:
            let forward = Trajectory(
                easing: inner, from: from, to: to, duration: duration,
                component: component, settlingFraction: settlingFraction, settlingTolerance: settlingTolerance
            )
            self.motion = .reversed(forward)
            self.duration = forward.duration
        case .named, .cubicBezier, .steps, .custom, .reversed:
            self.motion = .curve(easing)
            self.duration = duration.isFinite && duration > 0 ? duration : 0
        }
    }

    /// The value at time `t`.
    public func value(at t: TimeInterval) -> Double {
        if t >= duration { return to }
        guard t > 0 else { return from }
        switch motion {
        case .curve(let easing):
            return from + (to - from) * easing.curveProgress(at: t / duration)
        case .spring(let spring):
            return to + spring.position(at: t)
        case .decay(let exponent):
            return from - (to - from) * expm1(exponent * t)
        case .reversed(let forward):
            return from + to - forward.value(at: duration - t)
        }
    }

    /// The velocity at time `t`, in value units per second; 0 before the start and after the end.
    public func velocity(at t: TimeInterval) -> Double {
        guard t >= 0, t <= duration else { return 0 }
        switch motion {
        case .curve(let easing):
            guard duration > 0 else { return 0 }
            return (to - from) * easing.curveVelocity(at: t / duration) / duration
        case .spring(let spring):
            return spring.velocity(at: t)
        case .decay(let exponent):
            return -(to - from) * exponent * exp(exponent * t)
        case .reversed(let forward):
            return forward.velocity(at: duration - t)
        }
    }

    /// The value and the velocity at time `t`, exactly as ``value(at:)`` and ``velocity(at:)``
    /// give them, with a spring's oscillation evaluated once for both (what a keyframe fit reads
    /// at every instant it tries).
    @inlinable
    public func state(at t: TimeInterval) -> (value: Double, velocity: Double) {
        guard t > 0, t < duration, case .spring(let spring) = motion else { return (value(at: t), velocity(at: t)) }
        let (position, velocity) = spring.state(at: t)
        return (to + position, velocity)
    }

    /// Whether every one of `trajectories` plays a spring on the first one's oscillator
    /// (`SpringMotion.sharesBasis(with:)`): the components of a value on one spring, whose
    /// states at an instant then share one `SpringMotion.basis(at:)`.
    package static func shareOneSpring(_ trajectories: [Trajectory]) -> Bool {
        guard let first = trajectories.first?.spring else { return false }
        for index in trajectories.indices {
            guard let spring = trajectories[index].spring, spring.sharesBasis(with: first) else { return false }
        }
        return true
    }

    /// The spring this trajectory plays, if it plays one.
    package var spring: SpringMotion? {
        if case .spring(let spring) = motion { return spring }
        return nil
    }

    /// How far along the motion is at time `t`: `(value − from) / (to − from)`, which leaves
    /// `0...1` where the motion overshoots. When `from == to` it is the fraction of the duration
    /// elapsed instead (1 for a zero duration), so it is never NaN.
    public func progress(at t: TimeInterval) -> Double {
        if from == to {
            if t >= duration { return 1 }
            return t > 0 ? t / duration : 0
        }
        return (value(at: t) - from) / (to - from)
    }
}
