import Foundation

/// A group resolved against its target: every property's motion and keyframes, and the group's
/// duration. This is what a host plays.
public struct ResolvedGroup: Sendable {
    /// The group's duration in seconds: what the timing priority chose, grown to fit any spring.
    public let duration: TimeInterval
    /// The properties, in declaration order; one per key path.
    public let properties: [ResolvedProperty]
    /// The property whose progress is the group's value progress: the primary one that decided
    /// the duration, else the one the timing priority picked (the first declared on a tie), or
    /// nil for a group with nothing to move.
    public let drivingKeyPath: String?

    /// The position in ``properties`` of the property of `keyPath`, if the group has one. (Out
    /// of the main actor, so that it is not checked for isolation at every call, and by index,
    /// so that no property is copied to be compared.)
    func index(of keyPath: String) -> Int? {
        for index in properties.indices where properties[index].keyPath == keyPath { return index }
        return nil
    }

    /// ``index(of:)``, looking at `expected` first: a group resolved from its requests holds
    /// the property of each at the request's own position (one compare rather than a search).
    func index(of keyPath: String, expected: Int) -> Int? {
        if properties.indices.contains(expected) && properties[expected].keyPath == keyPath { return expected }
        return index(of: keyPath)
    }
}
