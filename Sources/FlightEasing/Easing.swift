import Foundation

/// How a property moves from its start value to its end value.
///
/// An easing is either a *timing curve*, which maps the fraction of a duration that has elapsed
/// to the fraction of the distance travelled, or a *physical* motion (a spring, a spring fed by a
/// gesture's velocity, a decay), which runs for its own settling time and ignores the duration it
/// is given.
///
/// ```swift
/// let curve = Easing.outCubic
/// curve.progress(at: 0.5)   // 0.875
/// curve.velocity(at: 0.5)   // 0.75: progress per unit of normalized time
///
/// let bezier = Easing.cubicBezier(.easeInEaseOut)
/// let spring = Easing.spring(Spring(duration: 0.5, bounce: 0.2))
/// let fling = Easing.springDecay(velocity: CGPoint(x: 0, y: -1200))
/// ```
///
/// The 46 named curves follow Robert Penner's equations (back overshoot 1.70158, the standard
/// 7.5625 / 2.75 bounce). Every named curve returns exactly 0 at 0 and exactly 1 at 1:
/// the exponential and elastic curves rescale Penner's `2^(10(p-1))` envelope to
/// `(2^(10p) - 1) / 1023`, which moves them by less than 1/1023. The `outIn` variants are the
/// time-split composition of the `out` curve on the first half and the `in` curve on the second.
///
/// Normalized time outside `0...1` holds the endpoint (`progress(at: -1) == 0`,
/// `progress(at: 2) == 1`) and has velocity 0; a NaN time is treated as 0.
public enum Easing: Sendable, Hashable {
    // MARK: Polynomial steps

    /// Constant speed: `p`.
    case linear
    /// Hermite smooth step: `p²(3 − 2p)`.
    case smoothStep
    /// Ken Perlin's smoother step: `6p⁵ − 15p⁴ + 10p³`.
    case smootherStep

    // MARK: Sine

    /// Accelerates along a quarter sine wave: `1 − cos(πp/2)`.
    case inSine
    /// Decelerates along a quarter sine wave: `sin(πp/2)`.
    case outSine
    /// Accelerates, then decelerates, along half a cosine wave.
    case inOutSine
    /// ``outSine`` on the first half, ``inSine`` on the second.
    case outInSine

    // MARK: Quadratic

    /// Accelerates as `p²`.
    case inQuadratic
    /// Decelerates as `1 − (1 − p)²`.
    case outQuadratic
    /// ``inQuadratic`` on the first half, ``outQuadratic`` on the second.
    case inOutQuadratic
    /// ``outQuadratic`` on the first half, ``inQuadratic`` on the second.
    case outInQuadratic

    // MARK: Cubic

    /// Accelerates as `p³`.
    case inCubic
    /// Decelerates as `1 − (1 − p)³`.
    case outCubic
    /// ``inCubic`` on the first half, ``outCubic`` on the second.
    case inOutCubic
    /// ``outCubic`` on the first half, ``inCubic`` on the second.
    case outInCubic

    // MARK: Quartic

    /// Accelerates as `p⁴`.
    case inQuartic
    /// Decelerates as `1 − (1 − p)⁴`.
    case outQuartic
    /// ``inQuartic`` on the first half, ``outQuartic`` on the second.
    case inOutQuartic
    /// ``outQuartic`` on the first half, ``inQuartic`` on the second.
    case outInQuartic

    // MARK: Quintic

    /// Accelerates as `p⁵`.
    case inQuintic
    /// Decelerates as `1 − (1 − p)⁵`.
    case outQuintic
    /// ``inQuintic`` on the first half, ``outQuintic`` on the second.
    case inOutQuintic
    /// ``outQuintic`` on the first half, ``inQuintic`` on the second.
    case outInQuintic

    // MARK: Exponential

    /// Accelerates exponentially: `(2^(10p) − 1) / 1023`.
    case inExponential
    /// Decelerates exponentially; the mirror image of ``inExponential``.
    case outExponential
    /// ``inExponential`` on the first half, ``outExponential`` on the second.
    case inOutExponential
    /// ``outExponential`` on the first half, ``inExponential`` on the second.
    case outInExponential

