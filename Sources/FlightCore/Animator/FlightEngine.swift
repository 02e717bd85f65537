import Foundation

/// Runs plans on hosts: validate, snapshot, synchronize, take over, set model values, play.
@MainActor
enum FlightEngine {
    static func run(_ plan: consuming AnimationPlan, on host: any AnimationHost, animated: Bool) -> AnimationGroup {
        let policy = animated ? ReduceMotion.activePolicy(for: plan, on: host) : .ignore
        // The plan is moved into the group that keeps it, and read as `group.plan` once the
        // group exists.
        var adjusted = ReduceMotion.adjust(plan, for: policy)
        let state = host.animationState
        // A group started while an event fires (by a trigger, or by a callback) begins at that
        // event's moment, so that chains have no standstill between their links.
        let now = now(on: host)
        var requests = requests(for: adjusted, on: host, state: state, at: now)
        let dissolve = dissolveDuration(policy, requests)
        let opacityKeyPath = LayerProperty.opacity.keyPath
        if let duration = dissolve, !requests.contains(where: { $0.plan.keyPath == opacityKeyPath }),
           let opacity = host.modelValue(forKeyPath: opacityKeyPath) {
            // The dissolve fades the layer out and in again, ending at its model opacity.
            var fade = PropertyPlan(keyPath: opacityKeyPath, target: opacity)
            fade.duration = duration
            appendRequest(for: fade, on: host, state: state, at: now, to: &requests)
        }

        // A group that cannot be resolved (not expected: requests are validated) jumps.
        let resolved = animated && policy != .jump
            ? resolve(requests, priority: adjusted.timingPriority) ?? instant(requests)
            : instant(requests)

        let repeating = GroupRepetition.played(adjusted.repetition, resolved: resolved)
        let group = AnimationGroup(resolved: resolved, plan: &adjusted, beginTime: now, keyNumber: state.makeKeyNumber())
        group.repeating = repeating
        group.host = host
        var cut: [AnimationGroup] = []
        // Take-over, model values and new animations reach the screen together.
        host.performTogether {
            var changes = takeChangeList()
            changes.reserveCapacity(2 * resolved.properties.count)
            let plays = animated && resolved.duration > 0
            if plays { state.add(group) }
            // Each property in declaration order takes over what is older on its key path (the
            // group's own earlier properties included), then sets its model value and places its
            // animation: take-over, model values and new animations reach the screen together.
            var rewritten: Set<String> = []
            // Requests are read in place (by index): each is a large value.
            for requestIndex in requests.indices {
                var (keyPath, target) = (requests[requestIndex].plan.keyPath, requests[requestIndex].plan.target)
                let resolvedIndex = resolved.index(of: keyPath)
                if let repeating = group.repeating, let index = resolvedIndex {
                    // The model holds where the last cycle ends.
                    target = repeating.endValue(at: index, of: resolved.properties[index])
                }
                takeOver(keyPath, heldAt: target, by: group, in: state, on: host,
                         changes: &changes, rewritten: &rewritten)
                guard host.setModelValue(target, forKeyPath: keyPath) else {
                    FlightDiagnostics.report(.hostCannotHold(keyPath: keyPath, type: "\(type(of: target))"))
                    continue
                }
                guard plays, let index = resolvedIndex else { continue }
                let property = resolved.properties[index]
                // The dissolve's fade plays even when the opacity ends where it starts (its
                // resolved duration is then 0): it is the layer's own fade out and in.
                let fades = dissolve != nil && keyPath == opacityKeyPath
                guard property.duration > 0 || fades else { continue }
                var keyframes = group.repeating?.keyframes(at: index, of: property) ?? property.keyframes
                if fades {
                    keyframes = dissolveKeyframes(property, among: resolved.properties)
                }
                // Made in the host's list and changed there, rather than copied into it.
                state.placed.append(AnimationState.PlacedAnimation(
                    key: AnimationState.key(group: group.keyNumber, property: index),
                    animation: LayerAnimation(keyPath: keyPath, beginTime: now, keyframes: keyframes), group: group))
                let placedIndex = state.placed.count - 1
                // A begin time a moment ahead (an event due before the frame about to be shown)
                // shows the start value until then, never the model's end value.
                state.placed[placedIndex].animation.fillMode = .backwards
                // Flight removes its animations when their group ends, so CoreAnimation's own
                // removals (the app moving to the background, a view leaving its window) leave
                // them alone.
                state.placed[placedIndex].animation.isRemovedOnCompletion = false
            }
            // Older animations rewritten are added again, then this group's, as they now are.
            readd(rewritten, in: state, changes: &changes, before: group)
            let placed = state.placed
            for index in placed.indices where placed[index].group === group {
                changes.append(.add(key: placed[index].key, animation: placed[index].animation))
            }
            for old in state.activeGroups where old !== group && old.ownsNothing { cut.append(old) }
            for old in cut { state.remove(old, removals: &changes) }
            if !changes.isEmpty { host.apply(changes) }
            recycle(&changes)
        }
        recycle(&requests)
        for taken in cut { taken.fireStop(finished: false) }
        guard animated else {
            // Jumping to a state starts no triggers.
            group.fireStart()
            group.fireStop(finished: true)
            return group
        }
        // A value-progress moment is solved now: one the motion never reaches is said now.
        for trigger in group.plan.triggers {
            if case .valueProgress(let progress) = trigger.moment, group.offset(of: trigger.moment) == nil {
                FlightDiagnostics.report(.triggerNeverReached(progress: progress))
            }
        }
        group.fireStart()
        schedule(group, on: host)
        return group
    }

    /// Every property of `plan` validated and snapshotted, with the rotations that follow paths
    /// declared, parts entangled with older animations promoted to their wholes and positions
    /// along paths completed: what a group
    /// is resolved from, played (``run(_:on:animated:)``) or exported.
    /// (`state` is the host's ``AnimationHost/animationState``, passed in: read from the host,
    /// each use would retain and release it.)
    static func requests(
        for plan: AnimationPlan, on host: any AnimationHost, state: AnimationState, at now: TimeInterval
    ) -> [Synchronizer.Request] {
        var requests = takeRequestList()
        requests.reserveCapacity(plan.properties.count + 1)
        // Whether a property follows a path, found once (a loop: a closure would be checked for
        // the main actor); most groups have none, and skip the path steps.
        var followsPath = false
        for index in plan.properties.indices where plan.properties[index].path != nil {
            followsPath = true
            break
        }
        let properties = followsPath ? pairingPathRotations(plan.properties) : plan.properties
        for property in promotingEntangledParts(properties, on: host, state: state, at: now) {
            // (No `consume` of the loop's variable here: the iOS type-check crashed on it.)
            appendRequest(for: property, on: host, state: state, at: now, to: &requests)
        }
        if followsPath { followPaths(&requests, on: host, at: now) }
        return requests
    }

