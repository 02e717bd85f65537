import FlightEasing

/// The components of a value that all move on one spring's oscillator (a spring decay fed a
/// two-dimensional velocity), laid out lane by lane: each instant takes the oscillator's
/// solutions once and weighs them for every component at once. Made once per motion: the
/// motion's values and its keyframe fit read the same one.
///
/// Its numbers are exactly those of each component's `Trajectory.state(at:)`: the same
/// products and sums, lane by lane, and each component holds its end value from its own
/// settling time on (its velocity is 0 after it).
package final class SharedSpring<Components: SIMD & Sendable>: Sendable where Components.Scalar == Double {
    /// The oscillator every component moves on.
    private let spring: SpringMotion
    private let end: Components
    private let displacement: Components
    private let displacementSine: Components
    private let velocity: Components
    private let velocitySine: Components
    /// Each component's settling time.
    private let durations: Components
    /// The earliest of them: before it, every component is still moving.
    private let earliestEnd: Double

    /// The lanes of `trajectories`, or nil unless every one plays a spring on the first one's
    /// oscillator (`Trajectory.shareOneSpring(_:)`). Lanes past the trajectories are 0.
    package init?(_ trajectories: [Trajectory]) {
        guard Trajectory.shareOneSpring(trajectories), let first = trajectories.first?.spring,
              trajectories.count <= Components.scalarCount else { return nil }
        spring = first
        var end = Components.zero, displacement = Components.zero, displacementSine = Components.zero
        var velocity = Components.zero, velocitySine = Components.zero, durations = Components.zero
        for (index, trajectory) in trajectories.enumerated() {
            guard let coefficients = trajectory.spring?.stateCoefficients else { return nil }
            end[index] = trajectory.to
            displacement[index] = coefficients.displacement
            displacementSine[index] = coefficients.displacementSine
            velocity[index] = coefficients.velocity
            velocitySine[index] = coefficients.velocitySine
            durations[index] = trajectory.duration
        }
        (self.end, self.displacement, self.displacementSine) = (end, displacement, displacementSine)
        (self.velocity, self.velocitySine, self.durations) = (velocity, velocitySine, durations)
        earliestEnd = trajectories.reduce(Double.infinity) { min($0, $1.duration) }
    }

    /// Every component's value at `t > 0`: ``state(at:)`` without the velocities, for the
    /// readers that need none (a fit's error samples, a motion's values).
    package func value(at t: Double) -> Components {
        let (c, s) = spring.basis(at: t)
        return value(c, s, at: t)
    }

    /// Every component's value and velocity at `t > 0`.
    package func state(at t: Double) -> (value: Components, velocity: Components) {
        let (c, s) = spring.basis(at: t)
        var velocity = velocity * c + velocitySine * s
        // A trajectory is at rest after its settling time.
        if t >= earliestEnd { velocity.replace(with: 0, where: durations .< t) }
        return (value(c, s, at: t), velocity)
    }

    /// The values at `t` from the oscillator's solutions there: each component at its end from
    /// its settling time on.
    @inline(__always)
    private func value(_ c: Double, _ s: Double, at t: Double) -> Components {
        var value = end + (displacement * c + displacementSine * s)
        if t >= earliestEnd { value.replace(with: end, where: durations .<= t) }
        return value
    }
}