    // MARK: Circular

    /// Accelerates along a quarter circle: `1 − √(1 − p²)`.
    case inCircular
    /// Decelerates along a quarter circle: `√(1 − (1 − p)²)`.
    case outCircular
    /// ``inCircular`` on the first half, ``outCircular`` on the second.
    case inOutCircular
    /// ``outCircular`` on the first half, ``inCircular`` on the second.
    case outInCircular

    // MARK: Back

    /// Pulls back below 0 (by about 10 %) before accelerating to 1.
    case inBack
    /// Overshoots 1 (by about 10 %) and settles back.
    case outBack
    /// Pulls back, then overshoots; Penner's larger overshoot (1.70158 × 1.525) on each half.
    case inOutBack
    /// ``outBack`` on the first half, ``inBack`` on the second.
    case outInBack

    // MARK: Elastic

    /// Oscillates with growing amplitude around 0, then snaps to 1 (period 0.3).
    case inElastic
    /// Snaps past 1 and oscillates with decaying amplitude (period 0.3).
    case outElastic
    /// ``inElastic`` on the first half, ``outElastic`` on the second (Penner's period 0.45).
    case inOutElastic
    /// ``outElastic`` on the first half, ``inElastic`` on the second.
    case outInElastic

    // MARK: Bounce

    /// Bounces off 0 with growing height, then lands on 1.
    case inBounce
    /// Falls to 1 and bounces with decaying height, like a dropped ball.
    case outBounce
    /// ``inBounce`` on the first half, ``outBounce`` on the second.
    case inOutBounce
    /// ``outBounce`` on the first half, ``inBounce`` on the second.
    case outInBounce

    // MARK: Arctangent

    /// Accelerates along an arctangent: `1 + atan(15(p − 1)) / atan(15)`.
    case inAtan
    /// Decelerates along an arctangent: `atan(15p) / atan(15)`.
    case outAtan
    /// A symmetric arctangent S-curve: `½ + atan(15(p − ½)) / (2 atan(7.5))`.
    case inOutAtan

    // MARK: Other timing curves

    /// A cubic Bézier timing function, as `CAMediaTimingFunction` and CSS `cubic-bezier()`.
    case cubicBezier(CubicBezier)
    /// A staircase of equal steps, as CSS `steps()`.
    case steps(Steps)
    // The cases whose payloads hold references (a function, a list of velocities) keep them
    // in a box of their own, so that an easing copies as a few plain words and at most one
    // reference: easings are copied wherever a plan, a motion or a fit is, and a copy through
    // every field of the largest payload cost several times a look-up.

    /// A curve given by your own function.
    indirect case custom(CustomEasing)
    /// The wrapped easing played backwards in time: `.reversed(.inCubic)` behaves as `.outCubic`.
    ///
    /// For a timing curve `f`, the reversed curve is `1 − f(1 − p)`. A physical easing is resolved
    /// from rest, then played from its end to its start, mirrored so that it still travels from
    /// the start value to the end value.
    indirect case reversed(Easing)

    // MARK: Physical motion

    /// A damped spring that starts from the property's current velocity (zero for a fresh
    /// animation, the in-flight velocity for a redirect) and runs for its own settling time.
    case spring(Spring)
    /// A spring that starts from an explicit velocity, such as a pan gesture's at release.
    ///
    /// Build one with ``springDecay(velocity:spring:)-(Double,_)`` or
    /// ``springDecay(velocity:spring:)-(CGPoint,_)``.
    indirect case springDecay(SpringDecay)
    /// Decelerates like a released scroll view and comes to rest exactly on the end value.
    case decay(Decay)
}

// MARK: - Convenience constructors

extension Easing {
    /// A spring that moves to the end value starting from a scalar velocity in value units per
    /// second.
    ///
    /// - Parameters:
    ///   - velocity: The initial velocity, in value units per second.
    ///   - spring: The spring; by default critically damped, so it glides into place without
    ///     overshooting unless the velocity carries it past.
    public static func springDecay(velocity: Double, spring: Spring = .springDecay) -> Easing {
        .springDecay(SpringDecay(velocity: [velocity], spring: spring))
    }

