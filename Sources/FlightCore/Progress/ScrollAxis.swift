import Foundation

/// The scroll direction a progress animator follows.
public enum ScrollAxis: Sendable, Hashable {
    /// Progress follows the item's vertical position in the visible bounds.
    case vertical
    /// Progress follows the item's horizontal position.
    case horizontal
}
