import FlightEasing
import Foundation

/// How a group repeats: how many cycles, whether each comes back, a hold between cycles, and an
/// easing for the way back.
///
/// One cycle is the group's ``AnimationGroup/duration``: every property plays its own curve
/// and holds its end until the cycle ends. If the group autoreverses, each cycle then comes back
/// for as long again, every property the mirror of its way out (or, with a ``returnEasing``,
/// from its end to its start on that easing, in the same time its way out took, after holding
/// its end as long as the mirror would; a spring or a decay, which would take its own time, is
/// reported and replaced by the mirror).
///
/// ```swift
/// layer.animate { animator in
///     animator.position(CGPoint(x: 300, y: 0)).duration(0.5).easing(.inOutSine)
///     animator.repeating(Repetition(count: 2.5, autoreverses: true))
/// }
/// ```
///
/// See the article <doc:RepeatingGroups> for what callbacks, triggers, take-overs and control
/// calls do with a repeating group.
public struct Repetition: Sendable, Hashable {
    /// How many cycles play: positive, possibly fractional (2.5 ends half-way through the third),
    /// `.infinity` for forever. Zero, a negative count or NaN is reported
    /// (``FlightError/invalidRepetition(_:)``) and the group plays once.
    public var count: Double
    /// Whether each cycle comes back to where it started after going out.
    public var autoreverses: Bool
    /// How long the group holds where a cycle ended before the next one begins, in seconds. A
    /// negative, NaN or infinite delay is reported and counts as 0.
    public var delay: TimeInterval
    /// The easing of the way back, for a group that autoreverses; nil (the default) plays the
    /// way out mirrored in time.
    ///
    /// A position along a path (``GroupAnimator/position(along:orientation:)``) and the heading
    /// that follows it always come back mirrored, along the path: a return easing would take
    /// them from their end to their start in a straight line. That is reported
    /// (``FlightError/invalidRepetition(_:)``); the group's other properties come back on the
    /// return easing.
    ///
    /// The way back takes the time the way out took, so it must be an easing that keeps to a
    /// given duration: a spring, spring decay or decay (an easing with
    /// `Easing.hasIntrinsicDuration`, which runs for its own settling time) is
    /// reported (``FlightError/invalidRepetition(_:)``) and the way out is played mirrored
    /// instead.
    public var returnEasing: Easing?

    /// A repetition of `count` cycles.
    public init(count: Double, autoreverses: Bool = false, delay: TimeInterval = 0, returnEasing: Easing? = nil) {
        self.count = count
        self.autoreverses = autoreverses
        self.delay = delay
        self.returnEasing = returnEasing
    }

    /// A repetition that never ends: the group plays until it is cut short or finished.
    public static func forever(autoreverses: Bool = false, delay: TimeInterval = 0, returnEasing: Easing? = nil) -> Repetition {
        Repetition(count: .infinity, autoreverses: autoreverses, delay: delay, returnEasing: returnEasing)
    }

    /// Whether it never ends: an infinite ``count``. A finite count whose run overflows a
    /// `Double` (10³⁰⁸ cycles, say) repeats forever too; a group's
    /// ``AnimationGroup/repetition`` then has an infinite count, so that it and
    /// ``AnimationGroup/totalDuration`` agree.
    public var isForever: Bool { count == .infinity }

    /// The repetition as played: a bad count or delay reported and replaced.
    @MainActor
    func validated() -> Repetition {
        var valid = self
        if !(count > 0) {
            FlightDiagnostics.report(.invalidRepetition("repeat count \(count) is not positive; the group plays once"))
            valid.count = 1
        }
        if !(delay.isFinite && delay >= 0) {
            FlightDiagnostics.report(.invalidRepetition("delay \(delay) between cycles is not a finite, non-negative number of seconds; it counts as 0"))
            valid.delay = 0
        }
        if let returnEasing, returnEasing.hasIntrinsicDuration {
            // A spring or decay runs for its own time, not the way out's: the period's
            // keyframes, the host's run and the group's end would no longer agree.
            FlightDiagnostics.report(.invalidRepetition("return easing \(returnEasing) runs for its own duration (a spring or decay), not the way out's; the way out is played mirrored"))
            valid.returnEasing = nil
        }
        return valid
    }
}

