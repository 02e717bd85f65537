import Foundation

/// A side of a view's bounds that ``KeyframeAnimator/addMultiplier(_:of:of:keyPath:on:)`` scales.
public enum LayoutDimension: Sendable, Hashable {
    /// The bounds' width.
    case width
    /// The bounds' height.
    case height
}
