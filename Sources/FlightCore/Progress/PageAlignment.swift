import Foundation

/// Which edge of a view ``KeyframeAnimator/keepView(_:onPages:atTimes:pageWidth:attribute:offset:)``
/// lines up within its page (JazzHands' `IFTTTHorizontalPositionAttribute`).
public enum PageAlignment: Sendable, Hashable {
    /// The view's left edge on the page's left edge.
    case left
    /// The view's centre on the page's centre.
    case centerX
    /// The view's right edge on the page's right edge.
    case right
}