/// A repeating group's cycle, resolved for its properties: each property's keyframes over one
/// period, the values its run ends on, and its velocity anywhere in the run. A reference, so that
/// every group that does not repeat (most) holds a null pointer rather than room for it.
final class GroupRepetition {
    /// The run's timing.
    let timing: RepeatTiming
    /// The repetition as played (validated).
    let repetition: Repetition
    /// Per property of the resolved group: its keyframes over one period, and its way back on
    /// the return easing if there is one.
    private let cycles: [Cycle?]

    private struct Cycle {
        var keyframes: any KeyframeSequence
        var back: ResolvedProperty?
    }

    /// The repetition of `resolved`, or nil when it has nothing to repeat.
    init?(_ repetition: Repetition, resolved: ResolvedGroup) {
        let cycle = resolved.properties.reduce(resolved.duration) { max($0, $1.duration) }
        guard cycle > 0, cycle.isFinite, resolved.properties.contains(where: { $0.duration > 0 }) else { return nil }
        // The ways back on the return easing, first (a motion along a path comes back along it,
        // mirrored: on a return easing from its end to its start it would cut straight across).
        var backs: [ResolvedProperty?] = Array(repeating: nil, count: resolved.properties.count)
        if repetition.autoreverses, let returnEasing = repetition.returnEasing {
            for (index, property) in resolved.properties.enumerated() where property.duration > 0 && property.movesBetweenEnds {
                backs[index] = Self.wayBack(of: property, easing: returnEasing)
            }
        }
        timing = RepeatTiming(cycleDuration: cycle, autoreverses: repetition.autoreverses,
                              delay: repetition.delay, count: repetition.count)
        // A run that overflows a `Double` never ends: its count is said to be infinite.
        var played = repetition
        if timing.isForever { played.count = .infinity }
        self.repetition = played
        let timing = timing
        cycles = resolved.properties.indices.map { index in
            let property = resolved.properties[index]
            guard property.duration > 0 else { return nil }
            return Self.cycle(of: property, timing: timing, back: backs[index])
        }
    }

    /// The repetition of `resolved` as played: `repetition` validated (its bad input reported
    /// and replaced), nil when there is none or nothing to repeat. A property that moves along a
    /// path comes back mirrored, not on the return easing, which is reported.
    @MainActor
    static func played(_ repetition: Repetition?, resolved: ResolvedGroup) -> GroupRepetition? {
        guard let repetition = repetition?.validated() else { return nil }
        if repetition.autoreverses, repetition.returnEasing != nil {
            let paths = resolved.properties.filter { $0.duration > 0 && !$0.movesBetweenEnds }.map(\.keyPath)
            if !paths.isEmpty {
                FlightDiagnostics.report(.invalidRepetition("\(paths.joined(separator: ", ")) moves along a path, which the return easing would cut straight across; it comes back along the path, its way out mirrored"))
            }
        }
        return GroupRepetition(repetition, resolved: resolved)
    }

    /// The keyframes `property` (at `index` in the resolved group) plays over the whole run.
    func keyframes(at index: Int, of property: ResolvedProperty) -> any KeyframeSequence {
        cycles[index]?.keyframes ?? property.keyframes
    }

    /// The value `property` (at `index`) shows when the run ends: its target for a run that
    /// never ends.
    func endValue(at index: Int, of property: ResolvedProperty) -> any AnimatableValue {
        guard let keyframes = cycles[index]?.keyframes, keyframes.playingDuration.isFinite else { return property.to }
        return keyframes.playingValue(at: keyframes.playingDuration)
    }

    /// The exact velocity of `property` (at `index`) `elapsed` seconds into the run.
    func velocity(at index: Int, of property: ResolvedProperty, elapsed: TimeInterval) -> SIMD16<Double> {
        switch timing.phase(at: elapsed) {
        case .out(let t):
            return property.velocity(at: t)
        case .back(let t):
            if let back = cycles[index]?.back {
                let start = timing.cycleDuration - back.duration
                return t < start ? .zero : back.velocity(at: t - start)
            }
            return -property.velocity(at: timing.cycleDuration - t)
        case .hold:
            return .zero
        }
    }

    /// The way back of the property at `index` on the return easing (from its end to its start,
    /// as long as its way out), for a group that autoreverses with one; nil otherwise.
    func returnProperty(at index: Int) -> ResolvedProperty? { cycles[index]?.back }

