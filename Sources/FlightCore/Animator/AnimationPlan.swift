import Foundation

/// What a user asked a group to do: its properties, timing priority and callbacks. Building a
/// plan touches no layer; ``AnimationTarget/animate(_:_:)`` resolves it against the target's
/// current state and plays it, and ``AnimationTarget/registerAnimation(forKey:timingPriority:_:)``
/// keeps it to apply later.
package struct AnimationPlan: Sendable {
    /// How the group's duration is chosen.
    package var timingPriority: TimingPriority
    /// The properties, in the order they were declared (a key path declared twice keeps the
    /// later declaration, in the earlier one's place).
    package var properties: [PropertyPlan] = []
    /// Called once, when the group starts.
    package var didStart: (@MainActor @Sendable (AnimationGroup) -> Void)?
    /// Called exactly once, when the group ends: `true` if it ran to the end, `false` if it was
    /// replaced or removed.
    package var didStop: (@MainActor @Sendable (AnimationGroup, Bool) -> Void)?
    /// Called once, before the stop callback, when the group is cut short (taken over, removed,
    /// or its target released); never when it runs to its end, or back to its start after
    /// ``AnimationGroup/reverse()``.
    package var didCancel: (@MainActor @Sendable (AnimationGroup) -> Void)?
    /// Groups to start on other targets at moments of this one, in declaration order.
    package var triggers: [TriggerPlan] = []
    /// How the group repeats (see ``Repetition``); nil plays it once.
    package var repetition: Repetition? {
        get { repeats?.repetition }
        set { repeats = newValue.map(RepetitionBox.init) }
    }

    /// ``repetition``, kept by reference: most groups do not repeat, and every group started
    /// would otherwise hold (and copy) room for one.
    private var repeats: RepetitionBox?

    private final class RepetitionBox: Sendable {
        let repetition: Repetition
        init(_ repetition: Repetition) { self.repetition = repetition }
    }

    /// An empty plan.
    package init(timingPriority: TimingPriority = .maxTime) {
        self.timingPriority = timingPriority
    }

    /// Whether nothing is declared: no property, callback, trigger or repetition (the timing
    /// priority aside).
    var isEmpty: Bool {
        properties.isEmpty && triggers.isEmpty && didStart == nil && didStop == nil && didCancel == nil && repeats == nil
    }

    /// Adds a property, or replaces the one with the same key path; returns its index.
    mutating func upsert(_ property: consuming PropertyPlan) -> Int {
        // Key paths compared in place, by index: `firstIndex(where:)` hands its closure a copy
        // of each plan. The plan is taken over, not copied, into the list. A layer property is
        // one object per key path, so plans of layer properties compare their properties (a
        // pointer), and only custom key paths their strings.
        let known = property.property
        for index in properties.indices
        where known.map({ $0 === properties[index].property }) ?? (properties[index].keyPath == property.keyPath) {
            properties[index] = property
            return index
        }
        properties.append(property)
        return properties.count - 1
    }
}
