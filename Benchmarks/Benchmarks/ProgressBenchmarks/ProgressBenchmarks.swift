import Benchmark
import FlightCore
import Foundation

/// One scroll update of 1,000 items with 4 properties each, on headless layers, and its
/// allocations. Each benchmark runs 100 updates per sample (divide by 100), after a first update
/// that takes the snapshots.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    @MainActor
    func scrollBenchmark(_ benchmark: Benchmark, build: (StateBuilder) -> Void) {
        let layers = (0..<1_000).map { _ in HeadlessLayer() }
        let animators = layers.map { layer in
            ProgressAnimator.vertical { animator in animator.startEndState(for: layer, build) }
        }
        let frames = (0..<1_000).map { CGRect(x: 0, y: Double($0) * 80, width: 320, height: 80) }
        func update(offset: Double) {
            let visible = CGRect(x: 0, y: offset, width: 320, height: 640)
            for (animator, frame) in zip(animators, frames) { animator.update(itemFrame: frame, visibleBounds: visible) }
        }
        update(offset: 0)
        benchmark.startMeasurement()
        for step in 0..<100 { update(offset: Double(step) * 3) }
        benchmark.stopMeasurement()
        blackHole(layers)
    }

    Benchmark("scroll update ×100: 1,000 items × 4 scalar/point properties") { benchmark in
        nonisolated(unsafe) let measured = benchmark
        await MainActor.run {
            scrollBenchmark(measured) { s in
                s.alpha(0.0).easing(.inSine)
                s.position(CGPoint(x: 200, y: 40)).easing(.outCubic)
                s.cornerRadius(12.0)
                s.shadowOffset(CGSize(width: 0, height: 8)).range(0.5...1)
            }
        }
    }

    Benchmark("scroll update ×100: 1,000 items × 4 properties incl. transform and colour") { benchmark in
        nonisolated(unsafe) let measured = benchmark
        await MainActor.run {
            scrollBenchmark(measured) { s in
                s.alpha(0.0).easing(.inSine)
                s.position(CGPoint(x: 200, y: 40)).easing(.outCubic)
                s.transform(Transform2D.scale(x: 0.5, y: 0.5)).easing(.inOutCubic)
                s.backgroundColor(Color(red: 1, green: 0.5, blue: 0)).range(0.5...1)
            }
        }
    }
}