    /// The value progress of `property` (at `index`) `elapsed` seconds into the run.
    func progress(at index: Int, of property: ResolvedProperty, elapsed: TimeInterval) -> Double {
        switch timing.phase(at: elapsed) {
        case .out(let t):
            return property.progress(at: t)
        case .back(let t):
            if let back = cycles[index]?.back {
                let start = timing.cycleDuration - back.duration
                return t < start ? 1 : 1 - back.progress(at: t - start)
            }
            return property.progress(at: timing.cycleDuration - t)
        case .hold(let atStart):
            return atStart ? 0 : property.progress(at: timing.cycleDuration)
        }
    }

    /// One property's keyframes over a period, repeated over the run.
    private static func cycle(of property: ResolvedProperty, timing: RepeatTiming, back: ResolvedProperty?) -> Cycle? {
        guard let typed = property.keyframes as? any ForwardKeyframes else { return nil }
        return build(typed, property: property, timing: timing, back: back)
    }

    /// The way back of `property` on `easing`: from the end of its keyframes to its start, in
    /// the time its way out took (a spring or a decay in its own time); nil where it cannot be
    /// made (the way back is then the way out mirrored).
    private static func wayBack(of property: ResolvedProperty, easing: Easing) -> ResolvedProperty? {
        guard let typed = property.keyframes as? any ForwardKeyframes else { return nil }
        return wayBack(typed, property: property, easing: easing)
    }

    private static func wayBack<Sequence: ForwardKeyframes>(
        _ sequence: Sequence, property: ResolvedProperty, easing: Easing
    ) -> ResolvedProperty? {
        let out = sequence.forwardKeyframes
        let end = out.frames[out.frames.count - 1].value
        guard let start = property.from as? Sequence.Value,
              let motion = try? ValueMotion(from: end, to: start, easing: easing, duration: out.duration,
                                            tolerance: property.layerProperty?.tolerance ?? .default)
        else { return nil }
        return ResolvedProperty(keyPath: property.keyPath, layerProperty: property.layerProperty, isPrimary: property.isPrimary,
                                motion: motion, keyframes: motion.keyframes())
    }

    private static func build<Sequence: ForwardKeyframes>(
        _ sequence: Sequence, property: ResolvedProperty, timing: RepeatTiming, back: ResolvedProperty?
    ) -> Cycle? {
        let out = sequence.forwardKeyframes
        let cycleDuration = timing.cycleDuration
        var back = back
        if timing.autoreverses, !(back?.keyframes is Keyframes<Sequence.Value>) { back = nil }
        // A way out that the period leaves at once (no hold after it: the way back its mirror,
        // or, without autoreverse or delay, the next cycle's start) shows the end of a jump in
        // its last instant for that instant only, which its key times, rounded, make a few
        // units in the last place before the turn: played without it.
        let leavesAtOnce = cycleDuration <= out.duration && (timing.autoreverses ? back == nil : timing.delay == 0)
        let wayOut = leavesAtOnce ? out.withoutJumpInItsLastInstant() : out
        var segments = [wayOut.held(over: cycleDuration)]
        if timing.autoreverses {
            let end = out.frames[out.frames.count - 1].value
            var way = wayOut.mirrored()
            if let wayBack = back?.keyframes as? Keyframes<Sequence.Value> { way = wayBack }
            // The end is held until the way back must leave to arrive at the cycle's end: as
            // long as the way out held it, where the way back takes the way out's time.
            if cycleDuration > way.duration { segments.append(.hold(end, for: cycleDuration - way.duration)) }
            segments.append(way)
        }
        if timing.delay > 0 {
            let last = segments[segments.count - 1]
            segments.append(.hold(last.frames[last.frames.count - 1].value, for: timing.delay))
        }
        let period = Keyframes.concatenating(segments)
        // Where the run ends, read from the part of the cycle it ends in rather than from the
        // period's keyframes, whose key times are rounded: where a curve jumps there (`.steps`
        // at the end of a way out), the period's keyframes may show the value just before.
        var end: Sequence.Value?
        if !timing.isForever {
            // The way back as it is, with the jump the period plays without: at the turn the
            // run ends on the way out's end.
            let way = !timing.autoreverses ? out : back?.keyframes as? Keyframes<Sequence.Value> ?? out.mirrored()
            switch timing.phase(atPeriodTime: timing.endPeriodTime) {
            case .out(let t): end = out.value(at: t)
            case .back(let t):
                let start = cycleDuration - way.duration
                end = t < start ? out.frames[out.frames.count - 1].value : way.value(at: t - start)
            case .hold(let atStart): end = atStart ? way.frames[way.frames.count - 1].value : out.frames[out.frames.count - 1].value
            }
        }
        guard let end else { return Cycle(keyframes: RepeatedKeyframes(timing: timing, period: period, end: nil), back: back) }
        // Where the host's last period ends, as a fraction of the period (its repeat count's):
        // a jump there, its key times rounded, must not show its other side a moment before
        // the end (a `.steps` curve cut where it steps).
        let count = timing.span / timing.period
        let played = period.jumps(clearOf: count - count.rounded(.down), showing: end)
        return Cycle(keyframes: RepeatedKeyframes(timing: timing, period: played, end: end), back: back)
    }
}

