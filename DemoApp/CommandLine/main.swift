import FlightGallery
import Foundation

// `flight-demo`: renders Flight's demo scenarios offline into an HTML gallery.
//
//     swift run flight-demo [--output DIR] [--open]
//
// Writes `DIR/index.html` (default `./flight-demo-output/index.html`), prints its sections (how
// many figures and animations each holds) and the file URL to open; `--open` also opens it in
// the default browser (`xdg-open` on Linux, `open` on macOS).

func usage(exitCode: Int32) -> Never {
    print("""
        usage: flight-demo [--output DIR] [--open]
          --output DIR  where to write index.html (default: ./flight-demo-output)
          --open        open the page in the default browser (xdg-open or open)
        """)
    exit(exitCode)
}

/// Prints `message` to standard error and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data(("flight-demo: " + message + "\n").utf8))
    exit(code)
}

/// The command that opens a file in the default browser here, if there is one on `PATH`.
func browserOpener() -> URL? {
    #if os(macOS)
    let names = ["open"]
    #else
    let names = ["xdg-open"]
    #endif
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        for name in names {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
    }
    return nil
}

var outputDirectory = URL(fileURLWithPath: "flight-demo-output", isDirectory: true)
var opens = false
var arguments = ProcessInfo.processInfo.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output", "-o":
        guard let path = arguments.popFirst() else { usage(exitCode: 2) }
        outputDirectory = URL(fileURLWithPath: path, isDirectory: true)
    case "--open":
        opens = true
    case "--help", "-h":
        usage(exitCode: 0)
    default:
        FileHandle.standardError.write(Data("flight-demo: unknown argument '\(argument)'\n".utf8))
        usage(exitCode: 2)
    }
}

let written: WrittenGallery
do {
    written = try Gallery.write(to: outputDirectory)
} catch {
    fail("could not write the gallery: \(error)", code: 1)
}

func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

print("""
    flight-demo: rendered Flight's demo scenarios on the headless host into \(written.index.path)
    \(plural(written.sections.count, "section")), \(plural(written.figures, "figure")), \
    \(written.animatedFigures) of them animated (\(plural(written.animations, "SMIL animation")) of Flight's values):
    """)
let width = written.sections.map(\.title.count).max() ?? 0
for section in written.sections {
    var counts = plural(section.figures, "figure")
    if section.animations > 0 {
        counts += ", \(section.animatedFigures) animated (\(plural(section.animations, "animation")))"
    }
    print("  " + section.title.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + counts)
}
print("Open it in a browser: \(written.index.absoluteString)")

let opener = browserOpener()
if opens {
    guard let opener else {
        fail("--open found no xdg-open (Linux) or open (macOS); open the URL above yourself", code: 3)
    }
    #if os(Linux) || os(macOS)
    let process = Process()
    process.executableURL = opener
    process.arguments = [written.index.absoluteString]
    fflush(nil)  // what was printed comes before what the opener prints
    do {
        try process.run()
        process.waitUntilExit()
    } catch {
        fail("could not run \(opener.path): \(error)", code: 3)
    }
    guard process.terminationStatus == 0 else {
        fail("\(opener.lastPathComponent) exited with status \(process.terminationStatus)", code: 3)
    }
    print("Opened with \(opener.lastPathComponent).")
    #else
    // No processes to start where the tool is only compiled (iOS): nothing opens a browser.
    fail("--open needs Linux or macOS; open the URL above yourself", code: 3)
    #endif
} else if opener != nil {
    print("Add --open to open it in the default browser.")
}
