import Foundation

/// What a ``PageAnimator`` asks about its pages (PVView's delegate). Only the first four methods
/// are required.
@MainActor
public protocol PageAnimatorDataSource: AnyObject {
    /// How many pages there are.
    func numberOfPages(in animator: PageAnimator) -> Int
    /// The identifiers of the items on a page.
    func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String]
    /// The target an item's actions apply to: asked once per item, and kept by the animator
    /// until ``PageAnimator/reload()`` (PVView's cache). Flight does not add a view to any
    /// hierarchy; put it where it shows yourself. The animator keeps its targets alive, so a
    /// target must not keep the animator strongly (a container view that owns the animator is
    /// not an item's target), or neither is ever released.
    func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget
    /// The actions an item runs as its page is scrolled through.
    func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction]
    /// Called when scrolling moves to another page.
    func pageAnimator(_ animator: PageAnimator, willBeginTransitionTo page: Int)
    /// Called once the move to another page is done.
    func pageAnimator(_ animator: PageAnimator, didEndTransitionFrom previousPage: Int?)
    /// Called on every update with the progress within the current page.
    func pageAnimator(_ animator: PageAnimator, didUpdate progress: Double, onPage page: Int)
    /// The container an item's relative points and sizes refer to on a page (PVView's
    /// `containerViewForItem`): its bounds' size, read when the page is applied. Nil, the
    /// default, means the animator's ``PageAnimator/containerSize``. Flight does not move the
    /// item into that container; put it there yourself.
    func pageAnimator(_ animator: PageAnimator, containerForItem item: String, onPage page: Int) -> (any AnimationTarget)?
}

extension PageAnimatorDataSource {
    /// Does nothing.
    public func pageAnimator(_ animator: PageAnimator, willBeginTransitionTo page: Int) {}
    /// Does nothing.
    public func pageAnimator(_ animator: PageAnimator, didEndTransitionFrom previousPage: Int?) {}
    /// Does nothing.
    public func pageAnimator(_ animator: PageAnimator, didUpdate progress: Double, onPage page: Int) {}
    /// Nil: every item's container is the animator's.
    public func pageAnimator(_ animator: PageAnimator, containerForItem item: String, onPage page: Int) -> (any AnimationTarget)? {
        nil
    }
}
