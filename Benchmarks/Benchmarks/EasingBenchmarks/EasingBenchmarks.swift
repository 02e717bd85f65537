import Benchmark
import FlightEasing

/// Evaluation cost of Flight's timing math. Each benchmark evaluates a batch of 1,000 samples per
/// iteration, so per-sample cost is the reported time divided by 1,000.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    let samples = (0..<1_000).map { Double($0) / 999 }

    for easing in [Easing.linear, .outCubic, .inOutSine, .outInElastic, .outBounce, .inOutExponential] {
        Benchmark("progress 1k samples: \(easing)") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0.0
                for p in samples { sum += easing.progress(at: p) }
                blackHole(sum)
            }
        }
    }

    Benchmark("progress 1k samples: cubicBezier(default)") { benchmark in
        let easing = Easing.cubicBezier(.default)
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for p in samples { sum += easing.progress(at: p) + easing.velocity(at: p) }
            blackHole(sum)
        }
    }

    Benchmark("spring position+velocity 1k samples (underdamped)") { benchmark in
        let motion = Spring.bouncy.motion(displacement: -300, velocity: 1200)
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for p in samples { sum += motion.position(at: p) + motion.velocity(at: p) }
            blackHole(sum)
        }
    }

    Benchmark("spring position+velocity 1k samples (overdamped)") { benchmark in
        let motion = Spring(duration: 0.5, bounce: -0.5).motion(displacement: -300, velocity: 1200)
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for p in samples { sum += motion.position(at: p) + motion.velocity(at: p) }
            blackHole(sum)
        }
    }

    Benchmark("spring settling duration (underdamped, overdamped, critical)") { benchmark in
        let springs = [Spring.bouncy, Spring(duration: 0.5, bounce: -0.5), .smooth]
        for _ in benchmark.scaledIterations {
            for spring in springs {
                blackHole(spring.motion(displacement: -300, velocity: 1200).settlingDuration())
            }
        }
    }

    Benchmark("trajectory resolve + 1k samples: springDecay(velocity:)") { benchmark in
        for _ in benchmark.scaledIterations {
            let trajectory = Trajectory(easing: .springDecay(velocity: 1500), from: 0, to: 300, duration: 0.5)
            var sum = 0.0
            for p in samples { sum += trajectory.value(at: p * trajectory.duration) }
            blackHole(sum)
        }
    }

    Benchmark("decay offset 1k samples") { benchmark in
        let decay = Decay.normal
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for p in samples { sum += decay.offset(at: p * 3, initialVelocity: 1000) }
            blackHole(sum)
        }
    }
}
