import Foundation

/// A whole value in motion: an easing applied between two values of any ``AnimatableValue``
/// type, giving the value, velocity and progress at any time.
///
/// ```swift
/// let slide = try ValueMotion(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 300, y: 40),
///                             easing: .outCubic, duration: 0.5)
/// let halfway = slide.value(at: 0.25)
/// let keys = slide.keyframes(tolerance: .geometry)   // what CoreAnimation will play
/// ```
///
/// Timing curves move the value along its ``AnimatableValue/Path`` with one shared progress.
/// Physical easings do the same for transforms and colours, but move each component of a
/// componentwise value (points, sizes, rects, numbers) on its own spring, so a two-dimensional
/// gesture velocity is honoured in both directions.
public struct ValueMotion<Value: AnimatableValue>: Sendable {
    /// The start value.
    public let from: Value
    /// The end value.
    public let to: Value
    /// The easing.
    public let easing: Easing
    /// How long the motion takes: the given duration for timing curves, the longest settling
    /// time of its components for physical easings.
    public let duration: TimeInterval

    /// The tolerance the motion will be shown with; see ``init(from:to:easing:duration:initialVelocity:settlingFraction:tolerance:)``.
    public let tolerance: KeyframeTolerance

    /// How far, in tolerances, a spring's start velocity may carry a motion: 10⁵ (50,000 pt at
    /// ``KeyframeTolerance/geometry``'s half point, 28 turns at ``KeyframeTolerance/rotation``'s
    /// tenth of a degree). See ``excursionLimit``.
    public static var maximumExcursionInTolerances: Double { 100_000 }

    /// The furthest the start velocity of a spring or spring decay may carry this motion, in
    /// distance units: the larger of its travel and ``maximumExcursionInTolerances`` times its
    /// tolerance. Infinite for a relative tolerance (values whose units Flight does not know):
    /// such a motion is fitted alike at any scale, and only a value that overflows stops it.
    ///
    /// A velocity that would carry the spring further alone (`|v₀| / ω₀`, the spring's
    /// `SpringMotion.scale`, measured along the path for transforms and colours) is scaled
    /// down to this, keeping its direction: the spring then overshoots its end value by at most
    /// about 1.2 times this distance, and is shown within its tolerance in a bounded number of
    /// keyframes. Where that happened, ``excursionWasLimited`` is true (and FlightCore reports
    /// ``FlightError/velocityLimited(keyPath:reach:)``).
    public let excursionLimit: Double
    /// Whether the start velocity was scaled down to ``excursionLimit``.
    public let excursionWasLimited: Bool

    /// The path between the ends the progress moves along (a componentwise one for a motion
    /// whose components move on their own).
    private let path: Value.Path
    private let channels: Channels
    /// The component channels' lanes when they all move on one spring (a spring decay fed a
    /// two-dimensional velocity), so that each instant's oscillation serves them all.
    private let sharedSpring: SharedSpring<Value.Components>?
    /// `from.distance(to: to)`: measured here, or handed in by the caller that measured it.
    let travel: Double
    /// What the progress channel depends on besides its easing, for ``KeyframeCache``: its start
    /// velocity and the settling fraction. (The easing is ``easing``, or for a spring decay along a
    /// path its spring: derived, not stored, see ``progressCacheKey(tolerance:)``.)
    private let progressKey: (velocity: Double, settlingFraction: Double)
    /// Whether the easing sets the duration (``Easing/hasIntrinsicDuration``: a spring or a
    /// decay), worked out once.
    let isPhysical: Bool

    private enum Channels: Sendable {
        /// One progress, 0 to 1, along the path.
        case progress(Trajectory)
        /// One trajectory per component.
        case components([Trajectory])
    }