    /// The group `requests` resolve to, its reports made; nil (reported) if it cannot be
    /// resolved, which validated requests are not expected to be.
    static func resolve(_ requests: [Synchronizer.Request], priority: TimingPriority) -> ResolvedGroup? {
        do {
            var reports: [FlightError] = []
            let resolved = try Synchronizer.resolve(requests, priority: priority, reports: &reports)
            for report in reports { FlightDiagnostics.report(report) }
            return resolved
        } catch {
            FlightDiagnostics.report(.invalidValue(keyPath: "group", reason: "\(error)"))
            return nil
        }
    }

    /// A list of changes kept empty between uses, so that its storage serves every `animate`
    /// call and group end rather than being allocated for each.
    private static var spareChanges: [LayerAnimationChange] = []

    /// An empty list of changes, with the storage of the last one recycled if it is free (a
    /// list in use further up the stack is not handed out twice: the spare is taken).
    static func takeChangeList() -> [LayerAnimationChange] {
        var changes: [LayerAnimationChange] = []
        swap(&changes, &spareChanges)
        return changes
    }

    /// Empties `changes` and keeps its storage for the next ``takeChangeList()``.
    static func recycle(_ changes: inout [LayerAnimationChange]) {
        // Taken off the end one by one: `removeAll(keepingCapacity:)` replaces the whole range
        // through a generic path that costs more than the one or two changes an `animate` makes.
        while changes.popLast() != nil {}
        swap(&changes, &spareChanges)
    }

    /// A list of requests kept empty between uses, as ``takeChangeList()`` keeps a list of
    /// changes: every `animate` call needs one for as long as it runs.
    private static var spareRequests: [Synchronizer.Request] = []

    /// An empty list of requests, with the storage of the last one recycled if it is free.
    private static func takeRequestList() -> [Synchronizer.Request] {
        var requests: [Synchronizer.Request] = []
        swap(&requests, &spareRequests)
        return requests
    }

    /// Empties `requests` and keeps its storage for the next ``takeRequestList()``.
    private static func recycle(_ requests: inout [Synchronizer.Request]) {
        requests.removeAll(keepingCapacity: true)
        swap(&requests, &spareRequests)
    }

    /// A host removed one of Flight's animations on its own: its group is cut short.
    static func hostRemovedAnimation(forKey key: String, on host: any AnimationHost) {
        guard let group = host.animationState.placed.first(where: { $0.key == key })?.group else { return }
        // Removing the animation the host removed already changes nothing there.
        remove(group, from: host)
        group.fireStop(finished: false)
    }

    /// Forgets `group` on `host` and removes its animations there, in one batch.
    static func remove(_ group: AnimationGroup, from host: any AnimationHost) {
        var removals = takeChangeList()
        host.animationState.remove(group, removals: &removals)
        if !removals.isEmpty { host.apply(removals) }
        recycle(&removals)
    }

    /// The host's time now: the moment of the event being fired, if one is, so that what
    /// responds to it (a triggered group, a callback that animates) happens at that moment.
    static func now(on host: any AnimationHost) -> TimeInterval {
        // An `if` rather than `Optional.map`: a closure formed here would check at every call
        // that it runs on the main actor.
        if let eventTime = host.frameScheduler.eventTime { return host.hostTime(forSchedulerTime: eventTime) }
        return host.currentTime
    }

    /// Schedules the group's triggers at their moments and its end after them, then fires what
    /// is already due (start triggers; everything, for a group with no duration). Moments are in
    /// the host's time and scheduled at the scheduler's time the host's reaches them. A group
    /// resuming from `elapsed` schedules only the triggers that have not fired and are still
    /// ahead.
    /// With `firesDue` false, nothing is fired here: the caller fires what is due (a sequence
    /// resuming schedules all its groups first, so that their moments fire in time order).
    static func schedule(
        _ group: AnimationGroup, on host: any AnimationHost, from elapsed: TimeInterval = 0, firesDue: Bool = true
    ) {
        let scheduler = host.frameScheduler
        let sequence = scheduler.makeGroupSequence()
        let begin = group.beginTime
        // A group that repeats forever has no end to schedule.
        let span = group.totalDuration.isFinite ? group.totalDuration : 0
        let endOnScheduler = host.schedulerTime(forHostTime: begin + span)
        let hostTimeRuns = endOnScheduler.isFinite
        if !hostTimeRuns {
            FlightDiagnostics.report(.hostTimeStopped)
        }
        let beginOnScheduler = hostTimeRuns ? host.schedulerTime(forHostTime: begin) : scheduler.eventTime ?? scheduler.now
        func schedulerTime(_ offset: TimeInterval) -> TimeInterval {
            hostTimeRuns ? host.schedulerTime(forHostTime: begin + offset) : beginOnScheduler + offset
        }
        // Within one frame a group's events fire in this order: its other triggers in declaration
        // order, its end (the stop callback), then its completion triggers in declaration order.
        let endOrder = Int.max / 2
        // The record of fired triggers gets its storage when the group starts, not in the frame
        // in which its first trigger fires (where a thousand others may fire too).
        if !group.plan.triggers.isEmpty && !group.firedTriggers.hasRoom(for: group.plan.triggers.count) {
            group.firedTriggers.makeRoom(for: group.plan.triggers.count)
            // The groups its triggers start are recorded (for its sequence): room made now, not
            // in the frame in which they fire.
            group.startedGroups.reserveCapacity(group.plan.triggers.count)
        }
        for (index, trigger) in group.plan.triggers.enumerated() {
            guard !group.firedTriggers.contains(index), let offset = group.offset(of: trigger.moment), offset >= elapsed
            else { continue }
            let order = trigger.moment == .completion ? endOrder + 1 + index : index
            let event = ScheduledEvent(time: schedulerTime(offset), groupSequence: sequence, order: order) { [group] in
                // A group whose target was released stops at its first moment after that, and
                // none of its pending triggers fire.
                guard group.isTargetAlive else {
                    group.fireStop(finished: false)
                    return
                }
                group.firedTriggers.insert(index)
                group.record(fire(trigger), startedBy: index)
            }
            group.events.append(event)
            scheduler.schedule(event)
        }
        if group.totalDuration.isFinite {
            let end = GroupEndEvent(time: hostTimeRuns ? endOnScheduler : beginOnScheduler + span,
                                    groupSequence: sequence, order: endOrder, group: group, host: host)
            group.endEvent = end
            scheduler.schedule(end)
        }
        guard firesDue else { return }
        scheduler.fireEvents(upTo: max(scheduler.eventTime ?? scheduler.now, beginOnScheduler))
    }

    // MARK: Control of a running group

