// swift-tools-version: 5.9

// The interactive Flight demo: a Swift Playgrounds app package. Open this folder in Xcode
// (File > Open…) or in Swift Playgrounds on an iPad or a Mac, and run it on a device or a
// simulator. It depends on the Flight package two folders up.

import AppleProductTypes
import PackageDescription

let package = Package(
    name: "FlightDemo",
    platforms: [
        .iOS("16.0"),
    ],
    products: [
        .iOSApplication(
            name: "FlightDemo",
            targets: ["FlightDemo"],
            bundleIdentifier: "dev.flight.demo",
            displayVersion: "0.1",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .pencil),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait, .landscapeLeft, .landscapeRight]
        ),
    ],
    dependencies: [
        .package(name: "Flight", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "FlightDemo",
            dependencies: [.product(name: "FlightCore", package: "Flight")],
            path: "Sources"
        ),
    ]
)
