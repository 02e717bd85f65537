import FlightGallery
import Foundation

// `flight-demo`: renders Flight's demo scenarios offline into an HTML gallery.
//
//     swift run flight-demo [--output DIR]
//
// Writes `DIR/index.html` (default `./flight-demo-output/index.html`) and prints its path.

func usage(exitCode: Int32) -> Never {
    print("usage: flight-demo [--output DIR]")
    exit(exitCode)
}

var outputDirectory = URL(fileURLWithPath: "flight-demo-output", isDirectory: true)
var arguments = ProcessInfo.processInfo.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output", "-o":
        guard let path = arguments.popFirst() else { usage(exitCode: 2) }
        outputDirectory = URL(fileURLWithPath: path, isDirectory: true)
    case "--help", "-h":
        usage(exitCode: 0)
    default:
        print("flight-demo: unknown argument '\(argument)'")
        usage(exitCode: 2)
    }
}

do {
    let index = try Gallery.write(to: outputDirectory)
    print("Wrote \(index.path)")
} catch {
    print("flight-demo: could not write the gallery: \(error)")
    exit(1)
}
