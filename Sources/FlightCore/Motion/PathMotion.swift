import FlightEasing
import Foundation

/// A position moving along a ``MotionPath``: the easing runs on the fraction of the path's arc
/// length travelled, so `.linear` is constant speed; the direction of travel gives the angle of
/// a layer that turns with the path.
///
/// The motion leaves from `origin` (what is shown when it is resolved): where that is not the
/// path's start, a straight line joins them and counts as part of the way. A physical easing
/// (a spring) runs on the same fraction and leaves with the part of the start velocity along
/// the first direction. Where an easing overshoots (below 0 or above 1), the position goes on in
/// a straight line along the path's first or last direction, and the angle holds.
package struct PathMotion: Sendable {
    /// The path, arc-length parametrised, with the join from the origin.
    package let geometry: PathGeometry
    /// The easing of the fraction of the length travelled.
    package let easing: Easing
    /// The duration: the given one for timing curves, the settling time for physical easings.
    package let duration: TimeInterval
    /// Where it leaves from.
    package let from: CGPoint
    /// Where it ends: the path's end.
    package let to: CGPoint
    /// The fraction of the length travelled, over time.
    let progress: Trajectory
    /// Whether a spring's start velocity was scaled down (see ``ValueMotion/excursionLimit``).
    package let excursionWasLimited: Bool

    /// Resolves a motion along `path` from `origin`.
    ///
    /// - Parameters:
    ///   - tolerance: The position tolerance in points: it bounds a spring's settling band, and
    ///     a join shorter than it takes the path's first direction.
    ///   - headingTolerance: For a motion that a rotation follows (turning to face its way),
    ///     that rotation's tolerance in radians: a spring's settling band is also narrowed until
    ///     the turn left in it is within this, so that the rotation does not jump by more where
    ///     the spring is cut (the end of the motion, the turn of an autoreversing cycle).
    ///   - fractionTolerance: For a motion that something else rides on (the other parts of a
    ///     transform whose rotation follows the path, going from their start to their end on
    ///     the fraction travelled), the most the fraction may be off: a spring's or a decay's
    ///     settling band is narrowed to it, so that the snap to the end where the motion is cut
    ///     (its end, the turn of an autoreversing cycle) moves those parts no more than their
    ///     tolerance either.
    ///   - measured: `path` already measured from `origin` with that tolerance (one measurement
    ///     serves a position and its rotation); nil measures it here.
    /// - Throws: ``AnimationValueError`` for a non-finite origin, path or velocity, or an
    ///   invalid duration.
    package init(
        path: MotionPath, from origin: CGPoint, easing: Easing, duration: TimeInterval,
        initialVelocity: SIMD2<Double> = .zero, tolerance: Double = 0.5,
        settlingFraction: Double = SpringMotion.defaultSettlingFraction, headingTolerance: Double? = nil,
        fractionTolerance: Double? = nil, measured: PathGeometry? = nil
    ) throws {
        _ = try origin.validated("start of the path motion")
        guard path.isFinite else { throw AnimationValueError.nonFinite("path", component: 0) }
        guard duration.isFinite, duration >= 0 else { throw AnimationValueError.invalidDuration(duration) }
        guard initialVelocity.x.isFinite, initialVelocity.y.isFinite else {
            throw AnimationValueError.nonFinite("initial velocity", component: 0)
        }
        geometry = measured ?? PathGeometry(path, from: origin, directionlessJoin: tolerance)
        from = origin
        to = path.end
        let length = geometry.length
        var progressEasing = easing
        var velocity = initialVelocity
        if case .springDecay(let springDecay) = easing {
            progressEasing = .spring(springDecay.spring)
            velocity = SIMD2(springDecay.velocity(ofComponent: 0), springDecay.velocity(ofComponent: 1))
        }
        var rate = 0.0
        var limited = false
        if case .spring(let spring) = progressEasing, length > 0, length.isFinite {
            // Along the path, velocity is the rate of the fraction travelled: its part along the
            // first direction, over the length.
            let tangent = geometry.unitTangent(at: 0, side: .after)
            rate = (velocity * tangent).sum() / length
            // As far as a spring may carry any motion, measured along the path.
            let reach = max(1, ValueMotion<Double>.maximumExcursionInTolerances * tolerance / length)
            let allowed = reach * spring.naturalFrequency
            if !rate.isFinite { rate = 0 }
            if abs(rate) > allowed {
                rate = rate < 0 ? -allowed : allowed
                limited = true
            }
        }
        excursionWasLimited = limited
        self.easing = easing
        var band = length > 0 && length.isFinite ? tolerance / length : .infinity
        if let headingTolerance, headingTolerance > 0, band.isFinite {
            // The direction turns along the way (by the curvature times the distance): the band
            // left to settle in is halved until the turn from its edge to the end is within the
            // rotation's tolerance. Beyond the end the direction is the last one.
            let end = geometry.heading(at: length, side: .before)
            var halvings = 0
            while halvings < 64, abs(end - geometry.heading(at: length * (1 - min(band, 1)), side: .before)) > headingTolerance {
                band /= 2
                halvings += 1
            }
        }
        if let fractionTolerance, fractionTolerance > 0 { band = min(band, fractionTolerance) }
        progress = Trajectory(easing: progressEasing, from: 0, to: 1, duration: duration, initialVelocity: rate,
                              settlingFraction: settlingFraction, settlingTolerance: band)
        self.duration = length > 0 ? progress.duration : (easing.hasIntrinsicDuration ? 0 : progress.duration)
    }

    /// The arc length of the way, join included.
    package var length: Double { geometry.length }

    /// Whether nothing moves: a way of no length.
    package var isStill: Bool { geometry.length == 0 }

    /// The fraction of the length travelled at `t`: 0 before the start, exactly 1 from the end
    /// on; easings that overshoot pass 1. The value progress of the motion.
    package func fraction(at t: TimeInterval) -> Double {
        if t >= duration { return 1 }
        if t <= 0 { return 0 }
        return progress.value(at: t)
    }

    /// The position at `t` seconds from the start.
    package func value(at t: TimeInterval) -> CGPoint {
        if t >= duration { return to }
        return geometry.point(at: fraction(at: t) * length)
    }

    /// The velocity at `t` in points per second: the direction of travel times the length times
    /// the rate of the fraction.
    package func velocity(at t: TimeInterval) -> SIMD2<Double> {
        guard t < duration, length > 0 else { return .zero }
        let rate = progress.velocity(at: max(t, 0)) * length
        return geometry.unitTangent(at: fraction(at: t) * length, side: .after) * rate
    }

    /// The direction of travel at `t` (radians, unwrapped) plus `offset`: what a layer turned
    /// along the tangent shows. The last direction from the end on.
    package func heading(at t: TimeInterval, offset: Double = 0) -> Double {
        if t >= duration { return geometry.heading(at: length, side: .before) + offset }
        return geometry.heading(at: fraction(at: t) * length, side: .after) + offset
    }

    /// How fast the direction turns at `t`, in radians per second.
    package func angularVelocity(at t: TimeInterval) -> Double {
        guard t < duration, length > 0 else { return 0 }
        let s = fraction(at: t) * length
        return geometry.curvature(at: s) * progress.velocity(at: max(t, 0)) * length
    }
}
