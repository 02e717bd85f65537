import Foundation

/// Configures one property of a progress state; methods return the same value so calls chain.
@MainActor
public struct StateProperty {
    private let apply: (_ change: (inout Easing, inout ClosedRange<Double>) -> Void) -> Void

    init(apply: @escaping (_ change: (inout Easing, inout ClosedRange<Double>) -> Void) -> Void) {
        self.apply = apply
    }

    /// The easing of the interpolation between the snapshot and this state.
    @discardableResult
    public func easing(_ easing: Easing) -> StateProperty {
        apply { current, _ in current = easing }
        return self
    }

    /// Where in the progress `0...1` the interpolation happens (Parade's bounding progress
    /// range): before `range.lowerBound` the view shows its snapshot, after `upperBound` the
    /// state. Bounds are clamped into `0...1`.
    @discardableResult
    public func range(_ range: ClosedRange<Double>) -> StateProperty {
        let low = range.lowerBound.isNaN ? 0 : min(max(range.lowerBound, 0), 1)
        let high = range.upperBound.isNaN ? 1 : min(max(range.upperBound, low), 1)
        apply { _, current in current = low...high }
        return self
    }
}
