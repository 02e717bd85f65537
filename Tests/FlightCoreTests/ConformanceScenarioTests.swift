import FlightConformance
import FlightCore
import Foundation
import Testing

// The conformance scenarios the iOS demo plays on real layers (DemoApp/iOS/FlightDemo.swiftpm/
// Sources/Conformance), played here on the headless host alone, and the sampler and comparison
// that judge a device's run against the headless one.

extension MainActorSuites {
    @MainActor
    @Suite("Conformance scenarios and their comparison")
    struct ConformanceScenarioTests {
        /// A headless run of `scenario` on 120 Hz frames.
        static func run(_ scenario: ConformanceScenario, rate: Double = 120) -> ConformanceRecording {
            HeadlessConformance.play(scenario, along: .frames(rate: rate, duration: scenario.duration))
        }

        static func scenario(_ name: String) -> ConformanceScenario {
            ConformanceScenarios.all.first { $0.name == name }!
        }

        /// The value of probe `probe` on the last frame, as a point.
        static func lastPoint(_ recording: ConformanceRecording, _ probe: Int) -> CGPoint {
            let components = recording.samples[probe].last!!
            return CGPoint(x: components[0], y: components[1])
        }

        /// The frame of the first event called `name`.
        static func frame(of name: String, in recording: ConformanceRecording) -> Int? {
            recording.events.first { $0.name == name }?.frame
        }

        @Test("The scenarios cover what the device must show: take-over, every control, triggers, colours, transforms, parts, speed 2")
        func coverage() {
            let all = ConformanceScenarios.all
            let keyPaths = Set(all.flatMap { $0.probes.map(\.keyPath) })
            for keyPath in ["position", "opacity", "backgroundColor", "transform", "transform.scale",
                            "transform.rotation.z", "position.x"] {
                #expect(keyPaths.contains(keyPath), "\(keyPath)")
            }
            let labels = all.flatMap { $0.steps.map(\.label) }.joined(separator: " ")
            for control in ["pause", "resume", "fractionComplete", "reverse", "finish(at: .end)", "finish(at: .start)",
                            "cancel()", "continueOnSpring", "take"] {
                #expect(labels.contains(control), "\(control)")
            }
            #expect(all.contains { $0.layers.contains { $0.speed == 2 } })
            #expect(Set(all.map(\.name)).count == all.count, "names are unique")
        }

