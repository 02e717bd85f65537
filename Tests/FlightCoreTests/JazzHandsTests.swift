import FlightCore
import Foundation
import Testing

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
}
