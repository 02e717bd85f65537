import Foundation

/// Everything the CoreAnimation bridge sets on a `CAAnimationGroup` for a
/// ``LayerAnimationGroup``, worked out before it touches CoreAnimation, so that tests on any
/// platform check what a device receives.
///
/// The bridge copies these fields onto the group and builds each child exactly as it builds the
/// animations it plays itself (``CoreAnimationKeyframeAnimation``), so that an export and a
/// played group are one conversion.
package struct CoreAnimationGroupAnimation: Sendable {
    /// `beginTime`, in the time of the layer it is added to (0: when it is added).
    package var beginTime: TimeInterval
    /// `duration`: the children are clipped to it.
    package var duration: TimeInterval
    /// `fillMode`.
    package var fillMode: LayerAnimation.FillMode
    /// `isRemovedOnCompletion`.
    package var isRemovedOnCompletion: Bool
    /// `animations`: one keyframe animation per property, begin times in the group's time.
    package var animations: [CoreAnimationKeyframeAnimation]

    /// The description of `group`, beginning at `beginTime` if given, else at the group's own.
    package init(_ group: LayerAnimationGroup, beginTime: TimeInterval? = nil) {
        self.beginTime = beginTime ?? group.beginTime
        duration = group.duration
        fillMode = group.fillMode
        isRemovedOnCompletion = group.isRemovedOnCompletion
        animations = group.animations.enumerated().map { index, animation in
            CoreAnimationKeyframeAnimation(key: "\(index)", animation: animation)
        }
    }
}
