import Foundation

/// Runs plans on hosts: validate, snapshot, synchronize, take over, set model values, play.
@MainActor
enum FlightEngine {
    static func run(_ plan: consuming AnimationPlan, on host: any AnimationHost, animated: Bool) -> AnimationGroup {
        var plan = plan
        return run(&plan, on: host, animated: animated)
    }

    /// Plays `plan` as ``run(_:on:animated:)-(AnimationPlan,_,_)`` does, moving all of it but
    /// its property list into the group; the list is left in `plan` (the group keeps none: its
    /// resolved properties say what it plays), so that ``GroupAnimator`` can keep its storage
    /// for the next group.
    static func run(_ plan: inout AnimationPlan, on host: any AnimationHost, animated: Bool) -> AnimationGroup {
        let policy = animated ? ReduceMotion.activePolicy(for: plan, on: host) : .ignore
        ReduceMotion.adjust(&plan, for: policy)
        let state = host.animationState
        // A group started while an event fires (by a trigger, or by a callback) begins at that
        // event's moment, so that chains have no standstill between their links.
        let now = now(on: host)
        var requests = requests(for: plan, on: host, state: state, at: now)
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
            ? resolve(requests, priority: plan.timingPriority) ?? instant(requests)
            : instant(requests)

        let repeating = GroupRepetition.played(plan.repetition, resolved: resolved)
        // The plan (but its property list) is moved into the group that keeps it, and read as
        // `group.plan` once the group exists.
        let group = AnimationGroup(resolved: resolved, plan: &plan, beginTime: now, keyNumber: state.makeKeyNumber())
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
                let resolvedIndex = resolved.index(of: keyPath, expected: requestIndex)
                if let repeating = group.repeating, let index = resolvedIndex {
                    // The model holds where the last cycle ends.
                    target = repeating.endValue(at: index, of: resolved.properties[index])
                }
                takeOver(keyPath, property: requests[requestIndex].plan.property, resolvedIndex: resolvedIndex,
                         heldAt: target, by: group, in: state, on: host, changes: &changes, rewritten: &rewritten)
                guard host.setModelValue(target, forKeyPath: keyPath) else {
                    FlightDiagnostics.report(.hostCannotHold(keyPath: keyPath, type: "\(type(of: target))"))
                    continue
                }
                guard plays, let index = resolvedIndex else { continue }
                // The property is read in place (`resolved.properties[index]`): a copy of it
                // would retain and release its key path and its motion.
                // The dissolve's fade plays even when the opacity ends where it starts (its
                // resolved duration is then 0): it is the layer's own fade out and in.
                let fades = dissolve != nil && keyPath == opacityKeyPath
                guard resolved.properties[index].duration > 0 || fades else { continue }
                // (No `?? `: an optional existential is destroyed through the run time's generic code.)
                let keyframes: any KeyframeSequence
                // Whether they repeat is known here for all but a repeating group's, which are
                // asked.
                var repeats = false
                if fades {
                    keyframes = dissolveKeyframes(resolved.properties[index], among: resolved.properties)
                } else if let repeating = group.repeating {
                    keyframes = repeating.keyframes(at: index, of: resolved.properties[index])
                    repeats = keyframes is any RepeatingKeyframeSequence
                } else {
                    keyframes = resolved.properties[index].playedKeyframes
                }
                // Made in the host's list and changed there, rather than copied into it.
                state.placed.append(AnimationState.PlacedAnimation(
                    key: AnimationState.key(group: group.keyNumber, property: index),
                    animation: LayerAnimation(keyPath: keyPath, beginTime: now, keyframes: keyframes, repeats: repeats),
                    group: group, property: requests[requestIndex].plan.property))
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
        // Each property copied once, from the list into its request (a loop variable would be a
        // second copy; no `consume` of one here: the iOS type-check crashed on it).
        let promoted = promotingEntangledParts(properties, on: host, state: state, at: now)
        for index in promoted.indices {
            appendRequest(for: promoted[index], on: host, state: state, at: now, to: &requests)
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
        changes.emptyKeepingStorage()
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
        requests.emptyKeepingStorage()
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
        let played = opacity.playedKeyframes
        let values = played.valueList
        guard let from = values.first as? Double, let to = values.last as? Double,
              let firstJump = jumps.min(), let lastJump = jumps.max(), firstJump > 0 else { return played }
        let duration = max(opacity.duration, 2 * lastJump)
        let fade = CubicBezier(0.37, 0, 0.63, 1)   // a sine-like ease in and out
        return Keyframes(duration: duration, keyTimes: [0, firstJump / duration, lastJump / duration, 1],
                         values: [from, 0, 0, to], timingFunctions: [fade, .linear, fade])
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
        if let expectedType, !plan.target.hasType(expectedType) {
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
    /// targets, checked as such; other types through their components, read where the value is
    /// opened (a `validated` copy of a value too large for an existential's buffer would be boxed
    /// anew, an allocation for each rectangle or colour checked).
    private static func isEveryComponentFinite(_ value: any AnimatableValue) -> Bool {
        // The types layers use, checked by code specialized for them: the generic check reads
        // each component through the SIMD protocols.
        if let number = value.unboxed(as: Double.self) { return number.isFinite }
        if let point = value.unboxed(as: CGPoint.self) { return point.isEveryComponentFinite }
        if let rect = value.unboxed(as: CGRect.self) { return rect.isEveryComponentFinite }
        if let size = value.unboxed(as: CGSize.self) { return size.isEveryComponentFinite }
        if let color = value.unboxed(as: Color.self) { return color.isEveryComponentFinite }
        return value.isEveryComponentFinite
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
        if let shown = shownValue(keyPath, property: known, on: host, placed: state.placed, at: now) {
            if shown.isOwnTrack {
                // Only a spring, and a position that follows a path, carry the velocity on: a
                // timing curve starts from rest, with its duration shortened by the share of
                // the way already travelled.
                let carries = plan.easing.hasIntrinsicDuration || plan.path != nil
                inFlight = Self.inFlight(keyPath, state: state, at: now, carryingVelocity: carries)
            }
            // Read last, so that the value is moved out rather than copied (and the copy left
            // destroyed): a `consume` would say so, but crashes the iOS type-check here.
            current = shown.value
        } else {
            // A custom key path that was never set starts from its type's zero (FlightAnimator's
            // `animatableProgress` goes 0 → 1), not from its target.
            current = known?.defaultValue ?? zero(like: plan.target)
        }
        let tolerance = plan.fittedTolerance
        requests.append(Synchronizer.Request(plan: plan, current: current, inFlight: inFlight, tolerance: tolerance))
    }

    /// Where the animation of exactly `keyPath` that is shown at `now` started, and, with
    /// `carryingVelocity`, its velocity now, which a new animation of it carries on (zero
    /// without: a new motion on a timing curve starts from rest, and the velocity is not worked
    /// out); nil if that animation's group is paused (it stands still: the new motion starts
    /// from rest), reversed or over.
    static func inFlight(
        _ keyPath: String, state: AnimationState, at now: TimeInterval, carryingVelocity: Bool
    ) -> Synchronizer.InFlight? {
        guard let (group, index) = state.newestGroup(animating: keyPath), !group.isPaused, !group.isReversed,
              now - group.beginTime < group.totalDuration else { return nil }
        let elapsed = now - group.beginTime
        return Synchronizer.InFlight(from: group.resolved.from(ofPropertyAt: index),
                                     velocity: carryingVelocity ? group.velocity(ofPropertyAt: index, elapsed: elapsed) : .zero)
    }

    /// What a key path shows at `now`, composed by Flight's rule for parts and wholes
    /// (`PartComposition`) from the model value of its whole and Flight's own animations on it,
    /// each evaluated exactly as placed: not a decomposition of the host's presentation, which
    /// lags the model by a frame (and is nil before a layer's first commit), and which reads a
    /// spring that overshot `transform.scale` into −0.1 as a half-turn at 0.1. Also tells
    /// whether the value is the one an animation of exactly this key path plays. Nil for a
    /// custom key path never set.
    static func shownValue(_ keyPath: String, on host: any AnimationHost, at now: TimeInterval) -> Shown? {
        shownValue(keyPath, property: LayerProperty.named(keyPath), on: host, placed: host.animationState.placed, at: now)
    }

    /// ``shownValue(_:on:at:)`` given the layer property `keyPath` names (nil for a custom key
    /// path), when the caller knows it.
    private static func shownValue(
        _ keyPath: String, property: LayerProperty?, on host: any AnimationHost, placed: [AnimationState.PlacedAnimation],
        at now: TimeInterval
    ) -> Shown? {
        let base = property?.baseKeyPath ?? keyPath
        // An animation that is not Flight's (UIKit's, often additive) plays on the property:
        // what the host presents is what is shown.
        if host.hasOtherAnimations(onBase: base),
           let presented = host.presentationValue(forKeyPath: keyPath) {
            return Shown(value: presented, isOwnTrack: false)
        }
        // Nothing of Flight's plays on the host: the model is what is shown.
        if placed.isEmpty {
            guard let model = host.modelValue(forKeyPath: keyPath) else { return nil }
            return Shown(value: model, isOwnTrack: false)
        }
        // Most often the one animation on the whole is of exactly this key path: what it shows
        // is what is shown (rule 2), and neither the model nor a composition is needed.
        if let only = onlyAnimation(on: base, ofExactly: keyPath, property, among: placed),
           let value = placed[only].animation.value(at: now) {
            return Shown(value: value, isOwnTrack: true)
        }
        guard let model = host.modelValue(forKeyPath: base) else { return nil }
        var composition = PartComposition(keyPath: keyPath, property: property, model: model)
        // By index, each animation read in place: a placed animation as a loop variable is copied.
        for index in placed.indices where composition.concerns(placed[index].animation.keyPath, placed[index].property) {
            if let value = placed[index].animation.value(at: now) {
                composition.apply(value, of: placed[index].animation.keyPath, placed[index].property)
            }
        }
        return Shown(value: composition.value, isOwnTrack: composition.isOwnTrack)
    }

    /// The position in `placed` of the one animation on the whole `base` of `keyPath` (whose
    /// layer property is `property`, nil for a custom key path), if there is exactly one and it
    /// is of `keyPath` itself; nil otherwise.
    private static func onlyAnimation(
        on base: String, ofExactly keyPath: String, _ property: LayerProperty?, among placed: [AnimationState.PlacedAnimation]
    ) -> Int? {
        var only: Int?
        for index in placed.indices
        where PartComposition.shareWhole(placed[index].animation.keyPath, placed[index].property, base, property) {
            guard only == nil else { return nil }
            only = index
        }
        // By name, as the composition tells its own track (an alias of a property's key path
        // is read from the whole).
        guard let only, placed[only].animation.keyPath == keyPath else { return nil }
        return only
    }

    /// What a key path shows (see ``shownValue(_:on:at:)``). A type of its own rather than a
    /// tuple: an optional tuple holding an existential is copied and destroyed through the run
    /// time's generic code.
    struct Shown {
        /// The value shown.
        var value: any AnimatableValue
        /// Whether it is the value an animation of exactly this key path plays.
        var isOwnTrack: Bool
    }

    /// The value of `value`'s type whose components are all zero.
    private static func zero(like value: any AnimatableValue) -> any AnimatableValue {
        func make<Value: AnimatableValue>(_ value: Value) -> any AnimatableValue { Value(components: .zero) }
        return make(value)
    }

    /// A group that jumps: every property at its target, zero duration.
    private static func instant(_ requests: [Synchronizer.Request]) -> ResolvedGroup {
        let properties = requests.compactMap { request in
            instantProperty(request.plan.target, keyPath: request.plan.keyPath, layerProperty: request.plan.property,
                            isPrimary: request.plan.isPrimary)
        }
        return ResolvedGroup(duration: 0, properties: properties, drivingKeyPath: nil)
    }

    private static func instantProperty<Value: AnimatableValue>(
        _ target: Value, keyPath: String, layerProperty: LayerProperty?, isPrimary: Bool
    ) -> ResolvedProperty? {
        guard let motion = try? ValueMotion(from: target, to: target, easing: .linear, duration: 0) else { return nil }
        return ResolvedProperty(keyPath: keyPath, layerProperty: layerProperty, isPrimary: isPrimary, motion: motion,
                                keyframes: motion.keyframes())
    }

    /// The distance between two values, infinite for values of different types.
    static func distance(_ a: any AnimatableValue, _ b: any AnimatableValue) -> Double {
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

extension Array {
    /// Removes every element and keeps the storage, for a list that serves the next use. Taken
    /// off the end one by one: `removeAll(keepingCapacity:)` replaces the whole range through a
    /// generic path that costs more than the few elements an `animate` leaves (and `popLast()`
    /// destroys each as an optional, through the run time's generic code).
    @inline(__always)
    mutating func emptyKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}
