import Foundation

/// Resolves a plan against a snapshot of its target: the pure heart of Flight's "synchronize
/// remaining time".
///
/// For each property the motion starts from the current (presentation) value. A property that
/// was already animating keeps a share of its duration in proportion to what is left:
/// `duration × remaining / (remaining + travelled)`, distances measured with the value's
/// ``AnimatableValue/distance(to:)``; springs start from the in-flight velocity and take their
/// own settling time. The timing priority then picks the group duration from the primary
/// properties that still move (all moving properties if none is primary); timed properties
/// longer than that are re-timed to it, and the group grows to fit any spring, which is never
/// clipped.
///
/// What cannot be shown is decided here, before anything reaches a host: a spring whose start
/// velocity would carry it further than ``ValueMotion/excursionLimit`` is slowed to it
/// (``FlightError/velocityLimited(keyPath:reach:)``), and a motion whose distance or keyframes
/// are not finite numbers jumps to its target (``FlightError/motionOverflows(keyPath:)``). Each
/// property's fit makes at most ``ValueMotion/maximumFitEvaluations`` evaluations.
enum Synchronizer {
    /// What the target looks like for one property at the moment of resolution.
    struct Request {
        var plan: PropertyPlan
        /// The presentation value (the model value when nothing animates it).
        var current: any AnimatableValue
        /// The motion it is in, if a Flight group is animating it.
        var inFlight: InFlight?
        /// The tolerance its keyframes are sampled to.
        var tolerance: KeyframeTolerance
    }

    /// The state of an in-flight property. A reference, so that a request of a property at rest
    /// (most of them) holds one null pointer, which a copy of the request copies as it is, rather
    /// than an optional structure of a value and sixteen lanes, which it would copy through the
    /// run time's generic value witnesses.
    final class InFlight {
        /// Where the interrupted motion started.
        let from: any AnimatableValue
        /// Its exact velocity now, where the new motion carries it on (a spring's, a position's
        /// along a path); zero where it does not (see ``FlightEngine/inFlight(_:state:at:carryingVelocity:)``).
        let velocity: SIMD16<Double>

        init(from: any AnimatableValue, velocity: SIMD16<Double>) {
            (self.from, self.velocity) = (from, velocity)
        }
    }

    /// How a property moves before the group's duration is known.
    struct Timing {
        var isPhysical: Bool
        var naturalDuration: TimeInterval
        var moves: Bool
        /// Whether its distance is too large for a finite number, so that it jumps.
        var overflows = false
        /// The distance from the current value to the target, where it was measured (a value's,
        /// not a path's), so that the motion does not measure it again.
        var travel: Double?
        /// A colour's ends in its mixing space, placed to measure ``travel``, so that its motion
        /// does not place them again.
        var colorMix: ColorPath.Mix?
    }

    /// Resolves a group; tolerances that had to widen (see ``ValueMotion/maximumKeyframes``),
    /// springs that were slowed and motions that jump are appended to `reports`.
    static func resolve(
        _ requests: [Request], priority: TimingPriority, reports: inout [FlightError]
    ) throws -> ResolvedGroup {
        // The timings and the candidate durations live on the stack: `animate` allocates only
        // what it keeps.
        try withUnsafeTemporaryAllocation(of: Timing.self, capacity: requests.count) { timings in
            // Requests are read in place (indices, not `enumerated()`): each is a large value.
            for index in requests.indices {
                timings.initializeElement(at: index, to: try prepare(requests, index))
            }
            // Loops over indices, not closures: a closure reading `requests[$0]` copies the request.
            var hasPrimary = false
            for index in requests.indices where timings[index].moves && requests[index].plan.isPrimary {
                hasPrimary = true
                break
            }
            func isCandidate(_ index: Int) -> Bool {
                timings[index].moves && (requests[index].plan.isPrimary || !hasPrimary)
            }
            var duration = withUnsafeTemporaryAllocation(of: TimeInterval.self, capacity: requests.count) { candidates in
                var count = 0
                for index in requests.indices where isCandidate(index) {
                    candidates.initializeElement(at: count, to: timings[index].naturalDuration)
                    count += 1
                }
                return priority.pick(amongst: candidates[..<count])
            }
            for timing in timings where timing.moves && timing.isPhysical {
                duration = max(duration, timing.naturalDuration)
            }
            var properties: [ResolvedProperty] = []
            properties.reserveCapacity(requests.count)
            for (index, timing) in timings.enumerated() {
                let final = timing.isPhysical ? timing.naturalDuration : min(timing.naturalDuration, duration)
                properties.append(try finalize(requests, index, timing, duration: final, reports: &reports))
            }
            // The driving property: the candidate whose duration is closest to the chosen one
            // (the first declared on a tie).
            var driving: Int?
            for index in requests.indices where isCandidate(index) {
                let distance = abs(timings[index].naturalDuration - duration)
                if let best = driving, abs(timings[best].naturalDuration - duration) <= distance { continue }
                driving = index
            }
            return ResolvedGroup(duration: duration, properties: properties,
                                 drivingKeyPath: driving.map { requests[$0].plan.keyPath })
        }
    }

