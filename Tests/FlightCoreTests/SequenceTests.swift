import FlightCore
import FlightEasing
import Foundation
import Testing

extension MainActorSuites {
    /// A group and the groups its triggers start, controlled as one timeline, checked against
    /// the same sequence played in time on a clock of its own.
    @MainActor
    @Suite("Sequences")
    struct SequenceTests {
        /// Three layers on one clock, and a record of every callback of every group.
        @MainActor
        final class Stage {
            let clock = ManualClock()
            let a: HeadlessLayer, b: HeadlessLayer, c: HeadlessLayer
            var log: [String] = []

            init() {
                a = HeadlessLayer(clock: clock)
                b = HeadlessLayer(clock: clock)
                c = HeadlessLayer(clock: clock)
                for layer in [a, b, c] { layer.position = CGPoint(x: 10, y: 10) }
            }

            var layers: [HeadlessLayer] { [a, b, c] }

            /// Adds callbacks that log `name`'s start and stop to `animator`'s group.
            func logging(_ name: String, _ animator: GroupAnimator) {
                animator.setDidStartCallback { [weak self] _ in self?.log.append("\(name) start") }
                animator.setDidStopCallback { [weak self] _, finished in self?.log.append("\(name) stop \(finished)") }
                animator.setDidCancelCallback { [weak self] _ in self?.log.append("\(name) cancel") }
            }

            /// Whether every callback of every group fired at most once, each cancel directly
            /// before its group's stop with `false`.
            var eachOnce: Bool {
                Set(log).count == log.count && log.indices.allSatisfy { index in
                    guard log[index].hasSuffix(" cancel") else { return true }
                    let name = log[index].dropLast(" cancel".count)
                    return index + 1 < log.count && log[index + 1] == "\(name) stop false"
                }
            }

            /// Three groups: the root on `a` (1 s, out-cubic), at 40 % of its time one on `b`
            /// (0.5 s), and when that one ends, one on `c` (0.6 s, a spring).
            func startThree() -> AnimationGroup {
                a.animate { x in
                    logging("A", x)
                    x.position(CGPoint(x: 300, y: 40)).duration(1).easing(.outCubic)
                    x.triggerOnProgress(0.4, onView: b) { y in
                        logging("B", y)
                        y.position(CGPoint(x: 120, y: 200)).duration(0.5).easing(.inOutSine)
                        y.triggerOnCompletion(onView: c) { z in
                            logging("C", z)
                            z.alpha(0.2).duration(0.6).easing(.spring(.bouncy))
                        }
                    }
                }
            }

            /// Parts and their whole chained on one view: the root moves `a`'s `position.y`, when it
            /// ends one moves its `position.x`, and when that ends one moves the whole `position`.
            func startParts() -> AnimationGroup {
                a.animate { x in
                    logging("A", x)
                    x.value(200.0, forKeyPath: "position.y").duration(0.4).easing(.outCubic)
                    x.triggerOnCompletion(onView: a) { y in
                        logging("B", y)
                        y.value(250.0, forKeyPath: "position.x").duration(0.4).easing(.inOutSine)
                        y.triggerOnCompletion(onView: a) { z in
                            logging("C", z)
                            z.position(CGPoint(x: 50, y: 60)).duration(0.4).easing(.linear)
                        }
                    }
                }
            }

            /// Every kind of trigger, nested: the root on `a`; on its start one on `b`; at half
            /// its way (value progress) one on `c`, which at its end starts one on `a` (opacity)
            /// and at 60 % of its time one on `b` (position).
            func startAllKinds() -> AnimationGroup {
                a.animate { x in
                    logging("A", x)
                    x.position(CGPoint(x: 300, y: 40)).duration(0.8).easing(.outBack)
                    x.triggerOnStart(onView: b) { y in
                        logging("S", y)
                        y.cornerRadius(18).duration(0.3).easing(.inOutCubic)
                    }
                    x.triggerOnValueProgress(0.5, onView: c) { y in
                        logging("V", y)
                        y.position(CGPoint(x: -50, y: 90)).duration(0.5).easing(.outQuadratic)
                        y.triggerOnCompletion(onView: a) { z in
                            logging("E", z)
                            z.alpha(0.4).duration(0.4).easing(.linear)
                        }
                        y.triggerOnProgress(0.6, onView: b) { z in
                            logging("T", z)
                            z.position(CGPoint(x: 70, y: -30)).duration(0.7).easing(.spring(.snappy))
                        }
                    }
                }
            }

            /// Two moves of one view chained on completion, the same key path: right, then down,
            /// then (on the second's completion) a fade of another view.
            func startOnOneView() -> AnimationGroup {
                a.animate { x in
                    logging("A", x)
                    x.position(CGPoint(x: 300, y: 10)).duration(0.6).easing(.inOutCubic)
                    x.triggerOnCompletion(onView: a) { y in
                        logging("D", y)
                        y.position(CGPoint(x: 300, y: 250)).duration(0.5).easing(.outBack)
                        y.triggerOnCompletion(onView: b) { z in
                            logging("F", z)
                            z.alpha(0).duration(0.3).easing(.linear)
                        }
                    }
                }
            }

