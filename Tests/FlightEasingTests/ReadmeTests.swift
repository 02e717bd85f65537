import FlightEasing
import Foundation
import Testing

extension EasingSuites {
    /// Keeps the README honest. Each of its Swift blocks is pasted, verbatim, into a test of its
    /// own (here and in `FlightCoreTests/ReadmeCoreTests`) that runs it and checks what its
    /// comments state; these tests check that the README and those copies are the same text, that
    /// each block compiles on its own with only the imports it shows, and that the README and
    /// `CONTRIBUTING.md` name nothing outside the repository.
    @Suite("README")
    struct ReadmeTests {
        @Test("README, “Easing in one screen”: runs and gives the values its comments state")
        func easingInOneScreen() {
            // README block "Easing in one screen" begins
            // Normalized curves: progress and velocity over normalized time 0...1.
            let half = Easing.outCubic.progress(at: 0.5)              // 0.875
            let slope = Easing.outInBounce.velocity(at: 0.25)
            let eased = Easing.cubicBezier(.easeInEaseOut).progress(at: 0.3)
            let stepped = Easing.steps(4, .jumpEnd).progress(at: 0.6) // 0.5

            // A scalar resolved against real values: 0 → 300 pt in 0.5 s.
            let move = Trajectory(easing: .outCubic, from: 0, to: 300, duration: 0.5)
            let position = move.value(at: 0.25)                       // 262.5
            let speed = move.velocity(at: 0.25)                       // 450 pt/s

            // Springs, described three ways; solved in closed form.
            let spring = Spring(duration: 0.5, bounce: 0.3)           // or Spring(response:dampingRatio:)
            let motion = spring.motion(displacement: -300, velocity: 0)
            let settled = motion.settlingDuration()                   // last time > 0.1 % of the travel away

            // A pan gesture's release velocity, handed to a spring that lands on the target.
            let release = CGPoint(x: 0, y: -1800)
            let fling = Trajectory(easing: .springDecay(velocity: release), from: 500, to: 120,
                                   duration: 0.5, component: 1)
            let flingDuration = fling.duration                        // its own settling time

            // Scroll-view deceleration: where a fling stops, and the fling that stops on a snap point.
            let restingOffset = Decay.normal.projection(initialVelocity: 1200)
            let snapVelocity = Decay.normal.initialVelocity(toTravel: 300)
            // README block ends
            expectClose(half, 0.875, absolute: 1e-15)
            #expect(slope.isFinite && eased > 0 && eased < 0.3)
            #expect(stepped == 0.5)
            expectClose(position, 262.5, absolute: 1e-12)
            expectClose(speed, 450, absolute: 1e-9)
            #expect(settled > 0.3 && settled < 2)
            #expect(flingDuration != 0.5 && fling.velocity(at: 0) == -1800)
            expectClose(restingOffset, 1200 / -(1000 * log(0.998)), relative: 1e-12)
            expectClose(Decay.normal.projection(initialVelocity: snapVelocity), 300, relative: 1e-12)
        }

