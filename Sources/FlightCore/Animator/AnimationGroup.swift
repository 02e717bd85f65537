import Foundation

/// A group animation that was started: what callbacks receive, and a handle to ask about it.
@MainActor
public final class AnimationGroup {
    // The group's time, its record of events, the key paths taken over from it and its
    // direction are main-actor state that its start, its triggers, its end and every later
    // group on its host read and write; no access to them is held across a call out, so the
    // run-time exclusivity check is left out (marked on each).

    /// The resolved group: durations, motions and keyframes.
    public let resolved: ResolvedGroup
    /// The host's time at which the group began; after a pause, the time at which it would have
    /// begun to be where it is, had it never paused.
    @exclusivity(unchecked) public internal(set) var beginTime: TimeInterval
    /// The key the group was added to its host under (made when asked for: no group start
    /// needs it).
    public var key: String { AnimationState.key(group: keyNumber) }
    /// Whether the group has ended (ran to the end, or was replaced or removed).
    @exclusivity(unchecked) public internal(set) var hasEnded = false
    /// Whether it ran to the end; false while running and when it was cut short.
    @exclusivity(unchecked) public internal(set) var finished = false

    /// Its plan's callbacks, triggers, timing priority and repetition (not its property list:
    /// ``resolved`` says what it plays).
    let plan: AnimationPlan
    /// The number in its ``key``, which the keys of its animations share.
    let keyNumber: Int
    /// Its pending trigger moments, cancelled if it is cut short.
    @exclusivity(unchecked) var events: [ScheduledEvent] = []
    /// The event of its return to the start, while it plays backwards, kept apart from
    /// ``events`` so that a group without triggers keeps no list of them.
    @exclusivity(unchecked) var endEvent: ScheduledEvent?
    /// The sequence number its end is pending under on its host's scheduler, 0 when none is
    /// (see ``FrameScheduler/scheduleEnd(of:at:groupSequence:order:)``): the end needs no event
    /// object of its own.
    @exclusivity(unchecked) var pendingEnd = 0
    /// The positions in `resolved.properties` of the key paths later groups took over.
    @exclusivity(unchecked) private var takenOver = TakenOver()
    /// For each of its key paths, the parts of it that later declarations took over while it
    /// plays on with them held (``LayerProperty/Overlap/holds``): a control call that writes its
    /// resolved value to the model keeps each such part where the model has it, where the later
    /// declaration left it. (Its placed keyframes are rewritten with the part held instead.)
    private(set) var heldParts: [String: Set<String>] = [:]
    @exclusivity(unchecked) var didStartFire = false
    /// The bookkeeping of the host the group plays on; nil once the target has been released.
    /// Read through the host, which owns it, rather than held weakly: an object held weakly
    /// anywhere is retained and released on a slower path everywhere, and the state is passed
    /// around on every `animate`.
    var state: AnimationState? { host?.animationState }
    /// The host the group plays on.
    weak var host: (any AnimationHost)?
    /// Where the group's time is held, as time elapsed since its begin: while it is paused or
    /// handed off, and where it stood when it ended short; nil while it plays.
    @exclusivity(unchecked) var pausedElapsed: TimeInterval?
    /// While it plays backwards: the host time at which it reaches its start.
    var reverseOrigin: TimeInterval = 0
    /// Which of its triggers have fired (each fires at most once).
    @exclusivity(unchecked) var firedTriggers = FiredTriggers()
    /// Set while a spring continues the group (``continueOnSpring(velocity:towardsEnd:spring:)``):
    /// the group ends when the spring does.
    @exclusivity(unchecked) var isHandedOff = false
    /// The group that carries this one's properties on a spring, while it does.
    weak var continuation: AnimationGroup?
    /// The groups its triggers started, with the index of each trigger (see ``AnimationSequence``).
    @exclusivity(unchecked) var startedGroups: [(trigger: Int, group: AnimationGroup)] = []
    /// The sequence this group belongs to, once one was made of it or of a group that started it.
    weak var sequenceHandle: AnimationSequence?
    /// The sequence made of this group (its root), kept while it is held.
    var heldSequence: AnimationSequence?
    /// Whether it ended cut short (taken over, removed, cancelled, or its target released).
    var wasCut = false
    /// Set when a sequence brings the group back after it ended: its callbacks have fired and
    /// do not fire again.
    var callbacksSpent = false
    /// How it repeats, resolved for its properties (``Repetition``); nil if it plays once.
    var repeating: GroupRepetition?

    /// Whether the target the group plays on still exists.
    var isTargetAlive: Bool { host != nil }

    /// A group of `resolved`, keeping `plan`, which is moved in (left empty: a copy would retain
    /// each of its lists and callbacks) but for its property list, which stays in `plan`: once
    /// resolved, the group reads its properties from ``resolved``.
    init(resolved: ResolvedGroup, plan: inout AnimationPlan, beginTime: TimeInterval, keyNumber: Int) {
        // What a key path is looked up by (``ownedIndex(of:)``, take-over) finds its one property.
        assert(Set(resolved.properties.map(\.keyPath)).count == resolved.properties.count, "one property per key path")
        self.resolved = resolved
        var kept = AnimationPlan(timingPriority: plan.timingPriority)
        swap(&kept, &plan)
        swap(&kept.properties, &plan.properties)
        self.plan = kept
        self.beginTime = beginTime
        self.keyNumber = keyNumber
    }

