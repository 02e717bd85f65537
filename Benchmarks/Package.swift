// swift-tools-version: 6.1

import PackageDescription

// Flight's benchmarks live in their own package so that the library itself keeps zero
// dependencies. Run them from this folder:
//
//     swift package benchmark
//
// They need the `benchmark` package, a download. What counts instructions and allocations per
// operation needs only the toolchain, and lives in its own package: `Counts`.
//
let package = Package(
    name: "FlightBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Flight", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The probes that count instructions and allocations, which need no download.
        .package(name: "FlightCounts", path: "Counts"),
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
                .product(name: "TriggerBurst", package: "FlightCounts"),
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
    ],
    swiftLanguageModes: [.v6]
)