            /// A repeating group in the chain: the root on `a`; at 30 % of its time a pulse on `b`
            /// that goes and comes back twice (`Repetition`), whose completion starts a move of `c`.
            func startWithRepetition() -> AnimationGroup {
                a.animate { x in
                    logging("A", x)
                    x.position(CGPoint(x: 300, y: 40)).duration(0.8).easing(.outCubic)
                    x.triggerOnProgress(0.3, onView: b) { y in
                        logging("P", y)
                        y.cornerRadius(30).duration(0.25).easing(.inOutSine)
                        y.repeating(Repetition(count: 2, autoreverses: true))
                        y.triggerOnCompletion(onView: c) { z in
                            logging("M", z)
                            z.position(CGPoint(x: 90, y: 160)).duration(0.4).easing(.outBack)
                        }
                    }
                }
            }

            /// What every layer shows of the key paths the scenarios animate.
            func shown(at time: TimeInterval? = nil) -> [[Double]] {
                layers.flatMap { layer in
                    ["position", "opacity", "cornerRadius"].map { keyPath in
                        let value = time.map { layer.presentationValue(forKeyPath: keyPath, at: $0) }
                            ?? layer.presentationValue(forKeyPath: keyPath)
                        return value?.componentArray ?? []
                    }
                }
            }
        }

        /// The largest difference between two records of what is shown, over a scale of 1.
        static func gap(_ x: [[Double]], _ y: [[Double]]) -> Double {
            guard x.count == y.count else { return .infinity }
            var worst = 0.0
            for (u, v) in zip(x, y) {
                guard u.count == v.count else { return .infinity }
                for (p, q) in zip(u, v) { worst = max(worst, abs(p - q) / max(1, abs(p))) }
            }
            return worst
        }

        /// The times at which the scenarios are compared: every 1/120 s frame, and a nanosecond
        /// either side of each moment where a group starts or ends.
        static func times(until end: TimeInterval, moments: [TimeInterval]) -> [TimeInterval] {
            var times = Set((1...Int((end * 120).rounded(.up))).map { Double($0) / 120 })
            for moment in moments {
                for t in [moment - 1e-9, moment + 1e-9] where t > 0 && t <= end { times.insert(t) }
            }
            return times.sorted()
        }

        /// The scenario played in time: what is shown at each of `times`.
        static func playedInTime(_ start: (Stage) -> AnimationGroup, at times: [TimeInterval]) -> (shown: [[[Double]]], log: [String]) {
            let stage = Stage()
            _ = start(stage)
            var shown: [[[Double]]] = []
            for t in times {
                stage.clock.advance(to: t)
                shown.append(stage.shown())
            }
            return (shown, stage.log)
        }

        /// The moments of the three-group scenario: B at 0.4, C at 0.9, ends at 0.9, 1 and about 1.5.
        static func moments(of sequence: AnimationSequence) -> [TimeInterval] {
            [0.4, 0.9, 1, sequence.duration]
        }

        /// The three-group scenario's sequence held where it is, with the times it is compared
        /// at (every frame to its end, plus `extra`, and either side of each moment) and what
        /// the scenario played in time shows at them.
        static func held(
            _ sequence: AnimationSequence, extra: TimeInterval = 0
        ) -> (duration: TimeInterval, times: [TimeInterval], played: (shown: [[[Double]]], log: [String])) {
            sequence.pause()
            let duration = sequence.duration
            let times = Self.times(until: duration + extra, moments: Self.moments(of: sequence))
            return (duration, times, Self.playedInTime({ $0.startThree() }, at: times))
        }

        @Test("A scrubbed three-group sequence shows, at every frame, what the sequence played in time shows")
        func scrubbedEqualsPlayed() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            sequence.pause()
            // Known in advance: B starts at 0.4, C when B ends at 0.9, and C's spring settles after.
            #expect(sequence.duration > 0.9 + 0.3 && sequence.duration < 0.9 + 3)
            // Played in time, the last group (C) ends exactly then.
            let inTime = Stage()
            _ = inTime.startThree()
            everyFrame(inTime.clock, until: sequence.duration - 1e-6) { _ in }
            inTime.clock.advance(to: sequence.duration - 1e-6)
            #expect(inTime.log.last == "A stop true" && inTime.log.count == 5)
            inTime.clock.advance(to: sequence.duration + 1e-6)
            #expect(inTime.log.last == "C stop true" && inTime.log.count == 6)
            let times = Self.times(until: sequence.duration + 0.05, moments: Self.moments(of: sequence))
            let played = Self.playedInTime({ $0.startThree() }, at: times)
            for (index, t) in times.enumerated() {
                sequence.fractionComplete = min(t / sequence.duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "at \(t)")
            }
            // Backwards too: scrubbing is not playing, so it may go either way.
            for (index, t) in times.enumerated().reversed() where index % 7 == 0 {
                sequence.fractionComplete = min(t / sequence.duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "back at \(t)")
            }
            // Scrubbing fired nothing but the root's start.
            #expect(stage.log == ["A start"])
            // Where the held sequence is, by the known duration: half-way is 0.5 × duration.
            sequence.fractionComplete = 0.5
            expectClose(sequence.fractionComplete, 0.5, absolute: 1e-12)
        }

        @Test("Parts and their whole chained on one view: scrubbed, every frame shows what the sequence played in time shows")
        func scrubbedPartsEqualPlayed() {
            let stage = Stage()
            let sequence = stage.startParts().sequence
            sequence.pause()
            let times = Self.times(until: 1.25, moments: [0.4, 0.8, 1.2])
            let played = Self.playedInTime({ $0.startParts() }, at: times)
            for (index, t) in times.enumerated() {
                sequence.fractionComplete = min(t / sequence.duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "at \(t)")
            }
        }

