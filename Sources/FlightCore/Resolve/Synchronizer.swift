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
        var request: Request
        var isPhysical: Bool
        var naturalDuration: TimeInterval
        var moves: Bool
        var keyPath: String { request.plan.keyPath }
        var isPrimary: Bool { request.plan.isPrimary }
    }

    /// Resolves a group; tolerances that had to widen (see ``ValueMotion/maximumKeyframes``) are
    /// appended to `reports`.
    static func resolve(
        _ requests: [Request], priority: TimingPriority, reports: inout [FlightError]
    ) throws -> ResolvedGroup {
        let prepared = try requests.map(prepare)
        var duration = 0.0
        var hasPrimary = false
        for property in prepared where property.moves && property.isPrimary { hasPrimary = true }
        var candidates: [TimeInterval] = []
        candidates.reserveCapacity(prepared.count)
        for property in prepared where property.moves && (property.isPrimary || !hasPrimary) {
            candidates.append(property.naturalDuration)
        }
        duration = priority.pick(from: candidates)
        for property in prepared where property.moves && property.isPhysical {
            duration = max(duration, property.naturalDuration)
        }
        var properties: [ResolvedProperty] = []
        properties.reserveCapacity(prepared.count)
        for property in prepared {
            let final = property.isPhysical ? property.naturalDuration : min(property.naturalDuration, duration)
            properties.append(try finalize(property, duration: final, reports: &reports))
        }
        // The driving property: the candidate whose duration is closest to the chosen one (the
        // first declared on a tie).
        var driving: Prepared?
        for property in prepared where property.moves && (property.isPrimary || !hasPrimary) {
            if let best = driving, abs(best.naturalDuration - duration) <= abs(property.naturalDuration - duration) { continue }
            driving = property
        }
        return ResolvedGroup(duration: duration, properties: properties, drivingKeyPath: driving?.keyPath)
    }

    /// Prepares one property. The value types layers use are dispatched to code specialized
    /// for them, so that resolving and fitting run without generic metadata look-ups; any other
    /// type runs the generic code.
    private static func prepare(_ request: Request) throws -> Prepared {
        switch request.plan.target {
        case let value as Double: try prepare(value, request)
        case let value as CGPoint: try prepare(value, request)
        case let value as CGRect: try prepare(value, request)
        case let value as CGSize: try prepare(value, request)
        case let value as Color: try prepare(value, request)
        case let value as Transform3D: try prepare(value, request)
        case let value as Transform2D: try prepare(value, request)
        default: try prepare(request.plan.target, request)
        }
    }

    /// Resolves a prepared property for its final duration, dispatched as ``prepare(_:)``.
    private static func finalize(
        _ property: Prepared, duration: TimeInterval, reports: inout [FlightError]
    ) throws -> ResolvedProperty {
        switch property.request.plan.target {
        case let value as Double: try finalize(value, property, duration: duration, reports: &reports)
        case let value as CGPoint: try finalize(value, property, duration: duration, reports: &reports)
        case let value as CGRect: try finalize(value, property, duration: duration, reports: &reports)
        case let value as CGSize: try finalize(value, property, duration: duration, reports: &reports)
        case let value as Color: try finalize(value, property, duration: duration, reports: &reports)
        case let value as Transform3D: try finalize(value, property, duration: duration, reports: &reports)
        case let value as Transform2D: try finalize(value, property, duration: duration, reports: &reports)
        default: try finalize(property.request.plan.target, property, duration: duration, reports: &reports)
        }
    }

    private static func velocity<Value: AnimatableValue>(_ request: Request, as type: Value.Type) -> Value.Components {
        var velocity = Value.Components.zero
        if let inFlight = request.inFlight {
            for index in 0..<Value.componentCount { velocity[index] = inFlight.velocity[index] }
        }
        return velocity
    }

    private static func prepare<Value: AnimatableValue>(_ target: Value, _ request: Request) throws -> Prepared {
        let plan = request.plan
        let current = request.current as? Value ?? target
        let remaining = current.distance(to: target)
        if plan.easing.hasIntrinsicDuration {
            // A spring's duration is its own settling time, known only once it is resolved.
            let motion = try ValueMotion(from: current, to: target, easing: plan.easing, duration: plan.duration,
                                         initialVelocity: velocity(request, as: Value.self), tolerance: request.tolerance)
            return Prepared(request: request, isPhysical: true, naturalDuration: motion.duration, moves: motion.duration > 0)
        }
        var duration = plan.duration
        if let inFlight = request.inFlight, let start = inFlight.from as? Value {
            let travelled = start.distance(to: current)
            duration = remaining + travelled > 0 ? plan.duration * remaining / (remaining + travelled) : 0
        }
        if remaining == 0 { duration = 0 }
        return Prepared(request: request, isPhysical: false, naturalDuration: duration, moves: remaining > 0 && duration > 0)
    }

    private static func finalize<Value: AnimatableValue>(
        _ target: Value, _ property: Prepared, duration: TimeInterval, reports: inout [FlightError]
    ) throws -> ResolvedProperty {
        let request = property.request
        let plan = request.plan
        let current = request.current as? Value ?? target
        let motion = try ValueMotion(
            from: current, to: target, easing: plan.easing, duration: property.isPhysical ? plan.duration : duration,
            initialVelocity: property.isPhysical ? velocity(request, as: Value.self) : .zero, tolerance: request.tolerance)
        let (keyframes, widened) = motion.boundedKeyframes(tolerance: request.tolerance)
        if let widened { reports.append(.toleranceWidened(keyPath: plan.keyPath, tolerance: widened)) }
        return ResolvedProperty(keyPath: plan.keyPath, isPrimary: plan.isPrimary, motion: motion, keyframes: keyframes,
                                widenedTolerance: widened)
    }
}
