import Foundation

extension AnimationTarget {
    /// Builds a group animation and plays it now, synchronized with whatever is in flight.
    ///
    /// The closure declares properties on a ``GroupAnimator``, which serves that closure only
    /// (a later `animate` may be given the same one: keep no reference to it). Each property
    /// starts from its presentation value; properties already animating keep a share of their
    /// duration in proportion to what is left, springs keep their velocity, and
    /// `timingPriority` picks the group's duration (see ``TimingPriority``). The model values
    /// are set to the targets at once. The start callback fires before this method returns;
    /// the stop callback fires exactly once, when the group ends (`true`) or is taken over by
    /// later groups or removed (`false`).
    ///
    /// Problems (a value of the wrong type for its key path, a NaN value, a negative duration)
    /// are reported through ``FlightDiagnostics``; the property concerned is skipped and the
    /// rest of the group plays. A group with nothing to animate starts and stops at once.
    ///
    /// - Returns: The group that was started.
    @discardableResult
    public func animate(
        _ timingPriority: TimingPriority = .maxTime,
        _ build: (GroupAnimator) -> Void
    ) -> AnimationGroup {
        var animator = GroupAnimator.reusable(timingPriority: timingPriority)
        build(animator)
        var plan = animator.takePlan()
        let group = FlightEngine.run(&plan, on: animationHost, animated: true)
        GroupAnimator.recycle(&animator, properties: &plan.properties)
        return group
    }

    /// Builds a group animation and keeps it under `key` to apply later with
    /// ``applyAnimation(forKey:animated:)``. Registering a key again replaces the earlier state.
    /// The state belongs to this target; nothing is resolved until it is applied.
    public func registerAnimation(
        forKey key: String,
        timingPriority: TimingPriority = .maxTime,
        _ build: (GroupAnimator) -> Void
    ) {
        let animator = GroupAnimator(timingPriority: timingPriority)
        build(animator)
        animationHost.animationState.register(animator.plan, forKey: key)
    }

    /// Stops every Flight group playing on this target where it is on screen: each is cancelled
    /// (``AnimationGroup/cancel()``): its model values are set to what is shown, its animations
    /// removed, and its stop callback fires with `finished == false`.
    public func stopAnimations() {
        for group in animationHost.animationState.activeGroups { group.cancel() }
    }

    /// Applies a state registered with ``registerAnimation(forKey:timingPriority:_:)``.
    ///
    /// Animated, it plays like ``animate(_:_:)``, synchronized with whatever is in flight. Not
    /// animated, it sets the final model values at once, takes over (and so cancels) the groups
    /// animating those properties, and calls the state's start and stop callbacks straight away
    /// (`finished == true`).
    ///
    /// - Returns: The group, or nil (and a ``FlightError/unknownAnimationKey(_:)`` report) if no
    ///   state is registered under `key`.
    @discardableResult
    public func applyAnimation(forKey key: String, animated: Bool = true) -> AnimationGroup? {
        guard let plan = animationHost.animationState.registered[key] else {
            FlightDiagnostics.report(.unknownAnimationKey(key))
            return nil
        }
        return FlightEngine.run(plan, on: animationHost, animated: animated)
    }
}
