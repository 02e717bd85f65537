import Foundation

/// The builder a group animation's closure receives: one setter per animatable property, each
/// returning a ``PropertyAnimator`` to configure duration, easing and priority.
///
/// On Apple platforms the colour and transform setters also take `UIColor`/`NSColor`,
/// `CGAffineTransform` and `CATransform3D`; those overloads are preferred, so `.identity` and
/// `.red` mean the platform's.
///
/// ```swift
/// layer.animate(.maxTime) { animator in
///     animator.bounds(newBounds).duration(0.5).easing(.outCubic).primary(true)
///     animator.position(newPosition).duration(0.5).easing(.inSine).primary(true)
///     animator.alpha(0).duration(0.5).easing(.outCubic)
///     animator.value(1.0, forKeyPath: "animatableProgress").duration(0.5)
///     animator.setDidStopCallback { _, finished in print("done:", finished) }
/// }
/// ```
///
/// A builder serves the closure it is given to: once that returns, its group is played and the
/// builder may be handed to a later `animate`. Keep no reference to it, strong or weak: what is
/// declared through a strong one afterwards plays in no group, and through a weak one while a
/// later `animate` is building with the same builder, joins that later group.
@MainActor
public final class GroupAnimator: LayerPropertySetting {
    /// The plan being built. Changed only by this builder's own methods, none of which calls the
    /// app's code while it holds the plan (only a value it replaces could, from a `deinit`), so
    /// accesses never overlap: the run-time check of each (two calls into the run time per
    /// setter) is left out.
    @exclusivity(unchecked) package private(set) var plan: AnimationPlan
    /// What a platform's setters need to know of the target the group is built for, while its
    /// own `animate` builds it (UIKit: the view whose traits resolve a `UIColor`); nil otherwise,
    /// as for a trigger's nested builder.
    package var platformContext: AnyObject?

    init(timingPriority: TimingPriority) {
        plan = AnimationPlan(timingPriority: timingPriority)
        plan.properties.reserveCapacity(8)
    }

    /// A builder that nothing else holds, kept by the last `animate` with its property list's
    /// storage for the next one to take (``reusable(timingPriority:)``): most `animate` calls
    /// then allocate neither.
    private static var spare: GroupAnimator?

    /// The most property plans whose storage a spare builder keeps (a group of hundreds of
    /// properties leaves its list's storage to be freed, not held for the next group).
    static let sparePropertyCapacity = 32

    /// A builder for a group that is played once it is built: the spare one if there is one,
    /// emptied (an app that held it weakly may have declared something on it since), with its
    /// list's storage kept. Give it back with ``recycle(_:properties:)`` once its plan is played.
    static func reusable(timingPriority: TimingPriority) -> GroupAnimator {
        guard let animator = spare else { return GroupAnimator(timingPriority: timingPriority) }
        spare = nil
        if !animator.plan.isEmpty {
            var properties = animator.takePlan().properties
            properties.emptyKeepingStorage()
            swap(&animator.plan.properties, &properties)
        }
        animator.plan.timingPriority = timingPriority
        return animator
    }

    /// Hands the plan over (moved, not copied), leaving this builder's plan empty.
    func takePlan() -> AnimationPlan {
        var taken = AnimationPlan(timingPriority: plan.timingPriority)
        swap(&taken, &plan)
        return taken
    }

    /// Keeps `animator`, whose plan was taken and played, as the spare builder, with the
    /// storage of `properties` (the played plan's list, emptied here, unless it is larger than
    /// ``sparePropertyCapacity``), unless something else still holds the builder strongly (an
    /// app's closure that kept it): that one is left as it is.
    static func recycle(_ animator: inout GroupAnimator, properties: inout [PropertyPlan]) {
        guard isKnownUniquelyReferenced(&animator), animator.plan.properties.isEmpty else { return }
        animator.platformContext = nil
        spare = animator
        guard properties.capacity <= sparePropertyCapacity else {
            // The large list goes; the next group starts with the room a new builder has.
            animator.plan.properties.reserveCapacity(8)
            return
        }
        properties.emptyKeepingStorage()
        swap(&animator.plan.properties, &properties)
    }

    /// How the group's duration is chosen when it is synchronized.
    public var timingPriority: TimingPriority {
        get { plan.timingPriority }
        set { plan.timingPriority = newValue }
    }

    // MARK: Any key path

    /// Animates any key path, including CoreAnimation sub-paths such as `position.x`,
    /// `transform.rotation.z` and `transform.scale`, and custom properties. The value's type must
    /// match the key path's (a `CGPoint` for `position`, a `Double` for `position.x`); a mismatch
    /// is reported through ``FlightDiagnostics`` and the property is skipped, as is an empty key
    /// path. A key path that is no property of the target is animated as a custom property (as
    /// FlightAnimator's `animatableProgress`); one within two edits of a layer property, or
    /// differing from one only in case (`"postion"`, `"Opacity"`), is also reported as a likely
    /// misspelling (``FlightError/unknownKeyPath(_:resembling:)``). Parts and their wholes
    /// compose as the article "Parts and wholes" says.
    @discardableResult
    public func value<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> PropertyAnimator {
        let index = plan.upsert(PropertyPlan(keyPath: keyPath, target: value))
        return PropertyAnimator(animator: self, index: index)
    }

    // MARK: Callbacks

    /// Sets the closure called once when the group starts.
    public func setDidStartCallback(_ callback: @escaping @MainActor @Sendable (AnimationGroup) -> Void) {
        plan.didStart = callback
    }

    /// Sets the closure called exactly once when the group ends, with `true` if it ran to the end
    /// and `false` if it was replaced by a later animation or removed.
    public func setDidStopCallback(_ callback: @escaping @MainActor @Sendable (AnimationGroup, Bool) -> Void) {
        plan.didStop = callback
    }

    /// Sets the closure called once when the group is cut short: taken over by later groups,
    /// removed, or its target released. It runs just before the stop callback (which then
    /// reports `finished == false`), and never for a group that runs to its end.
    /// FlightAnimator's `setDidCancelCallback`.
    public func setDidCancelCallback(_ callback: @escaping @MainActor @Sendable (AnimationGroup) -> Void) {
        plan.didCancel = callback
    }

    /// Repeats the group (see ``Repetition``). A group whose properties have nothing to play (no
    /// duration) does not repeat, even forever: it ends at once.
    public func repeating(_ repetition: Repetition) {
        plan.repetition = repetition
    }

    func appendTrigger(_ trigger: TriggerPlan) {
        plan.triggers.append(trigger)
    }

    /// Changes the plan of the property at `index`; nothing where there is none: a
    /// ``PropertyAnimator`` kept past its closure reaches a builder whose plan was handed over
    /// to be played (such a builder is never reused: the configurator holds it).
    func update(_ index: Int, _ change: (inout PropertyPlan) -> Void) {
        guard plan.properties.indices.contains(index) else { return }
        change(&plan.properties[index])
    }
}
