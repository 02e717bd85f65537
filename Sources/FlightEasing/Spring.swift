import Foundation

/// The physical description of a damped spring: `m·x″ + c·x′ + k·x = 0`.
///
/// Describe a spring the way you think about it; all three descriptions produce the same
/// mass, stiffness and damping:
///
/// ```swift
/// let layerStyle = Spring(mass: 1, stiffness: 100, damping: 10)        // CASpringAnimation
/// let uikitStyle = Spring(response: 0.55, dampingRatio: 0.8)           // UIKit / SwiftUI
/// let swiftUIStyle = Spring(duration: 0.5, bounce: 0.3)                // SwiftUI's Spring
/// swiftUIStyle.stiffness   // 157.91…
/// swiftUIStyle.damping     // 17.59…
/// ```
///
/// The motion itself (position and velocity at any time, settling time) is a ``SpringMotion``,
/// evaluated in closed form; no frame-by-frame integration is involved.
///
/// ## Invalid parameters
/// The initializers never trap and never produce a spring that computes NaN:
/// - mass and stiffness that are zero, negative or NaN become ``minimumParameter``; infinite
///   ones become ``maximumParameter``;
/// - damping that is negative or NaN becomes 0; infinite damping becomes ``maximumParameter``;
/// - a response (or a SwiftUI duration) is clamped into ``responseRange``, the periods whose
///   stiffness lies between those bounds, so that the damping ratio is kept as given.
///
/// A spring with zero damping never comes to rest: its settling time is capped at
/// ``SpringMotion/maximumSettlingDuration``.
public struct Spring: Sendable, Hashable {
    /// The mass attached to the spring, in arbitrary consistent units (1 by default).
    public let mass: Double
    /// The spring constant `k`.
    public let stiffness: Double
    /// The damping coefficient `c`.
    public let damping: Double

    /// The smallest mass or stiffness a spring can have; smaller or invalid values are raised to it.
    public static let minimumParameter = 1e-6
    /// The largest mass, stiffness or damping a spring can have.
    public static let maximumParameter = 1e9
    /// The responses a unit-mass spring can have: from `2π/√maximumParameter` (about 0.2 ms)
    /// to `2π/√minimumParameter` (about 6,283 s), the periods of the stiffest and the softest
    /// spring. A shorter or longer response is clamped to it, keeping the damping ratio; a
    /// response outside would otherwise change the stiffness alone, and with it the ratio.
    public static let responseRange: ClosedRange<TimeInterval> =
        2 * Double.pi / maximumParameter.squareRoot()...2 * Double.pi / minimumParameter.squareRoot()

    // MARK: Creating a spring

    /// Creates a spring from its physical coefficients, as `CASpringAnimation` takes them.
    ///
    /// - Parameters:
    ///   - mass: The mass; 1 by default.
    ///   - stiffness: The spring constant.
    ///   - damping: The damping coefficient.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = Self.sanitized(mass, floor: Self.minimumParameter)
        self.stiffness = Self.sanitized(stiffness, floor: Self.minimumParameter)
        self.damping = Self.sanitized(damping, floor: 0)
    }

    /// Creates a unit-mass spring from its response and damping ratio, as UIKit's
    /// `UISpringTimingParameters` and SwiftUI's `Spring(response:dampingRatio:)` do.
    ///
    /// - Parameters:
    ///   - response: The period of the undamped oscillation, in seconds: `2π·√(m/k)`. Clamped
    ///     into ``responseRange`` (NaN becomes its lower end).
    ///   - dampingRatio: The damping as a fraction of critical damping: below 1 the spring
    ///     oscillates, 1 is critical, above 1 it creeps in without overshooting.
    public init(response: TimeInterval, dampingRatio: Double) {
        let period = response.isNaN ? Self.responseRange.lowerBound
            : min(max(response, Self.responseRange.lowerBound), Self.responseRange.upperBound)
        let ratio = Self.sanitized(dampingRatio, floor: 0)
        let omega = 2 * Double.pi / period
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
    }

    /// Creates a unit-mass spring from a perceptual duration and a bounce, as SwiftUI's
    /// `Spring(duration:bounce:)` does.
    ///
    /// The duration is the response (the undamped period). A bounce of 0 is critically damped,
    /// positive values up to 1 oscillate more (damping ratio `1 − bounce`), and negative values
    /// down to −1 are overdamped (damping ratio `1 / (1 + bounce)`).
    ///
    /// - Parameters:
    ///   - duration: The pace of the spring, in seconds; 0.5 by default.
    ///   - bounce: How bouncy it is, clamped into `-0.99...1`; 0 by default.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -0.99), 1)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: ratio)
    }

    // MARK: Presets

    /// `CASpringAnimation`'s defaults: mass 1, stiffness 100, damping 10 (damping ratio 0.5).
    public static let `default` = Spring(mass: 1, stiffness: 100, damping: 10)
    /// Duration 0.5 s, no bounce: a critically damped spring.
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// Duration 0.5 s, a small bounce (0.15).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// Duration 0.5 s, a clear bounce (0.3).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    /// The spring ``Easing/springDecay(velocity:spring:)-(Double,_)`` uses by default:
    /// critically damped, response 0.5 s, so a released view glides into place.
    public static let springDecay = Spring(response: 0.5, dampingRatio: 1)

    // MARK: Derived descriptions

    /// The undamped angular frequency `ω₀ = √(k/m)`, in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping as a fraction of critical damping: `c / (2√(km))`.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The period of the undamped oscillation, `2π/ω₀`, in seconds.
    public var response: TimeInterval { 2 * .pi / naturalFrequency }

    /// SwiftUI's bounce: `1 − ζ` for a damping ratio ζ up to 1, `1/ζ − 1` above.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    // MARK: Motion

    /// The motion of this spring released at a displacement from its rest position with an
    /// initial velocity.
    ///
    /// - Parameters:
    ///   - displacement: The start position minus the rest position (for an animation,
    ///     `from − to`).
    ///   - velocity: The initial velocity in units per second.
    public func motion(displacement: Double, velocity: Double = 0) -> SpringMotion {
        SpringMotion(spring: self, displacement: displacement, velocity: velocity)
    }

    /// NaN becomes `floor`; everything else is clamped into `floor...maximumParameter`.
    private static func sanitized(_ value: Double, floor: Double) -> Double {
        value.isNaN ? floor : min(max(value, floor), maximumParameter)
    }
}

extension Spring: CustomStringConvertible {
    /// The coefficients, such as `mass: 1, stiffness: 100, damping: 10`.
    public var description: String {
        "mass: \(mass), stiffness: \(stiffness), damping: \(damping)"
    }
}
