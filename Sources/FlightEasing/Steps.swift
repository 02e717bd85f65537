/// A staircase timing curve, as CSS `steps(count, position)` defines it.
///
/// ```swift
/// let ticks = Easing.steps(Steps(4, .jumpEnd))   // 0, ¼, ½, ¾, then 1 at the end
/// ```
///
/// Its velocity is 0 everywhere: the value jumps.
public struct Steps: Sendable, Hashable {
    /// Where the jumps happen, as in CSS.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// The first jump happens as the animation starts.
        case jumpStart
        /// The last jump happens as the animation ends (CSS's default, `steps(n)`).
        case jumpEnd
        /// No jump at either end: the first and last steps hold 0 and 1 for a full interval.
        case jumpNone
        /// Jumps at both ends.
        case jumpBoth
    }

    /// The number of intervals, at least 1 (at least 2 for ``Position/jumpNone``).
    public let count: Int
    /// Where the jumps happen.
    public let position: Position

    /// The most intervals a staircase has: 10,000, more than a 120 Hz display shows in 80 s.
    /// Each jump is a breakpoint that keyframes follow, so the count bounds their work.
    public static let maximumCount = 10_000

    /// Creates a staircase.
    ///
    /// - Parameters:
    ///   - count: The number of intervals. Fewer than 1 (fewer than 2 for `.jumpNone`, which CSS
    ///     rejects) is raised to that minimum; more than ``maximumCount`` is lowered to it.
    ///   - position: Where the jumps happen; `.jumpEnd` by default, as in CSS.
    public init(_ count: Int, _ position: Position = .jumpEnd) {
        self.count = min(max(count, position == .jumpNone ? 2 : 1), Self.maximumCount)
        self.position = position
    }

    /// The progress at time `p` (the CSS step easing algorithm, before-flag unset).
    public func progress(at p: Double) -> Double {
        let input = p.isNaN ? 0 : min(max(p, 0), 1)
        var step = (input * Double(count)).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        let jumps: Double = switch position {
        case .jumpStart, .jumpEnd: Double(count)
        case .jumpNone: Double(count - 1)
        case .jumpBoth: Double(count + 1)
        }
        return min(max(step, 0), jumps) / jumps
    }
}

extension Easing {
    /// A staircase of `count` intervals, as CSS `steps(count, position)`.
    public static func steps(_ count: Int, _ position: Steps.Position = .jumpEnd) -> Easing {
        .steps(Steps(count, position))
    }
}
