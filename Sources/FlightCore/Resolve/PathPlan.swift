import Foundation

/// What a property that follows a path was asked: the path, and whether the property is the
/// position along it or the angle of its tangent. The start (what is shown) and its velocity
/// are filled in when the group is run.
struct PathPlan: Sendable {
    /// What the property is of the motion along the path.
    enum Role: Sendable {
        /// The position.
        case position
        /// The angle of the tangent, plus an offset (`transform.rotation.z`).
        case heading(offset: Double)
    }

    var path: MotionPath
    var orientation: PathOrientation
    var role: Role = .position
    /// The position shown when the group starts; nil until it runs (the path's start then).
    var origin: CGPoint?
    /// The velocity of that position, points per second.
    var originVelocity: SIMD2<Double> = .zero
    /// The position's tolerance in points.
    var positionTolerance: Double = 0.5
}
