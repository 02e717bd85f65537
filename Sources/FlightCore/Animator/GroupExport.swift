import Foundation

extension AnimationGroup {
    /// The whole group as one animation to add yourself: on Apple platforms a `CAAnimationGroup`
    /// of one `CAKeyframeAnimation` per property (`caAnimationGroup(beginTime:)`), for a video
    /// overlay, a layer built off-screen or a snapshot test.
    ///
    /// ```swift
    /// let group = layer.animate { animator in
    ///     animator.position(CGPoint(x: 300, y: 80)).duration(0.6).easing(.outBack)
    /// }
    /// let export = group.export()   // plays the same on any layer it is added to
    /// ```
    ///
    /// The export is the group as it was resolved when it started, from its start to its end: the
    /// same whatever became of the group since (paused, reversed, taken over, ended, its target
    /// released), and the same on every call. Each property is the keyframe animation the engine
    /// played for it (``LayerAnimationGroup`` says how the group times them); a property that
    /// went to its target at once is held at its target for the whole group, so the export
    /// shows every value the group set. The group's callbacks and triggers belong to the engine,
    /// not to any animation: an export carries none of them.
    ///
    /// A repeating group (``Repetition``) is exported over its whole run: the export lasts
    /// ``totalDuration``, and each property repeats as the engine played it (on CoreAnimation,
    /// one period's keyframes with a `repeatCount`). A group repeated forever has no end for an
    /// animation group to last until: it is not exported.
    ///
    /// - Returns: The export, or nil (and a ``FlightError/nothingToExport`` report) for a group
    ///   that takes no time (no property, or none that plays over time) or repeats forever.
    public func export() -> LayerAnimationGroup? {
        GroupExport.make(resolved, repeating: repeating)
    }
}

extension AnimationTarget {
    /// Builds a group animation against this target and returns it as one animation to add
    /// yourself, without playing it: nothing on the target changes, no callback is called, no
    /// trigger is started.
    ///
    /// ```swift
    /// let overlay = HeadlessLayer()               // or an off-screen CALayer
    /// overlay.position = CGPoint(x: 40, y: 40)
    /// let intro = overlay.exportAnimation { animator in
    ///     animator.position(CGPoint(x: 300, y: 40)).duration(0.8).easing(.outCubic)
    ///     animator.alpha(0.3).duration(0.4).easing(.inSine)
    /// }
    /// ```
    ///
    /// The group is resolved exactly as ``animate(_:_:)`` would resolve it now (the same
    /// validation and reports, the same timing priority, parts and wholes, springs), from what
    /// the target shows: its model values when nothing animates it. See ``AnimationGroup/export()``
    /// for what the export holds.
    ///
    /// - Returns: The export, or nil (and a ``FlightError/nothingToExport`` report) for a group
    ///   that takes no time.
    public func exportAnimation(
        _ timingPriority: TimingPriority = .maxTime,
        _ build: (GroupAnimator) -> Void
    ) -> LayerAnimationGroup? {
        let animator = GroupAnimator(timingPriority: timingPriority)
        build(animator)
        return FlightEngine.export(animator.plan, on: animationHost)
    }
}

extension FlightEngine {
    /// Resolves `plan` on `host` as ``run(_:on:animated:)`` does, and exports it without playing.
    static func export(_ plan: AnimationPlan, on host: any AnimationHost) -> LayerAnimationGroup? {
        let requests = requests(for: plan, on: host, state: host.animationState, at: now(on: host))
        guard let resolved = resolve(requests, priority: plan.timingPriority) else { return nil }
        let repeating = GroupRepetition.played(plan.repetition, resolved: resolved)
        return GroupExport.make(resolved, repeating: repeating)
    }
}

/// How a resolved group becomes a ``LayerAnimationGroup``: one animation per property, in
/// declaration order, each filling both ways, so that a later property shows over what the
/// group's earlier ones animate of the same key path at every moment of the group (a part over
/// its whole, as the engine's take-over has it on a layer); an earlier animation a later one
/// covers entirely (a part before its whole) is left out.
@MainActor
enum GroupExport {
    static func make(_ resolved: ResolvedGroup, repeating: GroupRepetition? = nil) -> LayerAnimationGroup? {
        let duration = repeating?.timing.span ?? resolved.duration
        guard duration > 0, duration.isFinite, !resolved.properties.isEmpty else {
            FlightDiagnostics.report(.nothingToExport)
            return nil
        }
        var animations: [LayerAnimation] = []
        animations.reserveCapacity(resolved.properties.count)
        for (index, property) in resolved.properties.enumerated() {
            let keyPath = property.keyPath
            animations.removeAll { LayerProperty.overlap(of: keyPath, over: $0.keyPath) == .replaces }
            // A property that went to its target at once holds it for the whole group.
            let keyframes = property.duration > 0
                ? repeating?.keyframes(at: index, of: property) ?? property.keyframes
                : held(property.to, for: duration)
            var animation = LayerAnimation(keyPath: keyPath, beginTime: 0, keyframes: keyframes)
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            animations.append(animation)
        }
        return LayerAnimationGroup(duration: duration, animations: animations)
    }

    /// Keyframes that hold `value` for `duration`.
    private static func held(_ value: any AnimatableValue, for duration: TimeInterval) -> any KeyframeSequence {
        func make<Value: AnimatableValue>(_ value: Value) -> any KeyframeSequence { Keyframes.hold(value, for: duration) }
        return make(value)
    }
}
