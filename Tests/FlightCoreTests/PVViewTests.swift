import FlightCore
import Foundation
import Testing

/// PVView's README example and more: a logo moves on page 0, fades on page 1, spins on page 2.
@MainActor
final class IntroPages: PageAnimatorDataSource {
    let logo = HeadlessLayer(name: "logo")
    let caption = HeadlessLayer(name: "caption")
    var events: [String] = []

    init() {
        logo.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        caption.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
    }

    func numberOfPages(in animator: PageAnimator) -> Int { 4 }

    func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] {
        page == 3 ? [] : ["logo", "caption"]
    }

    func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget {
        events.append("target \(item)")
        return item == "logo" ? logo : caption
    }

    func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
        switch (item, page) {
        case ("logo", 0):
            return [.move(fromOrigin: RelativePoint(x: 50, y: 200), toOrigin: RelativePoint(x: 250, y: 200))]
        case ("logo", 1):
            return [.fade(from: 1, to: 0, parameters: ActionParameters(startOffset: 0.2, stopOffset: 0.6))]
        case ("logo", 2):
            return [.group([.rotate(.z, from: 0, to: .pi), .scale(from: 1, to: 2)],
                           parameters: ActionParameters(easing: .inOutSine))]
        case ("caption", 0):
            return [.move(fromPosition: RelativePoint(x: 0.5, y: 0.9, isRelative: true),
                          toPosition: RelativePoint(x: 0.5, y: 0.5, isRelative: true))]
        case ("caption", 1):
            return [PageAction(.size(from: RelativeSize(width: 0.5, height: 0.1, isRelative: true),
                                     to: RelativeSize(width: 1, height: 0.2, isRelative: true)))]
                .reversedActions(with: ActionParameters(startOffset: 0.5, stopOffset: 1))
        default:
            return []
        }
    }

    func pageAnimator(_ animator: PageAnimator, willBeginTransitionTo page: Int) { events.append("will \(page)") }
    func pageAnimator(_ animator: PageAnimator, didEndTransitionFrom previousPage: Int?) {
        events.append("did from \(previousPage.map(String.init) ?? "nil")")
    }
}

