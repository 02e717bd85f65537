import Foundation

/// The motion of a released ``Spring``, in closed form: displacement and velocity at any time,
/// and the time it takes to settle.
///
/// ```swift
/// // A view 300 pt above its rest position, flung upward at 1,000 pt/s:
/// let motion = Spring.bouncy.motion(displacement: -300, velocity: -1000)
/// motion.position(at: 0.1)        // displacement from rest after 0.1 s
/// motion.velocity(at: 0.1)        // pt/s
/// motion.settlingDuration()       // last time it is more than 0.1 % of its scale from rest
/// ```
///
/// Displacements are measured from the rest position, so an animation from `a` to `b` starts at
/// displacement `a − b`. The solution covers the underdamped, critically damped and overdamped
/// regimes with formulas that stay accurate as the damping ratio approaches 1 from either side
/// and that cannot overflow however late they are evaluated. Times before 0 hold the initial
/// state.
public struct SpringMotion: Sendable, Hashable {
    /// The spring.
    public let spring: Spring
    /// The displacement from rest at time 0.
    public let initialDisplacement: Double
    /// The velocity at time 0, in units per second.
    public let initialVelocity: Double

    /// `ζω₀`: the rate at which the envelope decays.
    private let decay: Double
    /// `(ζω₀)² − ω₀²`: negative when underdamped, 0 when critical, positive when overdamped.
    private let discriminant: Double
    /// `√|discriminant|`: the damped angular frequency, or the overdamped spread of rates.
    private let spread: Double
    /// Coefficient of the second basis function in the displacement.
    private let displacementSine: Double
    /// Coefficient of the second basis function in the velocity.
    private let velocitySine: Double

    /// The fraction of the motion's scale within which a spring counts as settled: 0.1 %.
    public static let defaultSettlingFraction = 1e-3
    /// The longest settling time reported; springs with little or no damping are capped to it.
    public static let maximumSettlingDuration: TimeInterval = 60

    /// Creates the motion of `spring` released at `displacement` from rest with `velocity`.
    ///
    /// Non-finite displacements and velocities are treated as 0.
    public init(spring: Spring, displacement: Double, velocity: Double) {
        self.spring = spring
        let x0 = displacement.isFinite ? displacement : 0
        let v0 = velocity.isFinite ? velocity : 0
        initialDisplacement = x0
        initialVelocity = v0
        let a = spring.damping / (2 * spring.mass)
        let omega0Squared = spring.stiffness / spring.mass
        let kappa = a * a - omega0Squared
        decay = a
        discriminant = kappa
        spread = abs(kappa).squareRoot()
        displacementSine = v0 + a * x0
        velocitySine = kappa * x0 - a * (v0 + a * x0)
    }

    // MARK: State at a time

    /// The displacement from rest at time `t` (seconds since release).
    public func position(at t: TimeInterval) -> Double {
        guard t > 0 else { return initialDisplacement }
        let (c, s) = basis(at: t)
        return initialDisplacement * c + displacementSine * s
    }

    /// The velocity at time `t`, in units per second.
    public func velocity(at t: TimeInterval) -> Double {
        guard t > 0 else { return initialVelocity }
        let (c, s) = basis(at: t)
        return initialVelocity * c + velocitySine * s
    }

    /// The displacement and the velocity at time `t`, as ``position(at:)`` and
    /// ``velocity(at:)`` give them, from one evaluation of the oscillation (its exponential and
    /// its sine and cosine are computed once for both).
    public func state(at t: TimeInterval) -> (position: Double, velocity: Double) {
        guard t > 0 else { return (initialDisplacement, initialVelocity) }
        return state(basis: basis(at: t))
    }

    /// Whether `other` moves on the same oscillator (the same decay and frequency), so that one
    /// ``basis(at:)`` serves both: the components of a value on one spring, say.
    package func sharesBasis(with other: SpringMotion) -> Bool {
        decay == other.decay && discriminant == other.discriminant && spread == other.spread
    }

