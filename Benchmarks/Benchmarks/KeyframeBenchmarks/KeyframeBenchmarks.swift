import Benchmark
import FlightCore
import Foundation

/// Cost of turning one property's motion into keyframes (resolve + sample), and the allocations
/// it makes: the motion's own storage plus the two output arrays.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )

    func sample<Value: AnimatableValue>(
        _ name: String, from: Value, to: Value, easing: Easing, tolerance: KeyframeTolerance = .geometry
    ) {
        Benchmark("keyframes: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let motion = try ValueMotion(from: from, to: to, easing: easing, duration: 0.5, tolerance: tolerance)
                blackHole(motion.keyframes())
            }
        }
    }

    sample("Double 300 pt outCubic", from: 0.0, to: 300.0, easing: .outCubic)
    sample("Double 300 pt outElastic", from: 0.0, to: 300.0, easing: .outElastic)
    sample("Double 300 pt spring(.bouncy)", from: 0.0, to: 300.0, easing: .spring(.bouncy))
    sample("CGPoint springDecay(velocity:)", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 240, y: -300),
           easing: .springDecay(velocity: CGPoint(x: 1_200, y: -800)))
    sample("CGRect inOutCubic", from: CGRect(x: 0, y: 0, width: 100, height: 40),
           to: CGRect(x: 200, y: 80, width: 40, height: 300), easing: .inOutCubic)
    sample("Transform3D rotation outBack", from: Transform3D.identity,
           to: Transform3D.rotation(angle: 2, x: 0.3, y: 1, z: 0.2).concatenating(.translation(x: 80, y: 20)),
           easing: .outBack)
    sample("Color oklab inOutSine", from: Color(red: 1, green: 0, blue: 0), to: Color(red: 0, green: 0.4, blue: 1),
           easing: .inOutSine, tolerance: .color)

    Benchmark("keyframes: all 46 named curves, 300 pt, 0.1 pt (per 46)") { benchmark in
        for _ in benchmark.scaledIterations {
            for easing in Easing.allNamed {
                let motion = try ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5, tolerance: .absolute(0.1))
                blackHole(motion.keyframes())
            }
        }
    }

    Benchmark("keyframes: Double 300 pt outCubic at 60 Hz (fixed rate)") { benchmark in
        for _ in benchmark.scaledIterations {
            let motion = try ValueMotion(from: 0.0, to: 300.0, easing: .outCubic, duration: 0.5)
            blackHole(motion.keyframes(framesPerSecond: 60))
        }
    }
}
