import Foundation

/// A group and every group its triggers start (nested, on any targets), controlled as one
/// timeline: paused, scrubbed, turned round, finished or cancelled together.
///
/// ```swift
/// let transition = card.animate { a in
///     a.position(offscreen).duration(0.5).easing(.inCubic)
///     a.triggerOnCompletion(onView: backdrop) { a in a.alpha(0).duration(0.3) }
/// }.sequence
/// transition.pause()
/// transition.fractionComplete = translation / distance   // while the finger drags
/// transition.resume()                                    // when it lifts
/// ```
///
/// The sequence's time runs from the root group's start to the end of the last group it
/// chains, each chained group at the moment its trigger comes (value-progress moments are
/// solved from the keyframes, so every moment is known in advance). See <doc:Sequences>.
@MainActor
public final class AnimationSequence {
    /// The group the sequence starts with.
    public let root: AnimationGroup
    /// While it plays forwards: the host time at which the sequence's time was 0.
    private var origin: TimeInterval = 0
    /// While it plays backwards: the host time at which it is back at 0.
    private var backOrigin: TimeInterval = 0
    /// Its time while it is held. While it is, the root keeps the sequence (only weakly kept by
    /// its groups otherwise), so that every ``AnimationGroup/sequence`` of its groups is this
    /// one and what it shows is removed when it resumes or ends.
    private var held: TimeInterval? {
        didSet { root.heldSequence = held == nil ? nil : self }
    }
    /// The groups that triggers would start ahead, resolved in advance while it is held.
    private var ahead: [Prediction] = []
    /// Set when the sequence was finished or cancelled as a whole: where it was left.
    private var endedFraction: Double?

    /// A group a trigger would start, resolved in advance and shown while the sequence is held
    /// at or past its moment.
    private struct Prediction {
        var offset: TimeInterval
        var duration: TimeInterval
        weak var host: (any AnimationHost)?
        var animations: [LayerAnimation]
        var keys: [String]
        var isShown = false
    }

    /// One group of the sequence that started, and the sequence's time at which it started.
    private struct Member {
        let group: AnimationGroup
        let offset: TimeInterval
    }

    init(root: AnimationGroup) {
        self.root = root
        if root.isReversed {
            isReversed = true
            backOrigin = root.reverseOrigin
        } else {
            origin = root.beginTime
        }
        for member in members { member.group.sequenceHandle = self }
        if root.isPaused, let elapsed = root.pausedElapsed { hold(at: elapsed) }
    }

    /// Whether the sequence plays backwards (``reverse()``).
    public private(set) var isReversed = false

    /// Whether the sequence is held (``pause()``); an ended sequence is not.
    public var isPaused: Bool { held != nil && !hasEnded }

    /// Whether every group of the sequence has ended, or the sequence was finished or cancelled.
    public var hasEnded: Bool { endedFraction != nil || members.allSatisfy(\.group.hasEnded) }

    /// From the root group's start to the end of the last group it chains, in seconds: the
    /// groups that have started as they were resolved, those still ahead resolved in advance
    /// against the values their targets would show at their moments; each group's whole run
    /// (``AnimationGroup/totalDuration``), so infinite if one repeats forever.
    public var duration: TimeInterval {
        let started = members.map { $0.offset + $0.group.totalDuration }.max() ?? 0
        let predicted = (held != nil ? ahead : predictions(showing: false)).map { $0.offset + $0.duration }.max() ?? 0
        return max(started, predicted)
    }

    /// The sequence's time as a fraction of its ``duration``, each group at that moment on its own
    /// curves. Setting it moves a paused sequence there (scrubbing): every group that would have
    /// started by then is where it would be, one still ahead shows its start state (what its
    /// target shows before it). Setting it on a sequence that plays or has ended, or to NaN or
    /// an infinity, or on a sequence without an end (a group repeats forever), does nothing;
    /// values are clamped into `0...1`.
    ///
    /// Scrubbing fires nothing. When the sequence resumes, the groups it was scrubbed past that
    /// have not started start then (their `didStart` fires), each at its own moment, so that it
    /// plays on exactly as if it had played to there.
    public var fractionComplete: Double {
        get {
            if let endedFraction { return endedFraction }
            let duration = duration
            guard duration > 0 else { return hasEnded ? 1 : 0 }
            return min(max(time / duration, 0), 1)
        }
        set {
            let duration = duration
            guard isPaused, newValue.isFinite, duration.isFinite else { return }
            hold(at: min(max(newValue, 0), 1) * duration)
        }
    }