    /// Holds `group` where it is (see ``AnimationGroup/pause()``).
    static func pause(_ group: AnimationGroup) {
        guard !group.hasEnded, group.pausedElapsed == nil, let host = group.host, group.isTargetAlive else { return }
        let now = now(on: host)
        let elapsed = group.elapsed(at: now)
        group.pausedElapsed = elapsed
        group.cancelEvents()
        retime(group, elapsed: elapsed, at: now, on: host)
    }

    /// Plays a paused `group` on from where it is held.
    static func resume(_ group: AnimationGroup) {
        guard group.isPaused, let elapsed = group.pausedElapsed, let host = group.host, group.isTargetAlive else { return }
        group.pausedElapsed = nil
        let now = now(on: host)
        play(group, from: elapsed, at: now, on: host)
        scheduleMoments(of: group, from: elapsed, on: host)
    }

    /// Plays `group` from `elapsed` at host time `now`, the way it faces: its time set to run from
    /// there and its animations added again from there (turned round first, if `turningRound`).
    /// Its pending moments are left to ``scheduleMoments(of:from:on:)``.
    static func play(
        _ group: AnimationGroup, from elapsed: TimeInterval, at now: TimeInterval, on host: any AnimationHost,
        turningRound: Bool = false
    ) {
        group.cancelEvents()
        if group.isReversed {
            group.reverseOrigin = now + elapsed
        } else {
            group.beginTime = now - elapsed
        }
        retime(group, elapsed: elapsed, at: now, on: host, turningRound: turningRound)
    }

    /// Schedules what is still to come of a `group` that plays from `elapsed`: forwards, its
    /// triggers still ahead and its end; backwards, its return to the start (no trigger fires
    /// going backwards).
    static func scheduleMoments(
        of group: AnimationGroup, from elapsed: TimeInterval, on host: any AnimationHost, firesDue: Bool = true
    ) {
        guard group.isReversed else {
            schedule(group, on: host, from: elapsed, firesDue: firesDue)
            return
        }
        // Back at the start: its animations leave and it ends, not finished, not cut short.
        let scheduler = host.frameScheduler
        let time = host.schedulerTime(forHostTime: group.reverseOrigin)
        group.endEvent = scheduler.schedule(at: time.isFinite ? time : scheduler.now + elapsed) { [group] in
            reachStart(group)
        }
        guard firesDue else { return }
        scheduler.fireEvents(upTo: scheduler.eventTime ?? scheduler.now)
    }

    /// Turns `group` round (see ``AnimationGroup/reverse()``).
    ///
    /// Each animation is added again with its keyframes mirrored (``Keyframes/mirrored()``) at
    /// `speed` 1, never a negative `speed`: `CAMediaTiming` documents `speed` as a rate, not what
    /// a negative one does. The model values and the animations turned round reach the host in
    /// one transaction.
    static func reverse(_ group: AnimationGroup) {
        guard !group.hasEnded, !group.isHandedOff, let host = group.host, group.isTargetAlive else { return }
        let now = now(on: host)
        let elapsed = group.elapsed(at: now)
        // The model goes where the group now heads, for the properties that animate; one that
        // jumped (no duration) stays where it is until the group is back at its start.
        let mine = host.animationState.placed.filter { $0.group === group }
        var values: [(keyPath: String, value: any AnimatableValue)] = []
        for keyPath in group.ownedKeyPaths {
            guard let ends = ends(of: keyPath, among: mine, in: group) else { continue }
            values.append((keyPath, group.isReversed ? ends.end : ends.start))
        }
        group.isReversed.toggle()
        let isHeld = group.pausedElapsed != nil
        host.performTogether {
            setModelValues(values, of: group, on: host)
            if isHeld {
                // A paused group stays held where it is, and plays the new way when resumed.
                retime(group, elapsed: elapsed, at: now, on: host, turningRound: true)
            } else {
                play(group, from: elapsed, at: now, on: host, turningRound: true)
            }
        }
        if !isHeld { scheduleMoments(of: group, from: elapsed, on: host) }
    }

    /// A reversed group is back at its start.
    private static func reachStart(_ group: AnimationGroup) {
        guard let host = group.host, group.isTargetAlive else {
            group.fireStop(finished: false)
            return
        }
        let state = host.animationState
        let mine = state.placed.filter { $0.group === group }
        host.performTogether {
            // Properties that jumped go back to where they started, with the group.
            var values: [(keyPath: String, value: any AnimatableValue)] = []
            for keyPath in group.ownedKeyPaths where !mine.contains(where: { $0.animation.keyPath == keyPath }) {
                if let from = group.property(keyPath)?.from { values.append((keyPath, from)) }
            }
            setModelValues(values, of: group, on: host)
            remove(group, from: host)
        }
        group.fireStop(finished: false, cut: false)
    }

    /// Moves a paused `group` to `elapsed` seconds from its begin.
    static func scrub(_ group: AnimationGroup, to elapsed: TimeInterval) {
        guard group.isPaused, let host = group.host, group.isTargetAlive else { return }
        group.pausedElapsed = elapsed
        retime(group, elapsed: elapsed, at: now(on: host), on: host, keepingWhatIsShown: false)
    }

    /// Ends `group` now at `position` (see ``AnimationGroup/finish(at:)``).
    static func finish(_ group: AnimationGroup, at position: AnimationGroup.FinishPosition) {
        guard !group.hasEnded else { return }
        if let continuation = group.continuation {
            finish(continuation, at: position)
            return
        }
        guard let host = group.host, group.isTargetAlive else {
            group.fireStop(finished: false)
            return
        }
        let state = host.animationState
        let now = now(on: host)
        let mine = state.placed.filter { $0.group === group }
        host.performTogether {
            var values: [(keyPath: String, value: any AnimatableValue)] = []
            for keyPath in group.ownedKeyPaths {
                let value: (any AnimatableValue)? = switch position {
                // The model holds the targets, unless the group was heading back.
                case .end: group.isReversed
                    ? ends(of: keyPath, among: mine, in: group)?.end ?? group.property(keyPath)?.to : nil
                // The first keyframe played forwards: the start, with any part a later group took
                // held there.
                case .start: ends(of: keyPath, among: mine, in: group)?.start ?? group.property(keyPath)?.from
                case .current: mine.last { $0.animation.keyPath == keyPath }?.animation.value(at: now)
                }
                if let value { values.append((keyPath, value)) }
            }
            setModelValues(values, of: group, on: host)
            remove(group, from: host)
        }
        guard position == .end else {
            group.fireStop(finished: false)
            return
        }
        complete(group)
    }

