import Foundation

/// Deceleration like a released `UIScrollView`: the velocity is multiplied by ``rate`` every
/// millisecond, continuously in between, so `v(t) = v₀ · rate^(1000·t)`.
///
/// ```swift
/// let decay = Decay.normal
/// let restingOffset = decay.projection(initialVelocity: 1200)   // where a 1,200 pt/s fling stops
/// let v0 = decay.initialVelocity(toTravel: 300)                 // the fling that stops 300 pt away
/// ```
///
/// The position is the exact integral of that velocity: `x(t) = v₀ · (rate^(1000t) − 1) / λ` with
/// `λ = 1000·ln(rate)`, so the resting distance is `−v₀/λ`. (Summing the per-millisecond steps
/// instead, as Apple's `v₀/1000 · rate/(1 − rate)` projection does, gives a distance shorter by a
/// factor of about `1 − (1 − rate)/2`: 0.1 % for ``normal``.)
///
/// As an ``Easing``, a decay chooses its initial velocity so that it comes to rest exactly on
/// the end value, and runs for ``settlingDuration(fraction:)``.
public struct Decay: Sendable, Hashable {
    /// The factor applied to the velocity every millisecond, in `0.001...0.999999`.
    public let rate: Double

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond.
    public static let normal = Decay(rate: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond.
    public static let fast = Decay(rate: 0.99)

    /// Creates a decay with a per-millisecond rate.
    ///
    /// - Parameter rate: The velocity factor per millisecond. A rate of 1 or more would never
    ///   stop and one of 0 or less would not move, so rates are clamped into `0.001...0.999999`;
    ///   NaN becomes ``normal``'s 0.998.
    public init(rate: Double) {
        self.rate = rate.isNaN ? 0.998 : min(max(rate, 0.001), 0.999999)
    }

    /// `1000·ln(rate)`: the (negative) exponential rate per second.
    var exponent: Double { 1000 * log(rate) }

    /// The velocity `t` seconds after release.
    public func velocity(at t: TimeInterval, initialVelocity: Double) -> Double {
        t > 0 ? initialVelocity * exp(exponent * t) : initialVelocity
    }

    /// The distance travelled `t` seconds after release.
    public func offset(at t: TimeInterval, initialVelocity: Double) -> Double {
        t > 0 ? initialVelocity * expm1(exponent * t) / exponent : 0
    }

    /// The distance travelled by the time the motion comes to rest.
    public func projection(initialVelocity: Double) -> Double {
        -initialVelocity / exponent
    }

    /// The initial velocity that comes to rest exactly `distance` away, for snapping a fling to
    /// a chosen point.
    public func initialVelocity(toTravel distance: Double) -> Double {
        -distance * exponent
    }

    /// The time after which less than `fraction` of the total distance remains. It does not
    /// depend on the initial velocity.
    ///
    /// - Parameter fraction: The remaining fraction; 0.1 % by default, clamped into
    ///   `1e-12...1` (NaN uses the default).
    public func settlingDuration(fraction: Double = SpringMotion.defaultSettlingFraction) -> TimeInterval {
        let fraction = fraction.isNaN ? SpringMotion.defaultSettlingFraction : min(max(fraction, 1e-12), 1)
        return log(fraction) / exponent
    }

    /// The time after which the speed falls below `speed`, in the same units per second.
    ///
    /// - Returns: 0 when the initial speed is already at or below `speed`; `.infinity` when
    ///   `speed` is not positive and finite, since a decay never stops completely.
    public func duration(untilSpeedBelow speed: Double, initialVelocity: Double) -> TimeInterval {
        guard speed > 0, speed.isFinite else { return .infinity }
        let initialSpeed = abs(initialVelocity)
        guard initialSpeed > speed else { return 0 }
        return log(speed / initialSpeed) / exponent
    }
}