    /// The key paths this group still drives; a later group takes over the ones it animates too.
    var ownedKeyPaths: [String] {
        resolved.properties.indices.filter { !takenOver.contains($0) }.map { resolved.properties[$0].keyPath }
    }

    /// Whether the group still drives `keyPath`.
    func owns(_ keyPath: String) -> Bool { ownedIndex(of: keyPath) != nil }

    /// The position of `keyPath` among the resolved properties, if the group still drives it.
    func ownedIndex(of keyPath: String) -> Int? {
        // By index, the key path read in place: a resolved property as a loop variable is copied.
        for index in resolved.properties.indices where resolved.properties[index].keyPath == keyPath {
            if !takenOver.contains(index) { return index }
        }
        return nil
    }

    /// Whether later groups took over every key path it drove.
    var ownsNothing: Bool { takenOver.count == resolved.properties.count }

    /// Gives up the properties for which `isTaken` is true of their key path and layer property,
    /// among those before `end` (a later declaration of its own takes over only those declared
    /// before it).
    func giveUp(before end: Int = .max, _ isTaken: (String, LayerProperty?) -> Bool) {
        // By index, the two fields read in place: a resolved property handed over whole is copied.
        for index in resolved.properties.indices
        where index < end && isTaken(resolved.properties[index].keyPath, resolved.properties[index].layerProperty) {
            takenOver.insert(index, of: resolved.properties.count)
        }
    }

    /// Notes that a later declaration of the part `part` (whose layer property is `property`)
    /// holds it inside one of its key paths among its properties before `end` that it still
    /// drives.
    func holdPart(_ part: String, _ property: LayerProperty?, before end: Int = .max) {
        for index in resolved.properties.indices where index < end && !takenOver.contains(index)
            && LayerProperty.overlap(of: part, property, over: resolved.properties[index].keyPath,
                                     resolved.properties[index].layerProperty) == .holds {
            heldParts[resolved.properties[index].keyPath, default: []].insert(part)
        }
    }

    /// The group's duration in seconds.
    public var duration: TimeInterval { resolved.duration }

    /// The key paths it animates.
    public var keyPaths: [String] { resolved.properties.map(\.keyPath) }

    /// The resolved property for a key path.
    public func property(_ keyPath: String) -> ResolvedProperty? {
        guard let index = resolved.index(of: keyPath) else { return nil }
        return resolved.properties[index]
    }

    /// Elapsed time over duration at the host time `time`, clamped into `0...1` (1 for an empty
    /// or instantaneous group). For a repeating group, over its ``totalDuration``, or, if it
    /// repeats forever or for longer than ``longestReversibleRun``, over the cycle (and the delay
    /// after it) it is in.
    ///
    /// A `.timeProgress` trigger (``TriggerPlan/Moment/timeProgress(_:)``) of a repeating group
    /// measures otherwise: its fraction is of one cycle's way out (``duration``), reached in the
    /// first cycle, so it fires when this is that fraction of ``duration`` over ``totalDuration``
    /// (over the period, for a group that repeats forever or for longer than
    /// ``longestReversibleRun``).
    public func timeProgress(at time: TimeInterval) -> Double {
        guard duration > 0 else { return 1 }
        let window = progressWindow(at: time - beginTime)
        return min(max((time - beginTime - window.start) / window.length, 0), 1)
    }

    /// The offset from ``beginTime`` at which a trigger's moment comes, or nil if it never does.
    public func offset(of moment: TriggerPlan.Moment) -> TimeInterval? {
        switch moment {
        case .start:
            return 0
        case .completion:
            // The end of the last cycle; never, for a group that repeats forever.
            return totalDuration.isFinite ? totalDuration : nil
        case .timeProgress(let fraction):
            // Clamped into 0...1; NaN counts as 0, as NaN time does everywhere in Flight.
            return (fraction.isNaN ? 0 : min(max(fraction, 0), 1)) * duration
        case .valueProgress(let fraction):
            guard let property = drivingProperty else {
                // Nothing moves: value progress is time progress.
                guard fraction.isFinite, fraction >= 0, fraction <= 1 else { return nil }
                return fraction * duration
            }
            return property.firstTime(reachingProgress: fraction)
        }
    }

    /// The value progress of the driving property at host time `time` (see
    /// ``ResolvedGroup/drivingKeyPath``); time progress when nothing drives it.
    public func valueProgress(at time: TimeInterval) -> Double {
        guard let property = drivingProperty else {
            return timeProgress(at: time)
        }
        if let repeating, let index = resolved.index(of: property.keyPath) {
            return repeating.progress(at: index, of: property, elapsed: time - beginTime)
        }
        return property.progress(at: time - beginTime)
    }