    /// ``state(at:)`` from the oscillator's solutions at `t > 0`, ``basis(at:)``, computed once
    /// for every motion that ``sharesBasis(with:)`` this one.
    package func state(basis: (Double, Double)) -> (position: Double, velocity: Double) {
        let (c, s) = basis
        return (initialDisplacement * c + displacementSine * s, initialVelocity * c + velocitySine * s)
    }

    /// The coefficients ``state(basis:)`` weighs the oscillator's solutions with: the
    /// displacement is `displacement·C + displacementSine·S`, the velocity
    /// `velocity·C + velocitySine·S`.
    package var stateCoefficients: (displacement: Double, displacementSine: Double, velocity: Double, velocitySine: Double) {
        (initialDisplacement, displacementSine, initialVelocity, velocitySine)
    }

    /// The two solutions of the oscillator, both already multiplied by `e^(−ζω₀t)`:
    /// `C` with `C(0) = 1, C′(0) = 0` and `S` with `S(0) = 0, S′(0) = 1` (before damping).
    package func basis(at t: Double) -> (Double, Double) {
        if discriminant < 0 && spread > 0 {
            let envelope = exp(-decay * t)
            return (envelope * cos(spread * t), envelope * sin(spread * t) / spread)
        }
        if discriminant == 0 || spread == 0 {
            let envelope = exp(-decay * t)
            return (envelope, envelope * t)
        }
        // Overdamped: cosh and sinh written with decaying exponentials only, so nothing overflows,
        // and with expm1 where the two rates are close, so nothing cancels.
        let slow = exp((spread - decay) * t)
        let fast = exp(-(spread + decay) * t)
        let sine = spread * t < 0.5 ? fast * expm1(2 * spread * t) : slow - fast
        return ((slow + fast) / 2, sine / (2 * spread))
    }

    // MARK: Settling

    /// The scale the settling fraction is measured against: the larger of the initial
    /// displacement and `|v₀|/ω₀`, the distance the initial velocity alone would carry it.
    ///
    /// Measuring against the motion's own scale makes a 0…1 opacity and a 300 pt move settle
    /// alike.
    public var scale: Double {
        max(abs(initialDisplacement), abs(initialVelocity) / spring.naturalFrequency)
    }

    /// The time after which the displacement stays within `fraction × scale` of rest for good:
    /// the last time it crosses that band, solved exactly (not sampled).
    ///
    /// - Parameter fraction: The band, as a fraction of ``scale``; 0.1 % by default. NaN uses the
    ///   default; values are clamped to at least 10⁻¹².
    /// - Returns: The settling time in seconds, 0 for a spring already at rest, and at most
    ///   ``maximumSettlingDuration`` (which is what an undamped spring reports).
    public func settlingDuration(fraction: Double = defaultSettlingFraction) -> TimeInterval {
        let fraction = fraction.isNaN ? Self.defaultSettlingFraction : max(fraction, 1e-12)
        let threshold = fraction * scale
        guard threshold > 0, threshold.isFinite else { return 0 }
        let crossing = discriminant < 0 && spread > 0
            ? oscillatingLastCrossing(threshold)
            : creepingLastCrossing(threshold)
        return min(crossing, Self.maximumSettlingDuration)
    }