    /// Holds every group of the sequence where it is (see ``AnimationGroup/pause()``); the
    /// triggers ahead wait. Does nothing on a paused or ended sequence.
    public func pause() {
        guard held == nil, !hasEnded else { return }
        hold(at: time)
    }

    /// Plays a paused sequence on from where it is held. The groups it was scrubbed past start
    /// now, each at its own moment (its `didStart` fires now, in the order of the moments), and
    /// every group plays on as if the sequence had played to here: one held before its start
    /// waits for it, one held at its end ends at once (its stop callback, then its completion
    /// triggers). Held backwards, the groups it was scrubbed past start first (as ``reverse()``
    /// starts them), then every group plays back from there. Does nothing unless paused.
    public func resume() {
        guard let start = held, !hasEnded, anyHost != nil else { return }
        if isReversed { startGroupsScrubbedPast(at: start) }
        guard let time = held, !hasEnded, let host = anyHost else { return }
        removePredictions()
        held = nil
        let now = FlightEngine.now(on: host)
        if isReversed { backOrigin = now + time } else { origin = now - time }
        var hosts: [any AnimationHost] = []
        for member in members where !member.group.hasEnded {
            FlightEngine.resumeInSequence(member.group, from: time - member.offset, at: now)
            if let host = member.group.host, !hosts.contains(where: { $0 === host }) { hosts.append(host) }
        }
        arrange(at: nil)
        for host in hosts { FlightEngine.fireDue(on: host, at: now) }
    }

    /// Turns the sequence round: every group that has started plays back along its own curves
    /// (see ``AnimationGroup/reverse()``), each reaching its start at its own moment, where it
    /// ends (not finished, not cut short); reversed again, they play on forwards. No trigger fires
    /// going backwards. A paused sequence stays paused; if it was scrubbed past groups that have
    /// not started, they start first, as ``resume()`` would start them. Does nothing on an
    /// ended sequence, or on one without an end (a group of it repeats forever: its
    /// ``duration`` is infinite) or longer than ``AnimationGroup/longestReversibleRun``, as
    /// ``AnimationGroup/reverse()`` does nothing on such a group.
    public func reverse() {
        guard !hasEnded, duration <= AnimationGroup.longestReversibleRun else { return }
        if let time = held {
            startGroupsScrubbedPast(at: time)
            turnRound()
            return
        }
        // Playing: held where it is (which brings back the groups that ended), turned round,
        // and played on from there, each group by the sequence's time.
        hold(at: time)
        turnRound()
        resume()
    }

    /// Ends every group of the sequence now at `position`:
    ///
    /// - ``AnimationGroup/FinishPosition/end``: every group ends at its end, finished, those its
    ///   triggers would still start included (each starts, `didStart`, and ends at once): the
    ///   sequence as if played to its end, in the order of its moments. Playing backwards, the
    ///   groups already back at their start end at their end too (brought back, without a
    ///   second callback).
    /// - ``AnimationGroup/FinishPosition/start``: every group that has started goes back to where
    ///   it started, the latest first, cut short; no trigger fires.
    /// - ``AnimationGroup/FinishPosition/current``: every group stays where it is shown, cut
    ///   short (``cancel()``): those the sequence's time has not reached first, then the others
    ///   the earliest first, so that where groups share a key path the one shown sets the model
    ///   last; the groups a held sequence was scrubbed past start first, so that what is shown
    ///   stays.
    ///
    /// Does nothing on an ended sequence.
    public func finish(at position: AnimationGroup.FinishPosition) {
        guard !hasEnded else { return }
        let fraction = fractionComplete
        switch position {
        case .end:
            // Backwards: held first, which brings back the groups that played back to their
            // start, and turned forwards, so that they end at their end too.
            if isReversed {
                if held == nil { hold(at: time) }
                turnRound()
            }
            if held != nil { resume() }
            finishAtEnd()
        case .start:
            // Held first, which brings back the groups that ended, so that they go back too.
            if held == nil { hold(at: time) }
            removePredictions()
            let live = members.filter { !$0.group.hasEnded }.sorted { $0.offset > $1.offset }
            for member in live { member.group.finish(at: .start) }
        case .current:
            if let time = held { startGroupsScrubbedPast(at: time) }
            // Where groups share a key path, the one shown sets the model last: first the groups
            // the sequence's time has not reached (held back before their moment, they show
            // nothing), then the others the earliest first, the latest being the one shown, added
            // over the others. (A held sequence brings back a group that ended under a later one,
            // which would otherwise write its own end over what is shown.)
            let (members, now) = (members, time)
            func rank(_ index: Int) -> (Int, TimeInterval, Int) {
                (members[index].offset > now ? 0 : 1, members[index].offset, index)
            }
            let order = members.indices.sorted { rank($0) < rank($1) }
            for index in order where !members[index].group.hasEnded { members[index].group.cancel() }
        }
        held = nil
        endedFraction = switch position {
        case .end: 1
        case .start: 0
        case .current: fraction
        }
    }