extension MainActorSuites {
    @MainActor
    @Suite("Progress animation: PVView pages")
    struct PVViewTests {
        /// Items whose views the data source creates on demand and nobody else keeps.
        final class TransientPages: PageAnimatorDataSource {
            weak var lastMade: HeadlessLayer?
            var made = 0
            func numberOfPages(in animator: PageAnimator) -> Int { 2 }
            func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["badge"] }
            func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget {
                made += 1
                let layer = HeadlessLayer()
                lastMade = layer
                return layer
            }
            func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                [.fade(from: 1, to: 0)]
            }
        }

        @Test("An item's target is asked for once and kept until reload, as PVView caches the view it is given")
        func targetsCachedUntilReload() {
            let pages = TransientPages()
            let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.update(offset: 80)
            #expect(pages.made == 1)
            // A target made for the item alone is kept, and animated on the next update.
            let made = pages.lastMade
            #expect(made != nil)
            animator.update(offset: 120)
            #expect(pages.made == 1 && pages.lastMade === made)
            expectClose(made?.opacity ?? -1, 1 - 120.0 / 320, absolute: 1e-12)
            // `reload()` forgets it: it is asked for again, and the old one is released.
            animator.reload()
            #expect(pages.made == 2 && pages.lastMade !== made)
            // A target someone else keeps is asked for once too.
            let kept = IntroPages()
            let pager = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: kept)
            for offset in stride(from: 0.0, through: 900, by: 30) { pager.update(offset: offset) }
            #expect(kept.events.filter { $0.hasPrefix("target") } == ["target logo", "target caption"])
        }

        /// PVView: "In these methods, you can use `currentPageIndex` … to get index of page
        /// before the transition": an action that plays forwards when the pages go forwards and
        /// reversed when they come back.
        @Test("While the data source is asked, currentPageIndex is the page before the transition")
        func pageBeforeTheTransition() {
            final class Pages: PageAnimatorDataSource {
                let badge = HeadlessLayer()
                var asked: [String] = []
                func numberOfPages(in animator: PageAnimator) -> Int { 3 }
                func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["badge"] }
                func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { badge }
                func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                    asked.append("page \(page) from \(animator.currentPageIndex)")
                    let fade = PageAction.fade(from: 0, to: 1)
                    return animator.currentPageIndex <= page ? [fade] : [fade.reversed(with: ActionParameters())]
                }
                func pageAnimator(_ animator: PageAnimator, didEndTransitionFrom previousPage: Int?) {
                    asked.append("ended on \(animator.currentPageIndex) from \(previousPage.map(String.init) ?? "none")")
                }
            }
            let pages = Pages()
            let animator = PageAnimator(containerSize: CGSize(width: 100, height: 100), dataSource: pages)
            animator.reload()
            #expect(pages.asked == ["page 0 from 0", "ended on 0 from none"])
            pages.asked.removeAll()
            animator.update(offset: 125)   // forwards onto page 1
            #expect(pages.asked == ["page 0 from 0", "page 1 from 0", "ended on 1 from 0"])
            #expect(animator.currentPageIndex == 1 && pages.badge.opacity == 0.25)
            pages.asked.removeAll()
            animator.update(offset: 150)   // within page 1
            #expect(pages.asked == ["page 1 from 1"] && pages.badge.opacity == 0.5)
            pages.asked.removeAll()
            animator.update(offset: 75)    // back onto page 0: its action reversed
            #expect(pages.asked == ["page 1 from 1", "page 0 from 1", "ended on 0 from 1"])
            #expect(animator.currentPageIndex == 0 && pages.badge.opacity == 0.25)
        }

        @Test("Actions by page progress, with offsets, relative points and sizes, groups and reversal")
        func actions() {
            let pages = IntroPages()
            let animator = PageAnimator(axis: .horizontal, containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.reload()
            // Page 0 at progress 0: logo origin (50, 200), so its centre is (100, 230).
            #expect(pages.logo.position == CGPoint(x: 100, y: 230))
            #expect(pages.caption.position == CGPoint(x: 160, y: 432))
            animator.update(offset: 80)      // page 0, progress 0.25
            #expect(pages.logo.frame.origin == CGPoint(x: 100, y: 200))
            #expect(pages.caption.position == CGPoint(x: 160, y: 384))
            animator.update(offset: 320 + 128)   // page 1, progress 0.4: fade halfway through 0.2...0.6
            expectClose(pages.logo.opacity, 0.5, absolute: 1e-12)
            // The caption's size action is reversed onto the second half of the page: still at its end.
            #expect(pages.caption.bounds.size == CGSize(width: 320, height: 96))
            animator.update(offset: 320 + 240)   // progress 0.75: halfway back
            #expect(pages.caption.bounds.size == CGSize(width: 240, height: 72))
            animator.update(page: 2, progress: 0.5)   // group eased by inOutSine: halfway
            let transform = Transform2D(pages.logo.transform)
            expectClose(atan2(transform.b, transform.a), .pi / 2, absolute: 1e-9)
            expectClose((transform.a * transform.a + transform.b * transform.b).squareRoot(), 1.5, absolute: 1e-9)
            #expect(animator.currentPageIndex == 2 && animator.currentProgress == 0.5)
        }

        @Test("Jumping across pages applies the pages in between; callbacks in order")
        func jumps() {
            let pages = IntroPages()
            let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.reload()
            #expect(pages.events == ["will 0", "target logo", "target caption", "did from nil"])
            pages.events.removeAll()
            animator.update(offset: 320 * 2.5)    // from page 0 straight into page 2
            #expect(pages.events == ["will 2", "did from 0"])
            #expect(pages.logo.frame.origin == CGPoint(x: 250, y: 200))   // page 0 finished
            expectClose(pages.logo.opacity, 0, absolute: 1e-12)            // page 1 finished
            animator.update(offset: 10)          // back to page 0: pages 2 and 1 applied at their start
            expectClose(pages.logo.opacity, 1, absolute: 1e-12)
            expectClose(Transform2D(pages.logo.transform).a, 1, absolute: 1e-12)
            // Out of range and bad input are clamped or ignored.
            animator.update(offset: 1e9)
            #expect(animator.currentPageIndex == 3)
            animator.update(offset: .nan)
            #expect(animator.currentPageIndex == 3)
        }

        @Test("containerViewForItem: relative points and sizes resolve against each item's own container")
        func perItemContainers() {
            @MainActor final class Pages: PageAnimatorDataSource {
                let badge = HeadlessLayer(name: "badge"), title = HeadlessLayer(name: "title")
                let card = HeadlessLayer(name: "card")   // the badge's container on page 0
                init() { card.bounds = CGRect(x: 0, y: 0, width: 100, height: 200) }
                func numberOfPages(in animator: PageAnimator) -> Int { 2 }
                func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["badge", "title"] }
                func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget {
                    item == "badge" ? badge : title
                }
                func pageAnimator(_ animator: PageAnimator, containerForItem item: String, onPage page: Int) -> (any AnimationTarget)? {
                    item == "badge" && page == 0 ? card : nil
                }
                func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                    [.move(fromPosition: RelativePoint(x: 0, y: 0.5, isRelative: true),
                           toPosition: RelativePoint(x: 1, y: 0.5, isRelative: true)),
                     .size(from: RelativeSize(width: 0.5, height: 0.1, isRelative: true),
                           to: RelativeSize(width: 0.5, height: 0.1, isRelative: true))]
                }
            }
            let pages = Pages()
            let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.update(offset: 80)   // page 0, progress 0.25
            // Worked by hand: the badge in its 100 × 200 card, the title in the 320 × 480 page.
            #expect(pages.badge.position == CGPoint(x: 25, y: 100) && pages.badge.bounds.size == CGSize(width: 50, height: 20))
            #expect(pages.title.position == CGPoint(x: 80, y: 240) && pages.title.bounds.size == CGSize(width: 160, height: 48))
            animator.update(offset: 320 + 160)   // page 1, progress 0.5: the badge is back in the page
            #expect(pages.badge.position == CGPoint(x: 160, y: 240))
        }

        @Test("Vertical pages use the height; custom actions run backwards when reversed")
        func verticalAndCustom() {
            @MainActor final class Pages: PageAnimatorDataSource {
                let view = HeadlessLayer()
                var progressSeen: [Double] = []
                func numberOfPages(in animator: PageAnimator) -> Int { 2 }
                func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["v"] }
                func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { view }
                func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                    let spacing = PageAction(.custom(CustomPageAction { p, host in
                        _ = host.setModelValue(p * 10, forKeyPath: "letterSpacing")
                    }))
                    return [page == 0 ? spacing : spacing.reversed()]
                }
                func pageAnimator(_ animator: PageAnimator, didUpdate progress: Double, onPage page: Int) {
                    progressSeen.append(progress)
                }
            }
            let pages = Pages()
            let animator = PageAnimator(axis: .vertical, containerSize: CGSize(width: 320, height: 400), dataSource: pages)
            animator.update(offset: 100)
            #expect(pages.view.value(forKeyPath: "letterSpacing", as: Double.self) == 2.5)
            animator.update(offset: 500)
            #expect(pages.view.value(forKeyPath: "letterSpacing", as: Double.self) == 7.5)
            #expect(pages.progressSeen == [0.25, 0.25])
        }
    }
}
