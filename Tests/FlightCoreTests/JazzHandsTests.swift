import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    @MainActor
    @Suite("Progress animation: JazzHands keyframes")
    struct JazzHandsTests {
        @Test("Values between keyframes, eased per segment, held or extended outside")
        func values() throws {
            var track = KeyframeTrack<Double>()
            track.add(10, at: 0)
            // JazzHands' rule: a keyframe's easing is that of the segment that starts at it.
            track.add(30, at: 100, easing: .inQuadratic)
            track.add(0, at: 200, easing: .outBounce)    // the last keyframe's easing is never used
            #expect(track.value(at: 50) == 20)
            // inQuadratic from 30 to 0 at a quarter of the segment: 30 − 30·(1/4)².
            expectClose(try #require(track.value(at: 125)), 30 - 30 * 0.0625, absolute: 1e-12)
            #expect(track.value(at: -50) == 10 && track.value(at: 999) == 0 && track.value(at: .nan) == 10)
            track.extrapolation = .extend
            #expect(track.value(at: -50) == 0)       // first segment continued: slope 0.2
            #expect(track.value(at: 250) == -15)     // last segment continued linearly: slope −0.3
            track.add(99, at: 100)                   // same time: replaced
            #expect(track.keyframes.count == 3 && track.value(at: 100) == 99)
            #expect(KeyframeTrack<Double>().value(at: 3) == nil)
            track.add(.nan, at: 5)
            track.add(1, at: .infinity)
            #expect(track.keyframes.count == 3)
        }

        @Test("Bulk setup sorts once; lookups agree with a linear scan (seeded random tracks)")
        func bulkAndLookup() throws {
            var random = SplitMix64(seed: 21)
            let frames = (0..<20_000).map { _ in (time: random.uniform(0...10_000), value: random.uniform(-100...100), easing: Easing.linear) }
            let track = KeyframeTrack(frames)
            #expect(zip(track.keyframes, track.keyframes.dropFirst()).allSatisfy { $0.time < $1.time })
            for _ in 0..<2_000 {
                let t = random.uniform(0...10_000)
                let upper = try #require(track.keyframes.firstIndex { $0.time > t })
                let (a, b) = (track.keyframes[upper - 1], track.keyframes[upper])
                let expected = a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time)
                expectClose(try #require(track.value(at: t)), expected, absolute: 1e-9)
            }
        }

        @Test("Scale, rotation and translation combine as scale, then rotate, then translate")
        func transformOrder() {
            let transform = Transform2D(KeyframeAnimator.transform(scale: 2, rotation: .pi / 2, translation: CGPoint(x: 10, y: 0)))
            // The point (1, 0): scaled to (2, 0), rotated a quarter turn to (0, 2), moved to (10, 2).
            let x = transform.a * 1 + transform.c * 0 + transform.tx
            let y = transform.b * 1 + transform.d * 0 + transform.ty
            expectClose(x, 10, absolute: 1e-12)
            expectClose(y, 2, absolute: 1e-12)
        }

        @Test("An animator sets every bound property from one input; wrong types are reported")
        func animator() {
            let logo = HeadlessLayer()
            let animator = KeyframeAnimator()
            animator.add(KeyframeTrack([(0, 1.0, .linear), (320, 0.0, .linear)]), keyPath: "opacity", on: logo)
            animator.add(KeyframeTrack([(0, CGPoint(x: 0, y: 0), .linear), (320, CGPoint(x: 320, y: 80), .linear)]),
                         keyPath: "position", on: logo)
            animator.addTransform(on: logo, scale: KeyframeTrack([(0, 1.0, .linear), (320, 3.0, .linear)]))
            let reports = collectingDiagnostics {
                animator.add(KeyframeTrack([(0, 1.0, .linear)]), keyPath: "bounds", on: logo)
            }
            #expect(reports.count == 1)
            animator.animate(at: 160)
            #expect(logo.opacity == 0.5 && logo.position == CGPoint(x: 160, y: 40))
            #expect(Transform2D(logo.transform).a == 2)
        }

        @Test("keepView: still on screen across the pages given, or placed on pages at times, JazzHands' way")
        func keepView() {
            let circle = HeadlessLayer(name: "circle"), heart = HeadlessLayer(name: "heart"), other = HeadlessLayer()
            circle.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            heart.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            let animator = KeyframeAnimator()
            animator.keepView(circle, onPages: [0, 1], pageWidth: 320)
            animator.keepView(heart, onPages: [0.85, 1.85], atTimes: [1, 2], pageWidth: 320, attribute: .left, offset: 10)
            let reports = collectingDiagnostics {
                animator.keepView(other, onPages: [0, 1], atTimes: [0], pageWidth: 320)
            }
            #expect(reports.count == 1)
            // Worked by hand. The circle's centre sits at the middle of the page on screen (160) while
            // the content scrolls by t × 320; after page 1 it stays where page 1 put it (480).
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                animator.animate(at: t)
                expectClose(Double(circle.position.x) - t * 320, 160, absolute: 1e-9)
            }
            animator.animate(at: 2)
            #expect(circle.position.x == 480)
            // The heart's left edge: 0.85 pages + 10 pt at time 1, 1.35 pages + 10 pt at 1.5.
            animator.animate(at: 1)
            expectClose(Double(heart.frame.minX), 0.85 * 320 + 10, absolute: 1e-9)
            animator.animate(at: 1.5)
            expectClose(Double(heart.frame.minX), 1.35 * 320 + 10, absolute: 1e-9)
            #expect(other.position == .zero)
        }

        /// JazzHands' `keepView:onPages:atTimes:withOffsets:withAttribute:`, driven as its paging
        /// controller drives it: in pages, the scroll offset divided by the page width (what a
        /// `ScrollObserver` passes given `pageWidth:`).
        @Test("keepView with an offset per page, driven by the scroll offset in pages")
        func keepViewWithOffsets() {
            let label = HeadlessLayer(name: "label")
            label.bounds = CGRect(x: 0, y: 0, width: 80, height: 20)
            let animator = KeyframeAnimator()
            animator.keepView(label, onPages: [0, 1], atTimes: [0, 1], offsets: [0, 40], pageWidth: 320, attribute: .left)
            // Worked by hand: the left edge goes from 0 (page 0, offset 0) to 360 (page 1, offset 40)
            // while the content scrolls by 320 pt, so it drifts right on screen by 40 pt a page.
            for contentOffset in stride(from: 0.0, through: 320, by: 40) {
                animator.animate(at: KeyframeAnimator.input(offset: contentOffset, pageWidth: 320))
                expectClose(Double(label.frame.minX) - contentOffset, contentOffset / 320 * 40, absolute: 1e-9)
            }
            // Without a page width (or with one that is not positive), the input is the offset in points.
            #expect(KeyframeAnimator.input(offset: 160, pageWidth: nil) == 160)
            #expect(KeyframeAnimator.input(offset: 160, pageWidth: 0) == 160 && KeyframeAnimator.input(offset: 160, pageWidth: 320) == 0.5)
            // As many offsets as pages, as JazzHands requires: a mismatch is reported, nothing added.
            let other = HeadlessLayer()
            let reports = collectingDiagnostics {
                animator.keepView(other, onPages: [0, 1], offsets: [0], pageWidth: 320)
            }
            animator.animate(at: 0.5)
            #expect(reports.count == 1 && other.position == .zero)
        }

        @Test("IFTTTConstraintMultiplierAnimation: a constraint's constant as a multiple of a view's height")
        func constraintMultiplier() {
            // The constraint: any target holding `constant` (on iOS an NSLayoutConstraint).
            let topConstraint = HeadlessLayer(name: "top constraint")
            topConstraint.setModelValue(0.0, forKeyPath: "constant")
            let contentView = HeadlessLayer(name: "content view")
            contentView.bounds = CGRect(x: 0, y: 0, width: 320, height: 600)
            var multiplier = KeyframeTrack<Double>()
            multiplier.add(-0.2, at: 0)
            multiplier.add(0.3, at: 1)
            let animator = KeyframeAnimator()
            animator.addMultiplier(multiplier, of: .height, of: contentView, on: topConstraint)
            // Worked by hand: −0.2 × 600, halfway to 0.3 (0.05 × 600), then 0.3 × 600.
            for (time, constant) in [(0.0, -120.0), (0.5, 30.0), (1.0, 180.0)] {
                animator.animate(at: time)
                expectClose(topConstraint.value(forKeyPath: "constant", as: Double.self) ?? .nan, constant, absolute: 1e-9)
            }
            // The reference is read when the animator runs: a taller content view, a larger constant.
            contentView.bounds = CGRect(x: 0, y: 0, width: 320, height: 1000)
            animator.animate(at: 1)
            expectClose(topConstraint.value(forKeyPath: "constant", as: Double.self) ?? .nan, 300, absolute: 1e-9)
        }
    }
}
