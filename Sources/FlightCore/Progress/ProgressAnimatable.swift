import Foundation

/// Something whose views animate with scroll progress (a cell, a scroll view's subview): it
/// vends the animator that maps progress onto its views. Attach one to another animator with
/// ``ProgressAnimator/attachAnimatableView(_:)`` to pass the progress down, to any depth.
@MainActor
public protocol ProgressAnimatable: AnyObject {
    /// The animator for this view's states.
    var progressAnimator: ProgressAnimator { get }
}
