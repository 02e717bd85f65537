import Foundation

/// When within its page an action runs, and how (PVView's `PVParameters`).
public struct ActionParameters: Sendable, Hashable {
    /// The page progress at which the action starts, in `0...1`.
    public var startOffset: Double
    /// The page progress at which it finishes, in `0...1`, after `startOffset`.
    public var stopOffset: Double
    /// How the action's progress follows the page's between the two offsets.
    public var easing: Easing

    /// The whole page, linearly.
    public static let `default` = ActionParameters()

    /// Creates parameters; offsets are clamped into `0...1` and ordered.
    public init(startOffset: Double = 0, stopOffset: Double = 1, easing: Easing = .linear) {
        (self.startOffset, self.stopOffset) = Self.offsets(startOffset, stopOffset)
        self.easing = easing
    }

    /// The offsets clamped into `0...1` and ordered (NaN is 0 for the start, 1 for the stop), as
    /// ``init(startOffset:stopOffset:easing:)`` makes them; the properties can be set to
    /// anything afterwards, so every use goes through this.
    private static func offsets(_ start: Double, _ stop: Double) -> (start: Double, stop: Double) {
        let start = start.isNaN ? 0 : min(max(start, 0), 1)
        return (start, stop.isNaN ? 1 : min(max(stop, start), 1))
    }

    /// The action's progress at page progress `pageProgress`, by the track its values follow:
    /// 0 up to the start offset, the eased fraction of the way between the offsets, 1 from the
    /// stop offset on (with equal offsets, 0 before them and 1 from them).
    public func actionProgress(at pageProgress: Double) -> Double {
        track(from: 0.0, to: 1.0).value(at: pageProgress) ?? 0
    }

    /// `from` up to the start offset, `to` from the stop offset, eased between: what an action
    /// with these parameters runs on.
    func track<Value: AnimatableValue>(from: Value, to: Value) -> KeyframeTrack<Value> {
        let (start, stop) = Self.offsets(startOffset, stopOffset)
        // With equal offsets, the two keyframes at one time are a step.
        return KeyframeTrack(sorted: [
            .init(time: start, value: from, easing: stop > start ? easing : .linear),
            .init(time: stop, value: to, easing: .linear),
        ])
    }
}
