import FlightCore
import Foundation
import Testing

// The "Coming from …" tables of the DocC articles, as code: every Flight spelling in them
// appears verbatim below, compiled and run, and `tablesAreCompiled` checks that it does.

#if canImport(UIKit)
import UIKit

// Scrolling PVView's and JazzHands' animators, Flight's spelling (UIKit's scroll view, so Apple
// platforms only).

@MainActor
func comingFromPVViewScrolling(_ scrollView: UIScrollView, _ animator: PageAnimator) -> ScrollObserver {
    let observer = ScrollObserver(scrollView: scrollView)
    observer.track(animator)
    return observer
}

@MainActor
func comingFromJazzHandsScrolling(_ scrollView: UIScrollView, _ animator: KeyframeAnimator) -> ScrollObserver {
    let observer = ScrollObserver(scrollView: scrollView)
    observer.track(animator, pageWidth: 320)
    return observer
}
#endif

/// Parade's cell, Flight's spelling.
@MainActor
final class PhotoCell: ProgressAnimatable {
    let photo = HeadlessLayer(name: "photo")
    lazy var progressAnimator = ProgressAnimator.vertical { animator in
        animator.startState(for: self.photo) { s in
            s.bounds(CGSize(width: 200, height: 50))
            s.viewValue(10.0, forKey: "customAmount")
        }
    }
}

/// PVView's delegate, Flight's spelling.
@MainActor
final class ComingFromPages: PageAnimatorDataSource {
    let logo = HeadlessLayer(name: "logo"), card = HeadlessLayer(name: "card")

    init() { card.bounds = CGRect(x: 0, y: 0, width: 100, height: 100) }

    func numberOfPages(in animator: PageAnimator) -> Int { 2 }
    func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["logo"] }
    func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { logo }
    func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
        let parameters = ActionParameters(startOffset: 0.2, stopOffset: 0.6)
        let actions = [PageAction.size(from: RelativeSize(width: 0.2, height: 0.2, isRelative: true), to: RelativeSize(width: 0.4, height: 0.4, isRelative: true))]
        let narrow: @MainActor @Sendable (Double, any AnimationHost) -> Void = { p, host in
            _ = host.setModelValue(10 - 10 * p, forKeyPath: "letterSpacing")
        }
        let widen: @MainActor @Sendable (Double, any AnimationHost) -> Void = { p, host in
            _ = host.setModelValue(10 * p, forKeyPath: "letterSpacing")
        }
        if page == 0 {
            return [PageAction.move(fromOrigin: RelativePoint(x: 50, y: 200), toOrigin: RelativePoint(x: 250, y: 200))]
                + actions + [PageAction.custom(reverse: narrow, widen)]
        }
        _ = RelativePoint(x: 2, y: 0.2, isRelative: true)
        return actions.reversedActions(with: parameters) + [PageAction.custom(reverse: narrow, widen).reversed()]
    }
    func pageAnimator(_ animator: PageAnimator, containerForItem item: String, onPage page: Int) -> (any AnimationTarget)? {
        card
    }
}

/// PVView's optional delegate methods, groups, timing functions and directions, Flight's
/// spelling: a record of what it is asked and told.
@MainActor
final class ComingFromTransitions: PageAnimatorDataSource {
    let logo = HeadlessLayer(name: "logo")
    var events: [String] = []

    func makeAnimator(size: CGSize) -> PageAnimator {
        PageAnimator(axis: .vertical, containerSize: size, dataSource: self)
    }

    func numberOfPages(in animator: PageAnimator) -> Int { 3 }
    func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["logo"] }
    func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { logo }
    func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
        events.append("asked for page \(page) on page \(animator.currentPageIndex)")
        let parameters = ActionParameters(startOffset: 0, stopOffset: 1, easing: .inOutCubic)
        let fade = PageAction.fade(from: 1, to: 0), move = PageAction.move(fromOrigin: RelativePoint(x: 0, y: 0), toOrigin: RelativePoint(x: 0, y: 100))
        let action = PageAction.group([fade, move], parameters: parameters)
        let outSine = ActionParameters(easing: .custom(CustomEasing("outSine") { sin($0 * .pi / 2) }))
        let grow = PageAction.scale(from: 1, to: 2, parameters: outSine)
        return page == 0 ? [action, grow] : [action.reversed(with: parameters)]
    }
    func pageAnimator(_ animator: PageAnimator, willBeginTransitionTo page: Int) { events.append("will begin \(page)") }
    func pageAnimator(_ animator: PageAnimator, didEndTransitionFrom previousPage: Int?) {
        events.append("did end from \(previousPage.map(String.init) ?? "none")")
    }
    func pageAnimator(_ animator: PageAnimator, didUpdate progress: Double, onPage page: Int) {
        events.append("update \(page) at \(progress)")
    }
}