    /// A spring that moves a point-valued property (such as `position`) to its end value starting
    /// from a gesture's velocity.
    ///
    /// ```swift
    /// case .ended:
    ///     let velocity = recognizer.velocity(in: view.superview)
    ///     // position animates with .springDecay(velocity: velocity)
    /// ```
    ///
    /// - Parameters:
    ///   - velocity: The initial velocity in points per second, as
    ///     `UIPanGestureRecognizer.velocity(in:)` reports it.
    ///   - spring: The spring; by default critically damped.
    public static func springDecay(velocity: CGPoint, spring: Spring = .springDecay) -> Easing {
        .springDecay(SpringDecay(velocity: [Double(velocity.x), Double(velocity.y)], spring: spring))
    }

    /// The same easing played backwards in time. See ``Easing/reversed(_:)``.
    public var reversed: Easing { .reversed(self) }
}

// MARK: - Catalogue

extension Easing {
    /// All 46 named timing curves, in the order the gallery shows them.
    public static let allNamed: [Easing] = [
        .linear, .smoothStep, .smootherStep,
        .inSine, .outSine, .inOutSine, .outInSine,
        .inQuadratic, .outQuadratic, .inOutQuadratic, .outInQuadratic,
        .inCubic, .outCubic, .inOutCubic, .outInCubic,
        .inQuartic, .outQuartic, .inOutQuartic, .outInQuartic,
        .inQuintic, .outQuintic, .inOutQuintic, .outInQuintic,
        .inExponential, .outExponential, .inOutExponential, .outInExponential,
        .inCircular, .outCircular, .inOutCircular, .outInCircular,
        .inBack, .outBack, .inOutBack, .outInBack,
        .inElastic, .outElastic, .inOutElastic, .outInElastic,
        .inBounce, .outBounce, .inOutBounce, .outInBounce,
        .inAtan, .outAtan, .inOutAtan,
    ]

    /// Whether the easing decides its own duration (springs and decays) rather than following
    /// the duration it is given.
    public var hasIntrinsicDuration: Bool {
        switch kind {
        case .spring, .springDecay, .decay: true
        case .reversed(let inner): inner.hasIntrinsicDuration
        case .named, .cubicBezier, .steps, .custom: false
        }
    }

    /// Whether the curve goes outside `0...1` on its way (back, elastic, springs, and Bézier
    /// curves whose control points do).
    ///
    /// Physical easings report `true`: whether a given spring overshoots depends on its damping
    /// and on the velocity it starts with.
    public var canOvershoot: Bool {
        switch kind {
        case .named(let curve):
            curve.canOvershoot
        case .cubicBezier(let bezier):
            !(0...1).contains(bezier.y1) || !(0...1).contains(bezier.y2)
        case .custom, .spring, .springDecay, .decay:
            true
        case .reversed(let inner):
            inner.canOvershoot
        case .steps:
            false
        }
    }

    /// Whether the progress is made of polynomial pieces of degree 3 or less in time (linear,
    /// quadratic, cubic, smooth step, back and bounce curves, and staircases): a keyframe fit,
    /// whose segments' timing curves are cubic in time, then follows it exactly.
    package var isPiecewiseCubic: Bool {
        switch kind {
        case .named(let curve):
            curve.isPiecewiseCubic
        case .reversed(let inner):
            inner.isPiecewiseCubic
        case .steps:
            true
        case .cubicBezier, .custom, .spring, .springDecay, .decay:
            false
        }
    }
}

// MARK: - Evaluation

extension Easing {
    /// The fraction of the distance travelled after the fraction `p` of the duration.
    ///
    /// For physical easings (``hasIntrinsicDuration``), `p` is a fraction of the easing's own
    /// settling time for a unit move from rest; to animate a real value, resolve a
    /// ``Trajectory`` once instead, which also accounts for initial velocity.
    ///
    /// - Parameter p: Normalized time; values outside `0...1` hold the nearest endpoint.
    /// - Returns: The normalized progress, exactly 0 at `p <= 0` and exactly 1 at `p >= 1`
    ///   for every named curve.
    public func progress(at p: Double) -> Double {
        if hasIntrinsicDuration {
            let unit = Trajectory(easing: self, from: 0, to: 1, duration: 1)
            return unit.value(at: Easing.clampedTime(p) * unit.duration)
        }
        return curveProgress(at: p)
    }