        @Test("The root and every group its triggers start, nested, belong to one sequence, the same while it is held")
        func oneSequence() {
            let stage = Stage()
            var chained: [AnimationGroup] = []
            let root = stage.a.animate { x in
                x.position(CGPoint(x: 0, y: 0)).duration(0.1)
                x.triggerOnStart(onView: stage.b) { y in
                    y.cornerRadius(4).duration(0.1)
                    y.triggerOnStart(onView: stage.c) { z in
                        z.alpha(0.5).duration(0.1)
                        z.setDidStartCallback { chained.append($0) }
                    }
                    y.setDidStartCallback { chained.append($0) }
                }
            }
            let sequence = root.sequence
            #expect(sequence.root === root && root.sequence === sequence)
            #expect(chained.count == 2 && chained.allSatisfy { $0.sequence === sequence })
        }

        @Test("Scrubbed to a moment and resumed, every frame after is the sequence played in time, and each callback fires once",
              arguments: [0.2, 0.65, 0.95, 1.3])
        func resumedPlaysOn(from held: TimeInterval) {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            let (duration, times, played) = Self.held(sequence, extra: 0.1)
            // Scrub past the moment and back to it, then resume.
            sequence.fractionComplete = 1
            sequence.fractionComplete = held / duration
            sequence.resume()
            #expect(!sequence.isPaused)
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated() where t > held {
                stage.clock.advance(to: resumedAt + (t - held))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "at \(t)")
            }
            #expect(sequence.hasEnded)
            // The same callbacks as in time, each once, in the same order.
            #expect(stage.log == played.log)
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop true"])
        }

        @Test("Every kind of trigger, nested: scrubbed, then resumed from the middle, frame by frame as played in time")
        func allKinds() throws {
            let stage = Stage()
            let sequence = stage.startAllKinds().sequence
            sequence.pause()
            let duration = sequence.duration
            // The value-progress moment, solved from the root's keyframes.
            let root = sequence.root
            let valueMoment = try #require(root.offset(of: .valueProgress(0.5)))
            let times = Self.times(until: duration + 0.1,
                                   moments: [0.3, valueMoment, valueMoment + 0.3, valueMoment + 0.5, 0.8, duration])
            let played = Self.playedInTime({ $0.startAllKinds() }, at: times)
            for (index, t) in times.enumerated() {
                sequence.fractionComplete = min(t / duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "scrubbed at \(t)")
            }
            let held = valueMoment + 0.35
            sequence.fractionComplete = held / duration
            sequence.resume()
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated() where t > held {
                stage.clock.advance(to: resumedAt + (t - held))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "played on at \(t)")
            }
            #expect(sequence.hasEnded)
            #expect(stage.log.sorted() == played.log.sorted())
            #expect(stage.eachOnce && stage.log.count == 10)
        }

        @Test("Reversed in the middle, a sequence plays every frame back through the values it came through")
        func reverseMirrors() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            let turn = 1.1
            let times = Self.times(until: 2 * turn, moments: [0.4, 0.9, 1])
            let played = Self.playedInTime({ $0.startThree() }, at: times.filter { $0 <= turn })
            var recorded: [TimeInterval: [[Double]]] = [:]
            for (index, t) in times.filter({ $0 <= turn }).enumerated() { recorded[t] = played.shown[index] }
            everyFrame(stage.clock, until: turn) { _ in }
            sequence.reverse()
            #expect(sequence.isReversed)
            for t in times where t > turn && 2 * turn - t > 1e-6 {
                stage.clock.advance(to: t)
                // Shown at turn + s is what was shown at turn − s; read where that was recorded.
                guard let expected = recorded[2 * turn - t] ?? recorded.first(where: { abs($0.key - (2 * turn - t)) < 1e-12 })?.value
                else { continue }
                #expect(Self.gap(stage.shown(), expected) <= 1e-9, "at \(t)")
            }
            stage.clock.advance(to: 2 * turn + 0.01)
            #expect(sequence.hasEnded)
            #expect(stage.a.position == CGPoint(x: 10, y: 10) && stage.b.position == CGPoint(x: 10, y: 10))
            // A and B had ended at their ends and were brought back without a callback; C, still
            // playing, ended back at its start (not finished, not cut short). Each callback once.
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop false"])
            #expect(stage.layers.allSatisfy { $0.animationKeys.isEmpty })
        }

        @Test("Paused after groups have ended, scrubbed back over them and resumed: every frame as played in time")
        func scrubbedBackOverEndedGroups() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            everyFrame(stage.clock, until: 1.2) { _ in }
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true"])
            let (duration, times, played) = Self.held(sequence, extra: 0.1)
            for (index, t) in times.enumerated().reversed() {
                sequence.fractionComplete = min(t / duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "scrubbed back at \(t)")
            }
            let held = 0.3
            sequence.fractionComplete = held / duration
            sequence.resume()
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated() where t > held {
                stage.clock.advance(to: resumedAt + (t - held))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "played again at \(t)")
            }
            // Brought back, A and B fired nothing again; C's stop came once, at its end.
            #expect(sequence.hasEnded)
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop true"])
        }

        @Test("There, back and there again: turned round twice, the sequence plays on as in time from where it turned")
        func thereAndBackAgain() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            let times = Self.times(until: 4, moments: [0.4, 0.9, 1])
            let played = Self.playedInTime({ $0.startThree() }, at: times)
            everyFrame(stage.clock, until: 1.1) { _ in }
            sequence.reverse()
            everyFrame(stage.clock, until: 1.6) { _ in }
            // Back at 0.6 of the sequence's time: B is playing, C back before its start.
            sequence.reverse()
            #expect(!sequence.isReversed)
            let turnedAt = stage.clock.now
            for (index, t) in times.enumerated() where t > 0.6 {
                stage.clock.advance(to: turnedAt + (t - 0.6))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "at \(t)")
            }
            #expect(sequence.hasEnded)
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop false"])
        }

        @Test("Reversed while held: it stays held, and resumed plays back through what it showed going forwards")
        func reversedWhileHeld() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            let (duration, times, played) = Self.held(sequence)
            let held = times[times.firstIndex { $0 >= 1.2 }!]
            sequence.fractionComplete = held / duration
            sequence.reverse()
            // Scrubbed past B and C, which start now, at their own moments.
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true"])
            #expect(sequence.isPaused && sequence.isReversed)
            sequence.resume()
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated().reversed() where t < held {
                stage.clock.advance(to: resumedAt + (held - t))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "back at \(t)")
            }
            stage.clock.advance(to: resumedAt + held + 0.01)
            #expect(sequence.hasEnded)
            #expect(stage.log.last == "C stop false" && stage.log.count == 6 && stage.eachOnce)
        }

        @Test("Reversed while held early, scrubbed past groups that have not started, and resumed: they start, and it plays back through them")
        func reversedThenScrubbedPast() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            let (duration, times, played) = Self.held(sequence)
            sequence.fractionComplete = 0.2 / duration
            sequence.reverse()
            #expect(stage.log == ["A start"])
            // Held backwards, scrubbed past B's and C's moments: they show, held, not started.
            let held = times[times.firstIndex { $0 >= 1.2 }!]
            sequence.fractionComplete = held / duration
            #expect(stage.log == ["A start"])
            let index = times.firstIndex(of: held)!
            #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9)
            sequence.resume()
            // They start now, at their own moments, and the sequence plays back through them.
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true"])
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated().reversed() where t < held {
                stage.clock.advance(to: resumedAt + (held - t))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "back at \(t)")
            }
            stage.clock.advance(to: resumedAt + held + 0.01)
            #expect(sequence.hasEnded && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop false"])
            #expect(stage.layers.allSatisfy { $0.position == CGPoint(x: 10, y: 10) } && stage.c.opacity == 1)
        }

        @Test("Two groups chained on one view's same key path: scrubbed both ways, resumed, paused and scrubbed back, turned round")
        func sameKeyPathOnOneView() {
            let stage = Stage()
            let sequence = stage.startOnOneView().sequence
            sequence.pause()
            let duration = sequence.duration
            expectClose(duration, 1.4, absolute: 1e-9)
            let times = Self.times(until: duration + 0.05, moments: [0.6, 1.1])
            let played = Self.playedInTime({ $0.startOnOneView() }, at: times)
            for (index, t) in times.enumerated() + times.enumerated().reversed() {
                sequence.fractionComplete = min(t / duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "scrubbed at \(t)")
            }
            // Resumed at 0.8: A has ended at 0.6 and D plays.
            let held = times[times.firstIndex { $0 >= 0.8 }!]
            sequence.fractionComplete = held / duration
            sequence.resume()
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated() where t > held && t <= 1.0 {
                stage.clock.advance(to: resumedAt + (t - held))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "played on at \(t)")
            }
            #expect(stage.log == ["A start", "A stop true", "D start"])
            // Held again after A ended, and scrubbed back over it.
            sequence.pause()
            for (index, t) in times.enumerated().reversed() {
                sequence.fractionComplete = min(t / duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "scrubbed back at \(t)")
            }
            // Turned round at 1.0 and played back: every frame mirrored.
            let turn = times[times.firstIndex { $0 >= 1.0 }!]
            sequence.fractionComplete = turn / duration
            sequence.reverse()
            sequence.resume()
            let reversedAt = stage.clock.now
            for (index, t) in times.enumerated().reversed() where t < turn {
                stage.clock.advance(to: reversedAt + (turn - t))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "back at \(t)")
            }
            stage.clock.advance(to: reversedAt + turn + 0.01)
            #expect(sequence.hasEnded)
            #expect(stage.log == ["A start", "A stop true", "D start", "D stop false"])
            #expect(stage.a.position == CGPoint(x: 10, y: 10))
        }

        @Test("Paused after two groups on one key path have ended, resumed or finished: the model is the later one's end",
              arguments: [false, true])
        func pausedAfterSameKeyPathEnded(finishing: Bool) {
            let stage = Stage()
            let sequence = stage.startOnOneView().sequence
            let times = Self.times(until: 1.45, moments: [0.6, 1.1, 1.4])
            let played = Self.playedInTime({ $0.startOnOneView() }, at: times)
            // A and D have ended, F plays.
            everyFrame(stage.clock, until: 1.2) { _ in }
            let held = stage.clock.now
            sequence.pause()
            #expect(stage.a.position == CGPoint(x: 300, y: 250))
            if finishing {
                sequence.finish(at: .end)
            } else {
                sequence.resume()
                let resumedAt = stage.clock.now
                for (index, t) in times.enumerated() where t > held {
                    stage.clock.advance(to: resumedAt + (t - held))
                    #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "played on at \(t)")
                }
            }
            #expect(sequence.hasEnded && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            #expect(stage.a.position == CGPoint(x: 300, y: 250) && stage.b.opacity == 0)
            #expect(stage.log == ["A start", "A stop true", "D start", "D stop true", "F start", "F stop true"])
        }

        @Test("Held, the sequence is the same on every access, so scrubbing through group.sequence leaves one set of previews")
        func heldThroughGroupAccess() {
            let stage = Stage()
            let root = stage.startThree()
            root.sequence.pause()
            #expect(root.sequence === root.sequence && root.sequence.isPaused)
            let duration = root.sequence.duration
            for t in [1.2, 0.95, 1.3, 1.1] { root.sequence.fractionComplete = t / duration }
            // B's position and C's opacity, each shown by one held animation resolved in advance.
            #expect(stage.b.animationKeys.count == 1 && stage.c.animationKeys.count == 1)
            expectClose(root.sequence.fractionComplete * duration, 1.1, absolute: 1e-9)
            root.sequence.resume()
            stage.clock.advance(to: 4)
            #expect(root.sequence.hasEnded && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop true"])
        }

        @Test("A held sequence that ends (its root taken over, or its root's view released) removes what it showed ahead",
              arguments: [false, true])
        func endsWhileHeld(releasing: Bool) async {
            let stage = Stage()
            var view: HeadlessLayer? = HeadlessLayer(clock: stage.clock)
            let sequence = view!.animate { x in
                x.position(CGPoint(x: 300, y: 40)).duration(1)
                x.triggerOnProgress(0.4, onView: stage.b) { y in
                    y.position(CGPoint(x: 120, y: 200)).duration(0.5)
                    y.triggerOnCompletion(onView: stage.c) { z in z.alpha(0.2).duration(0.6) }
                }
            }.sequence
            sequence.pause()
            sequence.fractionComplete = 1
            #expect(stage.b.animationKeys.count == 1 && stage.c.animationKeys.count == 1)
            #expect(stage.b.presentation().position == CGPoint(x: 120, y: 200))
            if releasing {
                view = nil
                // Released off the main thread (this runner's main actor, on Linux), its paused
                // group stops as soon as the main actor runs.
                for _ in 0..<100 where !sequence.hasEnded { await Task.yield() }
            } else {
                view!.animate { $0.position(CGPoint(x: 0, y: 0)).duration(0.2) }
            }
            #expect(sequence.hasEnded && !sequence.isPaused)
            #expect(stage.b.animationKeys.isEmpty && stage.c.animationKeys.isEmpty)
            #expect(stage.b.presentation().position == CGPoint(x: 10, y: 10) && stage.c.presentation().opacity == 1)
            stage.clock.advance(to: 3)
            #expect(stage.b.position == CGPoint(x: 10, y: 10) && stage.c.opacity == 1)
            withExtendedLifetime(view) {}
        }

        @Test("Paused after the app and an unrelated group changed key paths whose groups had ended: it keeps showing what was shown")
        func pauseKeepsChangesElsewhere() {
            // At 1.2 B and A have ended and C plays; the app then sets b's position and an
            // unrelated group moves a.
            func act(_ stage: Stage) -> AnimationSequence {
                let sequence = stage.startThree().sequence
                everyFrame(stage.clock, until: 1.2) { _ in }
                stage.b.position = CGPoint(x: 50, y: 60)
                stage.a.animate { $0.position(CGPoint(x: 0, y: 0)).duration(0.5).easing(.inOutSine) }
                everyFrame(stage.clock, until: 1.25) { _ in }
                return sequence
            }
            let reference = Stage()
            _ = act(reference)
            let stage = Stage()
            let sequence = act(stage)
            let shown = stage.shown()
            sequence.pause()
            #expect(Self.gap(stage.shown(), shown) <= 1e-9)
            #expect(stage.b.position == CGPoint(x: 50, y: 60) && stage.a.position == CGPoint(x: 0, y: 0))
            // Held, C stays where it is; the unrelated group plays on, and b stays where the app put it.
            let opacity = stage.c.presentation().opacity
            everyFrame(stage.clock, until: 1.4) { t in
                reference.clock.advance(to: t)
                #expect(distanceBetween(stage.a.presentationValue(forKeyPath: "position"),
                                        reference.a.presentationValue(forKeyPath: "position")) <= 1e-9, "at \(t)")
                #expect(stage.b.presentation().position == CGPoint(x: 50, y: 60) && stage.c.presentation().opacity == opacity)
            }
            sequence.resume()
            stage.clock.advance(to: 4)
            #expect(sequence.hasEnded && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            #expect(stage.a.position == CGPoint(x: 0, y: 0) && stage.b.position == CGPoint(x: 50, y: 60) && stage.c.opacity == 0.2)
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop true"])
        }

        @Test("Overlapping on one key path, the later group takes it over for good: scrubbed back before it, its start shows")
        func overlapTakesOver() {
            let stage = Stage()
            let sequence = stage.a.animate { x in
                x.position(CGPoint(x: 310, y: 10)).duration(1).easing(.linear)
                x.alpha(0.5).duration(1).easing(.linear)
                x.triggerOnProgress(0.5, onView: stage.a) { y in y.position(CGPoint(x: 160, y: 310)).duration(0.5) }
            }.sequence
            everyFrame(stage.clock, until: 0.7) { _ in }
            sequence.pause()
            sequence.fractionComplete = 0.3 / sequence.duration
            // Position: the later group's start (where the first had it at 0.5); opacity: 0.3 of the way.
            #expect(distanceBetween(stage.a.presentationValue(forKeyPath: "position"), CGPoint(x: 160, y: 10)) < 1e-9)
            expectClose(stage.a.presentation().opacity, 1 - 0.3 * 0.5, absolute: 1e-9)
        }

        @Test("A repeating group in the chain counts its whole run: scrubbed both ways and resumed, every frame as played in time")
        func repeatingGroup() {
            let stage = Stage()
            let sequence = stage.startWithRepetition().sequence
            sequence.pause()
            let duration = sequence.duration
            // The pulse starts at 0.24 and runs 4 × 0.25 s; the move starts at its end, 1.24.
            expectClose(duration, 1.64, absolute: 1e-9)
            let times = Self.times(until: duration + 0.05, moments: [0.24, 0.49, 0.74, 0.99, 1.24, 0.8])
            let played = Self.playedInTime({ $0.startWithRepetition() }, at: times)
            for (index, t) in times.enumerated() + times.enumerated().reversed() {
                sequence.fractionComplete = min(t / duration, 1)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "scrubbed at \(t)")
            }
            let held = times[times.firstIndex { $0 >= 0.6 }!]
            sequence.fractionComplete = held / duration
            sequence.resume()
            let resumedAt = stage.clock.now
            for (index, t) in times.enumerated() where t > held {
                stage.clock.advance(to: resumedAt + (t - held))
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "played on at \(t)")
            }
            #expect(sequence.hasEnded && stage.log == played.log && stage.log.count == 6)
        }

        @Test("Finished at the end, every group ends at its end, those still ahead included, each callback once")
        func finishAtEnd() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            sequence.pause()
            sequence.fractionComplete = 0.2
            sequence.finish(at: .end)
            #expect(sequence.hasEnded && sequence.fractionComplete == 1)
            // In the order the sequence played in time would end them.
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop true"])
            #expect(stage.a.position == CGPoint(x: 300, y: 40) && stage.b.position == CGPoint(x: 120, y: 200))
            #expect(stage.c.opacity == 0.2)
            #expect(stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            // Control calls on an ended sequence do nothing.
            sequence.resume(); sequence.reverse(); sequence.cancel(); sequence.fractionComplete = 0.3
            #expect(stage.log.count == 6 && sequence.fractionComplete == 1)
        }

        @Test("Finished at the end while playing backwards: the groups already back at their start end at their end too")
        func finishAtEndGoingBack() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            everyFrame(stage.clock, until: 1.1) { _ in }
            sequence.reverse()
            // Back at 0.3 of the sequence's time: C and B have played back to their starts.
            everyFrame(stage.clock, until: 1.9) { _ in }
            #expect(stage.log == ["A start", "B start", "B stop true", "C start", "A stop true", "C stop false"])
            #expect(stage.b.presentation().position == CGPoint(x: 10, y: 10) && stage.c.presentation().opacity == 1)
            sequence.finish(at: .end)
            #expect(sequence.hasEnded && sequence.fractionComplete == 1)
            #expect(stage.a.position == CGPoint(x: 300, y: 40) && stage.b.position == CGPoint(x: 120, y: 200))
            #expect(stage.c.opacity == 0.2 && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            // Every callback had fired; none fires again.
            #expect(stage.log.count == 6)
            stage.clock.advance(to: 4)
            #expect(stage.b.position == CGPoint(x: 120, y: 200) && stage.c.opacity == 0.2 && stage.log.count == 6)
            #expect(stage.eachOnce)
        }

        @Test("Finished at the start, the groups that started go back and nothing ahead starts")
        func finishAtStart() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            everyFrame(stage.clock, until: 0.6) { _ in }
            sequence.finish(at: .start)
            #expect(stage.log == ["A start", "B start", "B cancel", "B stop false", "A cancel", "A stop false"])
            #expect(stage.a.position == CGPoint(x: 10, y: 10) && stage.b.position == CGPoint(x: 10, y: 10))
            stage.clock.advance(to: 3)
            #expect(stage.c.opacity == 1 && stage.log.count == 6 && stage.eachOnce)
        }

        @Test("Finished at the start after a group ended: it goes back too, with the others, without a second callback")
        func finishAtStartAfterAnEnd() {
            let stage = Stage()
            let sequence = stage.startOnOneView().sequence
            everyFrame(stage.clock, until: 0.8) { _ in }
            sequence.finish(at: .start)
            #expect(stage.log == ["A start", "A stop true", "D start", "D cancel", "D stop false"] && stage.eachOnce)
            #expect(stage.a.position == CGPoint(x: 10, y: 10) && stage.a.animationKeys.isEmpty)
            #expect(sequence.hasEnded && sequence.fractionComplete == 0)
        }

        @Test("Cancelled while scrubbed past a group that has not started: it starts, and everything stays where it is shown")
        func cancelKeepsWhatIsShown() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            sequence.pause()
            sequence.fractionComplete = 0.7 / sequence.duration
            let shown = stage.shown()
            sequence.cancel()
            #expect(Self.gap(stage.shown(), shown) <= 1e-9)
            // Cut short the earliest first, so that the group shown writes a shared key path last.
            #expect(stage.log == ["A start", "B start", "A cancel", "A stop false", "B cancel", "B stop false"])
            #expect(stage.layers.allSatisfy { $0.animationKeys.isEmpty })
            stage.clock.advance(to: 3)
            #expect(stage.log.count == 6 && stage.eachOnce)
        }

        @Test("A sequence with a group that repeats forever has no end: scrubbing it does nothing")
        func foreverHasNoEnd() {
            let stage = Stage()
            let sequence = stage.a.animate { x in
                x.position(CGPoint(x: 300, y: 40)).duration(0.5)
                x.triggerOnStart(onView: stage.b) { y in
                    y.alpha(0.5).duration(0.3)
                    y.repeating(.forever(autoreverses: true))
                }
            }.sequence
            everyFrame(stage.clock, until: 0.2) { _ in }
            sequence.pause()
            let shown = stage.shown()
            #expect(sequence.duration == .infinity)
            sequence.fractionComplete = 0.9
            #expect(Self.gap(stage.shown(), shown) == 0 && sequence.isPaused)
            sequence.cancel()
            #expect(sequence.hasEnded && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
        }

        @Test("A sequence with a group that repeats forever does not turn round, playing or held: every frame as played in time")
        func foreverDoesNotReverse() throws {
            func start(_ stage: Stage) -> AnimationGroup {
                stage.a.animate { x in
                    x.position(CGPoint(x: 300, y: 40)).duration(0.5)
                    x.triggerOnStart(onView: stage.b) { y in
                        y.alpha(0.5).duration(0.3)
                        y.repeating(.forever(autoreverses: true))
                    }
                }
            }
            let stage = Stage()
            let sequence = start(stage).sequence
            let times = Self.times(until: 1, moments: [0.3, 0.5, 0.6, 0.9])
            let played = Self.playedInTime(start, at: times)
            everyFrame(stage.clock, until: 0.2) { _ in }
            sequence.reverse()
            #expect(!sequence.isReversed)
            for layer in stage.layers {
                for key in layer.animationKeys {
                    let animation = try #require(layer.animation(forKey: key))
                    #expect(animation.beginTime.isFinite && animation.timeOffset.isFinite, "\(key)")
                }
            }
            for (index, t) in times.enumerated() where t > 0.2 && t <= 0.4 {
                stage.clock.advance(to: t)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "at \(t)")
            }
            // Held, too: it stays held, facing forwards, and plays on as in time.
            sequence.pause()
            sequence.reverse()
            #expect(!sequence.isReversed && sequence.isPaused)
            let heldAt = stage.clock.now
            sequence.resume()
            for (index, t) in times.enumerated() where t > heldAt {
                stage.clock.advance(to: t)
                #expect(Self.gap(stage.shown(), played.shown[index]) <= 1e-9, "played on at \(t)")
            }
            sequence.cancel()
            #expect(sequence.hasEnded && stage.layers.allSatisfy { $0.animationKeys.isEmpty })
        }

        @Test("A NaN fraction, and a scrub of a sequence that plays, change nothing")
        func badFractions() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            everyFrame(stage.clock, until: 0.25) { _ in }
            let playing = stage.shown()
            let keys = stage.layers.map(\.animationKeys)
            sequence.fractionComplete = 0.9
            // Nothing moved, nothing was added, and it plays on where it was.
            #expect(Self.gap(stage.shown(), playing) == 0 && stage.layers.map(\.animationKeys) == keys)
            #expect(!sequence.isPaused)
            expectClose(sequence.fractionComplete * sequence.duration, 0.25, absolute: 1e-9)
            sequence.pause()
            let shown = stage.shown()
            sequence.fractionComplete = .nan
            sequence.fractionComplete = .infinity
            #expect(Self.gap(stage.shown(), shown) == 0)
            expectClose(sequence.fractionComplete * sequence.duration, 0.25, absolute: 1e-9)
        }

        @Test("A chained target released while held: its group is left out, nothing starts there, and the rest plays on")
        func releasedTarget() {
            var reports: [FlightError] = []
            let stage = Stage()
            var orphan: HeadlessLayer? = HeadlessLayer(clock: stage.clock)
            var log: [String] = []
            let sequence = stage.a.animate { x in
                x.position(CGPoint(x: 300, y: 40)).duration(1)
                x.triggerOnProgress(0.5, onView: orphan!) { y in
                    y.alpha(0).duration(0.8)
                    y.setDidStartCallback { _ in log.append("orphan start") }
                }
                x.setDidStopCallback { _, finished in log.append("A stop \(finished)") }
            }.sequence
            sequence.pause()
            let before = sequence.duration
            orphan = nil
            reports = collectingDiagnostics {
                sequence.fractionComplete = 0.8
                sequence.resume()
                stage.clock.advance(to: 2)
            }
            // Resolved in advance while its target lived: from 0.5 to 1.3, past the root's end.
            expectClose(before, 1.3, absolute: 1e-9)
            #expect(log == ["A stop true"])
            #expect(reports.contains { if case .targetDeallocated = $0 { true } else { false } })
        }

        @Test("A chained group taken over by an unrelated group leaves the sequence; the rest is controlled as before")
        func takenOver() {
            let stage = Stage()
            let sequence = stage.startThree().sequence
            everyFrame(stage.clock, until: 0.5) { _ in }
            // B is playing; an unrelated group takes its position over.
            stage.b.animate { $0.position(CGPoint(x: 0, y: 0)).duration(0.2) }
            sequence.pause()
            #expect(stage.log == ["A start", "B start", "B cancel", "B stop false"])
            let held = stage.a.presentationValue(forKeyPath: "position")
            sequence.fractionComplete = 0.2 / sequence.duration
            #expect(distanceBetween(stage.a.presentationValue(forKeyPath: "position"), held) > 1)
            sequence.resume()
            stage.clock.advance(to: 4)
            // C never starts: the trigger that would have started it went with B.
            #expect(stage.log == ["A start", "B start", "B cancel", "B stop false", "A stop true"] && stage.eachOnce)
            #expect(stage.b.position == CGPoint(x: 0, y: 0))
        }
    }
}