/// A scroll view's offset, where UIKit is not.
struct ComingFromScrollView {
    var contentOffset: CGPoint
}

extension MainActorSuites {
    @MainActor
    @Suite("Coming from the seeds: the renamed calls")
    struct ComingFromTests {
        @Test("FlightAnimator's calls, renamed")
        func flightAnimator() {
            let clock = ManualClock()
            let view = HeadlessLayer(clock: clock)
            let velocity = CGPoint(x: 600, y: 0)
            var events: [String] = []
            view.animate(.maxTime) { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.5).easing(.outCubic)
                animator.setDidStartCallback { group in events.append("start \(group.duration)") }
            }
            view.animate(.minTime) { animator in
                animator.position(CGPoint(x: 200, y: 0)).duration(0.5).easing(.springDecay(velocity: velocity))
                animator.setDidCancelCallback { group in events.append("cancel") }
            }
            view.animate(.median) { animator in
                animator.position(CGPoint(x: 300, y: 0)).duration(0.5)
                animator.setDidStopCallback { group, finished in events.append("stop \(finished)") }
            }
            view.animate(.average) { animator in
                animator.alpha(0.5).duration(0.5)
            }
            clock.advance(by: 5)
            #expect(events == ["start 0.5", "cancel", "stop true"])
            #expect(view.position == CGPoint(x: 300, y: 0) && view.opacity == 0.5)
        }

        @Test("Parade's calls, renamed: a custom key from zero, bounds from a size")
        func parade() {
            let cell = PhotoCell()
            cell.photo.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            cell.progressAnimator.update(progress: 0.5)
            #expect(cell.photo.bounds.size == CGSize(width: 150, height: 75))
            #expect(cell.photo.value(forKeyPath: "customAmount", as: Double.self) == 5)
            let sideways = ProgressAnimator.horizontal { animator in
                animator.startState(for: cell.photo) { $0.alpha(0.0) }
            }
            sideways.update(progress: 0.25)
            expectClose(cell.photo.opacity, 0.75, absolute: 1e-12)
        }

        @Test("PVView's calls, renamed: per-item container, relative sizes, parameters, custom reverse")
        func pvView() {
            let pages = ComingFromPages()
            let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.update(offset: 160)   // page 0, halfway
            // Worked by hand: sizes relative to the 100 × 100 card, 0.3 of it halfway; the custom
            // action's own step.
            #expect(pages.logo.bounds.size == CGSize(width: 30, height: 30))
            #expect(pages.logo.value(forKeyPath: "letterSpacing", as: Double.self) == 5)
            animator.update(offset: 320 + 0.4 * 320)   // page 1, the reversed size halfway through 0.2...0.6
            expectClose(Double(pages.logo.bounds.width), 30, absolute: 1e-9)
            // The reversed custom action runs its own reverse: narrow at progress 0.4.
            expectClose(pages.logo.value(forKeyPath: "letterSpacing", as: Double.self) ?? .nan, 6, absolute: 1e-9)
        }

