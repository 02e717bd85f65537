import Foundation

/// Flight's state for one host: its registered animations and the groups playing on it.
@MainActor
public final class AnimationState {
    /// States registered with ``AnimationTarget/registerAnimation(forKey:timingPriority:_:)``.
    package private(set) var registered: [String: AnimationPlan] = [:]
    // Main-actor state that every group start reads and writes several times; no access is
    // held across a call out (an animation is changed outside `placed`, then stored back), so
    // the run-time exclusivity check is left out.
    /// The groups playing, oldest first.
    @exclusivity(unchecked) public private(set) var activeGroups: [AnimationGroup] = []
    /// Flight's animations on the host, in the order the host applies them.
    @exclusivity(unchecked) var placed: [PlacedAnimation] = []
    @exclusivity(unchecked) private var nextKey = 0

    /// One of Flight's animations on the host, and the group it belongs to.
    struct PlacedAnimation {
        var key: String
        var animation: LayerAnimation
        let group: AnimationGroup
        /// The layer property of the animation's key path (nil for a custom key path): looked up
        /// once, so that take-over tells wholes apart by identity.
        let property: LayerProperty?

        init(key: String, animation: LayerAnimation, group: AnimationGroup, property: LayerProperty?) {
            assert(property === LayerProperty.named(animation.keyPath), "a placed animation keeps its key path's property")
            (self.key, self.animation, self.group, self.property) = (key, animation, group, property)
        }

        init(key: String, animation: LayerAnimation, group: AnimationGroup) {
            self.init(key: key, animation: animation, group: group, property: LayerProperty.named(animation.keyPath))
        }
    }

    /// Creates empty bookkeeping.
    public init() {
        activeGroups.reserveCapacity(2)
        placed.reserveCapacity(4)
    }

    /// A host released while a group on it would never end on its own takes the group's only
    /// way to end with it: a paused group (nothing is scheduled while paused) and a playing
    /// group that repeats forever (it has no end event) stop here, cut short (`didCancel`, then
    /// stop with `finished == false`), on the main actor: at once when released there, as hosts
    /// are, otherwise as soon as it can. Every other group notices the release at its next
    /// moment or its end.
    deinit {
        let groups = activeGroups
        guard !groups.isEmpty else { return }
        if Thread.isMainThread {
            MainActor.assumeIsolated { Self.stopEndless(groups) }
        } else {
            Task { @MainActor in Self.stopEndless(groups) }
        }
    }

    private static func stopEndless(_ groups: [AnimationGroup]) {
        for group in groups where group.isPaused || !group.totalDuration.isFinite {
            group.fireStop(finished: false)
        }
    }

    /// The keys of Flight's animations on the host, in the order the host applies them.
    public var animationKeys: [String] { placed.map(\.key) }

    func register(_ plan: AnimationPlan, forKey key: String) {
        registered[key] = plan
    }

    /// The number of a new group's key (see ``key(group:property:)``).
    func makeKeyNumber() -> Int {
        nextKey += 1
        return nextKey
    }

    /// The key of a group (`flight.12`) or of the animation of one of its properties, by index
    /// (`flight.12.0`). Made for every group that starts, so written byte by byte into one
    /// string: interpolation, or `+`, costs several times what the key's later uses do.
    nonisolated static func key(group: Int, property: Int? = nil) -> String {
        let prefix: StaticString = "flight."
        func digitCount(_ number: Int) -> Int {
            var count = 1
            var rest = number.magnitude
            while rest >= 10 {
                count += 1
                rest /= 10
            }
            return count
        }
        let groupDigits = digitCount(group)
        let propertyDigits = property.map { 1 + digitCount($0) } ?? 0
        let length = prefix.utf8CodeUnitCount + groupDigits + propertyDigits
        return String(unsafeUninitializedCapacity: length) { buffer in
            func write(_ number: Int, endingAt end: Int) {
                var rest = number.magnitude
                var index = end
                repeat {
                    index -= 1
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
            }
            _ = buffer.initialize(fromContentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
            write(group, endingAt: prefix.utf8CodeUnitCount + groupDigits)
            if let property {
                buffer[prefix.utf8CodeUnitCount + groupDigits] = UInt8(ascii: ".")
                write(property, endingAt: length)
            }
            return length
        }
    }

    func add(_ group: AnimationGroup) {
        activeGroups.append(group)
    }

    /// Forgets a group and its animations, appending the changes that remove those from the
    /// host to `removals`, in the order they play.
    func remove(_ group: AnimationGroup, removals: inout [LayerAnimationChange]) {
        // Loops rather than `removeAll(where:)`, whose closure would be checked for the main
        // actor on every element.
        for index in activeGroups.indices where activeGroups[index] === group {
            activeGroups.remove(at: index)
            break
        }
        var index = 0
        while index < placed.count {
            if placed[index].group === group {
                removals.append(.remove(key: placed[index].key))
                placed.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// The newest playing group that animates `keyPath`, and the position of `keyPath` among its
    /// resolved properties.
    func newestGroup(animating keyPath: String) -> (group: AnimationGroup, index: Int)? {
        for group in activeGroups.reversed() {
            if let index = group.ownedIndex(of: keyPath) { return (group, index) }
        }
        return nil
    }
}
