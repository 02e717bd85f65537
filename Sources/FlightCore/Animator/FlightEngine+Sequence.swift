import Foundation

/// What a sequence needs of the engine: a group played on from a time of the sequence's, and a
/// triggered group resolved in advance without starting it.
extension FlightEngine {
    /// Plays a paused `group` of a sequence on from `elapsed` (which may lie before its start,
    /// where it waits showing its start, or after its end, which then comes at once) at host
    /// time `now`. Going forwards, every trigger that has not fired is scheduled, those whose
    /// moments have passed too; nothing is fired here (the sequence fires what is due once all
    /// its groups are scheduled, so that their moments fire in time order).
    static func resumeInSequence(_ group: AnimationGroup, from elapsed: TimeInterval, at now: TimeInterval) {
        guard group.isPaused, let host = group.host, group.isTargetAlive else { return }
        group.pausedElapsed = nil
        play(group, from: elapsed, at: now, on: host)
        scheduleMoments(of: group, from: group.isReversed ? elapsed : -.infinity, on: host, firesDue: false)
    }

    /// What `keyPath` of `group` shows `elapsed` seconds into its run (through its cycles, if it
    /// repeats), or nil if the group does not animate it.
    static func value(of keyPath: String, in group: AnimationGroup, at elapsed: TimeInterval) -> (any AnimatableValue)? {
        guard let index = group.resolved.index(of: keyPath) else { return nil }
        let property = group.resolved.properties[index]
        guard let repeating = group.repeating else { return property.value(at: elapsed) }
        let keyframes = repeating.keyframes(at: index, of: property)
        return keyframes.playingValue(at: min(max(elapsed, 0), keyframes.playingDuration))
    }

    /// Fires what is due on `host`'s scheduler at host time `now`.
    static func fireDue(on host: any AnimationHost, at now: TimeInterval) {
        let scheduler = host.frameScheduler
        let time = host.schedulerTime(forHostTime: now)
        scheduler.fireEvents(upTo: scheduler.eventTime ?? (time.isFinite ? max(scheduler.now, time) : scheduler.now))
    }

    /// `plan` resolved on `host` as it would be started there if the key paths in `predicted`
    /// showed those values and nothing of Flight's played there: the group it would be (never
    /// started: no callback, no trigger, nothing on `host`) and the animations it would place,
    /// beginning at time 0. Reports are held back: the real start makes them.
    static func resolveInAdvance(
        _ plan: AnimationPlan, on host: any AnimationHost, predicted: [String: any AnimatableValue]
    ) -> (group: AnimationGroup, animations: [LayerAnimation]) {
        var bare = plan
        bare.didStart = nil
        bare.didStop = nil
        bare.didCancel = nil
        bare.triggers = []
        let stand = PredictionHost(real: host, predicted: predicted)
        let handler = FlightDiagnostics.handler
        FlightDiagnostics.handler = { _ in }
        defer { FlightDiagnostics.handler = handler }
        let group = run(bare, on: stand, animated: true)
        return (group, stand.animationState.placed.map(\.animation))
    }
}

/// A stand-in for a host that shows predicted values: what a sequence resolves a group it has
/// not started against. Its time stands at 0; nothing it is given reaches the real host.
@MainActor
private final class PredictionHost: AnimationHost {
    let animationState = AnimationState()
    let frameScheduler = FrameScheduler()
    let real: any AnimationHost
    var predicted: [String: any AnimatableValue]

    init(real: any AnimationHost, predicted: [String: any AnimatableValue]) {
        self.real = real
        self.predicted = predicted
    }

    var currentTime: TimeInterval { 0 }

    func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        if let value = predicted[keyPath] { return value }
        if let property = LayerProperty.named(keyPath), let base = property.baseKeyPath, let whole = predicted[base] {
            return property.read(from: whole)
        }
        return real.modelValue(forKeyPath: keyPath)
    }

    func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)? { modelValue(forKeyPath: keyPath) }

    func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        // A part is written into its whole, as a layer's model holds it, so that the whole
        // read later has it.
        if let property = LayerProperty.named(keyPath), let base = property.baseKeyPath,
           let whole = modelValue(forKeyPath: base) {
            predicted[base] = property.write(value, into: whole)
        } else {
            predicted[keyPath] = value
        }
        return true
    }

    func apply(_ changes: [LayerAnimationChange]) {}
}

extension FlightEngine {
    /// Brings back, held at `elapsed`, a `group` of a sequence that ended at its end or played
    /// back to its start (not one cut short): it plays on its host again, from the keyframes it
    /// was resolved to, for the key paths it still owned, without firing a callback again.
    /// The model is left as it is: the sequence sets it once all its groups are back
    /// (``restingValue(of:in:atEnd:)``).
    static func revive(_ group: AnimationGroup, heldAt elapsed: TimeInterval) {
        guard group.hasEnded, !group.wasCut, let host = group.host, let state = group.state else { return }
        let now = now(on: host)
        group.hasEnded = false
        group.finished = false
        group.callbacksSpent = true
        group.isReversed = false
        group.pausedElapsed = elapsed
        state.add(group)
        host.performTogether {
            for keyPath in group.ownedKeyPaths {
                guard let index = group.resolved.index(of: keyPath) else { continue }
                let property = group.resolved.properties[index]
                guard property.duration > 0 else { continue }
                let keyframes = group.repeating?.keyframes(at: index, of: property) ?? property.playedKeyframes
                var animation = LayerAnimation(keyPath: keyPath, beginTime: now, keyframes: keyframes)
                animation.isRemovedOnCompletion = false
                let key = AnimationState.key(group: group.keyNumber, property: index)
                state.placed.append(AnimationState.PlacedAnimation(key: key, animation: animation, group: group))
            }
            retime(group, elapsed: elapsed, at: now, on: host, keepingWhatIsShown: false)
        }
    }

    /// Where `group` leaves `keyPath` in the model: at its end (through its cycles, if it
    /// repeats) if `atEnd`, otherwise at its start (the first keyframe played forwards). Nil if
    /// it does not animate `keyPath`.
    static func restingValue(of keyPath: String, in group: AnimationGroup, atEnd: Bool) -> (any AnimatableValue)? {
        guard let index = group.resolved.index(of: keyPath) else { return nil }
        let property = group.resolved.properties[index]
        if atEnd { return group.repeating?.endValue(at: index, of: property) ?? property.to }
        let mine = group.host?.animationState.placed.filter { $0.group === group } ?? []
        return ends(of: keyPath, among: mine, in: group)?.start ?? property.from
    }
}