    /// The derivative of ``progress(at:)`` with respect to normalized time.
    ///
    /// Where a curve is vertical (circular curves at their steep end, some Bézier curves) the
    /// derivative is capped at ±10⁶ so that it stays finite. At a kink (the middle of a `bounce`,
    /// a step) the derivative from the right is returned.
    public func velocity(at p: Double) -> Double {
        if hasIntrinsicDuration {
            let unit = Trajectory(easing: self, from: 0, to: 1, duration: 1)
            return unit.velocity(at: Easing.clampedTime(p) * unit.duration) * unit.duration
        }
        return curveVelocity(at: p)
    }

    /// NaN becomes 0; everything else is clamped into `0...1`.
    static func clampedTime(_ p: Double) -> Double {
        p.isNaN ? 0 : min(max(p, 0), 1)
    }

    /// Progress of a timing curve (never called for physical easings).
    package func curveProgress(at p: Double) -> Double {
        if p.isNaN || p <= 0 { return exactStart }
        if p >= 1 { return exactEnd }
        switch kind {
        case .named(let curve): return curve.value(at: p)
        case .cubicBezier(let bezier): return bezier.progress(at: p)
        case .steps(let steps): return steps.progress(at: p)
        case .custom(let custom): return custom.progress(at: p)
        case .reversed(let inner): return 1 - inner.curveProgress(at: 1 - p)
        // Not timing curves: (never asked) read as linear.
        case .spring, .springDecay, .decay: return p
        }
    }

    /// Velocity of a timing curve (never called for physical easings).
    package func curveVelocity(at p: Double) -> Double {
        if p.isNaN || p < 0 || p > 1 { return 0 }
        let v: Double
        switch kind {
        case .named(let curve): v = curve.derivative(at: p)
        case .cubicBezier(let bezier): v = bezier.velocity(at: p)
        case .steps: v = 0
        case .custom(let custom): v = custom.velocity(at: p)
        case .reversed(let inner): v = inner.curveVelocity(at: 1 - p)
        // Not timing curves: (never asked) read as linear.
        case .spring, .springDecay, .decay: v = 1
        }
        return Easing.capped(v)
    }

    /// The largest velocity a curve reports; vertical tangents are capped to it.
    static let velocityCap = 1e6

    static func capped(_ v: Double) -> Double {
        v.isNaN ? 0 : min(max(v, -velocityCap), velocityCap)
    }

    /// The value at `p <= 0`: 0 for every curve but steps with a jump at the start.
    private var exactStart: Double {
        switch kind {
        case .steps(let steps): steps.progress(at: 0)
        case .custom(let custom): custom.progress(at: 0)
        case .reversed(let inner): 1 - inner.exactEnd
        case .named, .cubicBezier, .spring, .springDecay, .decay: 0
        }
    }

    /// The value at `p >= 1`: 1 for every curve but custom ones.
    private var exactEnd: Double {
        switch kind {
        case .custom(let custom): custom.progress(at: 1)
        case .reversed(let inner): 1 - inner.exactStart
        case .named, .cubicBezier, .steps, .spring, .springDecay, .decay: 1
        }
    }
}

// MARK: - Description

extension Easing: CustomStringConvertible {
    /// The Swift spelling of the easing, such as `outCubic` or `cubicBezier(0.42, 0, 0.58, 1)`.
    public var description: String {
        switch kind {
        case .named(let curve): curve.name
        case .cubicBezier(let b): "cubicBezier(\(b.x1), \(b.y1), \(b.x2), \(b.y2))"
        case .steps(let s): "steps(\(s.count), \(s.position))"
        case .custom(let c): "custom(\(c.name))"
        case .reversed(let inner): "reversed(\(inner))"
        case .spring(let s): "spring(\(s))"
        case .springDecay(let s): "springDecay(velocity: \(s.velocity), spring: \(s.spring))"
        case .decay(let d): "decay(rate: \(d.rate))"
        }
    }
}
