import FlightCore
import Foundation

/// `flight-demo`: renders Flight's demo scenarios offline into an HTML gallery.
///
///     swift run flight-demo [--output DIR]
///
/// Writes `DIR/index.html` (default `./flight-demo-output/index.html`) and prints its path.

func usage() -> Never {
    print("usage: flight-demo [--output DIR]")
    exit(2)
}

var outputDirectory = URL(fileURLWithPath: "flight-demo-output", isDirectory: true)
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output", "-o":
        guard let path = arguments.popFirst() else { usage() }
        outputDirectory = URL(fileURLWithPath: path, isDirectory: true)
    case "--help", "-h":
        usage()
    default:
        print("flight-demo: unknown argument '\(argument)'")
        usage()
    }
}

let page = """
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flight demo gallery</title>
<style>
body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #223; background: #f6f7fb; }
.grid { display: flex; flex-wrap: wrap; gap: 12px; }
.card { margin: 0; background: #fff; border: 1px solid #dde; border-radius: 8px; padding: 8px; }
.card figcaption { margin-bottom: 4px; }
.note { font-size: 11px; color: #667; max-width: 220px; }
</style></head><body>
<h1>Flight \(Flight.version) — demo gallery</h1>
\(EasingGallery.html())
</body></html>
"""

do {
    try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
    let index = outputDirectory.appendingPathComponent("index.html")
    try page.write(to: index, atomically: true, encoding: .utf8)
    print("Wrote \(index.path)")
} catch {
    print("flight-demo: could not write the gallery: \(error)")
    exit(1)
}