    // A request of a value is passed on as its list and its index, and read in place there
    // (`requests[index].plan.…`): passed as a value, even a borrowed one, it is copied first.
    // (One along a path, rarer and costlier to resolve, is still passed as a value.)

    /// Prepares request `index`. The value types layers use are dispatched to code specialized
    /// for them, so that resolving and fitting run without generic metadata look-ups; any other
    /// type runs the generic code.
    private static func prepare(_ requests: [Request], _ index: Int) throws -> Timing {
        if let path = requests[index].plan.path { return try preparePath(requests[index], path) }
        let target = requests[index].plan.target
        if let value = target.unboxed(as: Double.self) { return try prepare(value, requests, index) }
        if let value = target.unboxed(as: CGPoint.self) { return try prepare(value, requests, index) }
        if let value = target.unboxed(as: CGRect.self) { return try prepare(value, requests, index) }
        if let value = target.unboxed(as: CGSize.self) { return try prepare(value, requests, index) }
        if let value = target.unboxed(as: Color.self) { return try prepare(value, requests, index) }
        if let value = target.unboxed(as: Transform3D.self) { return try prepare(value, requests, index) }
        if let value = target.unboxed(as: Transform2D.self) { return try prepare(value, requests, index) }
        return try prepare(target, requests, index)
    }

    /// Resolves prepared request `index` for its final duration, dispatched as
    /// ``prepare(_:_:)``.
    private static func finalize(
        _ requests: [Request], _ index: Int, _ timing: Timing, duration: TimeInterval, reports: inout [FlightError]
    ) throws -> ResolvedProperty {
        if let path = requests[index].plan.path {
            return try finalizePath(requests[index], path, timing, duration: duration, reports: &reports)
        }
        let target = requests[index].plan.target
        if let value = target.unboxed(as: Double.self) { return try finalize(value, requests, index, timing, duration, &reports) }
        if let value = target.unboxed(as: CGPoint.self) { return try finalize(value, requests, index, timing, duration, &reports) }
        if let value = target.unboxed(as: CGRect.self) { return try finalize(value, requests, index, timing, duration, &reports) }
        if let value = target.unboxed(as: CGSize.self) { return try finalize(value, requests, index, timing, duration, &reports) }
        if let value = target.unboxed(as: Color.self) { return try finalize(value, requests, index, timing, duration, &reports) }
        if let value = target.unboxed(as: Transform3D.self) {
            return try finalize(value, requests, index, timing, duration, &reports)
        }
        if let value = target.unboxed(as: Transform2D.self) {
            return try finalize(value, requests, index, timing, duration, &reports)
        }
        return try finalize(target, requests, index, timing, duration, &reports)
    }

    /// The velocity an in-flight property carries on, as a value's components (zero at rest).
    static func velocity<Value: AnimatableValue>(_ inFlight: InFlight?, as type: Value.Type) -> Value.Components {
        var velocity = Value.Components.zero
        if let inFlight {
            for index in 0..<Value.componentCount { velocity[index] = inFlight.velocity[index] }
        }
        return velocity
    }

    /// The distance from `current` to `target`, and a colour's ends in its mixing space, placed
    /// to measure it (nil for other types).
    private static func travel<Value: AnimatableValue>(from current: Value, to target: Value) -> (Double, ColorPath.Mix?) {
        if let from = current.unboxed(as: Color.self), let to = target.unboxed(as: Color.self) {
            let mix = ColorPath.mix(from: from, to: to)
            return (mix.length, mix)
        }
        return (current.distance(to: target), nil)
    }

