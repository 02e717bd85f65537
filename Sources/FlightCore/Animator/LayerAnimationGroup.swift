import Foundation

/// A whole Flight group as one animation: what a `CAAnimationGroup` of per-property
/// `CAKeyframeAnimation`s holds, described portably, for code that adds the animation itself (a
/// video overlay rendered with `AVVideoCompositionCoreAnimationTool`, a layer built off-screen, a
/// snapshot test).
///
/// ```swift
/// let export = layer.exportAnimation { animator in
///     animator.position(CGPoint(x: 300, y: 80)).duration(0.6).easing(.outBack)
///     animator.alpha(0.4).duration(0.3)
/// }
/// // On Apple platforms: overlay.add(export!.caAnimationGroup(beginTime: AVCoreAnimationBeginTimeAtZero), forKey: "intro")
/// ```
///
/// Its ``animations`` are the same ``LayerAnimation`` descriptions the engine plays on a layer,
/// one per property, each beginning at 0: a child's begin time is in the group's time, which
/// CoreAnimation documents as "the time space specified by the `CAAnimationGroup`". The group's
/// ``duration`` is the Flight group's, which fits its longest property: CoreAnimation clips
/// every child to its group's duration rather than scaling it. Both the group and its children
/// hold their values outside their active time (``LayerAnimation/FillMode/both``), so the layer
/// shows the group's start before it begins and its end after it, whatever its model values are.
///
/// ``HeadlessLayer/add(_:forKey:)`` plays one by those rules, so that what an export shows is
/// tested without an Apple device.
public struct LayerAnimationGroup: Sendable {
    /// When the group begins, in the time of the layer it is added to. 0, the default, means
    /// "when it is added": CoreAnimation replaces a begin time of 0 with the current time, which
    /// is why AVFoundation has `AVCoreAnimationBeginTimeAtZero` ("a small, non-zero, positive
    /// value which prevents CoreAnimation from replacing 0.0 with `CACurrentMediaTime()`") for
    /// animations on a video's timeline.
    public var beginTime: TimeInterval = 0
    /// The group's duration: its children are clipped to it.
    public var duration: TimeInterval
    /// What the group shows outside its active time; ``LayerAnimation/FillMode/both`` holds the
    /// start before it and the end after it.
    public var fillMode: LayerAnimation.FillMode = .both
    /// Whether the layer removes the group when it ends. `false`: an animation on a video's
    /// timeline must stay, and a layer that leaves its window keeps it.
    public var isRemovedOnCompletion = false
    /// One keyframe animation per property, in the order the group declared them, each
    /// beginning at 0 in the group's time and filling both ways.
    public var animations: [LayerAnimation]

    /// A group of `animations` lasting `duration`, beginning when it is added.
    public init(duration: TimeInterval, animations: [LayerAnimation]) {
        self.duration = duration
        self.animations = animations
    }

    /// The key paths it animates, in order.
    public var keyPaths: [String] { animations.map(\.keyPath) }

    /// The group's own time at time `time` of the layer it is on, or nil when it shows nothing
    /// then: `time − beginTime` while within its duration, outside it as its fill mode says (0
    /// before its begin, its duration after its end). A NaN time counts as the begin; a
    /// duration that is negative or not finite counts as 0 (the group is at once at its end).
    package func localTime(at time: TimeInterval) -> TimeInterval? {
        let duration = self.duration.isFinite && self.duration > 0 ? self.duration : 0
        let elapsed = time.isNaN || beginTime.isNaN ? 0 : time - beginTime
        if elapsed < 0 { return fillMode == .backwards || fillMode == .both ? 0 : nil }
        if !(elapsed < duration) { return fillMode == .forwards || fillMode == .both ? duration : nil }
        return elapsed
    }

    /// When it ends, in the layer's time.
    package var endTime: TimeInterval { beginTime + (duration.isFinite && duration > 0 ? duration : 0) }
}