    /// Ends `group` as finished: its pending events cancelled, the stop callback, then the
    /// completion triggers that have not fired.
    private static func complete(_ group: AnimationGroup) {
        group.cancelEvents()
        group.fireStop(finished: true)
        for (index, trigger) in group.plan.triggers.enumerated()
        where trigger.moment == .completion && !group.firedTriggers.contains(index) {
            group.firedTriggers.insert(index)
            group.record(fire(trigger), startedBy: index)
        }
    }

    /// Continues `group` on a spring (see ``AnimationGroup/continueOnSpring(velocity:towardsEnd:spring:)``).
    static func continueOnSpring(
        _ group: AnimationGroup, velocity: Double, towardsEnd: Bool?, spring: Spring
    ) -> AnimationGroup? {
        guard !group.hasEnded, !group.isHandedOff, let host = group.host, group.isTargetAlive else { return nil }
        let now = now(on: host)
        let elapsed = group.elapsed(at: now)
        let window = group.progressWindow(at: elapsed)
        let fraction = group.duration > 0 ? (elapsed - window.start) / window.length : 1
        let toEnd = towardsEnd ?? (fraction + Decay.normal.projection(initialVelocity: velocity) >= 0.5)
        let mine = host.animationState.placed.filter { $0.group === group }
        var plan = AnimationPlan(timingPriority: .maxTime)
        for keyPath in group.ownedKeyPaths {
            guard let index = group.resolved.index(of: keyPath) else { continue }
            let property = group.resolved.properties[index]
            let start = ends(of: keyPath, among: mine, in: group)?.start ?? property.from
            let end = group.repeating?.endValue(at: index, of: property) ?? property.to
            var next = PropertyPlan(keyPath: keyPath, target: toEnd ? end : start)
            // Its rate along the group here, times the gesture's rate through the group.
            let rate = group.velocity(ofPropertyAt: index, elapsed: group.repeating == nil ? min(elapsed, property.duration) : elapsed)
                * (window.length * velocity)
            // A product that overflows is the largest finite rate, so the excursion limit applies.
            let lanes = (0..<16).map { rate[$0].isNaN ? 0 : min(max(rate[$0], -.greatestFiniteMagnitude), .greatestFiniteMagnitude) }
            next.easing = .springDecay(SpringDecay(velocity: lanes, spring: spring))
            plan.properties.append(next)
        }
        plan.didStop = { [group] _, finished in
            group.isHandedOff = false
            group.continuation = nil
            if finished && toEnd { complete(group) } else { group.fireStop(finished: false) }
        }
        group.cancelEvents()
        group.isHandedOff = true
        // Its own time stays where the hand-off left it.
        group.pausedElapsed = elapsed
        let continuation = run(plan, on: host, animated: true)
        if !continuation.hasEnded { group.continuation = continuation }
        return continuation
    }

    /// Sets model values of key paths `group` owns, from a control call, and rewrites the
    /// animations of older groups that hold one of them (a whole whose part `group` took over) to
    /// hold it at its new value, so that they show it once `group` ends.
    private static func setModelValues(
        _ values: [(keyPath: String, value: any AnimatableValue)], of group: AnimationGroup, on host: any AnimationHost
    ) {
        guard !values.isEmpty else { return }
        let state = host.animationState
        let older = state.activeGroups.prefix { $0 !== group }
        var changes = takeChangeList()
        var rewritten: Set<String> = []
        for (keyPath, given) in values {
            // Parts that later declarations took over stay where the model has them: written into
            // the whole with this value, then this key path read back.
            var value = given
            for part in group.heldParts where LayerProperty.overlap(of: part, over: keyPath) == .holds {
                let base = LayerProperty.base(of: keyPath)
                guard let held = host.modelValue(forKeyPath: part), let whole = host.modelValue(forKeyPath: base),
                      let property = LayerProperty.named(part) else { continue }
                let written = property.write(held, into: LayerProperty.compose(value, of: keyPath, into: whole))
                value = LayerProperty.named(keyPath).map { $0.baseKeyPath == nil ? written : $0.read(from: written) } ?? written
            }
            guard host.setModelValue(value, forKeyPath: keyPath), LayerProperty.named(keyPath)?.baseKeyPath != nil,
                  let part = host.modelValue(forKeyPath: keyPath) else { continue }
            for index in state.placed.indices where older.contains(where: { $0 === state.placed[index].group })
                && LayerProperty.overlap(of: keyPath, over: state.placed[index].animation.keyPath) == .holds {
                hold(keyPath, at: part, inPlacedAt: index, of: state, on: host, rewritten: &rewritten)
            }
        }
        readd(rewritten, in: state, changes: &changes)
        if !changes.isEmpty { host.apply(changes) }
        recycle(&changes)
    }

    /// Changes every animation of `group` on its host to show the group's time `elapsed` from
    /// host time `now` on (``place(_:at:now:reversed:held:)``), turned round first if
    /// `turningRound`, and adds it again, with every animation added after the first of them, so
    /// that the order in which the host applies them is kept. Unless it is told not to (a scrub
    /// moves what is shown), each animation keeps showing at `now` what it showed.
    static func retime(
        _ group: AnimationGroup, elapsed: TimeInterval, at now: TimeInterval, on host: any AnimationHost,
        turningRound: Bool = false, keepingWhatIsShown: Bool = true
    ) {
        let state = host.animationState
        guard let first = state.placed.firstIndex(where: { $0.group === group }) else { return }
        let isHeld = group.pausedElapsed != nil
        for index in state.placed.indices where state.placed[index].group === group {
            // Changed outside `state.placed`, whose accesses are not checked for exclusivity.
            var animation = state.placed[index].animation
            let shown = keepingWhatIsShown ? animation.value(at: now) : nil
            if turningRound, let turned = animation.keyframes.playedBackwards { animation.keyframes = turned }
            place(&animation, at: elapsed, now: now, reversed: group.isReversed, held: isHeld)
            if let shown {
                keep(shown, in: &animation, at: now, on: host)
            } else if isHeld {
                leaveJump(in: &animation, at: now, towardsLater: !group.isReversed, on: host)
            }
            state.placed[index].animation = animation
        }
        host.apply(state.placed[first...].map { .add(key: $0.key, animation: $0.animation) })
    }

