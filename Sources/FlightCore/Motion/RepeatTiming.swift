import Foundation

/// The timing of a repeating group, already validated: which part of which cycle is shown at a
/// time into the group. One cycle is the way out (``cycleDuration``), then, if it autoreverses,
/// the way back (as long again); a ``delay`` holds the value a cycle ended on before the next
/// one begins; ``count`` cycles are played (fractional counts end inside a cycle, an infinite
/// count never ends).
package struct RepeatTiming: Sendable, Hashable {
    /// The way out of one cycle, in seconds: the group's duration. Positive and finite.
    package let cycleDuration: TimeInterval
    /// Whether each cycle comes back after going out.
    package let autoreverses: Bool
    /// The hold between cycles, in seconds: finite, not negative.
    package let delay: TimeInterval
    /// The number of cycles: positive, possibly fractional, `.infinity` for forever.
    package let count: Double

    /// Timing from values already validated (see `Repetition`).
    package init(cycleDuration: TimeInterval, autoreverses: Bool, delay: TimeInterval, count: Double) {
        self.cycleDuration = cycleDuration
        self.autoreverses = autoreverses
        self.delay = delay
        self.count = count
    }

    /// Where a time into the group falls.
    package enum Phase: Sendable, Hashable {
        /// On the way out, this long into it (`0..<cycleDuration`).
        case out(TimeInterval)
        /// On the way back, this long into it (`0..<cycleDuration`).
        case back(TimeInterval)
        /// Holding where a cycle ended: at the start (a cycle that came back) or at the end.
        case hold(atStart: Bool)
    }

    /// One cycle: the way out, and the way back if it autoreverses.
    package var cycleLength: TimeInterval { autoreverses ? 2 * cycleDuration : cycleDuration }
    /// A cycle and the delay after it.
    package var period: TimeInterval { cycleLength + delay }
    /// Whether it never ends: an infinite count, or one whose run overflows a `Double`.
    package var isForever: Bool { !span.isFinite }

    /// The whole run, in seconds: `count` cycles with a delay between each two; infinite for
    /// forever.
    package var span: TimeInterval {
        guard count.isFinite else { return .infinity }
        return count * cycleLength + ((count.rounded(.up)) - 1) * delay
    }

    /// The time into its period at which the run ends: inside the last cycle for a fractional
    /// count, at the end of a whole cycle otherwise (computed from the count, not the span, so
    /// that it is exact for any count).
    package var endPeriodTime: TimeInterval {
        guard !isForever else { return 0 }
        let fraction = count - count.rounded(.down)
        return fraction == 0 ? cycleLength : fraction * cycleLength
    }

    /// How far into the period in which it falls the time `t` is: `0..<period`, or
    /// ``endPeriodTime`` from the end of the run on. Bounded work for any `t`.
    package func periodTime(at t: TimeInterval) -> TimeInterval {
        guard !(t >= span) else { return endPeriodTime }
        guard t > 0 else { return 0 }
        let whole = (t / period).rounded(.down)
        let within = t - whole * period
        return within < 0 ? 0 : within >= period ? 0 : within
    }

    /// What the group shows of its cycle at a time `periodTime` into a period.
    package func phase(atPeriodTime periodTime: TimeInterval) -> Phase {
        if periodTime < cycleDuration { return .out(max(periodTime, 0)) }
        if autoreverses {
            return periodTime < cycleLength ? .back(periodTime - cycleDuration) : .hold(atStart: true)
        }
        return .hold(atStart: false)
    }

    /// What the group shows of its cycle `t` seconds after it began.
    package func phase(at t: TimeInterval) -> Phase { phase(atPeriodTime: periodTime(at: t)) }

    /// The start of the period in which `t` falls (0 before the first), for a group that repeats
    /// forever: what its ``AnimationGroup/fractionComplete`` is a fraction of.
    package func periodStart(at t: TimeInterval) -> TimeInterval {
        guard t > 0, t.isFinite else { return 0 }
        return max((t / period).rounded(.down) * period, 0)
    }

    /// How far into its period a run played backwards from its end starts: the keyframes of one
    /// period mirrored, repeated, and begun this far into a period show, `t` seconds after a
    /// mirrored run begins, what the run shows `span − t` seconds in. `(⌈count⌉ − count) ×
    /// cycleLength + delay`, exact for any count.
    package var mirrorPhase: TimeInterval {
        guard !isForever else { return 0 }
        return (count.rounded(.up) - count) * cycleLength + delay
    }
}
