import FlightCore
import FlightTestSupport
import Foundation
import Testing

/// A cell whose image view animates with scroll progress, as Parade's examples have.
@MainActor
final class ParallaxCell: ProgressAnimatable {
    let image = HeadlessLayer(name: "image")
    lazy var progressAnimator = ProgressAnimator.vertical { animator in
        animator.startEndState(for: self.image) { s in
            s.alpha(0.0)
        }
    }
}

extension MainActorSuites {
    @MainActor
    @Suite("Progress animation: Parade")
    struct ParadeTests {
        @Test("Progress is the item's offset from the centre of the visible bounds, in visible heights")
        func progressFromGeometry() {
            let visible = CGRect(x: 0, y: 200, width: 320, height: 400)          // content offset 200
            let item = CGRect(x: 0, y: 600, width: 320, height: 100)            // centre 650
            expectClose(ProgressAnimator.progress(of: item, in: visible, axis: .vertical), 250.0 / 400, absolute: 1e-15)
            let above = CGRect(x: 0, y: 0, width: 320, height: 100)
            expectClose(ProgressAnimator.progress(of: above, in: visible, axis: .vertical), -350.0 / 400, absolute: 1e-15)
            // Horizontal: x and width.
            let page = CGRect(x: 640, y: 0, width: 320, height: 400)
            expectClose(ProgressAnimator.progress(of: page, in: CGRect(x: 320, y: 0, width: 320, height: 400), axis: .horizontal),
                        1, absolute: 1e-15)
            #expect(ProgressAnimator.progress(of: item, in: .zero, axis: .vertical) == 0)
        }