extension Keyframes {
    /// These keyframes without a jump in their last few units in the last place (a
    /// `.steps(_, .jumpEnd)` curve's last, a segment from `1 − ulp` to 1, whose end is reached
    /// only at the end): the value before it held to the end instead. The same keyframes if
    /// their last segment is longer.
    func withoutJumpInItsLastInstant() -> Keyframes {
        let last = frames.count - 1
        guard last >= 1, frames[last - 1].keyTime >= 1 - 4 * Double.ulpOfOne else { return self }
        var kept = frames
        kept[last].value = kept[last - 1].value
        kept[last - 1].timing = .linear
        return Keyframes(duration: duration, frames: kept)
    }
}

/// Flight's own keyframes of one type, played forwards (what a resolved property holds).
protocol ForwardKeyframes: KeyframeSequence {
    associatedtype Value: AnimatableValue
    /// The keyframes, typed.
    var forwardKeyframes: Keyframes<Value> { get }
}

extension Keyframes: ForwardKeyframes {
    var forwardKeyframes: Keyframes<Value> { self }
}

extension AnimationGroup {
    /// How the group repeats, as played (a bad count, delay or return easing replaced, and a
    /// count whose run overflows a `Double` made infinite); nil if it does not.
    public var repetition: Repetition? { repeating?.repetition }

    /// The group's whole run in seconds: ``duration`` for a group that does not repeat, all its
    /// cycles and the delays between them for one that does, infinite for one that repeats
    /// forever.
    public var totalDuration: TimeInterval { repeating?.timing.span ?? duration }

    /// Whether ``fractionComplete`` (and ``timeProgress(at:)``) are a fraction of the period the
    /// group is in rather than of its whole run: for a group that repeats forever, and for one
    /// whose run is longer than ``longestReversibleRun`` (a count of 10³⁰⁰ cycles, say), whose
    /// time measured from its start no longer holds a microsecond far into it. Scrubbed to a
    /// fraction of that run, a group would be placed where its own time, and the host's, round
    /// to a different point of its cycle, and resumed there it would jump.
    var measuresProgressByPeriod: Bool {
        guard let timing = repeating?.timing else { return false }
        return timing.isForever || timing.span > Self.longestReversibleRun
    }

    /// What ``fractionComplete`` (and ``timeProgress(at:)``) are a fraction of, `elapsed` seconds
    /// in: the whole run, or the period (a cycle and the delay after it) it is in
    /// (``measuresProgressByPeriod``).
    func progressWindow(at elapsed: TimeInterval) -> (start: TimeInterval, length: TimeInterval) {
        guard measuresProgressByPeriod, let timing = repeating?.timing else { return (0, totalDuration) }
        return (timing.periodStart(at: elapsed), timing.period)
    }

    /// The timing of the run, for a group that repeats: what tests model its cycles from.
    package var repeatTiming: RepeatTiming? { repeating?.timing }

    /// The way back of the property at `index` on the group's return easing (its exact curve
    /// from its end to its start), for a group that autoreverses with one; nil otherwise.
    package func returnProperty(at index: Int) -> ResolvedProperty? { repeating?.returnProperty(at: index) }

    /// The exact velocity of the property at `index` `elapsed` seconds in, through its cycles.
    func velocity(ofPropertyAt index: Int, elapsed: TimeInterval) -> SIMD16<Double> {
        // The property read in place (a copy retains and releases its key path and motion).
        if let repeating { return repeating.velocity(at: index, of: resolved.properties[index], elapsed: elapsed) }
        return resolved.velocity(ofPropertyAt: index, at: elapsed)
    }
}