    /// Turns every group of the sequence round. Each sets the model of its key paths to where it
    /// now heads; where groups share a key path, the one whose place is the sequence's wins: going
    /// back, the earliest's start (turned last), going forwards, the latest's end.
    private func turnRound() {
        let live = members.filter { !$0.group.hasEnded }
        let ordered = isReversed ? live.sorted { $0.offset < $1.offset } : live.sorted { $0.offset > $1.offset }
        for member in ordered { FlightEngine.reverse(member.group) }
        isReversed.toggle()
    }

    /// Stops every group of the sequence where it is shown: ``finish(at:)`` at
    /// ``AnimationGroup/FinishPosition/current``.
    public func cancel() { finish(at: .current) }

    // MARK: Timeline

    /// The sequence's time now: where it is held, or where its clock has come.
    private var time: TimeInterval {
        if let held { return held }
        guard let host = anyHost else { return 0 }
        let now = FlightEngine.now(on: host)
        return isReversed ? backOrigin - now : now - origin
    }

    /// A host of the sequence that still exists, for its clock.
    private var anyHost: (any AnimationHost)? {
        if let host = root.host { return host }
        return members.lazy.compactMap(\.group.host).first
    }

    /// The groups that started, the root first, each after the group whose trigger started it.
    private var members: [Member] {
        var result = [Member(group: root, offset: 0)]
        var index = 0
        while index < result.count {
            let parent = result[index]
            for (trigger, child) in parent.group.startedGroups {
                guard let moment = parent.group.offset(of: parent.group.plan.triggers[trigger].moment) else { continue }
                result.append(Member(group: child, offset: parent.offset + moment))
            }
            index += 1
        }
        return result
    }

    /// A group started by a trigger of one of the sequence's groups joins it.
    func adopt(_ group: AnimationGroup) {
        group.sequenceHandle = self
    }

    /// One of the sequence's groups has ended. If that ends the sequence (its last group taken
    /// over, say, or its target released, while the sequence is held), the groups ahead shown
    /// while it was held are removed, and the root lets the sequence go.
    func memberDidEnd() {
        guard hasEnded else { return }
        removePredictions()
        root.heldSequence = nil
    }

    /// Holds the sequence at `time`: its groups paused there, and the groups ahead resolved in
    /// advance and shown where they would be.
    private func hold(at time: TimeInterval) {
        let first = held == nil
        held = time
        let members = members
        let changedElsewhere = keyPathsChangedElsewhere(among: members)
        var revived: [AnimationGroup] = []
        for member in members {
            let elapsed = min(max(time - member.offset, 0), member.group.totalDuration)
            if member.group.hasEnded {
                // A group that ended at its end or back at its start comes back, held, but not
                // for the key paths something else has changed since: those are no longer its.
                if let host = member.group.host, let changed = changedElsewhere[ObjectIdentifier(host)] {
                    member.group.giveUp { keyPath, _ in changed.contains(keyPath) }
                }
                guard !member.group.ownsNothing else { continue }
                FlightEngine.revive(member.group, heldAt: elapsed)
                guard !member.group.hasEnded else { continue }
                revived.append(member.group)
                if isReversed, member.group.isPaused { FlightEngine.reverse(member.group) }
                continue
            }
            if !member.group.isPaused { member.group.pause() }
            if member.group.isPaused, member.group.pausedElapsed != elapsed {
                FlightEngine.scrub(member.group, to: elapsed)
            }
        }
        settleModels(of: revived, among: members)
        if first { ahead = predictions(showing: true) }
        arrange(at: time)
        show(at: time)
    }

