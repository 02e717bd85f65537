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

    /// The state of an in-flight property.
    struct InFlight {
        /// Where the interrupted motion started.
        var from: any AnimatableValue
        /// Its exact velocity now.
        var velocity: SIMD16<Double>
    }

    /// A property whose duration is known but whose group duration is not yet.
    private struct Prepared {
        var keyPath: String
        var isPrimary: Bool
        var isPhysical: Bool
        var naturalDuration: TimeInterval
        var moves: Bool
        var finalize: (TimeInterval) throws -> ResolvedProperty
    }

    static func resolve(_ requests: [Request], priority: TimingPriority) throws -> ResolvedGroup {
        let prepared = try requests.map { request in try prepare(request.plan.target, request) }
        let moving = prepared.filter(\.moves)
        let primaries = moving.filter(\.isPrimary)
        let candidates = primaries.isEmpty ? moving : primaries
        var duration = priority.pick(from: candidates.map(\.naturalDuration))
        for property in moving where property.isPhysical {
            duration = max(duration, property.naturalDuration)
        }
        let properties = try prepared.map { property in
            let final = property.isPhysical ? property.naturalDuration : min(property.naturalDuration, duration)
            return try property.finalize(final)
        }
        // The driving property: the candidate whose duration is closest to the chosen one.
        let driving = candidates.min { abs($0.naturalDuration - duration) < abs($1.naturalDuration - duration) }
        return ResolvedGroup(duration: duration, properties: properties, drivingKeyPath: driving?.keyPath)
    }

    private static func prepare<Value: AnimatableValue>(_ target: Value, _ request: Request) throws -> Prepared {
        let plan = request.plan
        let current = request.current as? Value ?? target
        var velocity = Value.Components.zero
        if let inFlight = request.inFlight {
            for index in 0..<Value.componentCount { velocity[index] = inFlight.velocity[index] }
        }
        let remaining = current.distance(to: target)
        let isPhysical = plan.easing.hasIntrinsicDuration
        if isPhysical {
            let motion = try ValueMotion(from: current, to: target, easing: plan.easing, duration: plan.duration,
                                         initialVelocity: velocity, tolerance: request.tolerance)
            return Prepared(
                keyPath: plan.keyPath, isPrimary: plan.isPrimary, isPhysical: true,
                naturalDuration: motion.duration, moves: motion.duration > 0,
                finalize: { _ in
                    ResolvedProperty(keyPath: plan.keyPath, isPrimary: plan.isPrimary, motion: motion,
                                     keyframes: motion.keyframes())
                })
        }
        var duration = plan.duration
        if let inFlight = request.inFlight, let start = inFlight.from as? Value {
            let travelled = start.distance(to: current)
            duration = remaining + travelled > 0 ? plan.duration * remaining / (remaining + travelled) : 0
        }
        if remaining == 0 { duration = 0 }
        return Prepared(
            keyPath: plan.keyPath, isPrimary: plan.isPrimary, isPhysical: false,
            naturalDuration: duration, moves: remaining > 0 && duration > 0,
            finalize: { final in
                let motion = try ValueMotion(from: current, to: target, easing: plan.easing, duration: final,
                                             tolerance: request.tolerance)
                return ResolvedProperty(keyPath: plan.keyPath, isPrimary: plan.isPrimary, motion: motion,
                                        keyframes: motion.keyframes())
            })
    }
}