    /// Sets the timing of `animation`, one property of a group, so that from host time `now` it
    /// shows the group's time `elapsed`: held there (`speed` 0) if `held`, otherwise playing on
    /// at `speed` 1, forwards, or, if `reversed` (its keyframes mirrored), backwards.
    ///
    /// Played backwards, the mirrored keyframes' time is the property's duration less the
    /// group's time; a property that had ended (shorter than the time elapsed) begins that much
    /// later and shows its end until then (`fillMode` both), then plays back to its start,
    /// which it shows until the group is back at its start. Only `CAMediaTiming`'s documented
    /// rule is used, with a `speed` of 0 or 1: local time `(t − beginTime) × speed + timeOffset`.
    private static func place(
        _ animation: inout LayerAnimation, at elapsed: TimeInterval, now: TimeInterval, reversed: Bool, held: Bool
    ) {
        let duration = animation.playingDuration
        if held {
            animation.speed = 0
            // Not ahead of now, where a scrub would show the fill rather than the time held.
            animation.beginTime = min(animation.beginTime, now)
            animation.timeOffset = reversed ? max(duration - elapsed, 0) : elapsed
            // A property that has ended (or not begun) keeps showing where it is, whatever the
            // model is set to while the group is held (a reverse sets it to the start).
            animation.fillMode = .both
        } else if reversed {
            // Its mirrored time is `duration − elapsed` now: begun that long ago (or, for a
            // property that had ended, begun `elapsed − duration` from now).
            animation.speed = 1
            animation.beginTime = now + (elapsed - duration)
            animation.timeOffset = 0
            animation.fillMode = .both
        } else {
            // Begun `elapsed` ago. Never with a time offset while playing: CoreAnimation is
            // observed to wrap such an animation's time round to its start before its active
            // duration ends, and Apple documents only the formula (`keep` below makes up for
            // the rounding of `now − elapsed` across a step of a `steps` easing).
            animation.speed = 1
            animation.beginTime = now - elapsed
            animation.timeOffset = 0
            animation.fillMode = .backwards
            if elapsed >= duration {
                // At or past its end it has ended: `now − elapsed`, rounded, must not put it
                // back a few ulps before its end, where a step's jump (in the last bit of its key
                // times) shows the step before the end rather than the end (`keep` cannot mend
                // that, no time before the end showing it).
                let step = max(abs(now), abs(animation.beginTime), duration).ulp
                for _ in 0..<4 where now - animation.beginTime < duration { animation.beginTime -= step }
            }
        }
    }

    /// Moves the time of `animation` (the time offset of one held, the begin time of one
    /// playing) by the fewest steps of a `Double` (at most 16 either way) that make it show
    /// `shown` at host time `now`, where rounding put it across a jump of its keyframes (a
    /// `steps` easing) from what it showed: its mirrored key times are `1 − k` rounded, and its
    /// time the duration less the time elapsed, rounded. A time that puts it past its end (where
    /// the host shows the model value) counts as showing the model: a `.jumpEnd` step reaches
    /// its target only at its very end, which the rounded time may step over.
    private static func keep(
        _ shown: any AnimatableValue, in animation: inout LayerAnimation, at now: TimeInterval, on host: any AnimationHost
    ) {
        guard let value = animation.value(at: now), !isClose(value, shown) else { return }
        let held = animation.speed == 0
        let time: WritableKeyPath<LayerAnimation, TimeInterval> = held ? \.timeOffset : \.beginTime
        var best = (distance: distance(value, shown), time: animation[keyPath: time])
        var candidate = animation
        for goesUp in [true, false] {
            var moved = animation[keyPath: time]
            for _ in 0..<16 {
                moved = goesUp ? moved.nextUp : moved.nextDown
                guard !held || moved >= 0 else { break }
                candidate[keyPath: time] = moved
                // Past its active duration without a forwards fill, an animation shows nothing
                // and the layer its model (`CAMediaTiming`'s fill modes).
                guard let value = candidate.value(at: now) ?? host.modelValue(forKeyPath: animation.keyPath) else { continue }
                if isClose(value, shown) {
                    animation[keyPath: time] = moved
                    return
                }
                let distance = distance(value, shown)
                if distance < best.distance { best = (distance, moved) }
            }
        }
        animation[keyPath: time] = best.time
    }

    /// Moves the time offset of a held `animation` out of a jump of its keyframes (a `steps`
    /// easing's, two keyframes a few units in the last place apart) that a scrub placed it
    /// inside, where it would show a value half-way through the jump: to the side later in the
    /// group's time (`towardsLater`: its own time forwards, or backwards for mirrored keyframes),
    /// as the easing itself shows at the moment it steps. Anything else (a curve, however steep,
    /// changes by a rounding over 16 units in the last place) is left as it is.
    private static func leaveJump(
        in animation: inout LayerAnimation, at now: TimeInterval, towardsLater: Bool, on host: any AnimationHost
    ) {
        guard let value = animation.value(at: now) else { return }
        func shown(movedBy steps: Int, up: Bool) -> (any AnimatableValue)? {
            var moved = animation
            for _ in 0..<steps { moved.timeOffset = up ? moved.timeOffset.nextUp : moved.timeOffset.nextDown }
            guard moved.timeOffset >= 0 else { return nil }
            return moved.value(at: now)
        }
        guard let later = shown(movedBy: 16, up: towardsLater), !isClose(later, value),
              let earlier = shown(movedBy: 16, up: !towardsLater), !isClose(earlier, value) else { return }
        keep(later, in: &animation, at: now, on: host)
    }

    /// The values `keyPath` of `group` shows at the group's start and at its end, read from its
    /// newest animation among `mine` (the group's placed animations): its first and last
    /// keyframes, the other way round while the group is reversed (its animations then hold
    /// their keyframes mirrored). Nil if none of them animates `keyPath`.
    static func ends(
        of keyPath: String, among mine: [AnimationState.PlacedAnimation], in group: AnimationGroup
    ) -> (start: any AnimatableValue, end: any AnimatableValue)? {
        guard let newest = mine.last(where: { $0.animation.keyPath == keyPath }) else { return nil }
        let keyframes = newest.animation.keyframes
        if keyframes is any RepeatingKeyframeSequence {
            // One period's keyframes, repeated: its ends are those of the run (a run that never
            // ends shows, at its end, where it starts).
            let length = keyframes.playingDuration
            let first = keyframes.playingValue(at: 0)
            let last = length.isFinite ? keyframes.playingValue(at: length) : first
            return group.isReversed ? (last, first) : (first, last)
        }
        let values = keyframes.valueList
        guard let first = values.first, let last = values.last else { return nil }
        return group.isReversed ? (last, first) : (first, last)
    }

    /// The duration of Reduce Motion's dissolve, when the policy asks for one and something
    /// moves: the layer then fades out, its geometry jumps while it is invisible, and it fades
    /// back in.
    private static func dissolveDuration(_ policy: ReduceMotionPolicy, _ requests: [Synchronizer.Request]) -> TimeInterval? {
        guard case .crossFade = policy,
              let motion = requests.first(where: { ReduceMotion.isMotion($0.plan.keyPath) && !isClose($0.current, $0.plan.target) })
        else { return nil }
        return motion.plan.duration
    }

