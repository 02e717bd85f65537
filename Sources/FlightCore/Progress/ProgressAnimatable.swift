import Foundation

/// Something whose views animate with scroll progress (a cell, a scroll view's subview): it
/// vends the animator that maps progress onto its views. Attach one to another animator with
/// ``ProgressAnimator/attachAnimatableView(_:)`` to pass the progress down, to any depth.
@MainActor
public protocol ProgressAnimatable: AnyObject {
    /// The animator for this view's states. Keep it, and return the same one every time
    /// (`lazy var progressAnimator = ProgressAnimator.vertical { … }`, as Parade keeps the one
    /// `configuredAnimator()` made): an animator takes its views' snapshot on its first update,
    /// so one made anew at each read would take it again from wherever the last update left
    /// the views.
    var progressAnimator: ProgressAnimator { get }
}