    /// Resolves a motion.
    ///
    /// - Parameters:
    ///   - from: The start value.
    ///   - to: The end value.
    ///   - easing: The easing.
    ///   - duration: The duration in seconds, used by timing curves (physical easings take
    ///     their own settling time).
    ///   - initialVelocity: The velocity at the start, per component in value units per second,
    ///     for `Easing.spring(_:)` (a redirected animation passes its in-flight velocity).
    ///     For transforms and colours only its part along the path counts.
    ///   - settlingFraction: The band, as a fraction of each motion's scale, within which a
    ///     physical easing counts as settled.
    ///   - tolerance: How closely the motion will be shown: the default for ``keyframes(tolerance:)``,
    ///     and a cap on the settling band, so that a large spring's final snap to its end value
    ///     is never bigger than the tolerance.
    /// - Throws: ``AnimationValueError/nonFinite(_:component:)`` for a NaN or infinite value or
    ///   velocity, ``AnimationValueError/invalidDuration(_:)`` for a negative, NaN or infinite
    ///   duration.
    // Called from an app's module, a generic initializer runs unspecialized, reading each
    // component through the SIMD protocols; specialized entry points for the value types layers
    // use, chosen by the type at run time, run the same code specialized.
    @_specialize(where Value == Double)
    @_specialize(where Value == CGPoint)
    @_specialize(where Value == CGSize)
    @_specialize(where Value == CGRect)
    @_specialize(where Value == Color)
    @_specialize(where Value == Transform3D)
    @_specialize(where Value == Transform2D)
    public init(
        from: Value,
        to: Value,
        easing: Easing,
        duration: TimeInterval,
        initialVelocity: Value.Components = .zero,
        settlingFraction: Double = SpringMotion.defaultSettlingFraction,
        tolerance: KeyframeTolerance = .default
    ) throws {
        try self.init(from: from, to: to, easing: easing, duration: duration, initialVelocity: initialVelocity,
                      settlingFraction: settlingFraction, tolerance: tolerance, travel: nil)
    }

    /// Resolves a motion whose travel, `from.distance(to: to)`, the caller has measured already
    /// (nil: measured here), and whose path, `Value.Path(from: from, to: to)`, it may have made
    /// (nil: made here). A distance or a path can cost as much as the rest of a motion (a
    /// colour's are placed in its mixing space, through roots and powers).
    init(
        from: Value, to: Value, easing: Easing, duration: TimeInterval, initialVelocity: Value.Components = .zero,
        settlingFraction: Double = SpringMotion.defaultSettlingFraction, tolerance: KeyframeTolerance = .default,
        travel knownTravel: Double?, path knownPath: Value.Path? = nil
    ) throws {
        self.from = try from.validated("start value")
        self.to = try to.validated("end value")
        guard duration.isFinite, duration >= 0 else { throw AnimationValueError.invalidDuration(duration) }
        for index in 0..<Value.componentCount where !initialVelocity[index].isFinite {
            throw AnimationValueError.nonFinite("initial velocity", component: index)
        }
        self.tolerance = tolerance
        path = knownPath ?? Value.Path(from: from, to: to)
        travel = knownTravel ?? from.distance(to: to)
        assert(knownTravel.map { $0 == from.distance(to: to) || $0.isNaN } ?? true, "the travel handed in is the motion's")
        // The settling band may not exceed what keyframes are allowed to miss by.
        let bound = tolerance.bound(extent: travel)
        // Decided up front: a spring goes no further than can be shown. Only a tolerance in
        // display units says how far that is.
        if case .absolute(let absolute) = tolerance, absolute > 0, absolute.isFinite {
            excursionLimit = max(travel, Self.maximumExcursionInTolerances * bound)
        } else {
            excursionLimit = .infinity
        }
        let limited = Self.limitingExcursion(easing: easing, initialVelocity: initialVelocity, from: from, to: to,
                                             travel: travel, limit: excursionLimit)
        let easing = limited?.easing ?? easing
        let initialVelocity = limited?.initialVelocity ?? initialVelocity
        excursionWasLimited = limited != nil
        self.easing = easing
        isPhysical = easing.hasIntrinsicDuration

        if Value.Path.isComponentwise && isPhysical
            && !Self.movesAlongTravel(easing: easing, from: from, to: to, initialVelocity: initialVelocity) {
            let start = from.components, end = to.components
            let trajectories = (0..<Value.componentCount).map { index in
                Trajectory(easing: easing, from: start[index], to: end[index], duration: duration,
                           initialVelocity: initialVelocity[index], component: index,
                           settlingFraction: settlingFraction,
                           settlingTolerance: bound / Double(Value.componentCount).squareRoot())
            }
            channels = .components(trajectories)
            sharedSpring = SharedSpring(trajectories)
            progressKey = (0, settlingFraction)
            self.duration = trajectories.map(\.duration).max() ?? 0
        } else {
            let progressEasing = Self.progressEasing(easing)
            var progressVelocity = 0.0
            if isPhysical {
                // Along a path, velocity is the rate of progress: project it on the travel.
                var velocity = initialVelocity
                if case .springDecay(let springDecay) = easing {
                    for index in 0..<Value.componentCount { velocity[index] = springDecay.velocity(ofComponent: index) }
                }
                let delta = to.components - from.components
                let lengthSquared = (delta * delta).sum()
                progressVelocity = lengthSquared > 0 ? (velocity * delta).sum() / lengthSquared : 0
            }
            progressKey = (progressVelocity, settlingFraction)
            let progress = Trajectory(easing: progressEasing, from: 0, to: 1, duration: duration,
                                      initialVelocity: progressVelocity, settlingFraction: settlingFraction,
                                      settlingTolerance: travel > 0 ? bound / travel : .infinity)
            channels = .progress(progress)
            sharedSpring = nil
            self.duration = progress.duration
        }
    }

