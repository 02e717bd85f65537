import Foundation

/// Configures one property of a group; every method returns the same animator so calls chain.
@MainActor
public struct PropertyAnimator {
    private let animator: GroupAnimator
    /// The property's position in the plan.
    let index: Int

    init(animator: GroupAnimator, index: Int) {
        self.animator = animator
        self.index = index
    }

    /// The duration in seconds (before synchronization). A negative, NaN or infinite duration
    /// cannot be played: it is reported (``FlightError/invalidDuration(keyPath:duration:)``) and
    /// the property goes to its target at once, on the model and on screen, as UIKit's
    /// `animate(withDuration:)` does; the rest of the group plays.
    @discardableResult
    public func duration(_ duration: TimeInterval) -> PropertyAnimator {
        animator.update(index) { $0.duration = duration }
        return self
    }

    /// The easing.
    @discardableResult
    public func easing(_ easing: Easing) -> PropertyAnimator {
        animator.update(index) { $0.easing = easing }
        return self
    }

    /// Whether this property is one of those that choose the group's duration.
    @discardableResult
    public func primary(_ isPrimary: Bool) -> PropertyAnimator {
        animator.update(index) { $0.isPrimary = isPrimary }
        return self
    }

    /// How closely the keyframes follow the exact curve (the property's own tolerance by
    /// default).
    @discardableResult
    public func tolerance(_ tolerance: KeyframeTolerance) -> PropertyAnimator {
        animator.update(index) { $0.tolerance = tolerance }
        return self
    }
}
