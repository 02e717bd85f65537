import Foundation

/// A group animation started on another target when this group reaches a moment: its start, its
/// end, a fraction of its duration, or a fraction of the way of its driving property.
public struct TriggerPlan: Sendable {
    /// The moment a trigger waits for.
    public enum Moment: Sendable, Hashable {
        /// When the group starts.
        case start
        /// When the group runs to its end, just after its stop callback (not if it is replaced or
        /// removed: then the trigger is cancelled).
        case completion
        /// When `elapsed / duration` reaches this fraction (clamped into `0...1`; NaN counts as 0).
        ///
        /// For a repeating group (``Repetition``) this is a fraction of one cycle's way out
        /// (``AnimationGroup/duration``), reached in the first cycle: not a fraction of the whole
        /// run, which is what ``AnimationGroup/timeProgress(at:)`` and
        /// ``AnimationGroup/fractionComplete`` measure.
        case timeProgress(Double)
        /// When the driving property's value progress first reaches this fraction: from below
        /// for a positive fraction, from above for a negative one (the dip of a back or spring
        /// easing). A fraction the motion never reaches never fires, and is reported
        /// (``FlightError/triggerNeverReached(progress:)``) when the group starts.
        case valueProgress(Double)
    }

    /// The moment.
    public var moment: Moment
    /// The group to start, built when the trigger was declared and resolved when it fires.
    package var plan: AnimationPlan
    let target: TriggerTarget
}

/// A weak reference to a trigger's target: a trigger does not keep a view alive.
@MainActor
final class TriggerTarget {
    weak var target: (any AnimationTarget)?
    let description: String

    init(_ target: any AnimationTarget) {
        self.target = target
        description = "\(type(of: target))"
    }
}

extension GroupAnimator {
    /// Starts a group on `target` when this group starts.
    ///
    /// ```swift
    /// primaryView.animate { animator in
    ///     animator.position(p).duration(0.6).easing(.outCubic)
    ///     animator.triggerOnStart(onView: secondaryView) { animator in
    ///         animator.alpha(1).duration(0.3)
    ///     }
    /// }
    /// ```
    ///
    /// Triggers nest: a trigger declared inside `build` is relative to the group it builds. The
    /// trigger holds `target` weakly; if it is gone when the moment comes, nothing starts and
    /// ``FlightError/targetDeallocated(_:)`` is reported.
    public func triggerOnStart(
        onView target: any AnimationTarget, timingPriority: TimingPriority = .maxTime,
        animator build: (GroupAnimator) -> Void
    ) {
        addTrigger(.start, target: target, timingPriority: timingPriority, build: build)
    }

    /// Starts a group on `target` when this group runs to its end (not when it is replaced or
    /// removed: then its pending triggers are cancelled).
    public func triggerOnCompletion(
        onView target: any AnimationTarget, timingPriority: TimingPriority = .maxTime,
        animator build: (GroupAnimator) -> Void
    ) {
        addTrigger(.completion, target: target, timingPriority: timingPriority, build: build)
    }

    /// Starts a group on `target` when this group's elapsed time reaches `progress` of its
    /// duration.
    ///
    /// `progress` is clamped into `0...1`: 0 or less fires with the start, 1 or more with the
    /// end (just before the stop callback). NaN counts as 0, as NaN time does everywhere in
    /// Flight: the trigger fires with the start.
    ///
    /// In a repeating group (``Repetition``), `progress` is of one cycle's way out (the group's
    /// ``AnimationGroup/duration``) and the trigger fires once, in the first cycle (1 at the end
    /// of the first way out, not of the run); ``AnimationGroup/timeProgress(at:)`` is instead a
    /// fraction of the whole run.
    public func triggerOnProgress(
        _ progress: Double, onView target: any AnimationTarget, timingPriority: TimingPriority = .maxTime,
        animator build: (GroupAnimator) -> Void
    ) {
        addTrigger(.timeProgress(progress), target: target, timingPriority: timingPriority, build: build)
    }

    /// Starts a group on `target` when this group's driving property has covered `progress` of
    /// its way (see ``TriggerPlan/Moment/valueProgress(_:)``). The moment is solved from the
    /// keyframes when the group starts, not found by polling.
    ///
    /// `progress` is not clamped: 1.1 fires when a spring overshoots its target by a tenth of
    /// its way, −0.1 when a back easing dips below its start by a tenth. A fraction the motion
    /// never reaches (NaN included) never fires, and Flight reports it when the group starts
    /// (``FlightError/triggerNeverReached(progress:)``). With nothing moving (every property
    /// already at its target), value progress is time progress, so a fraction in `0...1` fires
    /// at that fraction of the duration.
    public func triggerOnValueProgress(
        _ progress: Double, onView target: any AnimationTarget, timingPriority: TimingPriority = .maxTime,
        animator build: (GroupAnimator) -> Void
    ) {
        addTrigger(.valueProgress(progress), target: target, timingPriority: timingPriority, build: build)
    }

    private func addTrigger(
        _ moment: TriggerPlan.Moment, target: any AnimationTarget, timingPriority: TimingPriority,
        build: (GroupAnimator) -> Void
    ) {
        let nested = GroupAnimator(timingPriority: timingPriority)
        build(nested)
        appendTrigger(TriggerPlan(moment: moment, plan: nested.plan, target: TriggerTarget(target)))
    }
}