    /// Whether setting ``fractionComplete`` on a paused group moves it linearly, as
    /// `UIViewPropertyAnimator.scrubsLinearly` does, rather than along its timing. False by
    /// default.
    ///
    /// UIKit's documentation: true "causes the animator to use a linear timing function during
    /// scrubbing"; false "causes the animator to use its specified timing curve". A UIKit
    /// animator has one timing curve for all it animates; a Flight group has one per property,
    /// so Flight reads the rule through the property that drives the group
    /// (``ResolvedGroup/drivingKeyPath``: the primary one, or the one whose duration the group
    /// took):
    ///
    /// - `false`: the fraction is the group's time. Every property shows its own curve at
    ///   `fraction × duration`; a move on `.outCubic` set to 0.5 is seven eighths of the way.
    /// - `true`: the fraction is how far the driving property has come (its value progress, as
    ///   a linear timing function would show it). The group is held at the first moment at
    ///   which the driving property has come that far (to within a microsecond), and every
    ///   other property shows its own curve at that moment; a move on `.outCubic` set to 0.5 is
    ///   half-way. While the group is paused, ``fractionComplete`` reads that progress back. The
    ///   properties of a group that share one easing and duration, as a UIKit animator's do,
    ///   all move linearly with the fraction.
    ///
    /// Either way the group is held on its own curves, so resuming, reversing or handing it to a
    /// spring from there plays on without a jump. UIKit's default is true; Flight's is false,
    /// which keeps ``fractionComplete`` the group's time, as it has always been.
    public var scrubsLinearly = false

    /// Whether the group plays backwards, towards its start (``reverse()``).
    @exclusivity(unchecked) public internal(set) var isReversed = false

    /// Notes the group a trigger of this one started (nil: its target was gone), and hands it
    /// the sequence this one belongs to.
    func record(_ started: AnimationGroup?, startedBy trigger: Int) {
        guard let started else { return }
        startedGroups.append((trigger, started))
        if let sequenceHandle { sequenceHandle.adopt(started) }
    }

    func fireStart() {
        guard !didStartFire else { return }
        didStartFire = true
        plan.didStart?(self)
    }

    /// Cancels its pending moments and its end.
    func cancelEvents() {
        for event in events { event.cancel() }
        endEvent?.cancel()
        events.removeAll()
        endEvent = nil
        if pendingEnd != 0 {
            // Let go by the scheduler that holds it (its host's); with the host gone, the end
            // stays there, not pending, until its moment.
            if let host { host.frameScheduler.cancelEnd(of: self) } else { pendingEnd = 0 }
        }
    }

    /// Ends the group: `finished` if it ran to its end, `cut` (`AnimationPlan.didCancel`) if it
    /// was cut short, which it was unless it finished or played back to its start.
    func fireStop(finished: Bool, cut: Bool? = nil) {
        guard !hasEnded, !isHandedOff else { return }
        hasEnded = true
        // A group cut short cancels its pending triggers; one that ran to its end still fires
        // its completion triggers, which come after the end in the same frame.
        if !finished { cancelEvents() }
        events.removeAll()
        endEvent = nil
        // A group that ends short keeps the time it reached.
        if !finished, pausedElapsed == nil, let host { pausedElapsed = elapsed(at: FlightEngine.now(on: host)) }
        self.finished = finished
        let isCut = cut ?? !finished
        wasCut = isCut
        sequenceHandle?.memberDidEnd()
        guard !callbacksSpent else { return }
        fireStart()
        if isCut { plan.didCancel?(self) }
        plan.didStop?(self, finished)
    }
}

/// Which of a group's triggers have fired, by index: a flag per trigger, so that a trigger
/// firing in a crowded frame marks itself without hashing.
struct FiredTriggers {
    private var fired: [Bool] = []

    /// Whether room for `count` triggers is made (``makeRoom(for:)``).
    func hasRoom(for count: Int) -> Bool { fired.count >= count }

    /// Makes room for `count` triggers, so that marking one later allocates nothing.
    mutating func makeRoom(for count: Int) {
        if fired.count < count { fired += repeatElement(false, count: count - fired.count) }
    }

    /// Whether the trigger at `index` has fired.
    func contains(_ index: Int) -> Bool { index < fired.count && fired[index] }

    /// Marks the trigger at `index` as fired.
    mutating func insert(_ index: Int) {
        makeRoom(for: index + 1)
        fired[index] = true
    }
}

/// Which of a group's properties later groups took over: a flag per property, made at the first
/// take-over (one list, where a set of positions allocated again as it grew: a redirect takes
/// over every property of the group it interrupts).
private struct TakenOver {
    private var flags: [Bool] = []
    /// How many are taken over.
    private(set) var count = 0

    func contains(_ index: Int) -> Bool { index < flags.count && flags[index] }

    /// Marks property `index` of `total` as taken over.
    mutating func insert(_ index: Int, of total: Int) {
        if flags.isEmpty { flags = Array(repeating: false, count: total) }
        guard !flags[index] else { return }
        flags[index] = true
        count += 1
    }
}