    /// The path from `current` to `target`, made from a colour's ends placed already (`mix`);
    /// nil (to be made by the motion) for other types.
    private static func path<Value: AnimatableValue>(from current: Value, to target: Value, mix: ColorPath.Mix?) -> Value.Path? {
        guard let mix, Value.Path.self == ColorPath.self,
              let from = current.unboxed(as: Color.self), let to = target.unboxed(as: Color.self) else { return nil }
        return unsafeBitCast(ColorPath(from: from, to: to, mix: mix), to: Value.Path.self)
    }

    private static func prepare<Value: AnimatableValue>(_ target: Value, _ requests: [Request], _ index: Int) throws -> Timing {
        let current = requests[index].current.unboxed(as: Value.self) ?? target
        let (remaining, colorMix) = travel(from: current, to: target)
        // A distance no finite number holds cannot be shown moving: the property jumps.
        guard remaining.isFinite else { return Timing(isPhysical: false, naturalDuration: 0, moves: false, overflows: true) }
        if requests[index].plan.easing.hasIntrinsicDuration {
            // A spring's duration is its own settling time, known only once it is resolved.
            let motion = try ValueMotion(from: current, to: target, easing: requests[index].plan.easing,
                                         duration: requests[index].plan.duration,
                                         initialVelocity: velocity(requests[index].inFlight, as: Value.self),
                                         tolerance: requests[index].tolerance, travel: remaining,
                                         path: path(from: current, to: target, mix: colorMix))
            return Timing(isPhysical: true, naturalDuration: motion.duration, moves: motion.duration > 0, travel: remaining,
                          colorMix: colorMix)
        }
        var duration = requests[index].plan.duration
        if let start = requests[index].inFlight?.from.unboxed(as: Value.self) {
            let travelled = start.distance(to: current)
            duration = remaining + travelled > 0 ? requests[index].plan.duration * remaining / (remaining + travelled) : 0
        }
        if remaining == 0 { duration = 0 }
        return Timing(isPhysical: false, naturalDuration: duration, moves: remaining > 0 && duration > 0, travel: remaining,
                      colorMix: colorMix)
    }

    private static func finalize<Value: AnimatableValue>(
        _ target: Value, _ requests: [Request], _ index: Int, _ timing: Timing, _ duration: TimeInterval,
        _ reports: inout [FlightError]
    ) throws -> ResolvedProperty {
        let (keyPath, isPrimary, tolerance) = (requests[index].plan.keyPath, requests[index].plan.isPrimary, requests[index].tolerance)
        let layerProperty = requests[index].plan.property
        let current = requests[index].current.unboxed(as: Value.self) ?? target
        /// The property jumping to its target, reported.
        func jump(evaluations: Int) throws -> ResolvedProperty {
            reports.append(.motionOverflows(keyPath: keyPath))
            let still = try ValueMotion(from: current, to: target, easing: .linear, duration: 0, tolerance: tolerance)
            let keyframes = still.boundedKeyframes(tolerance: tolerance).keyframes
            return ResolvedProperty(keyPath: keyPath, layerProperty: layerProperty, isPrimary: isPrimary, motion: still, keyframes: keyframes,
                                    fitEvaluations: evaluations)
        }
        guard !timing.overflows else { return try jump(evaluations: 0) }
        let motion = try ValueMotion(
            from: current, to: target, easing: requests[index].plan.easing,
            duration: timing.isPhysical ? requests[index].plan.duration : duration,
            initialVelocity: timing.isPhysical ? velocity(requests[index].inFlight, as: Value.self) : .zero, tolerance: tolerance,
            travel: timing.travel, path: path(from: current, to: target, mix: timing.colorMix))
        // A fit from where an interrupted motion stands is kept only briefly (see `boundedFit`).
        let (keyframes, widened, evaluations) = motion.boundedFit(tolerance: tolerance,
                                                                  startsMidFlight: requests[index].inFlight != nil)
        // The last check before a host: every keyframe value a finite number.
        guard keyframes.hasFiniteValues else { return try jump(evaluations: evaluations) }
        if motion.excursionWasLimited {
            reports.append(.velocityLimited(keyPath: keyPath, reach: motion.excursionLimit))
        }
        if let widened {
            reports.append(.toleranceWidened(keyPath: keyPath, tolerance: widened))
        }
        // Moved into the property's storage: a copy of a motion costs as much as a small fit.
        return ResolvedProperty(keyPath: keyPath, layerProperty: layerProperty, isPrimary: isPrimary, motion: consume motion,
                                fitted: keyframes,
                                widenedTolerance: widened, fitEvaluations: evaluations)
    }
}
