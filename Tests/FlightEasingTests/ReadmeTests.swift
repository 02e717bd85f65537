import FlightEasing
import Foundation
import Testing

extension EasingSuites {
    /// Keeps the README honest: its Swift snippets are compiled and run in the test suites, and a test
    /// checks that the README still shows exactly that code.
    @Suite("README")
    struct ReadmeTests {
        @Test("The README's easing snippet runs and gives the values its comments state")
        func easingSnippet() {
            // README snippet begins

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
            // README snippet ends
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

        @Test("Every Swift block in the README appears verbatim in a test")
        func readmeMatchesTests() throws {
            let here = URL(fileURLWithPath: #filePath)
            let tests = here.deletingLastPathComponent().deletingLastPathComponent()
            let root = tests.deletingLastPathComponent()
            let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            let files = try FileManager.default.subpathsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".swift") }
            let sources = try files.map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }
            let normalizedSources = sources.map(Self.normalized)
            let blocks = readme.components(separatedBy: "```swift\n").dropFirst()
                .compactMap { $0.components(separatedBy: "```").first }
            #expect(blocks.count >= 2)
            for block in blocks {
                let code = block.split(separator: "\n").filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
                let normalizedCode = Self.normalized(code)
                #expect(normalizedSources.contains { $0.contains(normalizedCode) }, "README block not under test:\n\(code)")
            }
        }

        /// Lines with their indentation removed, blank lines dropped.
        static func normalized(_ text: String) -> String {
            text.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: "\n")
        }
    }
}
