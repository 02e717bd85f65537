import FlightEasing
import Foundation

// Control of a running group: pause, resume, reverse, scrub, finish, cancel and the hand-off to
// a spring, beside the engine's side of each (how the group's animations are placed, held and
// added again on the host, and which model values a call writes).

extension AnimationGroup {
    /// Where a group is left by ``finish(at:)``.
    public enum FinishPosition: Sendable, Hashable {
        /// At its start: every property goes back to where it started.
        case start
        /// At its end: every property at its target, as if it had run to the end.
        case end
        /// Where it is on screen now (``cancel()``).
        case current
    }

    /// Whether the group is paused (``pause()``); an ended group is not.
    public var isPaused: Bool { pausedElapsed != nil && !hasEnded && continuation == nil }

    /// The time into the group (0 at its start, ``duration`` at its end) at host time `time`.
    func elapsed(at time: TimeInterval) -> TimeInterval {
        if let pausedElapsed { return pausedElapsed }
        let elapsed = isReversed ? reverseOrigin - time : time - beginTime
        return min(max(elapsed, 0), totalDuration)
    }

    /// How far the group has come, as a fraction of its duration: its time, every property on
    /// its own curve. Setting it moves a paused group there (scrubbing); on a group that is
    /// playing or has ended, setting it does nothing. Values are clamped into `0...1`. With
    /// ``scrubsLinearly``, a paused group's fraction is instead how far its driving property has
    /// come.
    ///
    /// A repeating group's fraction is of its whole run (``totalDuration``), or, for one that
    /// repeats forever or for longer than ``longestReversibleRun``, of the cycle (and the delay
    /// after it) it is in, and setting it moves the group within that cycle (1 to its last
    /// moment, which reads back as 1, never to the start of the next); ``scrubsLinearly`` does
    /// not apply to a repeating group.
    ///
    /// Scrubbing is not playing: it fires no triggers. A trigger fires at most once, when played
    /// time first reaches its moment going forward; one whose moment was scrubbed past without
    /// playing does not fire, and one still ahead when the group resumes fires when it is
    /// reached.
    public var fractionComplete: Double {
        get {
            guard duration > 0, !finished else { return 1 }
            if let pausedElapsed {
                if scrubsLinearly, repeating == nil, isPaused, let driving = drivingProperty {
                    return min(max(driving.progress(at: pausedElapsed), 0), 1)
                }
                let window = progressWindow(at: pausedElapsed)
                // A period's last moment, where a scrub to 1 holds it, reads back as 1.
                if measuresProgressByPeriod, pausedElapsed.nextUp >= window.start + window.length { return 1 }
                return (pausedElapsed - window.start) / window.length
            }
            guard !hasEnded, let host else { return 0 }
            let elapsed = elapsed(at: FlightEngine.now(on: host))
            let window = progressWindow(at: elapsed)
            return (elapsed - window.start) / window.length
        }
        set {
            guard isPaused, newValue.isFinite, let pausedElapsed else { return }
            let fraction = min(max(newValue, 0), 1)
            let window = progressWindow(at: pausedElapsed)
            var elapsed = window.start + fraction * window.length
            if measuresProgressByPeriod, !(elapsed < window.start + window.length) {
                // A fraction of the period it is in, 1 included: the period's last moment, not
                // the start of the next (which reads back as 0, a period on).
                elapsed = max((window.start + window.length).nextDown, window.start)
            }
            if scrubsLinearly, repeating == nil, let driving = drivingProperty {
                elapsed = min(driving.firstTime(reachingProgress: fraction) ?? elapsed, duration)
            }
            FlightEngine.scrub(self, to: elapsed)
        }
    }


    /// The resolved property that drives the group, if one moves.
    var drivingProperty: ResolvedProperty? {
        guard let keyPath = resolved.drivingKeyPath else { return nil }
        return property(keyPath)
    }

    /// Holds the group where it is on screen: every property stops on its curve (on
    /// CoreAnimation, each animation's `speed` 0 and `timeOffset` the time elapsed), and its
    /// triggers and end wait. Does nothing on a paused or ended group.
    public func pause() { FlightEngine.pause(self) }