extension MainActorSuites.SequenceTests {
    /// A root that moves a number to 100 over 1 s, and, chained on its completion, a group that
    /// moves the same number of the same layer back to 0 over 0.5 s.
    static func thereAndBack(_ layer: HeadlessLayer, log: @escaping (String) -> Void) -> AnimationGroup {
        layer.setModelValue(0.0, forKeyPath: "progress")
        return layer.animate { a in
            a.value(100.0, forKeyPath: "progress").duration(1).easing(.linear)
            a.setDidStopCallback { _, finished in log("A stop \(finished)") }
            a.triggerOnCompletion(onView: layer) { d in
                d.value(0.0, forKeyPath: "progress").duration(0.5).easing(.linear)
                d.setDidStopCallback { _, finished in log("D stop \(finished)") }
            }
        }
    }

    /// Found by an outside probe: cancelled held, the root (brought back, held at its end under
    /// the chained group) was cancelled last and wrote its own end, 100, over the 40 shown.
    @Test("Cancelled while held, a sequence whose chained group moves the root's key path keeps what is shown, played or scrubbed there",
          arguments: [(1.3, nil), (0.1234, 1.2), (0.1234, 1.3), (0.1234, 1.4999), (1.3, 0.4), (1.0, 0.4), (1.3, 1.1)])
    func cancelHeldKeepsWhatIsShown(playedTo: Double, scrubbedTo: Double?) {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        var log: [String] = []
        let sequence = Self.thereAndBack(layer) { log.append($0) }.sequence
        everyFrame(clock, until: playedTo) { _ in }
        sequence.pause()
        if let scrubbedTo { sequence.fractionComplete = scrubbedTo / 1.5 }
        let held = layer.presentationValue(forKeyPath: "progress") as? Double ?? .nan
        let at = scrubbedTo ?? playedTo
        expectClose(held, at <= 1 ? 100 * at : 100 - 200 * (at - 1), absolute: 1e-6)
        sequence.cancel()
        expectClose(layer.presentationValue(forKeyPath: "progress") as? Double ?? .nan, held, absolute: 1e-9)
        everyFrame(clock, until: clock.now + 0.5) { _ in
            expectClose(layer.presentationValue(forKeyPath: "progress") as? Double ?? .nan, held, absolute: 1e-9)
        }
        expectClose(layer.modelValue(forKeyPath: "progress") as? Double ?? .nan, held, absolute: 1e-9)
        #expect(layer.animationKeys.isEmpty && sequence.hasEnded)
        #expect(log.filter { $0.hasPrefix("A stop") }.count == 1 && log.filter { $0.hasPrefix("D stop") }.count == 1, "\(log)")
    }

