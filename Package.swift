// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "Flight",
    platforms: [
        .iOS(.v15),
        .tvOS(.v15),
        .macOS(.v12),
        .visionOS(.v1),
    ],
    products: [
        // MARK: - Libraries

        .library(name: "FlightEasing", targets: ["FlightEasing"]),
        .library(name: "FlightCore", targets: ["FlightCore"]),

        // MARK: - Demo

        .executable(name: "flight-demo", targets: ["FlightDemoCommand"]),
    ],
    targets: [
        // MARK: - Timing math

        .target(name: "FlightEasing"),

        // MARK: - Animation engine

        .target(
            name: "FlightCore",
            dependencies: ["FlightEasing"]
        ),

        // MARK: - Demo

        .target(
            name: "FlightGallery",
            dependencies: ["FlightCore"],
            path: "DemoApp/Gallery"
        ),
        // The conformance scenarios the iOS demo plays on real layers, compiled here from the
        // app's own folder so that a test plays the same ones on the headless host.
        .target(
            name: "FlightConformance",
            dependencies: ["FlightCore"],
            path: "DemoApp/iOS/FlightDemo.swiftpm/Sources/Conformance"
        ),

        // MARK: - Tests

        .target(
            name: "FlightTestSupport",
            path: "Tests/Support"
        ),
        .testTarget(
            name: "FlightEasingTests",
            dependencies: ["FlightEasing", "FlightTestSupport"],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "FlightCoreTests",
            dependencies: ["FlightCore", "FlightConformance", "FlightTestSupport"],
            resources: [.copy("Golden")]
        ),

        // MARK: - Demo command

        .executableTarget(
            name: "FlightDemoCommand",
            dependencies: ["FlightGallery"],
            path: "DemoApp/CommandLine"
        ),
    ],
    swiftLanguageModes: [.v6]
)
