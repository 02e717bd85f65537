import Foundation

/// What a property that follows a path was asked: the path, and whether the property is the
/// position along it or the angle of its tangent. The start (what is shown), its velocity and
/// the path's measurement are filled in when the group is run.
struct PathPlan: Sendable {
    /// What the property is of the motion along the path.
    enum Role: Sendable {
        /// The position.
        case position
        /// The angle of the tangent, plus an offset (`transform.rotation.z`, or the whole
        /// `transform` when the rotation was promoted to it: see ``PathPlan/whole``).
        case heading(offset: Double)
    }

    /// Where a tangent rotation promoted to the whole `transform` (the rules of the DocC
    /// article "Parts and wholes") takes the transform's other parts: from what is shown to the
    /// model with the group's earlier declarations written in, on the fraction of the path
    /// travelled; the rotation is the tangent's.
    struct Whole: Sendable {
        var from: Transform3D
        var to: Transform3D
    }

    var path: MotionPath
    var orientation: PathOrientation
    var role: Role = .position
    /// Pairs a position with the rotation that follows its tangent (the position's index among
    /// the group's declarations); 0 until a rotation is paired with it.
    var pair = 0
    /// The position shown when the group starts; nil until it runs (the path's start then).
    var origin: CGPoint?
    /// The velocity of that position, points per second.
    var originVelocity: SIMD2<Double> = .zero
    /// The position's tolerance in points.
    var positionTolerance: Double = 0.5
    /// The path measured from ``origin``, once for the position and its rotation; nil until
    /// the group runs.
    var geometry: PathGeometry?
    /// For a rotation promoted to the whole `transform`: where the other parts go.
    var whole: Whole?
    /// For a position and its rotation promoted to the whole `transform`: the most the fraction
    /// travelled may be off where the motion settles, so that the transform's other parts,
    /// which ride on it, snap by no more than their tolerance (see ``PathMotion``); nil
    /// otherwise. The position has it too, so that both settle alike and end together.
    var fractionTolerance: Double?
}