    /// The opacity of a dissolve: from where it is down to 0 by the moment the first moving
    /// property jumps (half its duration), held at 0 until the last one has, then up to the
    /// model opacity.
    private static func dissolveKeyframes(_ opacity: ResolvedProperty, among properties: [ResolvedProperty]) -> any KeyframeSequence {
        let jumps = properties.filter { ReduceMotion.isMotion($0.keyPath) && $0.duration > 0 }.map { $0.duration / 2 }
        guard let from = opacity.keyframes.valueList.first as? Double, let to = opacity.keyframes.valueList.last as? Double,
              let firstJump = jumps.min(), let lastJump = jumps.max(), firstJump > 0 else { return opacity.keyframes }
        let duration = max(opacity.duration, 2 * lastJump)
        let fade = CubicBezier(0.37, 0, 0.63, 1)   // a sine-like ease in and out
        return Keyframes(duration: duration, keyTimes: [0, firstJump / duration, lastJump / duration, 1],
                         values: [from, 0, 0, to], timingFunctions: [fade, .linear, fade])
    }

    /// Starts the group of `trigger` on its target; nil (after a report) if the target is gone.
    @discardableResult
    static func fire(_ trigger: TriggerPlan) -> AnimationGroup? {
        guard let target = trigger.target.target else {
            FlightDiagnostics.report(.targetDeallocated(trigger.target.description))
            return nil
        }
        return run(trigger.plan, on: target.animationHost, animated: true)
    }

    /// Checks one declaration as every declaration is checked before it is played: reports an
    /// empty key path, a target of the wrong type or that cannot be held (false: it cannot be
    /// animated), and a duration that cannot be played (``FlightError/invalidDuration(keyPath:duration:)``:
    /// made 0, so the property goes to its target at once). A number of another scalar type is
    /// converted to the key path's.
    static func validate(_ plan: inout PropertyPlan, on host: any AnimationHost) -> Bool {
        let keyPath = plan.keyPath
        guard !keyPath.isEmpty else {
            FlightDiagnostics.report(.invalidValue(keyPath: keyPath, reason: "the key path is empty"))
            return false
        }
        let known = plan.property
        // The type the key path holds: a known property's, or a custom key path's set before.
        let expectedType: (any AnimatableValue.Type)?
        if let known {
            expectedType = known.valueType
        } else if let model = host.modelValue(forKeyPath: keyPath) {
            expectedType = type(of: model)
        } else {
            expectedType = nil
            if let resembled = LayerProperty.resembling(keyPath) {
                // Probably a misspelling; custom properties are a feature, so it still animates.
                FlightDiagnostics.report(.unknownKeyPath(keyPath, resembling: resembled))
            }
        }
        // Numbers are one kind of value: a CGFloat, Float or integer literal for a key path that
        // holds Doubles (or the reverse) is the same quantity, converted.
        if let expectedType, type(of: plan.target) != expectedType {
            if let converted = ScalarBridge.convert(plan.target, to: expectedType) {
                plan.target = converted
            } else {
                FlightDiagnostics.report(.typeMismatch(keyPath: keyPath, expected: "\(expectedType)",
                                                       actual: "\(type(of: plan.target))"))
                return false
            }
        }
        if !isEveryComponentFinite(plan.target) {
            do {
                _ = try plan.target.validated(keyPath)
            } catch {
                FlightDiagnostics.report(.invalidValue(keyPath: keyPath, reason: "\(error)"))
                return false
            }
        }
        if !(plan.duration.isFinite && plan.duration >= 0) {
            // A duration that cannot be played: the property goes to its target at once, as
            // UIKit's `animate(withDuration:)` does, and the rest of the group plays.
            FlightDiagnostics.report(.invalidDuration(keyPath: keyPath, duration: plan.duration))
            plan.duration = 0
            plan.easing = .linear
        }
        return true
    }

    /// Whether every component of `value` is a finite number: numbers and points, the commonest
    /// targets, checked as such; other types through their components, in code not specialized
    /// for the type (which costs as much as a small fit).
    private static func isEveryComponentFinite(_ value: any AnimatableValue) -> Bool {
        if let number = value.unboxed(as: Double.self) { return number.isFinite }
        if let point = value.unboxed(as: CGPoint.self) { return point.x.isFinite && point.y.isFinite }
        // (A label of its own: the default one prints the type's name on every call.)
        return (try? value.validated("value")) != nil
    }

    /// Validates one property, snapshots its current state and appends the request to
    /// `requests`; appends nothing (after a report) if it cannot be animated. `plan` is
    /// consumed: it goes into the request, and the request into the list, without a copy.
    static func appendRequest(
        for plan: consuming PropertyPlan, on host: any AnimationHost, state: AnimationState, at now: TimeInterval,
        to requests: inout [Synchronizer.Request]
    ) {
        guard validate(&plan, on: host) else { return }
        let keyPath = plan.keyPath
        let known = plan.property
        // What is shown is unwrapped once: each optional of an existential read again is copied
        // through its value witnesses.
        let current: any AnimatableValue
        var inFlight: Synchronizer.InFlight?
        if let shown = shownValue(keyPath, base: known?.baseKeyPath ?? keyPath, on: host, placed: state.placed, at: now) {
            current = shown.value
            if shown.isOwnTrack { inFlight = Self.inFlight(keyPath, state: state, at: now) }
        } else {
            // A custom key path that was never set starts from its type's zero (FlightAnimator's
            // `animatableProgress` goes 0 → 1), not from its target.
            current = known?.defaultValue ?? zero(like: plan.target)
        }
        let tolerance = plan.tolerance ?? known?.tolerance ?? .default
        requests.append(Synchronizer.Request(plan: plan, current: current, inFlight: inFlight, tolerance: tolerance))
    }

    /// Where the animation of exactly `keyPath` that is shown at `now` started, and its velocity
    /// now, which a new animation of it carries on; nil if that animation's group is paused (it
    /// stands still: the new motion starts from rest), reversed or over.
    private static func inFlight(_ keyPath: String, state: AnimationState, at now: TimeInterval) -> Synchronizer.InFlight? {
        guard let group = state.newestGroup(animating: keyPath),
              !group.isPaused, !group.isReversed, let index = group.resolved.index(of: keyPath),
              now - group.beginTime < group.totalDuration else { return nil }
        let elapsed = now - group.beginTime
        return Synchronizer.InFlight(from: group.resolved.properties[index].from,
                                     velocity: group.velocity(ofPropertyAt: index, elapsed: elapsed))
    }

