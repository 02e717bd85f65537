#if canImport(QuartzCore)
import QuartzCore

extension LayerAnimationGroup {
    /// The group as a `CAAnimationGroup` of one `CAKeyframeAnimation` per property, built as
    /// Flight builds the animations it plays (values boxed, key times, a timing function per
    /// segment), ready to add to any layer.
    ///
    /// ```swift
    /// let intro = overlay.exportAnimation { animator in
    ///     animator.position(CGPoint(x: 300, y: 40)).duration(0.8).easing(.outCubic)
    /// }
    /// if let intro {
    ///     overlay.add(intro.caAnimationGroup(beginTime: AVCoreAnimationBeginTimeAtZero), forKey: "intro")
    /// }
    /// ```
    ///
    /// For a video composition (`AVVideoCompositionCoreAnimationTool`) pass
    /// `AVCoreAnimationBeginTimeAtZero`: a begin time of 0 is replaced by CoreAnimation with the
    /// current time. The group is not removed on completion, as AVFoundation asks, and holds
    /// its end. A child whose values CoreAnimation cannot hold is reported
    /// (``FlightError/invalidValue(keyPath:reason:)``) and left out; the rest play.
    ///
    /// - Parameter beginTime: When the group begins, in the layer's time; by default
    ///   ``beginTime``.
    @MainActor
    public func caAnimationGroup(beginTime: CFTimeInterval? = nil) -> CAAnimationGroup {
        let description = CoreAnimationGroupAnimation(self, beginTime: beginTime)
        var children: [CAAnimation] = []
        for child in description.animations {
            guard let animation = CALayerHost.keyframeAnimation(child) else {
                FlightDiagnostics.report(.invalidValue(
                    keyPath: child.keyPath, reason: "its values cannot be boxed for CoreAnimation"))
                continue
            }
            children.append(animation)
        }
        let group = CAAnimationGroup()
        group.animations = children
        group.beginTime = description.beginTime
        group.duration = description.duration
        group.fillMode = description.fillMode.coreAnimation
        group.isRemovedOnCompletion = description.isRemovedOnCompletion
        return group
    }
}

extension LayerAnimation.FillMode {
    /// The same fill mode, as CoreAnimation names it.
    var coreAnimation: CAMediaTimingFillMode {
        switch self {
        case .removed: .removed
        case .forwards: .forwards
        case .backwards: .backwards
        case .both: .both
        }
    }
}
#endif
