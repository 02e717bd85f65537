import Foundation

/// A vector as SwiftUI's `VectorArithmetic` has one: all that Flight's SwiftUI animation does
/// with a value is add, subtract and scale it, and measure its length.
package protocol MotionVector: AdditiveArithmetic {
    /// The vector times `factor`.
    func scaled(by factor: Double) -> Self
    /// The square of the vector's length.
    var magnitudeSquared: Double { get }
}

/// The bookkeeping of `FlightAnimation`, SwiftUI's `CustomAnimation` for Flight's easings,
/// kept portable so that it is tested on Linux against the rules Apple documents for
/// `CustomAnimation`:
///
/// - `animate(value:time:context:)` returns the part of `value` (the whole change) made at
///   `time`, and nil once the animation has finished, after which SwiftUI removes it and shows
///   the value's end ([`animate`](https://developer.apple.com/documentation/swiftui/customanimation/animate(value:time:context:))).
/// - `shouldMerge(previous:value:time:context:)` is asked of a new animation when "a running
///   animation of the same animation type" animates the value. If it returns true, "the system
///   provides to the new instance the state and elapsed time from the previous one" and removes
///   the previous one; if false, "both animations run together and the system combines their
///   results" ([`shouldMerge`](https://developer.apple.com/documentation/swiftui/customanimation/shouldmerge(previous:value:time:context:))).
///   A spring merges, starting from the value and velocity the previous Flight animation has at
///   that moment; timing curves do not, so SwiftUI adds them as it adds its own curves.
/// - `velocity(value:time:context:)` is the velocity, or nil once the animation has finished;
///   SwiftUI uses it so that "the system preserves continuity of the velocity between animations"
///   ([`velocity`](https://developer.apple.com/documentation/swiftui/customanimation/velocity(value:time:context:))).
/// - `AnimationContext.isLogicallyComplete` is set "at most once in the life of an animation",
///   when it "is logically complete"; never setting it is the same as setting it when the
///   animation returns nil ([`isLogicallyComplete`](https://developer.apple.com/documentation/swiftui/animationcontext/islogicallycomplete)).
///   A spring is logically complete once it stays within 1 % of its scale
///   (`logicalSettlingFraction`) and runs on to 0.1 %, its long tail; a timing curve is
///   complete when it ends.
///
/// When the previous animation is SwiftUI's own (a `.spring`, an `.easeInOut`), SwiftUI does
/// not ask to merge (the types differ): it runs both and adds their results. The Flight
/// animation then starts from rest and moves by the new change, while SwiftUI's carries on to
/// its end, so what is shown keeps its value and velocity. Flight cannot start from SwiftUI's
/// velocity: SwiftUI hands a custom animation no other animation's state.
package struct CustomAnimationState<Vector: MotionVector> {
    /// The part of the change already made when the motion in force began.
    package var base: Vector = .zero
    /// The velocity it began with.
    package var velocity: Vector = .zero
    /// The animation time at which it began.
    package var origin: TimeInterval = 0
    /// The whole change, as last animated.
    package var change: Vector = .zero
    /// The motion in force, once the animation has run (nil before, and for a jump).
    package var motion: VectorMotion?
    /// Whether the animation has run at least once.
    package var hasRun = false
    /// Whether the animation is logically complete (set once, never cleared).
    package private(set) var isLogicallyComplete = false

    /// The band, as a fraction of a spring's scale, within which it counts as logically
    /// complete: 1 %. It runs on until it is within 0.1 % (`SpringMotion.defaultSettlingFraction`).
    package static var logicalSettlingFraction: Double { 0.01 }

    /// A state before the animation has run.
    package init() {}

    /// The motion for `easing` over `duration`, as Reduce Motion has it: unchanged when
    /// `reducingMotion` is false or `policy` is `.ignore`; `.shorten` makes a spring, decay or
    /// overshooting curve a gentle `.inOutSine` of at most its maximum duration (as it does on
    /// layers); `.crossFade` and `.jump` give nil, a jump to the end: a value SwiftUI animates
    /// cannot be faded by its animation (fade a view with `.transition(.opacity)`).
    package static func motion(
        _ easing: Easing, duration: TimeInterval, reducingMotion: Bool, policy: ReduceMotionPolicy
    ) -> VectorMotion? {
        guard reducingMotion else { return VectorMotion(easing: easing, duration: duration) }
        switch policy {
        case .ignore:
            return VectorMotion(easing: easing, duration: duration)
        case .shorten:
            let shortened = ReduceMotion.shortened(easing, duration: duration, by: policy)
            return VectorMotion(easing: shortened.easing, duration: shortened.duration)
        case .crossFade, .jump:
            return nil
        }
    }

    /// `animate(value:time:context:)`: the part of `value` made at `time`, or nil once the
    /// animation has finished. `motion` is the animation's own (nil for a jump); the one in force
    /// is kept from the first call, or from a merge.
    package mutating func animate(_ motion: VectorMotion?, value: Vector, time: TimeInterval) -> Vector? {
        if !hasRun {
            hasRun = true
            self.motion = motion
        }
        change = value
        guard let motion = self.motion else {
            isLogicallyComplete = true
            return nil
        }
        let local = time - origin
        let remaining = value - base
        let (size, speed) = (remaining.magnitudeSquared.squareRoot(), velocity.magnitudeSquared.squareRoot())
        // A spring's 1 % band is sought only until it is reached: it is set once, never cleared.
        if motion.carriesVelocity, !isLogicallyComplete,
           local >= motion.settlingDuration(change: size, speed: speed, fraction: Self.logicalSettlingFraction) {
            isLogicallyComplete = true
        }
        guard local < motion.settlingDuration(change: size, speed: speed) else {
            isLogicallyComplete = true
            return nil
        }
        return shown(remaining, motion.coefficients(at: local))
    }

    /// `velocity(value:time:context:)`: the velocity at `time`, or nil once the animation has
    /// finished (or for a jump).
    package func velocity(_ motion: VectorMotion?, value: Vector, time: TimeInterval) -> Vector? {
        guard let motion = hasRun ? self.motion : motion else { return nil }
        let local = time - origin
        let remaining = value - base
        guard local < motion.settlingDuration(change: remaining.magnitudeSquared.squareRoot(),
                                              speed: velocity.magnitudeSquared.squareRoot()) else { return nil }
        return rate(remaining, motion.coefficients(at: local))
    }

    /// `shouldMerge(previous:value:time:context:)`, on the state SwiftUI hands over from the
    /// previous animation: a spring (`motion` carries velocity) takes over a Flight animation
    /// that has run, from its value and velocity at `time`, towards `value`, and returns true;
    /// anything else returns false and changes nothing, and SwiftUI adds the two.
    package mutating func merge(_ motion: VectorMotion?, value: Vector, time: TimeInterval) -> Bool {
        guard let motion, motion.carriesVelocity, hasRun, let previous = self.motion else { return false }
        let (c, remaining) = (previous.coefficients(at: time - origin), change - base)
        let (position, speed) = (shown(remaining, c), rate(remaining, c))
        var merged = Self()
        (merged.base, merged.velocity, merged.origin, merged.change) = (position, speed, time, value)
        (merged.motion, merged.hasRun) = (motion, true)
        self = merged
        return true
    }

    /// What a motion begun at ``base`` with ``velocity``, `remaining` to go, shows where its
    /// coefficients are `c`.
    private func shown(_ remaining: Vector, _ c: VectorMotion.Coefficients) -> Vector {
        base + remaining.scaled(by: c.travel) + velocity.scaled(by: c.carry)
    }

    /// The velocity of a motion begun at ``base`` with ``velocity``, `remaining` to go, where
    /// its coefficients are `c`.
    private func rate(_ remaining: Vector, _ c: VectorMotion.Coefficients) -> Vector {
        remaining.scaled(by: c.travelRate) + velocity.scaled(by: c.carryRate)
    }
}
