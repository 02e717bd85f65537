import Foundation
import Testing

extension OffMainActorSuites {
    /// Keeps the test run's times honest: every suite sits under one of the three serialized
    /// parents (`MainActorSuites`, `OffMainActorSuites`, `EasingSuites`), and no test outside
    /// `MainActorSuites` runs on the main actor, where it would queue behind that chain. What it
    /// finds is a warning, not a failure: it costs time, not correctness.
    @Suite("Suite layout")
    struct SuiteLayoutTests {
        static let parents = ["MainActorSuites", "OffMainActorSuites", "EasingSuites"]

        @Test("Every suite is under a serialized parent; main-actor tests only under MainActorSuites")
        func everySuiteUnderAParent() throws {
            let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            var checked = 0
            for folder in ["FlightCoreTests", "FlightEasingTests"] {
                let root = tests.appendingPathComponent(folder)
                for path in try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
                where path.hasSuffix(".swift") {
                    let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                    checked += 1
                    for problem in Self.problems(in: source) {
                        Issue.record("\(folder)/\(path):\(problem.line): \(problem.text)", severity: .warning)
                    }
                }
            }
            #expect(checked > 10)
        }

        @Test("The layout check sees a suite outside the parents and a main-actor test off the main chain")
        func layoutCheckSees() {
            let outside = """
                @MainActor
                @Suite("Loose")
                struct LooseTests {}
                """
            #expect(Self.problems(in: outside).count == 1)
            let offMain = """
                extension OffMainActorSuites {
                    @Suite("Values")
                    struct ValueTests {
                        @MainActor
                        @Test func onMain() {}
                    }
                }
                """
            #expect(Self.problems(in: offMain).map(\.line) == [4])
            let fine = """
                extension MainActorSuites {
                    @MainActor
                    @Suite("Layers")
                    struct LayerTests {}
                }
                """
            #expect(Self.problems(in: fine).isEmpty)
        }

        /// Suites and tests declared at file scope outside the parents, and main-actor
        /// declarations inside a parent other than `MainActorSuites`, with their line numbers.
        static func problems(in source: String) -> [(line: Int, text: String)] {
            var problems: [(line: Int, text: String)] = []
            var parent: String?
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            var inString = false
            for (index, line) in lines.enumerated() {
                // Multi-line string literals hold text, not declarations.
                if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle(); continue }
                if inString { continue }
                if line.hasPrefix("extension ") {
                    parent = line.dropFirst("extension ".count).split(separator: " ").first
                        .flatMap { String($0.split(separator: ".").first ?? $0) }
                    continue
                }
                if line == "}" { parent = nil; continue }
                let atFileScope = !line.hasPrefix(" ")
                if atFileScope && (line.hasPrefix("@Suite") || line.hasPrefix("@Test")) {
                    let declaration = lines[(index + 1)...].first { !$0.hasPrefix("@") && !$0.hasPrefix("///") } ?? ""
                    if !parents.contains(where: { declaration.hasPrefix("enum \($0) ") }) {
                        problems.append((index + 1, "declared outside MainActorSuites, OffMainActorSuites and EasingSuites: "
                            + "it runs beside them and its reported time includes waiting for them"))
                    }
                } else if let parent, parent != "MainActorSuites", parents.contains(parent),
                          line.trimmingCharacters(in: .whitespaces).hasPrefix("@MainActor") {
                    problems.append((index + 1, "a main-actor declaration under \(parent): it queues for the main actor "
                        + "behind MainActorSuites, and its reported time includes that wait; move its suite there"))
                }
            }
            return problems
        }
    }
}