        @Test("The DocC article \"Checking Flight on a device\" lists every scenario, in the order the run plays them")
        func articleListsEveryScenario() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let article = root.appendingPathComponent("Sources/FlightCore/Documentation.docc/CheckingFlightOnADevice.md")
            let text = try String(contentsOf: article, encoding: .utf8)
            // The table's rows, `| name | what it shows | sampled |`, from its header and rule to
            // the first line that is not a row.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let header = try #require(lines.firstIndex { $0.hasPrefix("| scenario |") })
            let rows = lines[(header + 2)...].prefix { $0.hasPrefix("| ") }
            let names = rows.map { $0.dropFirst(2).prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces) }
            #expect(names == ConformanceScenarios.all.map(\.name))
        }

        @Test("Every scenario plays on the headless host: each step runs, each probe has a finite value on every frame, every group stops, and all rest at the end",
              arguments: [120.0, 60.0])
        func everyScenarioPlays(rate: Double) {
            for scenario in ConformanceScenarios.all {
                let recording = Self.run(scenario, rate: rate)
                let frames = recording.timeline.frameTimes.count
                #expect(frames >= Int(scenario.duration * rate), "\(scenario.name)")
                #expect(recording.timeline.stepTimes.count == scenario.steps.count, "\(scenario.name)")
                for (probe, samples) in zip(scenario.probes, recording.samples) {
                    #expect(samples.count == frames, "\(scenario.name) \(probe.keyPath)")
                    #expect(samples.allSatisfy { $0?.allSatisfy(\.isFinite) == true }, "\(scenario.name) \(probe.keyPath)")
                    // Each probe moves (one that never does could not catch a difference), and
                    // is at rest over the last frames: every animation has ended in time.
                    #expect(Set(samples.compactMap { $0 }).count > 1, "\(scenario.name) \(probe.keyPath) moves")
                    #expect(samples[frames - 1] == samples[frames - 2], "\(scenario.name) \(probe.keyPath) rests")
                }
                let starts = recording.events.filter { $0.name.hasSuffix(" start") }.map { $0.name.dropLast(6) }
                for group in starts {
                    #expect(recording.events.contains { $0.name.hasPrefix("\(group) stop") }, "\(scenario.name): \(group) stops")
                }
            }
        }

        @Test("Scenario outcomes follow Flight's rules: triggers at their moments, speed 2 at half time, finish and cancel where they say")
        func outcomes() throws {
            // Triggers: start at once, half time of 0.6 s at 0.3 s (frame 36), completion at 0.6 s (frame 72).
            let triggers = Self.run(Self.scenario("triggers"))
            #expect(Self.frame(of: "start trigger fired", in: triggers) == 0)
            #expect(Self.frame(of: "time-progress trigger fired", in: triggers) == 36)
            #expect(Self.frame(of: "completion trigger fired", in: triggers) == 72)
            let valueFrame = try #require(Self.frame(of: "value-progress trigger fired", in: triggers))
            #expect(valueFrame > 0 && valueFrame < 36, "outCubic covers 80 % of its way before half time")

            // A 1 s group on a layer at speed 2 ends after 0.5 s of the screen's time (frame 60);
            // its completion trigger starts the other layer then.
            let fast = Self.run(Self.scenario("layer at speed 2"))
            #expect(Self.frame(of: "fast stop finished", in: fast) == 60)
            let normal = fast.samples[2]
            #expect(normal[60] == normal[0] && normal[62] != normal[0], "the triggered group starts at frame 60")

            // finish(at: .end) jumps to the target, finish(at: .start) back, cancel() stays shown.
            let finish = Self.run(Self.scenario("finish and cancel"))
            #expect(Self.lastPoint(finish, 0) == CGPoint(x: 320, y: 60))
            #expect(Self.lastPoint(finish, 1) == CGPoint(x: 40, y: 160))
            #expect(Self.frame(of: "end stop finished", in: finish) == 36)
            #expect(Self.frame(of: "cancel stop cut short", in: finish) == 36)
            let cancelled = finish.samples[2]
            #expect(cancelled[37] == cancelled[47], "a cancelled group holds where it was shown until animated again")
            #expect(Self.lastPoint(finish, 2) == CGPoint(x: 200, y: 300))

            // Reversed twice, the group ends at its targets; continueOnSpring settles at the end.
            #expect(Self.lastPoint(Self.run(Self.scenario("reverse")), 0) == CGPoint(x: 320, y: 200))
            let spring = Self.run(Self.scenario("continueOnSpring"))
            #expect(Self.lastPoint(spring, 0) == CGPoint(x: 200, y: 500))
            #expect(spring.events.contains { $0.name == "dismiss stop finished" })

            // Paused from 0.2 s to 0.3 s, the card holds still; scrubbed to 0.3 at 0.4 s it is
            // where the curve puts 0.3 of its time (inOutSine: (1 − cos(0.3π)) / 2 of 280 pt).
            let paused = Self.run(Self.scenario("pause, scrub, resume"))
            #expect(paused.samples[0][25] == paused.samples[0][35])
            let scrubbedX = paused.samples[0][50]![0]
            #expect(abs(scrubbedX - (40 + 280 * (1 - cos(0.3 * .pi)) / 2)) <= 0.5 + 1e-9)

            // Paused at 0.45 s after a step move ended at 0.3 s, the card holds its end (not the
            // step before); scrubbed to 0.2 of the group's 1 s it shows the step 0.2 / 0.3 of
            // the way puts it on (jumpEnd: 2 of 4 steps, x = 180); scrubbed to 1, the end again.
            let held = Self.run(Self.scenario("pause after an end"))
            for frame in [55, 60, 65, 71] { #expect(held.samples[0][frame]![0] == 320, "frame \(frame)") }
            for frame in [74, 80, 89] { #expect(held.samples[0][frame]![0] == 180, "frame \(frame)") }
            for frame in [92, 100, 107, 120, 143] { #expect(held.samples[0][frame]![0] == 320, "frame \(frame)") }
            #expect(held.samples[1][143]![0] == 0.3)
            #expect(held.events.contains { $0.name == "move stop finished" })

            // Scrubbed exactly onto a jump of `.steps(4, .jumpEnd)`, the step after it shows:
            // 0.25 → x = 40 + 280 / 4, 0.5 → 180, 0.75 → 250, then 0.25 again.
            let stepped = Self.run(Self.scenario("scrub onto steps"))
            for (frame, x) in [(30, 110.0), (35, 110), (42, 180), (47, 180), (54, 250), (59, 250), (66, 110), (71, 110)] {
                #expect(stepped.samples[0][frame]![0] == x, "frame \(frame)")
            }
            #expect(stepped.samples[0].last!![0] == 320)

            // The scale written into a 2D scale of 0.5 multiplies its factors by 1.5 (0.75, 0.75,
            // 1.5); into a uniform one, 1 on every axis; the mirrored layer, turned a quarter
            // turn, keeps its mirror (x flipped, then turned: m12 = −1, m21 = −1).
            let scaled = Self.run(Self.scenario("parts of a scaled layer"))
            let planar = try #require(scaled.samples[0].last!)
            #expect(abs(planar[0] - 0.75) < 1e-9 && abs(planar[5] - 0.75) < 1e-9 && abs(planar[10] - 1.5) < 1e-9)
            let uniform = try #require(scaled.samples[1].last!)
            #expect(abs(uniform[0] - 1) < 1e-9 && abs(uniform[5] - 1) < 1e-9 && abs(uniform[10] - 1) < 1e-9)
            let mirrored = try #require(scaled.samples[2].last!)
            #expect(abs(mirrored[0]) < 1e-9 && abs(mirrored[1] + 1) < 1e-9 && abs(mirrored[4] + 1) < 1e-9 && abs(mirrored[5]) < 1e-9)
            #expect(mirrored[0] * mirrored[5] - mirrored[1] * mirrored[4] < 0, "still mirrored")
        }

        @Test("A headless run compared with itself differs by nothing, on even and on jittered frames")
        func selfComparisonIsExact() {
            for scenario in ConformanceScenarios.all {
                let even = Self.run(scenario)
                var jittered = ConformanceTimeline.frames(rate: 60, duration: scenario.duration)
                var random = SplitMix64(seed: 24)
                for index in jittered.frameTimes.indices.dropFirst() {
                    jittered.frameTimes[index] += random.uniform(-0.3...0.3) / 60
                }
                let rough = HeadlessConformance.play(scenario, along: jittered)
                for device in [even, rough] {
                    // The headless run follows the device's timeline, step times included.
                    let headless = HeadlessConformance.play(scenario, along: device.timeline)
                    #expect(headless == device, "\(scenario.name)")
                    let rows = ConformanceComparison.rows(scenario, device: device, headless: headless)
                    #expect(rows.count == scenario.probes.count + 1)
                    #expect(rows.allSatisfy { $0.passed && $0.worstDifference == 0 }, "\(scenario.name)")
                }
            }
        }

        @Test("A run sampled one frame late is reported as a mismatch, on the probes that move")
        func lateRunIsAMismatch() throws {
            var report = ConformanceReport(platform: "headless")
            for scenario in ConformanceScenarios.all {
                let headless = Self.run(scenario)
                var late = headless
                late.samples = headless.samples.map { samples in Array(samples.dropFirst()) + [samples.last!] }
                report.add(scenario, device: late, headless: headless)
                // Only the callbacks row can pass: every probe moves at some frame.
                let rows = report.scenarios.last!.rows
                #expect(rows.filter(\.passed).map(\.property) == ["callbacks"], "\(scenario.name)")
            }
            #expect(!report.passed)
            #expect(report.summary.contains("MISMATCH"))
            let take = try #require(report.rows.first { $0.scenario == "take-over" && $0.property == "card position" })
            // The redirect moves 280 pt in 0.4 s on outCubic: a frame late is several points off.
            #expect(take.worstDifference > 2 && take.tolerance == 0.5)
        }

        @Test("Differences just inside the tolerance pass and just outside fail: 0.5 pt, 0.5/255 a channel, 1e-3 rad")
        func toleranceBoundaries() {
            let scenario = Self.scenario("sub-paths")
            let headless = Self.run(scenario)
            let probes = scenario.probes.map(\.keyPath)
            // (probe, component, tolerance) for a point, a rotation and a matrix element.
            let cases: [(String, Int, Double)] = [
                ("position", 1, 0.5), ("position.x", 0, 0.5), ("transform.rotation.z", 0, 1e-3),
                ("transform.scale", 0, 1e-3), ("transform", 0, 1e-3), ("transform", 12, 0.5),
            ]
            for (keyPath, component, tolerance) in cases {
                let probe = probes.firstIndex(of: keyPath)!
                for (factor, passes) in [(0.9, true), (1.1, false)] {
                    var device = headless
                    device.samples[probe][40]![component] += factor * tolerance
                    let row = ConformanceComparison.rows(scenario, device: device, headless: headless)[probe]
                    #expect(row.passed == passes, "\(keyPath)[\(component)] off by \(factor) × tolerance")
                    expectClose(row.worstDifference, factor * tolerance, absolute: 1e-9)
                    #expect(row.tolerance == tolerance)
                }
            }
            let colours = Self.scenario("colours")
            let colourRun = Self.run(colours)
            for (factor, passes) in [(0.9, true), (1.1, false)] {
                var device = colourRun
                device.samples[0][10]![2] -= factor * 0.5 / 255
                #expect(ConformanceComparison.rows(colours, device: device, headless: colourRun)[0].passed == passes)
            }
        }

        @Test("A missing value, or a callback in another frame, is a mismatch; the report's JSON carries every row")
        func eventsAndJSON() throws {
            let scenario = Self.scenario("triggers")
            let headless = Self.run(scenario)
            var device = headless
            device.samples[1][5] = nil
            device.events[1].frame += 1
            var report = ConformanceReport(platform: "headless")
            report.add(scenario, device: device, headless: headless)
            let rows = report.rows
            #expect(rows[1].passed == false && rows[1].worstDifference == .infinity)
            let callbacks = try #require(rows.last)
            #expect(callbacks.property == "callbacks" && !callbacks.passed && callbacks.worstDifference == 1)
            #expect(rows[0].passed && rows[2].passed && rows[3].passed)

            let json = try JSONSerialization.jsonObject(with: report.json()) as? [String: Any]
            #expect(json?["passed"] as? Bool == false)
            let scenarios = json?["scenarios"] as? [[String: Any]]
            #expect((scenarios?.first?["rows"] as? [Any])?.count == scenario.probes.count + 1)
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            #expect(try decoder.decode(ConformanceReport.self, from: report.json()).rows == rows)
        }
    }
}
