import Foundation

/// How a group's duration is chosen from its properties' durations after they have been
/// synchronized to a redirect.
///
/// Only the primary properties count (all of them if none is primary), and only those that
/// still have somewhere to go. Timed properties longer than the chosen duration are re-timed to
/// it; springs and decays are never shortened (the group grows to fit them).
public enum TimingPriority: String, Sendable, Hashable, CaseIterable {
    /// The longest duration (FlightAnimator's default).
    case maxTime
    /// The shortest duration.
    case minTime
    /// The middle duration (the mean of the two middle ones for an even count).
    case median
    /// The mean duration.
    case average

    /// The duration this priority picks from `durations` (0 for none).
    public func pick(from durations: [TimeInterval]) -> TimeInterval {
        pick(amongst: durations)
    }

    /// ``pick(from:)`` for any collection of durations (the resolver's, on the stack).
    func pick<Durations: Collection<TimeInterval>>(amongst durations: Durations) -> TimeInterval {
        guard !durations.isEmpty else { return 0 }
        switch self {
        case .maxTime:
            return durations.max() ?? 0
        case .minTime:
            return durations.min() ?? 0
        case .median:
            let sorted = durations.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        case .average:
            return durations.reduce(0, +) / Double(durations.count)
        }
    }
}