    /// The key paths, on each host (by its identity), that something other than the sequence
    /// has changed since the sequence's groups that animate them ended: an active group outside
    /// the sequence animates one (or a part or whole of it), or its model no longer holds what
    /// the latest group of the sequence that animates it left there (the app set it, or an
    /// unrelated group that has ended since moved it).
    private func keyPathsChangedElsewhere(among members: [Member]) -> [ObjectIdentifier: Set<String>] {
        var result: [ObjectIdentifier: Set<String>] = [:]
        let ours = Set(members.map { ObjectIdentifier($0.group) })
        for member in members where member.group.hasEnded && !member.group.wasCut {
            guard let host = member.group.host else { continue }
            let id = ObjectIdentifier(host)
            let others = host.animationState.activeGroups.filter { !ours.contains(ObjectIdentifier($0)) }
            for keyPath in member.group.ownedKeyPaths where result[id]?.contains(keyPath) != true {
                let animatedElsewhere = others.contains { other in
                    other.ownedKeyPaths.contains { LayerProperty.overlap(of: $0, over: keyPath) != .none }
                }
                // Of two at one moment, the one started later.
                let sharing = members.filter { $0.group.host === host && $0.group.resolved.index(of: keyPath) != nil }
                guard !animatedElsewhere, let latest = sharing.reversed().max(by: { $0.offset < $1.offset }) else {
                    result[id, default: []].insert(keyPath)
                    continue
                }
                // One that plays or is held shows the key path itself.
                guard latest.group.hasEnded else { continue }
                guard latest.group.owns(keyPath), !latest.group.wasCut,
                      let left = FlightEngine.restingValue(of: keyPath, in: latest.group, atEnd: latest.group.finished),
                      let model = host.modelValue(forKeyPath: keyPath), FlightEngine.isClose(model, left)
                else {
                    result[id, default: []].insert(keyPath)
                    continue
                }
            }
        }
        return result
    }

    /// Sets the model of each key path that a group brought back animates to where the
    /// sequence leaves it: playing forwards, the end of the latest group (by its moment) that
    /// animates it; backwards, the start of the earliest.
    private func settleModels(of revived: [AnimationGroup], among members: [Member]) {
        for group in revived {
            guard let host = group.host else { continue }
            for keyPath in group.ownedKeyPaths {
                let sharing = members.filter { !$0.group.hasEnded && $0.group.host === host && $0.group.owns(keyPath) }
                // Of two at one moment, the one started later took the key path over.
                let chosen = isReversed
                    ? sharing.min { $0.offset < $1.offset }
                    : sharing.reversed().max { $0.offset < $1.offset }
                guard let chosen,
                      let value = FlightEngine.restingValue(of: keyPath, in: chosen.group, atEnd: !isReversed)
                else { continue }
                host.performTogether { _ = host.setModelValue(value, forKeyPath: keyPath) }
            }
        }
    }