        @Test("Every Swift block in the README is the same text as its copy in a test, and every copy is in the README")
        func blocksAreTheTestsCopies() throws {
            let blocks = try ReadmeDocument.blocks()
            let copies = try ReadmeDocument.copies()
            #expect(blocks.count >= 5)
            let titles = blocks.map(\.title)
            #expect(Set(titles).count == titles.count, "two Swift blocks under one README heading: \(titles)")
            for block in blocks {
                let matching = copies.filter { $0.title == block.title }
                guard let copy = matching.first else {
                    Issue.record("README block “\(block.title)” has no copy in a test (// README block \"\(block.title)\" begins)")
                    continue
                }
                #expect(matching.count == 1, "README block “\(block.title)” is copied into more than one test")
                #expect(copy.code == block.code, """
                    README block “\(block.title)” and its copy in \(copy.file) differ:
                    README:
                    \(block.code)
                    test:
                    \(copy.code)
                    """)
                #expect(copy.opensItsTest, "the copy of “\(block.title)” in \(copy.file) must open its test function")
                // The test file imports what the block imports (and Testing), nothing more.
                #expect(copy.fileImports.subtracting(["Testing"]) == Set(block.imports),
                        "\(copy.file) imports \(copy.fileImports.sorted()), the README block “\(block.title)” \(block.imports)")
            }
            for copy in copies where !titles.contains(copy.title) {
                Issue.record("\(copy.file) copies a README block “\(copy.title)” that the README does not have")
            }
        }

        @Test(
            "Every Swift block in the README compiles on its own, with only the imports it shows",
            .enabled(if: ReadmeDocument.compiler != nil, "needs swiftc and the build's Modules folder next to the test bundle (Linux)")
        )
        func blocksCompileOnTheirOwn() throws {
            // Each block is a program's main file of its own: no test, no helper, no other block.
            let results = try ReadmeDocument.typecheck(try ReadmeDocument.blocks().map(\.text), named: "readme")
            for (block, (status, output)) in zip(try ReadmeDocument.blocks(), results) {
                #expect(status == 0, "README block “\(block.title)” does not compile on its own:\n\(output)")
            }
        }

        @Test("The README and CONTRIBUTING.md name no path outside the repository")
        func namesNothingOutside() throws {
            // A relative path that leaves the package, a home or absolute path, an address.
            let outside = [#"(^|[^A-Za-z0-9_.])\.\./"#, #"~/"#, #"[A-Za-z]+://"#, #"(^|[\s`(\["'=])/[A-Za-z0-9_.-]+/"#]
            for name in ["README.md", "CONTRIBUTING.md"] {
                let text = try String(contentsOf: ReadmeDocument.root.appendingPathComponent(name), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for pattern in outside where !ReadmeDocument.matches(of: pattern, in: String(line)).isEmpty {
                        Issue.record("\(name):\(number + 1) names something outside the repository: \(line)")
                    }
                }
            }
        }

        @Test("CONTRIBUTING.md names every environment variable the tests read, and no other")
        func contributingNamesTheCampaignVariables() throws {
            let contributing = try String(
                contentsOf: ReadmeDocument.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
            let named = ReadmeDocument.matches(of: #"FLIGHT_[A-Z0-9_]+"#, in: contributing)
            var read: Set<String> = []
            let tests = ReadmeDocument.root.appendingPathComponent("Tests")
            for path in try FileManager.default.subpathsOfDirectory(atPath: tests.path) where path.hasSuffix(".swift") {
                let source = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
                read.formUnion(ReadmeDocument.matches(of: #"environment\["(FLIGHT_[A-Z0-9_]+)"\]"#, in: source, group: 1))
            }
            #expect(!read.isEmpty)
            #expect(read.subtracting(named).isEmpty, "read by the tests, not named in CONTRIBUTING.md: \(read.subtracting(named).sorted())")
            #expect(named.subtracting(read).isEmpty, "named in CONTRIBUTING.md, read by no test: \(named.subtracting(read).sorted())")
        }
    }
}

/// The README's Swift blocks and their copies in the tests.
enum ReadmeDocument {
    /// The package root (this file is `Tests/FlightEasingTests/ReadmeTests.swift`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A Swift block of the README.
    struct Block {
        /// The heading of the section that holds it.
        var title: String
        /// The block as a reader copies it.
        var text: String
        /// Its `import` lines' modules.
        var imports: [String]
        /// The block without its imports and the blank line after them.
        var code: String
    }

    /// A README block pasted into a test, between `// README block "<title>" begins` and
    /// `// README block ends`.
    struct Copy {
        var title: String
        /// The lines between the markers, less their common indentation.
        var code: String
        /// The file it is in, relative to `Tests`.
        var file: String
        /// The modules the file imports.
        var fileImports: Set<String>
        /// Whether the begin marker is the first line of its test function, so that nothing the
        /// function declared before it can stand in for what the block lacks.
        var opensItsTest: Bool
    }

    static func blocks() throws -> [Block] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [Block] = []
        var title = ""
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = current {
                if line == "```" {
                    let imports = lines.prefix { $0.hasPrefix("import ") }
                    var body = lines.dropFirst(imports.count)
                    if body.first?.isEmpty == true { body = body.dropFirst() }
                    blocks.append(Block(
                        title: title, text: lines.joined(separator: "\n") + "\n",
                        imports: imports.map { String($0.dropFirst("import ".count)) },
                        code: body.joined(separator: "\n")))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line.hasPrefix("## ") {
                title = String(line.dropFirst(3))
            } else if line == "```swift" {
                current = []
            }
        }
        return blocks
    }

    static func copies() throws -> [Copy] {
        let tests = root.appendingPathComponent("Tests")
        var copies: [Copy] = []
        for path in try FileManager.default.subpathsOfDirectory(atPath: tests.path).sorted() where path.hasSuffix(".swift") {
            let source = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let fileImports = Set(lines.filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) })
            var index = 0
            while index < lines.count {
                let marker = lines[index].trimmingCharacters(in: .whitespaces)
                let prefix = "// README block \"", suffix = "\" begins"
                guard marker.hasPrefix(prefix), marker.hasSuffix(suffix) else { index += 1; continue }
                let title = String(marker.dropFirst(prefix.count).dropLast(suffix.count))
                let opens = index > 0 && lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix("func ")
                    && lines[index - 1].hasSuffix("{")
                var end = index + 1
                while end < lines.count && lines[end].trimmingCharacters(in: .whitespaces) != "// README block ends" {
                    end += 1
                }
                let body = lines[(index + 1)..<min(end, lines.count)]
                let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                let code = body.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
                copies.append(Copy(title: title, code: code, file: path, fileImports: fileImports, opensItsTest: opens))
                index = end + 1
            }
        }
        return copies
    }

    /// The Swift compiler on `PATH` and the folder of the modules this test bundle was built
    /// with, or nil where either is missing (the compile check runs on Linux, where SwiftPM
    /// keeps the modules in `Modules` next to the resource bundles).
    static let compiler: (swiftc: URL, modules: URL)? = {
        #if os(Linux)
        let modules = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("FlightCore.swiftmodule").path)
        else { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: swiftc.path) { return (swiftc, modules) }
        }
        return nil
        #else
        return nil
        #endif
    }()

    /// Runs `executable` and returns its exit status and what it printed.
    /// Type-checks each of `programs` as the main file of a program of its own, against the
    /// modules this test bundle was built with (Swift 6, warnings as errors): each one's exit
    /// status and output, in order. Needs ``compiler``.
    static func typecheck(_ programs: [String], named name: String) throws -> [(status: Int32, output: String)] {
        let compiler = try #require(compiler)
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("flight-\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        return try programs.enumerated().map { index, program in
            let folder = work.appendingPathComponent("program\(index)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("main.swift")
            try program.write(to: file, atomically: true, encoding: .utf8)
            return try run(compiler.swiftc, [
                "-typecheck", "-swift-version", "6", "-warnings-as-errors",
                "-module-cache-path", work.appendingPathComponent("module-cache").path,
                "-I", compiler.modules.path, file.path,
            ])
        }
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The matches of `pattern` in `text` (or of its capture group `group`).
    static func matches(of pattern: String, in text: String, group: Int = 0) -> Set<String> {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: group), in: text).map { String(text[$0]) }
        })
    }
}