    /// What a key path shows at `now`, composed by Flight's rule for parts and wholes
    /// (`PartComposition`) from the model value of its whole and Flight's own animations on it,
    /// each evaluated exactly as placed: not a decomposition of the host's presentation, which
    /// lags the model by a frame (and is nil before a layer's first commit), and which reads a
    /// spring that overshot `transform.scale` into −0.1 as a half-turn at 0.1. Also tells
    /// whether the value is the one an animation of exactly this key path plays. Nil for a
    /// custom key path never set.
    static func shownValue(_ keyPath: String, on host: any AnimationHost, at now: TimeInterval)
        -> (value: any AnimatableValue, isOwnTrack: Bool)? {
        shownValue(keyPath, base: LayerProperty.base(of: keyPath), on: host, placed: host.animationState.placed, at: now)
    }

    /// ``shownValue(_:on:at:)`` given the whole `base` of `keyPath` (`keyPath` itself if it is
    /// one), when the caller knows it.
    private static func shownValue(
        _ keyPath: String, base: String, on host: any AnimationHost, placed: [AnimationState.PlacedAnimation], at now: TimeInterval
    ) -> (value: any AnimatableValue, isOwnTrack: Bool)? {
        // An animation that is not Flight's (UIKit's, often additive) plays on the property:
        // what the host presents is what is shown.
        if host.hasOtherAnimations(onBase: base),
           let presented = host.presentationValue(forKeyPath: keyPath) {
            return (presented, false)
        }
        // Nothing of Flight's plays on the host: the model is what is shown.
        if placed.isEmpty {
            guard let model = host.modelValue(forKeyPath: keyPath) else { return nil }
            return (model, false)
        }
        guard let model = host.modelValue(forKeyPath: base) else { return nil }
        var composition = PartComposition(keyPath: keyPath, model: model)
        for placed in placed where composition.concerns(placed.animation.keyPath) {
            if let value = placed.animation.value(at: now) { composition.apply(value, of: placed.animation.keyPath) }
        }
        return (composition.value, composition.isOwnTrack)
    }

    /// The value of `value`'s type whose components are all zero.
    private static func zero(like value: any AnimatableValue) -> any AnimatableValue {
        func make<Value: AnimatableValue>(_ value: Value) -> any AnimatableValue { Value(components: .zero) }
        return make(value)
    }

    /// A group that jumps: every property at its target, zero duration.
    private static func instant(_ requests: [Synchronizer.Request]) -> ResolvedGroup {
        let properties = requests.compactMap { request in
            instantProperty(request.plan.target, keyPath: request.plan.keyPath, isPrimary: request.plan.isPrimary)
        }
        return ResolvedGroup(duration: 0, properties: properties, drivingKeyPath: nil)
    }

    private static func instantProperty<Value: AnimatableValue>(_ target: Value, keyPath: String, isPrimary: Bool) -> ResolvedProperty? {
        guard let motion = try? ValueMotion(from: target, to: target, easing: .linear, duration: 0) else { return nil }
        return ResolvedProperty(keyPath: keyPath, isPrimary: isPrimary, motion: motion, keyframes: motion.keyframes())
    }

    /// Takes `keyPath` over from every older animation on its whole, by Flight's rule for parts
    /// and wholes (``LayerProperty/overlap(of:over:)``): an animation it replaces is removed and
    /// its group gives that key path up; one that holds it is rewritten with `keyPath` held at
    /// `value` (the new model value) in every keyframe, so that it never shows its old track of
    /// that part again, and its key is added to `rewritten` (to be added again, see
    /// ``readd(_:in:changes:before:)``). The animations of `group` itself count, for the properties it
    /// declared before (a later declaration takes over an earlier one).
    private static func takeOver(
        _ keyPath: String, heldAt value: any AnimatableValue, by group: AnimationGroup, in state: AnimationState,
        on host: any AnimationHost, changes: inout [LayerAnimationChange], rewritten: inout Set<String>
    ) {
        // The group's own properties count only as far as those declared before this one.
        let declared = group.resolved.index(of: keyPath) ?? group.resolved.properties.count
        let isPart = LayerProperty.named(keyPath)?.baseKeyPath != nil
        for old in state.activeGroups where old !== group || declared > 0 {
            let end = old === group ? declared : .max
            old.giveUp(before: end) { LayerProperty.overlap(of: keyPath, over: $0) == .replaces }
            if isPart { old.holdPart(keyPath, before: end) }
        }
        guard !state.placed.isEmpty else { return }
        let base = LayerProperty.base(of: keyPath)
        var index = 0
        while index < state.placed.count {
            let placedPath = state.placed[index].animation.keyPath
            guard LayerProperty.base(of: placedPath) == base else {
                index += 1
                continue
            }
            switch LayerProperty.overlap(of: keyPath, over: placedPath) {
            case .replaces:
                changes.append(.remove(key: state.placed[index].key))
                rewritten.remove(state.placed[index].key)
                state.placed.remove(at: index)
                continue
            case .holds:
                hold(keyPath, at: value, inPlacedAt: index, of: state, on: host, rewritten: &rewritten)
            case .none, .entangled:
                // Entangled parts were promoted to their whole before resolving.
                break
            }
            index += 1
        }
    }

    /// Adds the `rewritten` animations again and, after each, every younger animation of the
    /// same whole, in order: an animation added again goes after every other on the host (as
    /// `CALayer.add(_:forKey:)` does), so this keeps the order in which the host applies the
    /// animations of one whole the order of `state.placed`. The animations of `newGroup`, not
    /// yet on the host, move last and are left for the caller to add.
    private static func readd(
        _ rewritten: Set<String>, in state: AnimationState, changes: inout [LayerAnimationChange],
        before newGroup: AnimationGroup? = nil
    ) {
        guard !rewritten.isEmpty else { return }
        var bases: Set<String> = []
        var kept: [AnimationState.PlacedAnimation] = []
        var moved: [AnimationState.PlacedAnimation] = []
        var new: [AnimationState.PlacedAnimation] = []
        for placed in state.placed {
            if placed.group === newGroup {
                new.append(placed)
                continue
            }
            let base = LayerProperty.base(of: placed.animation.keyPath)
            if rewritten.contains(placed.key) { bases.insert(base) }
            if bases.contains(base) {
                moved.append(placed)
                changes.append(.add(key: placed.key, animation: placed.animation))
            } else {
                kept.append(placed)
            }
        }
        state.placed = kept + moved + new
    }

