import Foundation

// How a new group meets the older animations on its key paths (the rules of the DocC article
// "Parts and wholes"): what it takes over, what plays on with a part held, and which parts are
// promoted to their whole before resolving.

extension FlightEngine {
    /// Takes `keyPath` over from every older animation on its whole, by Flight's rule for parts
    /// and wholes (``LayerProperty/overlap(of:over:)``): an animation it replaces is removed and
    /// its group gives that key path up; one that holds it is rewritten with `keyPath` held at
    /// `value` (the new model value) in every keyframe, so that it never shows its old track of
    /// that part again, and its key is added to `rewritten` (to be added again, see
    /// ``readd(_:in:changes:before:)``). The animations of `group` itself count, for the properties it
    /// declared before (a later declaration takes over an earlier one).
    /// (`property` is `keyPath`'s layer property, nil for a custom key path; `resolvedIndex` its
    /// index among `group`'s resolved properties: both known to the caller, and not looked up
    /// again here.)
    static func takeOver(
        _ keyPath: String, property: LayerProperty?, resolvedIndex: Int?, heldAt value: any AnimatableValue,
        by group: AnimationGroup, in state: AnimationState, on host: any AnimationHost,
        changes: inout [LayerAnimationChange], rewritten: inout Set<String>
    ) {
        // The group's own properties count only as far as those declared before this one.
        let declared = resolvedIndex ?? group.resolved.properties.count
        let isPart = property?.baseKeyPath != nil
        for old in state.activeGroups where old !== group || declared > 0 {
            let end = old === group ? declared : .max
            old.giveUp(before: end) { LayerProperty.overlap(of: keyPath, property, over: $0, $1) == .replaces }
            if isPart { old.holdPart(keyPath, property, before: end) }
        }
        var index = 0
        while index < state.placed.count {
            switch LayerProperty.overlap(of: keyPath, property, over: state.placed[index].animation.keyPath,
                                         state.placed[index].property) {
            case .replaces:
                changes.append(.remove(key: state.placed[index].key))
                if !rewritten.isEmpty { rewritten.remove(state.placed[index].key) }
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
    static func readd(
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
    static func promotingEntangledParts(
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
            // A rotation or scale part alone can still need its whole (rule 5 of the parts).
            guard !placedOnBase.isEmpty || !earlierOnBase.isEmpty || LayerProperty.movesDecomposition(keyPath) else { continue }
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
                guard LayerProperty.composesThroughReflection(keyPath, into: whole, written: written, target: target, over: older)
                else { continue }
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
        let carried = shown.isOwnTrack && plan.easing.hasIntrinsicDuration
            ? inFlight(plan.keyPath, state: state, at: now, carryingVelocity: true) : nil
        let tolerance = plan.fittedTolerance
        func keyframeValues<Value: AnimatableValue>(to target: Value) -> [any AnimatableValue]? {
            guard let from = shown.value as? Value else { return nil }
            let velocity = Synchronizer.velocity(carried, as: Value.self)
            guard let motion = try? ValueMotion(from: from, to: target, easing: plan.easing, duration: plan.duration,
                                                initialVelocity: velocity, tolerance: tolerance) else { return nil }
            return motion.boundedKeyframes(tolerance: tolerance).keyframes.values
        }
        return keyframeValues(to: plan.target) ?? [shown.value, plan.target]
    }

    /// Rewrites the animation at `index` in `state.placed` (of a key path that holds `keyPath`)
    /// with `keyPath` held at `value`, and notes its key in `rewritten` (see
    /// ``readd(_:in:changes:before:)``).
    static func hold(
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
            holding(partProperty, at: value, in: keyframe, of: wholeProperty, whole: model)
        }
        return rewritten
    }

    /// `value`, a value of `property` (nil: of the whole itself), with `part` held at `held`:
    /// written into `whole` (the model's whole), the part written, `property` read back.
    static func holding(
        _ part: LayerProperty, at held: any AnimatableValue, in value: any AnimatableValue, of property: LayerProperty?,
        whole: any AnimatableValue
    ) -> any AnimatableValue {
        let full = property?.write(value, into: whole) ?? value
        let written = part.write(held, into: full)
        return property?.read(from: written) ?? written
    }
}
