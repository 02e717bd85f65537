import Foundation

extension AnimationGroup {
    /// The whole group as one animation to add yourself: on Apple platforms a `CAAnimationGroup`
    /// of one `CAKeyframeAnimation` per property (`caAnimationGroup(beginTime:)`), for a video
    /// overlay, a layer built off-screen or a snapshot test.
    ///
    /// ```swift
    /// let group = layer.animate { animator in
    ///     animator.position(CGPoint(x: 300, y: 80)).duration(0.6).easing(.outBack)
    /// }
    /// let export = group.export()   // plays the same on any layer it is added to
    /// ```
    ///
    /// The export is the group as it was resolved when it started, from its start to its end: the
    /// same whatever became of the group since (paused, reversed, taken over, ended, its target
    /// released), and the same on every call. Each property is the keyframe animation the engine
    /// played for it (``LayerAnimationGroup`` says how the group times them); a property that
    /// went to its target at once is held at its target for the whole group, so the export
    /// shows every value the group set. The group's callbacks and triggers belong to the engine,
    /// not to any animation: an export carries none of them.
    ///
    /// - Returns: The export, or nil (and a ``FlightError/nothingToExport`` report) for a group
    ///   that takes no time: no property, or none that plays over time.
    public func export() -> LayerAnimationGroup? {
        GroupExport.make(resolved) { [host] keyPath in host?.modelValue(forKeyPath: keyPath) }
    }
}

extension AnimationTarget {
    /// Builds a group animation against this target and returns it as one animation to add
    /// yourself, without playing it: nothing on the target changes, no callback is called, no
    /// trigger is started.
    ///
    /// ```swift
    /// let overlay = HeadlessLayer()               // or an off-screen CALayer
    /// overlay.position = CGPoint(x: 40, y: 40)
    /// let intro = overlay.exportAnimation { animator in
    ///     animator.position(CGPoint(x: 300, y: 40)).duration(0.8).easing(.outCubic)
    ///     animator.alpha(0.3).duration(0.4).easing(.inSine)
    /// }
    /// ```
    ///
    /// The group is resolved exactly as ``animate(_:_:)`` would resolve it now (the same
    /// validation and reports, the same timing priority, parts and wholes, springs), from what
    /// the target shows: its model values when nothing animates it. See ``AnimationGroup/export()``
    /// for what the export holds.
    ///
    /// - Returns: The export, or nil (and a ``FlightError/nothingToExport`` report) for a group
    ///   that takes no time.
    public func exportAnimation(
        _ timingPriority: TimingPriority = .maxTime,
        _ build: (GroupAnimator) -> Void
    ) -> LayerAnimationGroup? {
        let animator = GroupAnimator(timingPriority: timingPriority)
        build(animator)
        return FlightEngine.export(animator.plan, on: animationHost)
    }
}

extension FlightEngine {
    /// Resolves `plan` on `host` as ``run(_:on:animated:)`` does, and exports it without playing.
    static func export(_ plan: AnimationPlan, on host: any AnimationHost) -> LayerAnimationGroup? {
        let now = now(on: host)
        var requests: [Synchronizer.Request] = []
        for property in promotingEntangledParts(plan.properties, on: host) {
            if let made = request(for: property, on: host, at: now) { requests.append(made) }
        }
        let resolved: ResolvedGroup
        do {
            var reports: [FlightError] = []
            resolved = try Synchronizer.resolve(requests, priority: plan.timingPriority, reports: &reports)
            for report in reports { FlightDiagnostics.report(report) }
        } catch {
            // Requests are validated above, so this is not expected; report it.
            FlightDiagnostics.report(.invalidValue(keyPath: "group", reason: "\(error)"))
            return nil
        }
        return GroupExport.make(resolved) { host.modelValue(forKeyPath: $0) }
    }
}

/// How a resolved group becomes a ``LayerAnimationGroup``: one animation per property, in
/// declaration order, each taking over what the group's earlier properties animate as the engine
/// takes it over on a layer (a later whole replaces an earlier part; a later part is held at its
/// target inside an earlier whole, so the whole never shows its old track of that part).
@MainActor
enum GroupExport {
    static func make(
        _ resolved: ResolvedGroup, model: (String) -> (any AnimatableValue)?
    ) -> LayerAnimationGroup? {
        let duration = resolved.duration
        guard duration > 0, duration.isFinite, !resolved.properties.isEmpty else {
            FlightDiagnostics.report(.nothingToExport)
            return nil
        }
        var animations: [LayerAnimation] = []
        animations.reserveCapacity(resolved.properties.count)
        // Each whole as the group has set it so far: what a part is held inside.
        var wholes: [String: any AnimatableValue] = [:]
        for property in resolved.properties {
            let keyPath = property.keyPath
            let base = LayerProperty.base(of: keyPath)
            var index = 0
            while index < animations.count {
                switch LayerProperty.overlap(of: keyPath, over: animations[index].keyPath) {
                case .replaces:
                    animations.remove(at: index)
                    continue
                case .holds:
                    let whole = wholes[base] ?? model(base) ?? LayerProperty.named(base)?.defaultValue
                    if let whole {
                        animations[index].keyframes = holding(keyPath, at: property.to, in: animations[index], whole: whole)
                    }
                case .none, .entangled:
                    // Entangled parts were promoted to their whole before resolving.
                    break
                }
                index += 1
            }
            if LayerProperty.named(keyPath)?.baseKeyPath != nil {
                if let whole = wholes[base] ?? model(base) ?? LayerProperty.named(base)?.defaultValue {
                    wholes[base] = LayerProperty.compose(property.to, of: keyPath, into: whole)
                }
            } else {
                wholes[base] = property.to
            }
            let keyframes = property.duration > 0 ? property.keyframes : held(property.to, for: duration)
            var animation = LayerAnimation(keyPath: keyPath, beginTime: 0, keyframes: keyframes)
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            animations.append(animation)
        }
        return LayerAnimationGroup(duration: duration, animations: animations)
    }

    /// `animation` (of a key path that holds `part`: its whole, or a larger part) with `part`
    /// held at `value` in every keyframe, `whole` standing for the rest of the whole.
    private static func holding(
        _ part: String, at value: any AnimatableValue, in animation: LayerAnimation, whole: any AnimatableValue
    ) -> any KeyframeSequence {
        guard let partProperty = LayerProperty.named(part) else { return animation.keyframes }
        let wholeProperty = animation.keyPath == partProperty.baseKeyPath ? nil : LayerProperty.named(animation.keyPath)
        return animation.keyframes.mappingValues { keyframe in
            let full = wholeProperty?.write(keyframe, into: whole) ?? keyframe
            let held = partProperty.write(value, into: full)
            return wholeProperty?.read(from: held) ?? held
        }
    }

    /// Keyframes that hold `value` for `duration`.
    private static func held(_ value: any AnimatableValue, for duration: TimeInterval) -> any KeyframeSequence {
        func make<Value: AnimatableValue>(_ value: Value) -> any KeyframeSequence {
            Keyframes(duration: duration, keyTimes: [0, 1], values: [value, value], timingFunctions: [.linear])
        }
        return make(value)
    }
}
