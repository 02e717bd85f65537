// swift-tools-version: 6.1

import PackageDescription

// Flight's benchmarks live in their own package so that the library itself keeps zero
// dependencies. Run them from this folder:
//
//     swift package benchmark
//
let package = Package(
    name: "FlightBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Flight", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EasingBenchmarks",
            dependencies: [
                .product(name: "FlightEasing", package: "Flight"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EasingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "KeyframeBenchmarks",
            dependencies: [
                .product(name: "FlightCore", package: "Flight"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/KeyframeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnimatorBenchmarks",
            dependencies: [
                .product(name: "FlightCore", package: "Flight"),
                .product(name: "Benchmark", package: "benchmark"),
                "TriggerBurst",
            ],
            path: "Benchmarks/AnimatorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ProgressBenchmarks",
            dependencies: [
                .product(name: "FlightCore", package: "Flight"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ProgressBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A frame in which a thousand triggers come due, shared by the benchmark and by a plain
        // executable that Scripts/trigger-burst-callgrind.py counts instructions and allocations of.
        .target(
            name: "TriggerBurst",
            dependencies: [.product(name: "FlightCore", package: "Flight")],
            path: "Benchmarks/TriggerBurst"
        ),
        // Flight's hot operations one at a time, for Scripts/operation-counts.py to count the
        // instructions and allocations of each under callgrind.
        .executableTarget(
            name: "OperationCounts",
            dependencies: [.product(name: "FlightCore", package: "Flight"), "TriggerBurst"],
            path: "Benchmarks/OperationCounts"
        ),
        .executableTarget(
            name: "TriggerBurstCount",
            dependencies: [.product(name: "FlightCore", package: "Flight"), "TriggerBurst"],
            path: "Benchmarks/TriggerBurstCount"
        ),
    ],
    swiftLanguageModes: [.v6]
)