        @Test("Start and end states, snapshot in between, hand-worked values")
        func startSnapshotEnd() {
            let view = HeadlessLayer()
            view.opacity = 1
            let animator = ProgressAnimator.vertical { animator in
                animator.startState(for: view) { $0.alpha(0.0) }.endState(for: view) { $0.alpha(0.2) }
            }
            for (progress, expected) in [(1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (-0.25, 0.8), (-1.0, 0.2), (7.0, 0.0)] {
                animator.update(progress: progress)
                expectClose(view.opacity, expected, absolute: 1e-12, "progress \(progress)")
            }
            animator.update(progress: .nan)
            expectClose(view.opacity, 0, absolute: 1e-12)
        }

        @Test("Per-property easing and range")
        func easingAndRange() {
            let view = HeadlessLayer()
            let animator = ProgressAnimator.vertical { animator in
                animator.startState(for: view) { s in
                    s.alpha(0.0).easing(.inSine).range(0.5...1.0)
                    s.cornerRadius(20.0).range(0.25...0.75)
                }
            }
            animator.update(progress: 0.75)   // alpha: halfway through its range, eased; radius: past its range
            expectClose(view.opacity, 1 - (1 - cos(Double.pi / 4)), absolute: 1e-12)
            expectClose(view.cornerRadius, 20, absolute: 1e-12)
            animator.update(progress: 0.4)    // alpha before its range: snapshot; radius 0.3 of its way
            expectClose(view.opacity, 1, absolute: 1e-12)
            expectClose(view.cornerRadius, 20 * 0.3, absolute: 1e-12)
        }

        @Test("Horizontal animators run, rect origins and start transforms interpolate")
        func paradeDefectsFixed() {
            let view = HeadlessLayer()
            view.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            let animator = ProgressAnimator.horizontal { animator in
                animator.startState(for: view) { s in
                    s.bounds(CGRect(x: 10, y: 20, width: 200, height: 50))
                    s.transform(Transform2D.scale(x: 0.5, y: 0.5))
                }
            }
            animator.update(itemFrame: CGRect(x: 480, y: 0, width: 320, height: 400), visibleBounds: CGRect(x: 0, y: 0, width: 640, height: 400))
            // Centre 640 against 320 over a width of 640: progress 0.5.
            #expect(view.bounds == CGRect(x: 5, y: 10, width: 150, height: 75))
            let transform = Transform2D(view.transform)
            expectClose(transform.a, 0.75, absolute: 1e-12)
            expectClose(transform.d, 0.75, absolute: 1e-12)
        }

        /// Parade's README: `s.transform(CGAffineTransform.identity.scaledBy(x: 0.5, y: 0.5))` and
        /// `.translatedBy(x: 0.0, y: 100.0)`. The builders follow CoreGraphics'
        /// `CGAffineTransformScale`, `…Translate` and `…Rotate` (the new transform applied first):
        /// checked against their closed forms on seeded random transforms.
        @Test("CGAffineTransform's builders on Transform2D: scaledBy, translatedBy, rotated(by:) and the initializers")
        func affineBuilders() {
            var random = SplitMix64(seed: 0x2D_A5F1)
            for _ in 0..<200 {
                let t = Transform2D(a: random.uniform(-2...2), b: random.uniform(-2...2), c: random.uniform(-2...2),
                                    d: random.uniform(-2...2), tx: random.uniform(-300...300), ty: random.uniform(-300...300))
                let (sx, sy, dx, dy, angle) = (random.uniform(-3...3), random.uniform(-3...3), random.uniform(-90...90),
                                               random.uniform(-90...90), random.uniform(-7...7))
                let scaled = t.scaledBy(x: sx, y: sy)
                let expectedScaled = [sx * t.a, sx * t.b, sy * t.c, sy * t.d, t.tx, t.ty]
                let translated = t.translatedBy(x: dx, y: dy)
                let expectedTranslated = [t.a, t.b, t.c, t.d, t.a * dx + t.c * dy + t.tx, t.b * dx + t.d * dy + t.ty]
                let rotated = t.rotated(by: angle)
                let (cosine, sine) = (cos(angle), sin(angle))
                let expectedRotated = [t.a * cosine + t.c * sine, t.b * cosine + t.d * sine,
                                       t.c * cosine - t.a * sine, t.d * cosine - t.b * sine, t.tx, t.ty]
                for (value, expected) in [(scaled, expectedScaled), (translated, expectedTranslated), (rotated, expectedRotated)] {
                    let entries = [value.a, value.b, value.c, value.d, value.tx, value.ty]
                    for (entry, truth) in zip(entries, expected) { expectClose(entry, truth, absolute: 1e-12 * max(1, abs(truth))) }
                }
            }
            #expect(Transform2D(scaleX: 0.5, y: 2) == .scale(x: 0.5, y: 2))
            #expect(Transform2D(translationX: 3, y: 4) == .translation(x: 3, y: 4))
            #expect(Transform2D(rotationAngle: 1) == .rotation(1))
            // Parade's start state, written as its README writes it.
            let view = HeadlessLayer()
            let animator = ProgressAnimator.vertical { a in
                a.startState(for: view) { s in s.transform(Transform2D.identity.scaledBy(x: 0.5, y: 0.5).translatedBy(x: 0, y: 100)) }
            }
            animator.update(progress: 1)
            #expect(Transform2D(view.transform) == Transform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 50))
        }

        @Test("Parade's spellings: a custom key never set starts from zero; bounds(_:) takes a size")
        func paradeSpellings() {
            let view = HeadlessLayer()
            view.bounds = CGRect(x: 5, y: 5, width: 100, height: 100)
            let animator = ProgressAnimator.vertical { animator in
                animator.startState(for: view) { s in
                    s.viewValue(10.0, forKey: "customAmount")
                    s.bounds(CGSize(width: 200, height: 50))
                }
            }
            // Worked by hand: halfway from the snapshot's 0 to 10, and from 100 × 100 to 200 × 50
            // with the origin where it was.
            animator.update(progress: 0.5)
            #expect(view.value(forKeyPath: "customAmount", as: Double.self) == 5)
            #expect(view.bounds == CGRect(x: 5, y: 5, width: 150, height: 75))
            animator.update(progress: 0)
            #expect(view.value(forKeyPath: "customAmount", as: Double.self) == 0)
            animator.update(progress: 1)
            #expect(view.value(forKeyPath: "customAmount", as: Double.self) == 10)
            #expect(view.bounds == CGRect(x: 5, y: 5, width: 200, height: 50))
        }

        @Test("Reset restores the snapshot and takes a new one next time (reused cells)")
        func reset() {
            let cell = ParallaxCell()
            cell.image.opacity = 1
            cell.progressAnimator.update(progress: 0.5)
            expectClose(cell.image.opacity, 0.5, absolute: 1e-12)
            cell.progressAnimator.reset()
            #expect(cell.image.opacity == 1)
            // Reused with new content at 0.8 opacity: the new snapshot is 0.8.
            cell.image.opacity = 0.8
            cell.progressAnimator.update(progress: 0.5)
            expectClose(cell.image.opacity, 0.4, absolute: 1e-12)
        }

        @Test("Chains of attached animators, for many views at once")
        func chainsAndManyViews() {
            let outer = HeadlessLayer(), inner = ParallaxCell(), deeper = ParallaxCell()
            let siblings = [HeadlessLayer(), HeadlessLayer(), HeadlessLayer()]
            inner.progressAnimator.attachAnimatableView(deeper)
            let animator = ProgressAnimator.vertical { animator in
                animator.startEndState(for: outer) { $0.position(CGPoint(x: 0, y: 100)) }
                animator.startState(forViews: siblings) { $0.zPosition(10.0) }
                animator.attachAnimatableView(inner)
            }
            animator.attach(animator)   // a cycle is ignored
            animator.update(progress: -0.5)
            #expect(outer.position == CGPoint(x: 0, y: 50))
            expectClose(inner.image.opacity, 0.5, absolute: 1e-12)
            expectClose(deeper.image.opacity, 0.5, absolute: 1e-12)
            animator.update(progress: 1)
            #expect(siblings.allSatisfy { $0.value(forKeyPath: "zPosition", as: Double.self) == 10 })
        }

        @Test("A value of the wrong type for its key path is reported, not applied")
        func typeMismatch() {
            let view = HeadlessLayer()
            let reports = collectingDiagnostics {
                _ = ProgressAnimator.vertical { animator in
                    animator.startState(for: view) { $0.value(1.0, forKeyPath: "position") }
                    animator.startState(for: view) { $0.layerValue(CGFloat.infinity, forKey: "cornerRadius") }
                }
            }
            #expect(reports.count == 2)
        }
    }
}