    /// Plays a paused group on from where it is, each property on its own curve, its pending
    /// triggers and its end after the time that remains (backwards, towards its start, if it is
    /// reversed). Does nothing unless paused.
    public func resume() { FlightEngine.resume(self) }

    /// Turns the group round: from where it is, every property plays back along its own curve
    /// towards where it started (or, reversed again, on towards its end). The model values go
    /// with it: to the start values when reversed, back to the targets when not. A paused group
    /// stays paused and plays the new way when resumed.
    ///
    /// Triggers fire only going forward: none fires while the group plays backwards, and one
    /// already fired does not fire again. A group that plays back all the way to its start ends
    /// there with `finished == false`, without `didCancel`: it was not cut short. Does nothing on
    /// an ended group, or on one that repeats forever (it has no end to play back from) or for
    /// longer than ``longestReversibleRun`` (its time is no longer held to a microsecond from its
    /// end); a group that repeats a number of times plays back through the cycles it has played.
    public func reverse() {
        guard isReversible else { return }
        FlightEngine.reverse(self)
    }

    /// The longest run, in seconds, that ``reverse()`` plays back: 10⁹ s (about 32 years). Time
    /// measured from the end of a longer run (a count of 10³⁰⁰ cycles, say) no longer holds a
    /// microsecond, and playing back from there would jump.
    public static let longestReversibleRun: TimeInterval = 1e9

    /// Whether the group's run can be played back (``reverse()``).
    var isReversible: Bool { totalDuration <= Self.longestReversibleRun }

    /// Ends the group now, leaving its properties at `position`: the model values are set there
    /// and its animations removed, all at once. At the end, the stop callback fires with
    /// `finished == true` and then its completion triggers; at the start or where it is, the
    /// group is cut short (`didCancel`, then stop with `false`), and no trigger fires. Pending
    /// triggers of other moments never fire. Does nothing on an ended group.
    public func finish(at position: FinishPosition) { FlightEngine.finish(self, at: position) }

    /// Hands the group over to a spring, as an interactive transition does when the finger lifts:
    /// every property leaves from where it is shown with the gesture's speed and settles on a
    /// spring at the group's end or back at its start.
    ///
    /// - Parameters:
    ///   - velocity: How fast the gesture was moving the group, in fractions of the group per
    ///     second (a pan's velocity over the distance that spans the whole group). A NaN or
    ///     infinite velocity counts as 0; a finite one too large to show is limited as every
    ///     spring's start velocity is (``ValueMotion/excursionLimit``). Each property
    ///     leaves with its own speed: its rate of change along the group at this point, times
    ///     `velocity`.
    ///   - towardsEnd: Where to settle; by default the end if a scroll view released here with
    ///     this velocity would come to rest past half-way (`Decay.normal`), the start otherwise.
    ///   - spring: The spring (critically damped by default).
    /// - Returns: The group that carries the properties, or nil if this one has ended.
    ///
    /// The group stays the one the app holds: it ends when the spring does, at the end with
    /// `finished == true` (its completion triggers then fire), at the start cut short. Its other
    /// pending triggers do not fire. If a later group takes the properties over from the spring,
    /// this group ends cut short too. Until then its ``fractionComplete`` stays where the hand-off
    /// left it, and ``finish(at:)`` and ``cancel()`` act on the spring; the other controls do
    /// nothing.
    ///
    /// The spring is a new group, and takes over what it animates as any new group does: where a
    /// later group animates a part of one of this group's wholes (`position.x` of its
    /// `position`), the spring takes that part over too (that group stops cut short) and
    /// settles it, at either end, where that group set it.
    @discardableResult
    public func continueOnSpring(velocity: Double, towardsEnd: Bool? = nil, spring: Spring = .springDecay) -> AnimationGroup? {
        FlightEngine.continueOnSpring(self, velocity: velocity.isFinite ? velocity : 0, towardsEnd: towardsEnd, spring: spring)
    }

    /// Stops the group where it is on screen: the model takes the values shown, its animations
    /// are removed, and it ends cut short (`didCancel`, then stop with `finished == false`).
    public func cancel() { finish(at: .current) }
}

