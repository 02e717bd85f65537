// swift-tools-version: 5.9

// The interactive Flight demo: a Swift Playgrounds app package. Open this folder in Xcode
// (File > Open…) or in Swift Playgrounds on an iPad or a Mac, and run it on a device or a
// simulator. It depends on the Flight package two folders up.
//
// Where AppleProductTypes is missing (Linux, where CI resolves this manifest so that it keeps
// resolving), the app product is a plain executable of the same target.
//
// `Sources/Conformance` is also compiled by Flight's own package (the `FlightConformance`
// target), so that a Linux test plays the same conformance scenarios on the headless host.
// `AdditionalInfo.plist` adds `CADisableMinimumFrameDurationOnPhone` to the app's Info.plist,
// so that iPhones with ProMotion run its display links at up to 120 Hz.

import PackageDescription
#if canImport(AppleProductTypes)
import AppleProductTypes

let products: [Product] = [
    .iOSApplication(
        name: "FlightDemo",
        targets: ["FlightDemoApp"],
        bundleIdentifier: "dev.flight.demo",
        displayVersion: "0.1",
        bundleVersion: "1",
        appIcon: .placeholder(icon: .pencil),
        accentColor: .presetColor(.blue),
        supportedDeviceFamilies: [.pad, .phone],
        supportedInterfaceOrientations: [.portrait, .landscapeLeft, .landscapeRight],
        additionalInfoPlistContentFilePath: "AdditionalInfo.plist"
    ),
]
#else
let products: [Product] = [
    .executable(name: "FlightDemo", targets: ["FlightDemoApp"]),
]
#endif

let package = Package(
    name: "FlightDemo",
    platforms: [
        .iOS("16.0"),
    ],
    products: products,
    dependencies: [
        .package(name: "Flight", path: "../../.."),
    ],
    targets: [
        // Target names must be unique across the package graph: Flight's own command-line demo is
        // `FlightDemoCommand`, this app's target `FlightDemoApp`.
        .executableTarget(
            name: "FlightDemoApp",
            dependencies: [.product(name: "FlightCore", package: "Flight")],
            path: "Sources"
        ),
    ]
)
