import Foundation

/// PVView's engine: pages of items, each item running actions as its page is scrolled through.
///
/// Page `i` spans the offsets `i·L ..< (i+1)·L`, where `L` is the container's width (height for
/// a vertical animator); as the offset goes through it, page `i`'s actions run from progress 0
/// to 1, carrying the items towards page `i + 1`. When one update jumps over several pages (a
/// fast fling, a programmatic scroll), every page passed over is applied at its end (or, going
/// back, its start) first, in order, so the items are where those pages leave them.
@MainActor
public final class PageAnimator {
    /// Where the pages come from; held weakly.
    public weak var dataSource: (any PageAnimatorDataSource)?
    /// The scrolling direction.
    public let axis: ScrollAxis
    /// The size of the container whose width (or height) is a page's length, and that relative
    /// points and sizes refer to unless the data source gives an item a container of its own.
    public var containerSize: CGSize
    /// The page the offset is in. While the data source is asked for a page's items, targets,
    /// containers and actions, it is still the page before the transition (PVView's rule), so
    /// that an action can tell which way the pages are going; it is the new page from then on,
    /// in ``PageAnimatorDataSource/pageAnimator(_:didEndTransitionFrom:)`` and after.
    public private(set) var currentPageIndex = 0
    /// The progress within the current page, `0...1`.
    public private(set) var currentProgress = 0.0

    /// The items' targets, each asked for once and kept until ``reload()`` (PVView caches the
    /// view it is given for an item): a target made for its item alone is still there, and
    /// still animated, on the next update.
    private var targets: [String: any AnimationTarget] = [:]
    /// Each item's report of values that are not finite, so that its actions, compiled at each
    /// update, report one once.
    private var overflowReports: [String: OverflowReport] = [:]
    private var hasStarted = false

    /// Creates a page animator.
    public init(axis: ScrollAxis = .horizontal, containerSize: CGSize, dataSource: (any PageAnimatorDataSource)? = nil) {
        self.axis = axis
        self.containerSize = containerSize
        self.dataSource = dataSource
    }

    private var pageLength: Double {
        Double(axis == .horizontal ? containerSize.width : containerSize.height)
    }

    /// Starts over at the first page (PVView's `reload()`): forgets the items' targets and applies
    /// page 0 at progress 0.
    public func reload() {
        targets.removeAll()
        overflowReports.removeAll()
        hasStarted = false
        currentPageIndex = 0
        currentProgress = 0
        update(page: 0, progress: 0)
    }

    /// Applies a scroll offset along the axis (a scroll view's `contentOffset.x` or `.y`). An
    /// offset before the first page applies it at its start, one past the last page applies
    /// that page at its end; an offset that is not finite, or a page length so small that the
    /// offset is no finite number of pages, is ignored.
    public func update(offset: Double) {
        guard pageLength > 0, offset.isFinite else { return }
        let position = offset / pageLength
        guard position.isFinite else { return }
        // Kept within what an `Int` holds; `update(page:progress:)` clamps it to the pages.
        let bounded = min(max(position, -1), 0x1p62)
        let page = Int(bounded.rounded(.down))
        update(page: page, progress: bounded - Double(page))
    }

    /// The most pages one update applies on its way to the page it lands on (see
    /// ``update(page:progress:)``).
    public static var maximumPagesPassedOver: Int { 1_000 }

    /// Applies `progress` within `page`. A page before the first applies the first at its start,
    /// one after the last applies the last at its end. Every page passed over on the way from
    /// the page before is applied at its end (going back, its start), in order, up to the
    /// ``maximumPagesPassedOver`` nearest the page landed on; a jump over more is reported
    /// (``FlightError/invalidValue(keyPath:reason:)``), and the pages beyond those are not
    /// applied.
    public func update(page: Int, progress: Double) {
        guard let dataSource else { return }
        let count = dataSource.numberOfPages(in: self)
        guard count > 0 else { return }
        var progress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if page < 0 { progress = 0 } else if page > count - 1 { progress = 1 }
        let page = min(max(page, 0), count - 1)
        let previous = hasStarted ? currentPageIndex : nil
        if previous != page { dataSource.pageAnimator(self, willBeginTransitionTo: page) }
        // The data source is asked first, for the pages passed over and then the current one,
        // reading containers as they are before this update; as in PVView, the animator's page
        // and progress are still those before the transition while it is asked, and move to the
        // new ones once it has answered. The values are then set together (one `CATransaction`
        // on a device); custom steps run after them and, like the data source's callbacks,
        // outside it.
        var writes: [PageWrite] = []
        if previous != page, let previous {
            // Pages passed over land where they leave the items; the work is bounded.
            let (limit, passed) = (Self.maximumPagesPassedOver, page.distance(to: previous).magnitude)
            if passed > limit {
                FlightDiagnostics.report(.invalidValue(
                    keyPath: "page", reason: "one update passed over \(passed) pages; only the \(limit) nearest page \(page) were applied"))
            }
            if page > previous {
                for skipped in max(previous, page - limit)..<page { compile(page: skipped, progress: 1, into: &writes) }
            } else {
                for skipped in stride(from: page + min(limit, previous - page), to: page, by: -1) {
                    compile(page: skipped, progress: 0, into: &writes)
                }
            }
        }
        compile(page: page, progress: progress, into: &writes)
        currentPageIndex = page
        currentProgress = progress
        hasStarted = true
        writeTogether(on: writes.first?.host) {
            for write in writes where !write.binding.runsAppCode { write.apply() }
        }
        for write in writes where write.binding.runsAppCode { write.apply() }
        if previous != page { dataSource.pageAnimator(self, didEndTransitionFrom: previous) }
        dataSource.pageAnimator(self, didUpdate: progress, onPage: page)
    }

    /// Page `page`'s actions, each property bound to its target, to apply at page progress
    /// `progress`.
    private func compile(page: Int, progress: Double, into writes: inout [PageWrite]) {
        guard let dataSource else { return }
        for item in dataSource.pageAnimator(self, itemsOnPage: page) {
            let target = targets[item] ?? dataSource.pageAnimator(self, targetForItem: item)
            targets[item] = target
            var container = containerSize
            if let own = dataSource.pageAnimator(self, containerForItem: item, onPage: page),
               let bounds = own.animationHost.modelValue(forKeyPath: LayerProperty.bounds.keyPath) as? CGRect {
                container = bounds.size
            }
            let overflow = overflowReports[item] ?? OverflowReport()
            overflowReports[item] = overflow
            for action in dataSource.pageAnimator(self, actionsOfItem: item, onPage: page) {
                for binding in action.bindings(of: target, container: container, overflow: overflow) {
                    writes.append(PageWrite(host: target.animationHost, binding: binding, progress: progress))
                }
            }
        }
    }

    /// A property to set, and the page progress to set it for. The host is held until it is
    /// set: a target the data source made for this update alone is still written.
    @MainActor
    private struct PageWrite {
        let host: any AnimationHost
        let binding: any ProgressBinding
        let progress: Double

        func apply() {
            binding.apply(at: progress, host: host)
        }
    }
}