        @Test("PVView's transition callbacks, groups, timing functions, directions and driving, renamed")
        func pvViewTransitions() {
            let pages = ComingFromTransitions()
            let size = CGSize(width: 320, height: 480)
            let animator = pages.makeAnimator(size: size)
            animator.reload()
            #expect(animator.currentPageIndex == 0)
            pages.events.removeAll()
            // Vertical: the offset is along y, a page 480 pt long. Halfway into page 1.
            let scrollView = ComingFromScrollView(contentOffset: CGPoint(x: 720, y: 0))
            animator.update(offset: scrollView.contentOffset.x)
            #expect(pages.events == ["will begin 1", "asked for page 0 on page 0", "asked for page 1 on page 0",
                                     "did end from 0", "update 1 at 0.5"])
            // Page 1 plays page 0's group reversed (inOutCubic halfway is halfway): faded to 0.5 and
            // half of the 100 pt move back; page 0 ended at scale 2 (outSine's end).
            expectClose(pages.logo.opacity, 0.5, absolute: 1e-12)
            expectClose(pages.logo.value(forKeyPath: "transform.scale", as: Double.self) ?? .nan, 2, absolute: 1e-12)
        }

        @Test("JazzHands' and RazzleDazzle's calls, renamed")
        func jazzHands() {
            let circle = HeadlessLayer(), heart = HeadlessLayer(), contentView = HeadlessLayer()
            let topConstraint = HeadlessLayer(name: "top constraint")
            contentView.bounds = CGRect(x: 0, y: 0, width: 320, height: 600)
            let animator = KeyframeAnimator()
            var multiplier = KeyframeTrack<Double>()
            multiplier.add(-0.2, at: 0)
            multiplier.add(0.3, at: 1)
            var fade = KeyframeTrack<Double>()
            fade.add(1.0, at: 0, easing: .inQuadratic)
            fade.addKeyframe(0, value: 1.0)
            fade[320] = 0.0
            animator.keepView(circle, onPages: [0, 1], pageWidth: 320)
            animator.keepView(heart, onPages: [0.85, 1.85], atTimes: [1, 2], pageWidth: 320, attribute: .left, offset: 10)
            let label = HeadlessLayer()
            animator.keepView(label, onPages: [0, 1], atTimes: [0, 1], offsets: [0, 40], pageWidth: 320, attribute: .left)
            animator.addMultiplier(multiplier, of: .height, of: contentView, on: topConstraint)
            animator.add(fade, keyPath: "opacity", on: circle)
            let time = 0.5
            animator.animate(at: time)
            // JazzHands drives its animator in pages: half a page in, as `time` above.
            let scrollView = ComingFromScrollView(contentOffset: CGPoint(x: 160, y: 0))
            animator.animate(at: scrollView.contentOffset.x / 320)
            expectClose(Double(label.frame.minX), 160 + 20, absolute: 1e-9)
            #expect(circle.position.x == 320)
            expectClose(topConstraint.value(forKeyPath: "constant", as: Double.self) ?? .nan, 30, absolute: 1e-9)
            // The fade's time is in points here; 0.5 of 320 is barely started, linear after addKeyframe.
            expectClose(circle.opacity, 1 - 0.5 / 320, absolute: 1e-12)
        }

        /// Every Flight spelling in a "Coming from" table appears verbatim in this file.
        @Test("The Coming from tables are compiled")
        func tablesAreCompiled() throws {
            let here = URL(fileURLWithPath: #filePath)
            let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let source = try String(contentsOf: here, encoding: .utf8)
            let articles = ["RedirectsAndTimingPriority.md", "ProgressDrivenAnimation.md"]
            var rows = 0
            for article in articles {
                let url = root.appendingPathComponent("Sources/FlightCore/Documentation.docc/\(article)")
                let text = try String(contentsOf: url, encoding: .utf8)
                var inComingFrom = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("#") { inComingFrom = line.hasPrefix("### Coming from") }
                    guard inComingFrom, line.hasPrefix("| "), !line.hasPrefix("|---") else { continue }
                    let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard cells.count == 2, let flight = cells[1].split(separator: "`").first, cells[1].hasPrefix("`") else { continue }
                    rows += 1
                    #expect(source.contains(flight), "\(article): `\(flight)` is not compiled here")
                    // Every other span that is a call (not a name such as `rotated(by:)`) too.
                    let spans = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                        .filter { $0.offset % 2 == 1 }.map(\.element).dropFirst()
                    for span in spans where span.contains("(") && !span.hasSuffix(":)") {
                        #expect(source.contains(span), "\(article): `\(span)` is not compiled here")
                    }
                }
            }
            #expect(rows >= 30, "found \(rows) rows")
        }
    }
}