    /// Orders, on each host, the animations of the sequence's groups that share a key path, so
    /// that the group that shows it is the one applied last where their times overlap: held at
    /// `time` (every animation then shows a value, `fillMode` both), the latest group started by
    /// then, above the groups still ahead (the first of them above the others, showing its
    /// start); playing forwards, the earlier group (it shows nothing once it has ended, and a
    /// later one nothing but its start before it begins); playing backwards, the later group
    /// (it leaves when it is back at its start). The other animations keep their places.
    private func arrange(at time: TimeInterval?) {
        var offsets: [ObjectIdentifier: TimeInterval] = [:]
        var hosts: [any AnimationHost] = []
        for member in members where !member.group.hasEnded {
            offsets[ObjectIdentifier(member.group)] = member.offset
            if let host = member.group.host, !hosts.contains(where: { $0 === host }) { hosts.append(host) }
        }
        // The rank of an animation of a group that starts at `offset`: higher is applied later.
        func rank(_ offset: TimeInterval) -> (Int, TimeInterval) {
            if let time { return offset <= time ? (1, offset) : (0, -offset) }
            return (0, isReversed ? offset : -offset)
        }
        for host in hosts {
            let state = host.animationState
            var byKeyPath: [String: [Int]] = [:]
            for index in state.placed.indices where offsets[ObjectIdentifier(state.placed[index].group)] != nil {
                byKeyPath[state.placed[index].animation.keyPath, default: []].append(index)
            }
            var first = Int.max
            for positions in byKeyPath.values where positions.count > 1 {
                let entries = positions.map { state.placed[$0] }
                let order = entries.indices.sorted { x, y in
                    let (rx, ry) = (rank(offsets[ObjectIdentifier(entries[x].group)] ?? 0),
                                    rank(offsets[ObjectIdentifier(entries[y].group)] ?? 0))
                    return rx != ry ? rx < ry : x < y
                }
                guard order != Array(entries.indices) else { continue }
                for (position, entry) in zip(positions, order) { state.placed[position] = entries[entry] }
                first = min(first, positions[0])
            }
            guard first < state.placed.count else { continue }
            // Added again from the first that moved, so the host applies them in this order.
            host.performTogether {
                host.apply(state.placed[first...].map { .add(key: $0.key, animation: $0.animation) })
            }
        }
    }

    /// The groups that the triggers of the live groups would start and have not, in the order of
    /// their moments, each resolved in advance against what its target would show then.
    private func predictions(showing: Bool) -> [Prediction] {
        struct Pending {
            let offset: TimeInterval
            let trigger: TriggerPlan
        }
        struct Timed {
            let offset: TimeInterval
            let group: AnimationGroup
            let host: ObjectIdentifier
        }
        var pending: [Pending] = []
        var known: [Timed] = []
        for member in members {
            let group = member.group
            if let host = group.host {
                known.append(Timed(offset: member.offset, group: group, host: ObjectIdentifier(host)))
            }
            guard !group.hasEnded else { continue }
            for (index, trigger) in group.plan.triggers.enumerated() where !group.firedTriggers.contains(index) {
                if let moment = group.offset(of: trigger.moment) {
                    pending.append(Pending(offset: member.offset + moment, trigger: trigger))
                }
            }
        }
        var result: [Prediction] = []
        // In the order of their moments, so that each sees the groups before it.
        while let next = pending.indices.min(by: { pending[$0].offset < pending[$1].offset }) {
            let item = pending.remove(at: next)
            guard let target = item.trigger.target.target else { continue }
            let host = target.animationHost
            let id = ObjectIdentifier(host)
            var predicted: [String: any AnimatableValue] = [:]
            for property in item.trigger.plan.properties {
                let keyPath = property.keyPath
                let base = LayerProperty.base(of: keyPath)
                // The groups before it on the same whole, each at this moment, composed in their
                // order into the whole (a part into its whole, by the rule for parts and wholes).
                var whole = host.modelValue(forKeyPath: base)
                var composed = false
                for timed in known where timed.host == id && timed.offset <= item.offset {
                    for earlier in timed.group.resolved.properties where LayerProperty.base(of: earlier.keyPath) == base {
                        guard let current = whole,
                              let value = FlightEngine.value(of: earlier.keyPath, in: timed.group, at: item.offset - timed.offset)
                        else { continue }
                        whole = LayerProperty.compose(value, of: earlier.keyPath, into: current)
                        composed = true
                    }
                }
                if composed, let whole {
                    predicted[base] = whole
                } else if let later = known.filter({ $0.host == id && $0.offset > item.offset && $0.group.property(keyPath) != nil })
                    .min(by: { $0.offset < $1.offset }), let resolved = later.group.property(keyPath) {
                    predicted[keyPath] = resolved.from
                }
            }
            let (group, animations) = FlightEngine.resolveInAdvance(item.trigger.plan, on: host, predicted: predicted)
            known.append(Timed(offset: item.offset, group: group, host: id))
            known.sort { $0.offset < $1.offset }
            let keys = showing ? animations.map { _ in AnimationState.key(group: host.animationState.makeKeyNumber()) } : []
            result.append(Prediction(offset: item.offset, duration: group.totalDuration, host: host,
                                     animations: animations, keys: keys))
            for nested in item.trigger.plan.triggers {
                if let moment = group.offset(of: nested.moment) {
                    pending.append(Pending(offset: item.offset + moment, trigger: nested))
                }
            }
        }
        return result
    }

