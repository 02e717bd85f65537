import Foundation

/// Where a flung value comes to rest, and which snap point it should settle on: the pan-gesture
/// hand-off FlightAnimator's demo showed, as reusable math.
///
/// ```swift
/// case .ended:
///     let velocity = recognizer.velocity(in: view.superview)
///     view.animate { animator in
///         animator.position(releasedAt: view.center, velocity: velocity, snappingTo: corners)
///     }
/// ```
public enum Release {
    /// Where a value released at `position` with `velocity` (points per second) would come to
    /// rest under scroll-view deceleration. Non-finite velocities count as zero.
    public static func projectedPosition(from position: CGPoint, velocity: CGPoint, decay: Decay = .normal) -> CGPoint {
        let velocity = finite(velocity)
        return CGPoint(x: Double(position.x) + decay.projection(initialVelocity: Double(velocity.x)),
                       y: Double(position.y) + decay.projection(initialVelocity: Double(velocity.y)))
    }

    /// `velocity` with non-finite components replaced by zero.
    static func finite(_ velocity: CGPoint) -> CGPoint {
        CGPoint(x: velocity.x.isFinite ? velocity.x : 0, y: velocity.y.isFinite ? velocity.y : 0)
    }

    /// The point of `points` nearest to where the release would come to rest, or nil for none.
    /// Non-finite velocities count as zero.
    public static func snapPoint(
        from position: CGPoint, velocity: CGPoint, among points: [CGPoint], decay: Decay = .normal
    ) -> CGPoint? {
        let rest = projectedPosition(from: position, velocity: velocity, decay: decay)
        return points.min { $0.distance(to: rest) < $1.distance(to: rest) }
    }
}

extension GroupAnimator {
    /// Animates `position` after a fling: to the snap point nearest where the fling would come to
    /// rest, on a spring that leaves with the gesture's velocity (its own duration).
    ///
    /// - Parameters:
    ///   - current: Where the value is when released (the view's `center`).
    ///   - velocity: The gesture's velocity in points per second
    ///     (`UIPanGestureRecognizer.velocity(in:)` in the superview's coordinates).
    ///   - points: Where it may settle; with none, it settles where the fling comes to rest.
    ///   - decay: The deceleration used to project the fling.
    ///   - spring: The spring that carries it there (critically damped by default).
    @discardableResult
    public func position(
        releasedAt current: CGPoint, velocity: CGPoint, snappingTo points: [CGPoint] = [],
        decay: Decay = .normal, spring: Spring = .springDecay
    ) -> PropertyAnimator {
        let target = Release.snapPoint(from: current, velocity: velocity, among: points, decay: decay)
            ?? Release.projectedPosition(from: current, velocity: velocity, decay: decay)
        return position(target).easing(.springDecay(velocity: velocity, spring: spring))
    }
}
