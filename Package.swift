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

        .executable(name: "flight-demo", targets: ["FlightDemo"]),
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

        .executableTarget(
            name: "FlightDemo",
            dependencies: ["FlightCore"],
            path: "DemoApp/Gallery"
        ),

        // MARK: - Tests

        .testTarget(
            name: "FlightEasingTests",
            dependencies: ["FlightEasing"],
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