    /// Shows each group ahead whose moment is at or before `time` where it would be, held, above
    /// the sequence's other animations; removes the others.
    private func show(at time: TimeInterval) {
        for index in ahead.indices {
            guard let host = ahead[index].host else { continue }
            let reached = time >= ahead[index].offset
            var changes: [LayerAnimationChange] = []
            if reached {
                let now = FlightEngine.now(on: host)
                let elapsed = time - ahead[index].offset
                for (animation, key) in zip(ahead[index].animations, ahead[index].keys) {
                    var held = animation
                    held.beginTime = now
                    held.speed = 0
                    held.timeOffset = min(max(elapsed, 0), animation.playingDuration)
                    held.fillMode = .both
                    held.isRemovedOnCompletion = false
                    changes.append(.add(key: key, animation: held))
                }
            } else if ahead[index].isShown {
                changes = ahead[index].keys.map { .remove(key: $0) }
            }
            ahead[index].isShown = reached
            if !changes.isEmpty { host.performTogether { host.apply(changes) } }
        }
    }

    /// Removes what the groups ahead show and forgets them.
    private func removePredictions() {
        for prediction in ahead where prediction.isShown {
            guard let host = prediction.host else { continue }
            host.performTogether { host.apply(prediction.keys.map { .remove(key: $0) }) }
        }
        ahead = []
    }

    /// Starts, where a held sequence stands, the groups it was scrubbed past: plays on from
    /// there, which starts each at its own moment, and holds the sequence there again. Turned
    /// forwards for that if it is held backwards, and round again after.
    private func startGroupsScrubbedPast(at time: TimeInterval) {
        guard ahead.contains(where: { $0.offset <= time }) else { return }
        let wasReversed = isReversed
        if wasReversed { turnRound() }
        resume()
        // Held again there, by `hold(at:)` rather than `pause()`: held at the end, every group
        // ends as it resumes, and the sequence, ended, would not pause (the groups come back,
        // held, as they do for a pause).
        hold(at: time)
        if wasReversed { turnRound() }
    }

    /// Ends every group at its end, in the order of their moments, starting first the groups
    /// their triggers would still start (each then ends at its end too).
    private func finishAtEnd() {
        // Bounded: each pass ends one group or starts those a group's triggers would start, and
        // the groups are those of a finite tree of triggers.
        var ended: Set<ObjectIdentifier> = []
        while true {
            let live = members.filter { !$0.group.hasEnded && !ended.contains(ObjectIdentifier($0.group)) }
                .sorted { $0.offset < $1.offset }
            var started = false
            for member in live {
                let group = member.group
                for (index, trigger) in group.plan.triggers.enumerated()
                where trigger.moment != .completion && !group.firedTriggers.contains(index)
                    && group.offset(of: trigger.moment) != nil {
                    group.firedTriggers.insert(index)
                    group.record(FlightEngine.fire(trigger), startedBy: index)
                    started = true
                }
            }
            if started { continue }
            // The group that would end first ends now; its completion triggers start theirs.
            func end(_ member: Member) -> TimeInterval { member.offset + member.group.totalDuration }
            guard let next = live.min(by: { end($0) < end($1) }) else { return }
            ended.insert(ObjectIdentifier(next.group))
            next.group.finish(at: .end)
            if !next.group.hasEnded { next.group.cancel() }
        }
    }
}

extension AnimationGroup {
    /// The sequence this group belongs to: the one made of the group that started it, if it was
    /// started by a trigger of a sequence's group, or else a sequence with this group as its
    /// root, made on first use (the same one while anything holds it, and while it is held:
    /// ``AnimationSequence/pause()``).
    ///
    /// Reading it pauses and moves nothing, with one exception: a sequence made of a group that
    /// is paused on its own (``pause()``) is made held there, every other group of it held at
    /// that moment of the sequence, as ``AnimationSequence/pause()`` would hold them.
    public var sequence: AnimationSequence {
        if let sequenceHandle { return sequenceHandle }
        let made = AnimationSequence(root: self)
        sequenceHandle = made
        return made
    }
}