extension FlightEngine {
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
    static func reachStart(_ group: AnimationGroup) {
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
                if let from = group.property(keyPath)?.from {
                    values.append((keyPath, keepingHeldParts(from, of: keyPath, in: group, on: host)))
                }
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
                    ? ends(of: keyPath, among: mine, in: group)?.end
                        ?? group.property(keyPath).map { keepingHeldParts($0.to, of: keyPath, in: group, on: host) } : nil
                // The first keyframe played forwards: the start, with any part a later group took
                // held there.
                case .start: ends(of: keyPath, among: mine, in: group)?.start
                    ?? group.property(keyPath).map { keepingHeldParts($0.from, of: keyPath, in: group, on: host) }
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
            // Each part a later group took from a whole stays where that group set it, at
            // either end (a later declaration's part is held in the keyframes already).
            let start = ends(of: keyPath, among: mine, in: group)?.start
                ?? keepingHeldParts(property.from, of: keyPath, in: group, on: host)
            let end = keepingHeldParts(group.repeating?.endValue(at: index, of: property) ?? property.to,
                                       of: keyPath, in: group, on: host)
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

    /// `value`, a resolved value of `group`'s key path `keyPath`, with each part a later
    /// declaration took from it (``AnimationGroup/heldParts``) where the model has it: what a
    /// control call writes for a property that has no keyframes to read it from (one that
    /// jumped), whose resolved values, unlike keyframes, are not rewritten with the part held.
    private static func keepingHeldParts(
        _ value: any AnimatableValue, of keyPath: String, in group: AnimationGroup, on host: any AnimationHost
    ) -> any AnimatableValue {
        guard let parts = group.heldParts[keyPath], let whole = host.modelValue(forKeyPath: LayerProperty.base(of: keyPath))
        else { return value }
        // A part of the whole is written into it and read back; the whole itself is the value.
        let property = LayerProperty.named(keyPath).flatMap { $0.baseKeyPath == nil ? nil : $0 }
        var value = value
        for part in parts {
            guard let held = host.modelValue(forKeyPath: part), let partProperty = LayerProperty.named(part) else { continue }
            value = holding(partProperty, at: held, in: value, of: property, whole: whole)
        }
        return value
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
        for (keyPath, value) in values {
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
            if keepingWhatIsShown && shown == nil && isHeld && !group.isReversed {
                // It had ended (its end passed, the model shown): held at its end, whatever
                // rounding the group's time took on the way (a few units in the last place short
                // of it, a `.jumpEnd` step would show the step before its target).
                animation.timeOffset = max(animation.timeOffset, animation.playingDuration)
            }
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
    ///
    /// The steps are those of the time itself. A held time offset, if none of those shows
    /// `shown`, is then moved by the units in the last place of the host time and the (finite)
    /// duration it was worked out from, down to 0 and no further: an offset near 0 (a group
    /// held at the instant it was played back from its end) is a difference of larger times,
    /// off by their units, which its own would take thousands of billions of steps to cover.
    private static func keep(
        _ shown: any AnimatableValue, in animation: inout LayerAnimation, at now: TimeInterval, on host: any AnimationHost
    ) {
        guard let value = animation.value(at: now), !isClose(value, shown) else { return }
        let held = animation.speed == 0
        let time: WritableKeyPath<LayerAnimation, TimeInterval> = held ? \.timeOffset : \.beginTime
        var best = (distance: distance(value, shown), time: animation[keyPath: time])
        var candidate = animation
        let duration = animation.playingDuration
        let coarse = max(abs(now), duration.isFinite ? duration : 0).ulp
        for (goesUp, step) in [(true, nil), (false, nil), (true, coarse), (false, coarse)] as [(Bool, Double?)] {
            if let step, !held || !step.isFinite || step <= animation[keyPath: time].ulp { continue }
            var moved = animation[keyPath: time]
            for _ in 0..<16 {
                if held && moved == 0 && !goesUp { break }
                if let step {
                    moved = goesUp ? moved + step : max(moved - step, held ? 0 : -.infinity)
                } else {
                    moved = goesUp ? moved.nextUp : moved.nextDown
                    guard !held || moved >= 0 else { break }
                }
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
}
