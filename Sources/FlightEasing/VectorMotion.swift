import Foundation

/// How a Flight easing moves a value of any dimension that is only known as a vector (SwiftUI's
/// `VectorArithmetic`): at time `t` after the motion begins, the value is
///
///     start + (target − start) × travel(t) + initialVelocity × carry(t)
///
/// and its velocity is the same with the derivatives. For a spring these are the oscillator's
/// two responses, to a unit displacement and to a unit velocity, so a motion that begins moving
/// keeps that velocity; for every other easing `travel` is the easing's progress and `carry`
/// is 0. This is the portable core of Flight's SwiftUI animations, tested on Linux.
package struct VectorMotion: Sendable {
    /// The easing.
    package let easing: Easing
    /// The duration a timing curve runs for (physical easings run for their own).
    package let duration: TimeInterval

    /// The coefficients at one time.
    package struct Coefficients: Sendable, Equatable {
        /// The fraction of the change travelled.
        package var travel: Double
        /// The displacement per unit of initial velocity.
        package var carry: Double
        /// The rate of change of ``travel``, per second.
        package var travelRate: Double
        /// The rate of change of ``carry``, per second.
        package var carryRate: Double

        /// Coefficients as given.
        package init(travel: Double, carry: Double, travelRate: Double, carryRate: Double) {
            (self.travel, self.carry, self.travelRate, self.carryRate) = (travel, carry, travelRate, carryRate)
        }
    }

    /// A motion of `easing`, running for `duration` seconds if it is a timing curve (negative,
    /// NaN or infinite durations count as 0).
    package init(easing: Easing, duration: TimeInterval) {
        self.easing = easing
        self.duration = duration.isFinite && duration > 0 ? duration : 0
    }

    /// The coefficients `t` seconds after the motion begins.
    package func coefficients(at t: TimeInterval) -> Coefficients {
        if case .spring(let spring) = easing {
            let fromRest = spring.motion(displacement: 1, velocity: 0)
            let pushed = spring.motion(displacement: 0, velocity: 1)
            return Coefficients(travel: 1 - fromRest.position(at: t), carry: pushed.position(at: t),
                                travelRate: -fromRest.velocity(at: t), carryRate: pushed.velocity(at: t))
        }
        let unit = Trajectory(easing: easing, from: 0, to: 1, duration: duration)
        return Coefficients(travel: unit.value(at: t), carry: 0, travelRate: unit.velocity(at: t), carryRate: 0)
    }

    /// Whether the motion carries an initial velocity on (springs do).
    package var carriesVelocity: Bool {
        if case .spring = easing { return true }
        return false
    }

    /// How long the motion runs for a change of size `change` that begins with a velocity of
    /// size `speed` (both as magnitudes, in the same units): a timing curve's duration, a
    /// physical easing's settling time (within `fraction` of its scale, 0.1 % by default).
    package func settlingDuration(
        change: Double, speed: Double, fraction: Double = SpringMotion.defaultSettlingFraction
    ) -> TimeInterval {
        if case .spring(let spring) = easing {
            guard change.isFinite, speed.isFinite else { return 0 }
            // Settled against the larger of the two scales, either way the velocity points.
            let ratio = change > 0 ? speed / change : (speed > 0 ? 1 : 0)
            let scale = change > 0 ? 1.0 : 0
            return max(spring.motion(displacement: scale, velocity: ratio).settlingDuration(fraction: fraction),
                       spring.motion(displacement: scale, velocity: -ratio).settlingDuration(fraction: fraction))
        }
        return Trajectory(easing: easing, from: 0, to: 1, duration: duration).duration
    }
}