    /// The easing and initial velocity with the start velocity scaled down so that the spring
    /// it starts alone would carry the motion at most `limit` (see ``excursionLimit``), or nil
    /// where it already does (and for easings that take no start velocity).
    private static func limitingExcursion(
        easing: Easing, initialVelocity: Value.Components, from: Value, to: Value, travel: Double, limit: Double
    ) -> (easing: Easing, initialVelocity: Value.Components)? {
        // Only a spring or a spring decay can be limited: most motions are told apart here, by
        // the easing's case, before its kind (a switch over every case) is worked out.
        var isSpring = false
        if case .spring = easing { isSpring = true } else if case .springDecay = easing { isSpring = true }
        guard isSpring else { return nil }
        var velocity = initialVelocity
        let spring: Spring
        switch easing.kind {
        case .spring(let given):
            spring = given
        case .springDecay(let springDecay):
            spring = springDecay.spring
            for index in 0..<Value.componentCount { velocity[index] = springDecay.velocity(ofComponent: index) }
        case .named, .cubicBezier, .steps, .custom, .decay, .reversed:
            // Timing curves, decays and physical easings played backwards start from rest.
            return nil
        }
        // The speed that counts, in distance units per second, as a multiple of the largest
        // component, so that velocities near the largest finite number do not overflow.
        let largest = max(velocity.max(), -velocity.min())
        guard largest > 0, largest.isFinite else { return nil }
        let direction = velocity / largest
        let relativeSpeed: Double
        if Value.Path.isComponentwise {
            relativeSpeed = (direction * direction).sum().squareRoot()
        } else {
            // Along a curved path only the velocity's part along the travel moves the progress.
            let delta = to.components - from.components
            let reach = max(delta.max(), -delta.min())
            guard reach > 0, reach.isFinite else { return nil }
            let unit = delta / reach
            relativeSpeed = abs((direction * unit).sum()) / (unit * unit).sum() / reach * travel
        }
        let allowed = limit * spring.naturalFrequency / relativeSpeed
        guard relativeSpeed > 0, relativeSpeed.isFinite, largest > allowed else { return nil }
        velocity = direction * allowed
        if case .springDecay(let springDecay) = easing {
            let velocities = (0..<Value.componentCount).map { velocity[$0] }
            return (.springDecay(SpringDecay(velocity: velocities, spring: springDecay.spring)), initialVelocity)
        }
        return (easing, velocity)
    }

    /// Whether a physical easing keeps a componentwise value on the straight line from `from` to
    /// `to`: its start velocity is zero or parallel to the travel, so every component moves in
    /// proportion and one progress describes them all (and one timing curve per segment fits
    /// them exactly).
    private static func movesAlongTravel(
        easing: Easing, from: Value, to: Value, initialVelocity: Value.Components
    ) -> Bool {
        let delta = to.components - from.components
        var velocity = initialVelocity
        switch easing.kind {
        case .springDecay(let springDecay):
            for index in 0..<Value.componentCount { velocity[index] = springDecay.velocity(ofComponent: index) }
        case .decay, .reversed:
            // Decays, and physical easings played backwards, start from rest.
            velocity = .zero
        case .spring, .named, .cubicBezier, .steps, .custom:
            break
        }
        let speedSquared = (velocity * velocity).sum()
        if speedSquared == 0 { return true }
        let lengthSquared = (delta * delta).sum()
        guard lengthSquared > 0 else { return false }
        let along = (velocity * delta).sum()
        return speedSquared * lengthSquared - along * along <= 1e-18 * speedSquared * lengthSquared
    }

