import Foundation

/// What Flight does with an animation while the user has asked for reduced motion.
public enum ReduceMotionPolicy: Sendable, Hashable {
    /// Animate as written.
    case ignore
    /// Keep animating, calmly: every duration is capped at `maximumDuration`, and springs,
    /// decays and overshooting curves become a gentle `.inOutSine`. Triggers and callbacks keep
    /// their meaning on the shortened group.
    case shorten(maximumDuration: TimeInterval)
    /// Replace motion by a dissolve over `duration`: a layer whose geometry (position, bounds,
    /// transform, anchor point, depth) changes fades out, its geometry jumps to the end halfway
    /// through while it is invisible, and it fades back in to its model opacity. Nothing else on
    /// screen fades, and nothing moves. Colours and opacity changes still animate, capped at
    /// `duration`. The dissolve is ordinary animations of the layer, played in the same
    /// transaction as the rest of the group, so the headless host shows it frame by frame.
    case crossFade(duration: TimeInterval)
    /// No animation: final values at once, as `applyAnimation(forKey:animated: false)`, except
    /// that triggers still fire (at once) so that chained work is not lost.
    case jump
}