    /// Found by an outside probe: held at its end before the chained group had started, turned
    /// round, the sequence ended at once at most pause instants (resuming to start the chained
    /// group ended every group there, and an ended sequence would not pause again).
    @Test("Scrubbed to its end before a chained group started, then turned round and resumed, a sequence plays back from its end",
          arguments: [0.1, 0.1013, 0.1039, 0.1234, 0.1637])
    func reverseFromTheEnd(pauseAt: Double) {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        let sequence = Self.thereAndBack(layer) { _ in }.sequence
        clock.advance(to: pauseAt)
        sequence.pause()
        sequence.fractionComplete = 1
        #expect(layer.presentationValue(forKeyPath: "progress") as? Double == 0)
        sequence.reverse()
        sequence.resume()
        #expect(!sequence.hasEnded)
        // Back through the chained group (0 → 100 in 0.5 s), then the root (100 → 0 in 1 s).
        var previous = 0.0
        for step in 1...180 {
            clock.advance(to: pauseAt + Double(step) / 120)
            let elapsed = Double(step) / 120
            let expected = elapsed <= 0.5 ? 200 * elapsed : max(100 - 100 * (elapsed - 0.5), 0)
            let shown = layer.presentationValue(forKeyPath: "progress") as? Double ?? .nan
            expectClose(shown, expected, absolute: 1e-6, "t = \(elapsed)")
            #expect(abs(shown - previous) <= 200.0 / 120 + 1e-6)
            previous = shown
        }
        #expect(sequence.hasEnded && layer.animationKeys.isEmpty)
        #expect(layer.modelValue(forKeyPath: "progress") as? Double == 0)
    }
}
