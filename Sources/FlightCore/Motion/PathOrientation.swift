import Foundation

/// Whether a layer moving along a ``MotionPath`` also turns to face its direction of travel, as
/// `CAKeyframeAnimation.rotationMode` does, except that the angle replaces the rotation part of
/// the layer's transform rather than composing with it.
public enum PathOrientation: Sendable, Equatable {
    /// The layer keeps its rotation.
    case unchanged
    /// The layer's `transform.rotation.z` follows the path's tangent: `atan2(dy, dx)` of the
    /// direction of travel (CoreAnimation's `rotationMode` `.rotateAuto`).
    case tangent
    /// The same, turned by half a turn (`.rotateAutoReverse`).
    case reversedTangent

    /// What is added to the tangent's angle.
    var offset: Double {
        switch self {
        case .unchanged, .tangent: 0
        case .reversedTangent: .pi
        }
    }
}
