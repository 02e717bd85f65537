#if canImport(UIKit)
import UIKit

/// Drives progress animations from a `UIScrollView` by key-value observation of its
/// `contentOffset`: nothing is swizzled and the scroll view's delegate is left alone.
///
/// ```swift
/// let observer = ScrollObserver(scrollView: collectionView)
/// observer.track(cell.contentView, with: cell.progressAnimator)   // Parade-style states
/// observer.track(pageAnimator)                                    // PVView-style pages
/// observer.track(keyframeAnimator, pageWidth: 320)               // JazzHands-style tracks
/// ```
///
/// Item progress is measured against the scroll view's visible bounds (not the screen), so a
/// scroll view that does not fill the screen behaves the same. Values are applied as model values
/// with implicit animations disabled. Keep the observer alive as long as the scroll view; untrack
/// a reused cell's view (or reset its animator) in `prepareForReuse`. Tracking a view makes its
/// animator write every value again on the next update, even where its cell has not moved.
@MainActor
public final class ScrollObserver {
    /// The observed scroll view.
    public private(set) weak var scrollView: UIScrollView?

    private var observation: NSKeyValueObservation?
    private var items: [(view: WeakView, animator: ProgressAnimator)] = []
    private var pages: [PageAnimator] = []
    private var tracks: [(animator: KeyframeAnimator, axis: ScrollAxis, pageWidth: Double?)] = []

    /// Starts observing `scrollView`.
    public init(scrollView: UIScrollView) {
        self.scrollView = scrollView
        observation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] _, _ in
            MainActor.assumeIsolated { self?.refresh() }
        }
    }

    deinit {
        observation?.invalidate()
    }

    /// Applies `animator` to `view`'s progress in the scroll view (tracking a view again replaces
    /// its animator).
    public func track(_ view: UIView, with animator: ProgressAnimator) {
        untrack(view)
        animator.rewriteOnNextUpdate()
        items.append((WeakView(view), animator))
        refresh()
    }

    /// Stops applying progress to `view`.
    public func untrack(_ view: UIView) {
        items.removeAll { $0.view.view == nil || $0.view.view === view }
    }

    /// Applies the scroll offset along `animator`'s axis to its pages.
    public func track(_ animator: PageAnimator) {
        pages.append(animator)
        refresh()
    }

    /// Applies the scroll offset along `axis` as the input of `animator`'s tracks: in points
    /// (RazzleDazzle's times), or, given `pageWidth`, in pages of that width (the offset divided
    /// by it: JazzHands' times, and those
    /// ``KeyframeAnimator/keepView(_:onPages:atTimes:pageWidth:attribute:offset:)`` takes by
    /// default).
    public func track(_ animator: KeyframeAnimator, axis: ScrollAxis = .horizontal, pageWidth: Double? = nil) {
        tracks.append((animator, axis, pageWidth))
        refresh()
    }

    /// Applies the current offset to everything tracked, committing every value the progress
    /// animators and keyframe tracks write in one `CATransaction`. Called on every change of
    /// `contentOffset` that key-value observation reports; Apple does not document that
    /// property as observable, so to depend on nothing undocumented, call it from
    /// `scrollViewDidScroll(_:)` too (a second refresh at one offset leaves every value as it was).
    public func refresh() {
        guard let scrollView else { return }
        // The progress animators' and keyframe tracks' values are committed in one transaction.
        // Page animators run outside it and commit their own: their data sources' callbacks may
        // animate with UIKit, which a transaction with implicit actions disabled would stop.
        CoreAnimationTransaction.perform { refreshItemsAndTracks(in: scrollView) }
        let offset = scrollView.contentOffset
        for animator in pages {
            animator.update(offset: Double(animator.axis == .horizontal ? offset.x : offset.y))
        }
    }

    private func refreshItemsAndTracks(in scrollView: UIScrollView) {
        let visible = scrollView.bounds
        for item in items {
            guard let view = item.view.view else { continue }
            item.animator.update(itemFrame: view.convert(view.bounds, to: scrollView), visibleBounds: visible)
        }
        let offset = scrollView.contentOffset
        for (animator, axis, pageWidth) in tracks {
            animator.animate(at: KeyframeAnimator.input(offset: Double(axis == .horizontal ? offset.x : offset.y), pageWidth: pageWidth))
        }
    }

    private struct WeakView {
        weak var view: UIView?
        init(_ view: UIView) { self.view = view }
    }
}
#endif