    /// The value at time `t` (seconds from the start): `from` before 0, exactly `to` from
    /// ``duration`` on.
    public func value(at t: TimeInterval) -> Value {
        if t >= duration { return to }
        switch channels {
        case .progress(let progress):
            return path.value(at: progress.value(at: t))
        case .components(let trajectories):
            // One oscillation for every component: the same numbers, computed once.
            if t > 0, let value = sharedSpring?.value(at: t) { return Value(components: value) }
            var components = Value.Components.zero
            for (index, trajectory) in trajectories.enumerated() { components[index] = trajectory.value(at: t) }
            return Value(components: components)
        }
    }

    /// The velocity at time `t`, per component in value units per second. For transforms and
    /// colours it is the rate of progress times the change in components, an approximation of
    /// the motion along their curved path.
    public func velocity(at t: TimeInterval) -> Value.Components {
        switch channels {
        case .progress(let progress):
            return (to.components - from.components) * progress.velocity(at: t)
        case .components(let trajectories):
            var components = Value.Components.zero
            for (index, trajectory) in trajectories.enumerated() { components[index] = trajectory.velocity(at: t) }
            return components
        }
    }

    /// How far along the motion is at `t`: the signed projection of `value − from` onto
    /// `to − from`, divided by `|to − from|²` (for transforms and colours, the progress along
    /// their path). Springs can pass 1. When `from == to` it is the fraction of the duration
    /// elapsed, so it is never NaN.
    public func progress(at t: TimeInterval) -> Double {
        switch channels {
        case .progress(let progress):
            guard travel > 0 else { return Self.timeProgress(t, duration) }
            return progress.value(at: t)
        case .components:
            let delta = to.components - from.components
            let lengthSquared = (delta * delta).sum()
            guard lengthSquared > 0 else { return Self.timeProgress(t, duration) }
            return ((value(at: t).components - from.components) * delta).sum() / lengthSquared
        }
    }

    /// The fraction of `duration` elapsed at `t`, 1 for a zero duration.
    private static func timeProgress(_ t: TimeInterval, _ duration: TimeInterval) -> Double {
        if t >= duration { return 1 }
        return t > 0 ? t / duration : 0
    }

    /// Whether the value never changes: a progress along a path of zero length.
    var isStill: Bool {
        if case .progress = channels { return travel == 0 }
        return false
    }

    /// The key a fit of this motion's progress is kept under, given the tolerance relative to
    /// the travel (or absolute, along a curved path).
    func progressCacheKey(tolerance: Double) -> KeyframeCache.ProgressKey {
        KeyframeCache.ProgressKey(easing: Self.progressEasing(easing), velocity: progressKey.velocity,
                                  settlingFraction: progressKey.settlingFraction, tolerance: tolerance)
    }

    /// The easing a progress along the path moves on: `easing` itself, or for a spring decay
    /// its spring (the decay's velocity is projected on the travel as the progress's own).
    private static func progressEasing(_ easing: Easing) -> Easing {
        if case .springDecay(let springDecay) = easing { return .spring(springDecay.spring) }
        return easing
    }

    /// The progress trajectory and the travel, for motions along a path (nil for motions whose
    /// components move on their own).
    var progressChannel: (trajectory: Trajectory, path: Value.Path, travel: Double)? {
        if case .progress(let trajectory) = channels { return (trajectory, path, travel) }
        return nil
    }

    /// Whether the motion moves along its path on one progress (false where its components
    /// move on their own).
    var movesAlongPath: Bool {
        if case .progress = channels { return true }
        return false
    }

    /// The source the segment fitter follows for this motion.
    func withSegmentSource<Result>(
        progress: (ProgressSource<Value>) -> Result, components: (ComponentSource<Value>) -> Result
    ) -> Result {
        switch channels {
        case .progress(let trajectory):
            progress(ProgressSource(easing: easing, trajectory: trajectory, path: path, travel: travel))
        case .components(let trajectories):
            components(ComponentSource(trajectories: trajectories, duration: duration, sharedSpring: sharedSpring))
        }
    }
}
