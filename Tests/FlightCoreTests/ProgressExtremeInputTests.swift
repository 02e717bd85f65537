import FlightCore
import FlightEasing
import Foundation
import Testing

/// Extreme but finite inputs to the progress-driven animators (Parade's states, PVView's pages,
/// JazzHands' tracks) and to fixed-rate keyframes: no call traps, the work of one call is
/// bounded, and no value that is not finite reaches a layer; what cannot be written is
/// reported once per bound property.
extension MainActorSuites {
    @MainActor
    @Suite("Progress-driven animators with extreme inputs")
    struct ProgressExtremeInputTests {
        /// Pages whose single item fades on every page, counting the pages it is asked for.
        final class Pages: PageAnimatorDataSource {
            let layer = HeadlessLayer()
            let count: Int
            var actions: [PageAction] = [.fade(from: 1, to: 0)]
            var asked = 0
            init(count: Int) { self.count = count }
            func numberOfPages(in animator: PageAnimator) -> Int { count }
            func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["item"] }
            func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { layer }
            func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                asked += 1
                return actions
            }
        }

        static func finite(_ layer: HeadlessLayer) -> Bool {
            [layer.opacity, Double(layer.position.x), Double(layer.position.y), Double(layer.bounds.width), Double(layer.bounds.height)]
                .allSatisfy(\.isFinite)
                && layer.transform.componentArray.allSatisfy(\.isFinite)
                && layer.backgroundColor.componentArray.allSatisfy(\.isFinite)
        }

        @Test("An offset of no finite page, or past every page, neither traps nor loops: past the end is the last page at its end")
        func pageOffsets() {
            let pages = Pages(count: 3)
            let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.update(offset: 1e300)
            #expect(animator.currentPageIndex == 2 && animator.currentProgress == 1 && pages.layer.opacity == 0)
            animator.update(offset: -1e300)
            #expect(animator.currentPageIndex == 0 && animator.currentProgress == 0 && pages.layer.opacity == 1)
            animator.update(offset: 3 * 320 + 100)   // a bounce past the last page
            #expect(animator.currentPageIndex == 2 && animator.currentProgress == 1)
            // A page so short that an offset is no finite number of pages: ignored.
            let tiny = PageAnimator(containerSize: CGSize(width: Double.leastNonzeroMagnitude, height: 480), dataSource: pages)
            tiny.update(offset: 1)
            #expect(tiny.currentPageIndex == 0)
        }

        @Test("A jump over a billion pages applies the thousand nearest the page it lands on, and says so")
        func pageJump() {
            let pages = Pages(count: Int.max)
            let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            animator.update(offset: 0)
            pages.asked = 0
            let reports = collectingDiagnostics { animator.update(offset: 320 * 1e9 + 160) }
            #expect(pages.asked == PageAnimator.maximumPagesPassedOver + 1)
            #expect(animator.currentPageIndex == 1_000_000_000 && animator.currentProgress == 0.5)
            #expect(reports.count == 1 && reports.first?.description.contains("1000000000 pages") == true)
            pages.asked = 0
            let back = collectingDiagnostics { animator.update(offset: 160) }
            #expect(pages.asked == PageAnimator.maximumPagesPassedOver + 1 && back.count == 1)
            #expect(animator.currentPageIndex == 0 && pages.layer.opacity == 0.5)
            // Back from the last of Int.max pages: no overflow on the way.
            animator.update(page: Int.max - 1, progress: 0.5)
            pages.asked = 0
            let fromTheEnd = collectingDiagnostics { animator.update(page: 3, progress: 0.5) }
            #expect(pages.asked == PageAnimator.maximumPagesPassedOver + 1 && fromTheEnd.count == 1)
            #expect(animator.currentPageIndex == 3)
            // A jump within the limit is applied page by page, unreported.
            animator.update(offset: 0)
            pages.asked = 0
            let near = collectingDiagnostics { animator.update(offset: 320 * 1000 + 160) }
            #expect(pages.asked == 1001 && near.isEmpty)
        }

        @Test("A page action whose values overflow leaves the layer as it was, reported once")
        func pageActionOverflow() {
            let cases: [PageAction] = [
                .fade(from: -1e308, to: 1e308),
                .scale(from: -1e308, to: 1e308),
                .move(fromPosition: RelativePoint(x: -1e308, y: 0), toPosition: RelativePoint(x: 1e308, y: 0)),
                .move(fromOrigin: RelativePoint(x: 0, y: 0), toOrigin: RelativePoint(x: 1.7e308, y: 0)),
                .size(from: RelativeSize(width: 1, height: 1, isRelative: true), to: RelativeSize(width: 1e306, height: 1, isRelative: true)),
            ]
            for action in cases {
                let pages = Pages(count: 3)
                pages.actions = [action]
                pages.layer.bounds = CGRect(x: 0, y: 0, width: 1e308, height: 10)
                let animator = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
                let reports = collectingDiagnostics {
                    for progress in [0.25, 0.5, 0.75, 1] { animator.update(page: 1, progress: progress) }
                }
                #expect(Self.finite(pages.layer), "\(action)")
                #expect(reports.count == 1, "\(action): \(reports)")
                if case .progressValueNotFinite = reports.first {} else { Issue.record("\(action): \(reports)") }
            }
        }

        @Test("Parade states whose values overflow halfway leave the layer as it was, reported once")
        func paradeOverflow() {
            let layer = HeadlessLayer()
            layer.position = CGPoint(x: -1.7e308, y: 1.7e308)
            let animator = ProgressAnimator.vertical { a in
                a.startEndState(for: layer) { s in
                    s.position(CGPoint(x: 1.7e308, y: -1.7e308))
                    s.backgroundColor(Color(red: 1e300, green: -1e300, blue: 0, alpha: 0))
                }
            }
            let reports = collectingDiagnostics {
                for progress in [Double.leastNonzeroMagnitude, 0.25, 0.5, -0.5, 1 - 1e-16] { animator.update(progress: progress) }
            }
            #expect(Self.finite(layer))
            #expect(Set(reports.map(\.description)).count == reports.count && reports.count == 2, "\(reports)")
        }

        @Test("JazzHands tracks extended far past their keyframes leave the layer as it was, reported once per property")
        func keyframeTrackOverflow() {
            let layer = HeadlessLayer()
            let animator = KeyframeAnimator()
            let steep = KeyframeTrack([(0, 0.0, .linear), (1, 1e10, .linear)], extrapolation: .extend)
            animator.add(steep, keyPath: "opacity", on: layer)
            animator.addTransform(on: layer, scale: steep, rotation: steep)
            var multiplier = KeyframeTrack<Double>()
            multiplier.add(1e300, at: 0)
            multiplier.add(-1e300, at: 1)
            let reference = HeadlessLayer()
            reference.bounds = CGRect(x: 0, y: 0, width: 1e10, height: 1e10)
            animator.addMultiplier(multiplier, of: .height, of: reference, keyPath: "cornerRadius", on: layer)
            animator.animate(at: 0.5)
            let before = (layer.opacity, layer.transform, layer.cornerRadius)
            let reports = collectingDiagnostics {
                for time in [1e300, -1e300, 1e299] { animator.animate(at: time) }
            }
            #expect(Self.finite(layer) && layer.cornerRadius.isFinite)
            #expect(layer.opacity == before.0 && layer.transform == before.1 && layer.cornerRadius == before.2)
            #expect(reports.count == 3, "\(reports)")
            // Back within range, the properties are written again.
            animator.animate(at: 0.25)
            #expect(layer.opacity == 2.5e9 && layer.transform != before.1)
        }

        /// What lets a scroll view's delegate refresh a `ScrollObserver` as well as key-value
        /// observation does: a second update at one input changes nothing.
        @Test("A second update at one input leaves every value as it was, for each of the three tools")
        func updatesAreIdempotent() {
            let cell = HeadlessLayer(), strip = HeadlessLayer()
            let parade = ProgressAnimator.vertical { a in
                a.startEndState(for: cell) { s in
                    s.position(CGPoint(x: 200, y: 40))
                    s.transform(Transform2D.identity.scaledBy(x: 0.5, y: 0.5))
                    s.backgroundColor(Color(red: 0.9, green: 0.2, blue: 0.1))
                }
            }
            let pages = Pages(count: 3)
            pages.actions = [.fade(from: 1, to: 0), .move(fromOrigin: RelativePoint(x: 0, y: 0), toOrigin: RelativePoint(x: 0.5, y: 0, isRelative: true))]
            let pager = PageAnimator(containerSize: CGSize(width: 320, height: 480), dataSource: pages)
            let jazz = KeyframeAnimator()
            jazz.add(KeyframeTrack([(0, 1.0, .inSine), (320, 0.0, .linear)]), keyPath: "opacity", on: strip)
            jazz.addTransform(on: strip, scale: KeyframeTrack([(0, 1.0, .outCubic), (320, 2.0, .linear)]))
            func snapshot() -> [[Double]] {
                [cell, pages.layer, strip].flatMap { layer in
                    [layer.position.componentArray, layer.transform.componentArray, layer.backgroundColor.componentArray, [layer.opacity]]
                }
            }
            for input in [0.3, -0.45, 1.0] {
                parade.update(progress: input)
                pager.update(offset: 400 * input + 500)
                jazz.animate(at: 200 * input + 100)
                let once = snapshot()
                parade.update(progress: input)
                pager.update(offset: 400 * input + 500)
                jazz.animate(at: 200 * input + 100)
                #expect(snapshot() == once, "at \(input)")
            }
        }

        @Test("Fixed-rate keyframes over any duration at any rate: at most the documented number, ending on the target")
        func fixedRateKeyframes() throws {
            for (duration, rate) in [(1e300, 60.0), (1.0, 1e300), (1e-300, 1e300), (5.0, 60.0)] {
                let motion = try ValueMotion(from: 0.0, to: 1.0, easing: .linear, duration: duration)
                let keyframes = motion.keyframes(framesPerSecond: rate)
                #expect(keyframes.frames.count <= ValueMotion<Double>.maximumFixedRateKeyframes, "\(duration) \(rate)")
                #expect(keyframes.frames.last?.value == 1 && keyframes.frames.last?.keyTime == 1)
                #expect(keyframes.frames.allSatisfy { $0.keyTime.isFinite && $0.value.isFinite })
                #expect(zip(keyframes.frames, keyframes.frames.dropFirst()).allSatisfy { $0.keyTime < $1.keyTime })
            }
            // An ordinary rate is kept: 5 s at 60 frames a second.
            let five = try ValueMotion(from: 0.0, to: 1.0, easing: .linear, duration: 5).keyframes(framesPerSecond: 60)
            #expect(five.frames.count == 301)
        }
    }
}
