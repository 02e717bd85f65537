// swift-tools-version: 6.0

import PackageDescription

import class Foundation.ProcessInfo

/// Whether this build is `../shared/tools/apple-typecheck` compiling the package for iOS on Linux.
/// That tool puts its own `apple-typecheck/bin` folder first on PATH and stops at object files:
/// there is no Apple linker here, so the command-line demo (not an iOS product anyway) is left
/// out, and so are the test targets. The gallery code is a library target and is still compiled
/// for iOS.
let isAppleTypecheck = ProcessInfo.processInfo.environment["PATH"]?.contains("apple-typecheck/bin") ?? false

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
    ] + (isAppleTypecheck ? [] : [
        // MARK: - Demo

        .executable(name: "flight-demo", targets: ["FlightDemo"]),
    ]),
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

    ] + (isAppleTypecheck ? [] : [
        // MARK: - Tests (left out of apple-typecheck: Testing is not in the iOS SDK it uses)

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
            dependencies: ["FlightCore", "FlightTestSupport"],
            resources: [.copy("Golden")]
        ),

        // MARK: - Demo command

        .executableTarget(
            name: "FlightDemo",
            dependencies: ["FlightGallery"],
            path: "DemoApp/CommandLine"
        ),
    ]),
    swiftLanguageModes: [.v6]
)