    /// `properties` with every part that is entangled with an older animation, or with a part
    /// declared before it, on the same whole (``LayerProperty/Overlap/entangled``), or that would
    /// be composed through a moving reflection
    /// (``LayerProperty/composesThroughReflection(_:into:written:over:)``: an earlier
    /// declaration counts with what is shown of it at `now`, where it starts, and its target),
    /// promoted to an animation of that whole, towards the whole's model value with the part
    /// written in.
    private static func promotingEntangledParts(
        _ properties: [PropertyPlan], on host: any AnimationHost, state: AnimationState, at now: TimeInterval
    ) -> [PropertyPlan] {
        // A loop, not `contains(where:)`: its closure would be checked for the main actor.
        var hasPart = false
        for index in properties.indices where properties[index].property?.baseKeyPath != nil {
            hasPart = true
            break
        }
        guard hasPart else { return properties }
        let placed = state.placed
        var result = properties
        for index in result.indices {
            let keyPath = result[index].keyPath
            guard let part = result[index].property, let base = part.baseKeyPath else { continue }
            // The older animations on the same whole: those placed, then the group's earlier ones.
            let placedOnBase = placed.filter { LayerProperty.base(of: $0.animation.keyPath) == base }
            let earlierOnBase = result[..<index].filter { ($0.property?.baseKeyPath ?? $0.keyPath) == base }
            guard !placedOnBase.isEmpty || !earlierOnBase.isEmpty || part.isRelative else { continue }
            let entangled = placedOnBase.contains { LayerProperty.overlap(of: keyPath, over: $0.animation.keyPath) == .entangled }
                || earlierOnBase.contains { LayerProperty.overlap(of: keyPath, over: $0.keyPath) == .entangled }
            // Only a rotation or scale part of a transform can compose through a reflection.
            guard entangled || LayerProperty.movesDecomposition(keyPath),
                  let model = host.modelValue(forKeyPath: base) else { continue }
            var whole = model
            for earlier in earlierOnBase {
                whole = LayerProperty.compose(earlier.target, of: earlier.keyPath, into: whole)
            }
            let given = result[index].target
            guard let target = part.accepts(given) ? given : ScalarBridge.convert(given, to: part.valueType) else { continue }
            let written = part.write(target, into: whole)
            if !entangled {
                // An earlier declaration plays from what is shown of its key path to its target.
                let older = placedOnBase.map { ($0.animation.keyPath, $0.animation.keyframes.valueList) }
                    + earlierOnBase.map { ($0.keyPath, valuesOnTheWay(of: $0, on: host, state: state, at: now)) }
                guard LayerProperty.composesThroughReflection(keyPath, into: whole, written: written, over: older) else { continue }
            }
            result[index].keyPath = base
            result[index].target = written
        }
        // A promoted part may now share its key path with a declaration of the whole: the later
        // one wins, as in the builder (the promoted target already has the earlier ones in it).
        // The earlier one is still checked, so that what it got wrong (a duration that cannot
        // be played) is reported, once.
        var seen: Set<String> = []
        var kept: [Bool] = Array(repeating: false, count: result.count)
        for index in result.indices.reversed() { kept[index] = seen.insert(result[index].keyPath).inserted }
        guard kept.contains(false) else { return result }
        var deduplicated: [PropertyPlan] = []
        deduplicated.reserveCapacity(seen.count)
        for index in result.indices {
            if kept[index] {
                deduplicated.append(result[index])
            } else {
                var dropped = result[index]
                _ = validate(&dropped, on: host)
            }
        }
        return deduplicated
    }

    /// The values an earlier declaration of a group passes through on its way from what is shown
    /// of its key path at `now` to its target: both ends, and where its easing can leave 0…1 (an
    /// overshoot, a spring, with the velocity it would carry on) the values of its keyframes,
    /// which reach as far as it goes (a spring on `transform.scale` that overshoots through 0
    /// reflects the layer on its way, though neither end does).
    private static func valuesOnTheWay(
        of plan: PropertyPlan, on host: any AnimationHost, state: AnimationState, at now: TimeInterval
    ) -> [any AnimatableValue] {
        guard let shown = shownValue(plan.keyPath, on: host, at: now) else { return [plan.target] }
        guard plan.easing.canOvershoot else { return [shown.value, plan.target] }
        let carried = shown.isOwnTrack && plan.easing.hasIntrinsicDuration ? inFlight(plan.keyPath, state: state, at: now) : nil
        let tolerance = plan.tolerance ?? plan.property?.tolerance ?? .default
        func keyframeValues<Value: AnimatableValue>(to target: Value) -> [any AnimatableValue]? {
            guard let from = shown.value as? Value else { return nil }
            var velocity = Value.Components.zero
            if let carried {
                for index in 0..<Value.componentCount { velocity[index] = carried.velocity[index] }
            }
            guard let motion = try? ValueMotion(from: from, to: target, easing: plan.easing, duration: plan.duration,
                                                initialVelocity: velocity, tolerance: tolerance) else { return nil }
            return motion.boundedKeyframes(tolerance: tolerance).keyframes.values
        }
        return keyframeValues(to: plan.target) ?? [shown.value, plan.target]
    }

    /// Rewrites the animation at `index` in `state.placed` (of a key path that holds `keyPath`)
    /// with `keyPath` held at `value`, and notes its key in `rewritten` (see
    /// ``readd(_:in:changes:before:)``).
    private static func hold(
        _ keyPath: String, at value: any AnimatableValue, inPlacedAt index: Int, of state: AnimationState,
        on host: any AnimationHost, rewritten: inout Set<String>
    ) {
        guard let held = holding(keyPath, at: value, in: state.placed[index].animation, on: host) else { return }
        state.placed[index].animation = held
        rewritten.insert(state.placed[index].key)
    }

    /// `animation` (of a key path that holds `part`: its whole, or a larger part) with `part`
    /// held at `value` in every keyframe.
    private static func holding(
        _ part: String, at value: any AnimatableValue, in animation: LayerAnimation, on host: any AnimationHost
    ) -> LayerAnimation? {
        guard let partProperty = LayerProperty.named(part), let base = partProperty.baseKeyPath,
              let model = host.modelValue(forKeyPath: base) else { return nil }
        let wholeProperty = animation.keyPath == base ? nil : LayerProperty.named(animation.keyPath)
        var rewritten = animation
        rewritten.keyframes = animation.keyframes.mappingValues { keyframe in
            let full = wholeProperty?.write(keyframe, into: model) ?? keyframe
            let held = partProperty.write(value, into: full)
            return wholeProperty?.read(from: held) ?? held
        }
        return rewritten
    }

    /// The distance between two values, infinite for values of different types.
    private static func distance(_ a: any AnimatableValue, _ b: any AnimatableValue) -> Double {
        func open<Value: AnimatableValue>(_ a: Value) -> Double {
            guard let b = b as? Value else { return .infinity }
            return a.distance(to: b)
        }
        return open(a)
    }

    static func isClose(_ a: any AnimatableValue, _ b: any AnimatableValue) -> Bool {
        func open<Value: AnimatableValue>(_ a: Value) -> Bool {
            guard let b = b as? Value else { return false }
            let components = a.components
            let squares: Value.Components = components * components
            let scale = max(1, squares.sum().squareRoot())
            return a.distance(to: b) <= 1e-9 * scale
        }
        return open(a)
    }
}
