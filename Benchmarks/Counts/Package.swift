// swift-tools-version: 6.1

import PackageDescription

// Probes that count what Flight's hot operations cost: instructions (under callgrind, see
// Scripts/) and allocations, one operation at a time, and the frame in which a thousand
// triggers come due. They need only the toolchain: no dependency but Flight itself, so that a
// fresh machine builds them without a download.
//
//     swift build -c release
//     Scripts/operation-counts.py
//     Scripts/trigger-burst-callgrind.py
//
// The benchmarks in the package above use `TriggerBurst` from here.
let package = Package(
    name: "FlightCounts",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TriggerBurst", targets: ["TriggerBurst"]),
    ],
    dependencies: [
        .package(name: "Flight", path: "../.."),
    ],
    targets: [
        // A frame in which a thousand triggers come due, shared by the benchmark and by a plain
        // executable that Scripts/trigger-burst-callgrind.py counts instructions and allocations of.
        .target(
            name: "TriggerBurst",
            dependencies: [.product(name: "FlightCore", package: "Flight")]
        ),
        // Flight's hot operations one at a time, for Scripts/operation-counts.py to count the
        // instructions and allocations of each under callgrind.
        .executableTarget(
            name: "OperationCounts",
            dependencies: [.product(name: "FlightCore", package: "Flight"), "TriggerBurst"]
        ),
        .executableTarget(
            name: "TriggerBurstCount",
            dependencies: [.product(name: "FlightCore", package: "Flight"), "TriggerBurst"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