    /// Underdamped: `x(t) = e^(−at)·R·cos(ωt − φ)`. Its extrema come every `π/ω` and shrink by the
    /// same factor each time, so the last one outside the band is found directly; the crossing
    /// lies between it and the following zero, where `|x|` falls monotonically.
    private func oscillatingLastCrossing(_ threshold: Double) -> TimeInterval {
        let omega = spread
        guard decay > 0 else { return .infinity }
        let velocityPhase = atan2(velocitySine / omega, initialVelocity)
        let positionPhase = atan2(displacementSine / omega, initialDisplacement)
        let halfPeriod = Double.pi / omega
        let firstExtremumIndex = ((-velocityPhase - .pi / 2) / .pi).rounded(.up)
        func extremum(_ k: Double) -> Double {
            max(0, (velocityPhase + .pi / 2 + (firstExtremumIndex + k) * .pi) / omega)
        }
        func nextZero(after t: Double) -> Double {
            let index = ((omega * t - positionPhase - .pi / 2) / .pi).rounded(.down) + 1
            let zero = (positionPhase + .pi / 2 + index * .pi) / omega
            return zero > t ? zero : zero + halfPeriod
        }
        let firstPeak = abs(position(at: extremum(0)))
        if firstPeak >= threshold {
            let logShrink = decay * halfPeriod
            var k = (log(firstPeak / threshold) / logShrink).rounded(.down)
            guard k.isFinite, extremum(k) < Self.maximumSettlingDuration else { return .infinity }
            // The estimate is exact but for rounding: a few steps correct it (64 at most, so that
            // no rounding of extreme parameters can keep the loops going).
            var corrections = 0
            while corrections < 64 && abs(position(at: extremum(k + 1))) >= threshold { k += 1; corrections += 1 }
            while corrections < 128 && k > 0 && abs(position(at: extremum(k))) < threshold { k -= 1; corrections += 1 }
            let start = extremum(k)
            return lastCrossing(threshold, from: start, to: nextZero(after: start))
        }
        if abs(initialDisplacement) >= threshold {
            return lastCrossing(threshold, from: 0, to: min(nextZero(after: 0), extremum(0)))
        }
        return 0
    }

    /// Critically damped or overdamped: `x` has at most one zero and `v` at most one zero, so
    /// `|x|` is monotone between them and after them.
    private func creepingLastCrossing(_ threshold: Double) -> TimeInterval {
        // Breakpoints: 0, then the zero of x and the zero of v where they exist, in order.
        let zeroOfX = time(whereSineOverCosineIs: -initialDisplacement / displacementSine)
        let zeroOfV = time(whereSineOverCosineIs: -initialVelocity / velocitySine)
        let first = min(zeroOfX ?? .infinity, zeroOfV ?? .infinity)
        let second = max(zeroOfX ?? -.infinity, zeroOfV ?? -.infinity)
        let points = (0.0, first.isFinite ? first : nil, second.isFinite && second != first ? second : nil)
        let last = points.2 ?? points.1 ?? points.0
        if abs(position(at: last)) >= threshold {
            var step = 1 / spring.naturalFrequency
            var end = last + step
            while abs(position(at: end)) >= threshold {
                step *= 2
                end = last + step
                if end > Self.maximumSettlingDuration { return .infinity }
            }
            return lastCrossing(threshold, from: last, to: end)
        }
        // |x| is inside the band from `last` on: the crossing is in the latest earlier segment
        // that starts outside it.
        if let middle = points.1, let end = points.2, abs(position(at: middle)) >= threshold {
            return lastCrossing(threshold, from: middle, to: end)
        }
        if let end = points.1, abs(initialDisplacement) >= threshold {
            return lastCrossing(threshold, from: 0, to: end)
        }
        return 0
    }

    /// The positive time at which `S(t)/C(t)` (which rises from 0) equals `ratio`, if any.
    private func time(whereSineOverCosineIs ratio: Double) -> Double? {
        guard ratio.isFinite, ratio > 0 else { return nil }
        if discriminant == 0 || spread == 0 { return ratio }
        // Overdamped: S/C = tanh(βt)/β, which approaches 1/β.
        let scaled = spread * ratio
        guard scaled < 1 else { return nil }
        return atanh(scaled) / spread
    }

    /// Bisection for `|x(t)| = threshold` between `low` (outside the band) and `high` (inside),
    /// where `|x|` is monotone.
    private func lastCrossing(_ threshold: Double, from low: Double, to high: Double) -> Double {
        var (low, high) = (low, high)
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if mid <= low || mid >= high { break }
            if abs(position(at: mid)) >= threshold { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
