import FlightCore
import FlightEasing
import Foundation
import Testing

extension MainActorSuites {
    /// Playing a group backwards with mirrored keyframes at `speed` 1, never a negative `speed`
    /// (which `CAMediaTiming` does not document), and scrubbing linearly as
    /// `UIViewPropertyAnimator.scrubsLinearly` documents.
    @MainActor
    @Suite("Reverse and linear scrubbing")
    struct ReverseTests {
        /// Position on `.outCubic` (1 s), corner radius on `.outBack` (0.4 s, ends early), opacity
        /// on a bouncy spring: curves that are not symmetric, so a timing function played back
        /// unmirrored would show.
        static func start(on layer: any AnimationTarget) -> AnimationGroup {
            layer.animate { a in
                a.position(CGPoint(x: 300, y: -120)).duration(1).easing(.outCubic)
                a.cornerRadius(24).duration(0.4).easing(.outBack)
                a.alpha(0.1).easing(.spring(.bouncy))
            }
        }

        static let keyPaths = ["position", "cornerRadius", "opacity"]

        /// The largest component of the difference of two values, over a scale of 1.
        static func gap(_ a: (any AnimatableValue)?, _ b: (any AnimatableValue)?) -> Double {
            guard let a, let b else { return a == nil && b == nil ? 0 : .infinity }
            let (x, y) = (a.componentArray, b.componentArray)
            guard x.count == y.count else { return .infinity }
            return zip(x, y).map { abs($0 - $1) / max(1, abs($0)) }.max() ?? 0
        }

        /// Host times in `(after, before)` at which an animation on `layer` reaches a key time,
        /// with a nanosecond either side.
        static func keyframeProbes(_ layer: HeadlessLayer, after start: TimeInterval, before end: TimeInterval) -> [TimeInterval] {
            var times: [TimeInterval] = []
            for key in layer.animationKeys {
                guard let animation = layer.animation(forKey: key), animation.speed > 0 else { continue }
                for k in animation.keyframes.keyTimes {
                    let time = animation.beginTime + (k * animation.duration - animation.timeOffset) / animation.speed
                    for probe in [time - 1e-9, time, time + 1e-9] where probe > start && probe < end { times.append(probe) }
                }
            }
            return times.sorted()
        }

        @Test("Reversed at any moment, what is shown frame by frame (and at every keyframe) is the forward run mirrored in time",
              arguments: [0.05, 0.3, 0.55, 0.9])
        func mirrorsTheForwardRun(reversedAt turn: TimeInterval) throws {
            // The forward run on a clock of its own that stays at 0, so that its animations stay
            // as placed and it can be read at any time.
            let clock = ManualClock()
            let there = HeadlessLayer(clock: ManualClock()), back = HeadlessLayer(clock: clock)
            there.position = CGPoint(x: 20, y: 40)
            back.position = CGPoint(x: 20, y: 40)
            let forward = Self.start(on: there)
            let group = Self.start(on: back)
            func forwardValue(_ keyPath: String, at t: TimeInterval) -> (any AnimatableValue)? {
                there.presentationValue(forKeyPath: keyPath, at: max(t, 0))
            }
            everyFrame(clock, until: turn) { _ in }
            let turnedAt = clock.now
            group.reverse()
            #expect(forward.isReversed == false && group.isReversed)
            var checked = 0
            var previous = turnedAt
            while !group.hasEnded {
                let next = previous + 1.0 / 120
                // Probes inside the frame, at every keyframe boundary, then the frame itself.
                for t in Self.keyframeProbes(back, after: previous, before: next) + [next] {
                    for keyPath in Self.keyPaths {
                        // Reversed at T: shown at T + s is the forward run's value at T − s.
                        let mirrored = forwardValue(keyPath, at: 2 * turnedAt - t)
                        let shown = back.presentationValue(forKeyPath: keyPath, at: t)
                        #expect(Self.gap(shown, mirrored) <= 1e-9, "\(keyPath) at \(t): \(String(describing: shown)) vs \(String(describing: mirrored))")
                        checked += 1
                    }
                }
                clock.advance(to: next)
                previous = next
            }
            // Back at the start at T + T: not finished, not cut short, the model at the start.
            expectClose(previous, 2 * turnedAt, absolute: 1.0 / 120 + 1e-9)
            #expect(!group.finished && back.position == CGPoint(x: 20, y: 40) && back.opacity == 1)
            #expect(checked > 3 * Int(turnedAt * 120))
        }

        @Test("Paused, reversed, scrubbed and resumed: a reversed group plays back along the mirror of where it is held")
        func pausedReversedScrubbed() {
            let clock = ManualClock()
            let there = HeadlessLayer(clock: ManualClock()), back = HeadlessLayer(clock: clock)
            _ = Self.start(on: there)
            let group = Self.start(on: back)
            everyFrame(clock, until: 0.5) { _ in }
            group.pause()
            group.reverse()
            group.fractionComplete = 0.7
            let held = group.fractionComplete * group.duration
            for keyPath in Self.keyPaths {
                let shown = back.presentationValue(forKeyPath: keyPath)
                let expected = there.presentationValue(forKeyPath: keyPath, at: held)
                #expect(Self.gap(shown, expected) <= 1e-9, "\(keyPath) held at \(held)")
            }
            let resumedAt = clock.now
            group.resume()
            everyFrame(clock, until: resumedAt + held + 0.05) { t in
                guard !group.hasEnded else { return }
                for keyPath in Self.keyPaths {
                    let expected = there.presentationValue(forKeyPath: keyPath, at: held - (t - resumedAt))
                    #expect(Self.gap(back.presentationValue(forKeyPath: keyPath), expected) <= 1e-9, "\(keyPath) at \(t)")
                }
            }
            #expect(group.hasEnded && !group.finished)
        }

        /// A control call.
        enum Call: CaseIterable {
            case pause, resume, reverse, scrubEarly, scrubLate, finishAtStart, finishAtEnd, cancel, handOff, redirect
        }

        @Test("Every sequence of three control calls hands the host no animation with a negative speed",
              arguments: Call.allCases)
        func neverANegativeSpeed(_ first: Call) {
            var sequences = 0
            for second in Call.allCases {
                for third in Call.allCases {
                    let clock = ManualClock()
                    let host = RecordingLayer(clock: clock), other = RecordingLayer(clock: clock)
                    var current: AnimationGroup = host.animate { a in
                        a.alpha(0).duration(0.5).easing(.linear)
                        a.position(CGPoint(x: 600, y: 0)).duration(1).easing(.outCubic)
                        a.cornerRadius(40).easing(.spring(.bouncy))
                        a.triggerOnProgress(0.3, onView: other) { $0.alpha(0.5).duration(0.3) }
                        a.triggerOnCompletion(onView: other) { $0.cornerRadius(8).duration(0.2) }
                    }
                    for call in [first, second, third] {
                        clock.advance(by: 0.15)
                        switch call {
                        case .pause: current.pause()
                        case .resume: current.resume()
                        case .reverse: current.reverse()
                        case .scrubEarly: current.fractionComplete = 0.2
                        case .scrubLate: current.fractionComplete = 0.8
                        case .finishAtStart: current.finish(at: .start)
                        case .finishAtEnd: current.finish(at: .end)
                        case .cancel: current.cancel()
                        case .handOff: current = current.continueOnSpring(velocity: 1) ?? current
                        case .redirect:
                            // A later group takes a part over: the reversed group's whole is held.
                            _ = host.animate { $0.value(50.0, forKeyPath: "position.y").duration(0.4) }
                        }
                    }
                    for group in host.animationState.activeGroups where group.isPaused { group.resume() }
                    step(clock, to: clock.now + 4, rate: 60)
                    for recorder in [host, other] {
                        for batch in recorder.batches {
                            for change in batch {
                                guard case .add(_, let animation) = change else { continue }
                                #expect(animation.speed >= 0, "\(first), \(second), \(third): speed \(animation.speed)")
                            }
                            for step in CoreAnimationStep.plan(batch) {
                                guard let animation = CoreAnimationPlanTests.addition(step) else { continue }
                                #expect(animation.speed >= 0 && animation.keyTimes.first == 0 && animation.keyTimes.last == 1)
                                #expect(zip(animation.keyTimes, animation.keyTimes.dropFirst()).allSatisfy { $0 <= $1 })
                                for curve in animation.timingFunctions {
                                    #expect((0...1).contains(curve.x1) && (0...1).contains(curve.x2), "\(curve)")
                                }
                            }
                        }
                    }
                    #expect(host.layer.animationKeys.isEmpty && !clock.hasPendingEvents)
                    sequences += 1
                }
            }
            #expect(sequences == Call.allCases.count * Call.allCases.count)
        }

        @Test("The control-call scenarios of the suites 'Control while paused' and 'Group control' send no negative speed")
        func existingScenariosOnARecordingHost() {
            // "Reverse plays back from where it is to the start": forward, reverse, reverse again,
            // pause, reverse while paused, resume, back to the start.
            let clock = ManualClock()
            let host = RecordingLayer(clock: clock)
            let group = host.animate { $0.position(CGPoint(x: 300, y: 0)).duration(1).easing(.linear) }
            for (time, call) in [(0.6, Call.reverse), (0.9, .reverse), (1.2, .pause), (1.2, .reverse), (1.3, .resume)] {
                step(clock, to: time, rate: 120)
                switch call {
                case .reverse: group.reverse()
                case .pause: group.pause()
                default: group.resume()
                }
            }
            step(clock, to: 2.2, rate: 120)
            #expect(group.hasEnded && !group.finished && host.layer.position == .zero)
            // "Any two calls on a paused group": every pair, on a group paused at 0.6 s.
            for first in MainActorSuites.PausedControlTests.Call.allCases {
                for second in MainActorSuites.PausedControlTests.Call.allCases {
                    let clock = ManualClock()
                    let recorder = RecordingLayer(clock: clock)
                    var target: AnimationGroup = recorder.animate { a in
                        a.alpha(0).duration(0.5).easing(.linear)
                        a.position(CGPoint(x: 600, y: 0)).duration(1).easing(.linear)
                        a.cornerRadius(40).easing(.spring(.bouncy))
                    }
                    everyFrame(clock, until: 0.6) { _ in }
                    target.pause()
                    for call in [first, second] { target = call.make(on: target) }
                    for entry in recorder.animationState.activeGroups where entry.isPaused { entry.resume() }
                    step(clock, to: 5, rate: 60)
                    let speeds = recorder.batches.joined().compactMap { change -> Double? in
                        if case .add(_, let animation) = change { return animation.speed }
                        return nil
                    }
                    #expect(speeds.allSatisfy { $0 >= 0 }, "\(first), \(second): \(speeds)")
                }
            }
        }

        @Test("A negative speed set by hand counts as 0: the headless layer holds it, the CoreAnimation description sends 0")
        func negativeSpeedByHand() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var animation = LayerAnimation(keyPath: "opacity", beginTime: 0,
                                           keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [1.0, 0.0]))
            animation.speed = -1
            animation.timeOffset = 0.25
            layer.add(animation, forKey: "by hand")
            clock.advance(to: 0.5)
            expectClose(layer.presentation().opacity, 0.75, absolute: 1e-12)
            let description = CoreAnimationKeyframeAnimation(key: "by hand", animation: animation)
            #expect(description.speed == 0)
        }

        // MARK: Linear scrubbing

        /// A paused 1 s move from 0 to 300 on `.outCubic`, with a corner radius on the same curve
        /// and duration, and an opacity on its own (`.inQuadratic`, 0.5 s).
        static func pausedMove(linearly: Bool) -> (ManualClock, HeadlessLayer, AnimationGroup) {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let group = layer.animate { a in
                a.position(CGPoint(x: 300, y: 0)).duration(1).easing(.outCubic).primary(true)
                a.cornerRadius(30).duration(1).easing(.outCubic)
                a.alpha(0).duration(0.5).easing(.inQuadratic)
            }
            group.scrubsLinearly = linearly
            clock.advance(to: 0.1)
            group.pause()
            return (clock, layer, group)
        }

        @Test("scrubsLinearly false (the default): the fraction is the group's time, each property on its own curve")
        func scrubsOnTheCurve() {
            let (clock, layer, group) = Self.pausedMove(linearly: false)
            // Flight's default (UIKit's is true: see the documentation of `scrubsLinearly`).
            #expect(!Self.start(on: HeadlessLayer(clock: clock)).scrubsLinearly)
            for fraction in stride(from: 0.0, through: 1.0, by: 0.05) {
                group.fractionComplete = fraction
                // UIKit's "specified timing curve": outCubic at the fraction, 1 − (1 − f)³.
                let eased = 1 - pow(1 - fraction, 3)
                expectClose(Double(layer.presentation().position.x), 300 * eased, absolute: 1e-9)
                expectClose(layer.presentation().cornerRadius, 30 * eased, absolute: 1e-9)
                let time = min(fraction, 0.5) / 0.5
                expectClose(layer.presentation().opacity, 1 - time * time, absolute: 1e-9)
                expectClose(group.fractionComplete, fraction, absolute: 1e-12)
            }
        }

        @Test("scrubsLinearly true: the fraction is how far the driving property has come, as UIKit's linear timing shows it")
        func scrubsLinearly() throws {
            let (clock, layer, group) = Self.pausedMove(linearly: true)
            for fraction in stride(from: 0.0, through: 1.0, by: 0.05) {
                group.fractionComplete = fraction
                // UIKit's "linear timing function during scrubbing": the value at the fraction of
                // the way. outCubic is a cubic: its keyframes are exact, and a microsecond of its
                // time moves it at most 900 × 10⁻⁶ pt.
                expectClose(Double(layer.presentation().position.x), 300 * fraction, absolute: 1e-3)
                // The same easing and duration: linear too.
                expectClose(layer.presentation().cornerRadius, 30 * fraction, absolute: 1e-4)
                expectClose(group.fractionComplete, fraction, absolute: 1e-5)
                // The other property shows its own curve at the moment the driving one is held at:
                // outCubic reaches f at 1 − (1 − f)^(1/3).
                let time = 1 - pow(1 - fraction, 1.0 / 3)
                let alphaTime = min(time, 0.5) / 0.5
                expectClose(layer.presentation().opacity, 1 - alphaTime * alphaTime, absolute: 1e-5)
            }
            // Resumed from a linear scrub: it plays on along its curves from where it is held, no jump.
            group.fractionComplete = 0.5
            var previous = Double(layer.presentation().position.x)
            group.resume()
            expectClose(Double(layer.presentation().position.x), previous, absolute: 1e-9)
            while !group.hasEnded {
                clock.advance(by: 1.0 / 120)
                let x = Double(layer.presentation().position.x)
                // Only on, at most a frame of outCubic's fastest rate (3 × 300 pt/s).
                #expect(x - previous >= -1e-9 && x - previous <= 900.0 / 120 + 1e-9, "at \(clock.now)")
                previous = x
            }
            #expect(group.finished && layer.presentation().position.x == 300)
        }
    }
}

extension MainActorSuites.ReverseTests {
    /// Fuzz seed 1097199: a jump is two keyframes a step of a `Double` apart; mirrored, `1 − k`
    /// of a key time near 0.75 lands near 0.25, where steps are finer, and the two key times
    /// came out three steps apart: an instant between them showed the heading half-way through
    /// a jump of 7 rad, a direction the path never takes.
    @Test("Reversed, a path on `.steps` turned along its tangent shows at every keyframe boundary only a heading the path has at a step")
    func reversedStepsShowOnlyStepHeadings() throws {
        let path = MotionPath(start: CGPoint(x: 5.7632444443521536, y: -18.95988185865525))
            .line(to: CGPoint(x: 213.92868045504042, y: -121.94622963583274))
            .arc(center: CGPoint(x: 261.69236466497216, y: 249.69543133591287), radius: 104.40924251318752,
                 startAngle: -2.5639069038096416, endAngle: -2.938452727109624)
            .arc(center: CGPoint(x: 91.08627297930263, y: 13.403678677542644), radius: 103.00265317565928,
                 startAngle: -0.04789447424408344, endAngle: 5.759472338405937)
        let duration = 0.38855572490989004
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.position = path.start
        let group = layer.animate { $0.position(along: path, orientation: .tangent).duration(duration).easing(.steps(4, .jumpEnd)) }
        // The headings the layer can show: the path's direction at each step's distance (from
        // either side, at a join), read off the path's points.
        var headings: [Double] = []
        for step in 0...4 {
            let s = Double(step) / 4 * path.length
            for (a, b) in [(s - 1e-6, s), (s, s + 1e-6)] where a >= 0 && b <= path.length {
                let (p, q) = (PathTruth.vector(path.point(atDistance: a)), PathTruth.vector(path.point(atDistance: b)))
                headings.append(atan2(q.y - p.y, q.x - p.x))
            }
        }
        clock.advance(to: 0.3)
        group.reverse()
        var probes = Self.keyframeProbes(layer, after: 0.3, before: 0.3 + duration)
        var t = 0.3
        while t < 0.3 + duration {
            probes.append(t)
            t += 1.0 / 240
        }
        for time in probes {
            guard let shown = layer.presentationValue(forKeyPath: "transform.rotation.z", at: time) as? Double else { continue }
            let nearest = headings.map { PathTruth.angleBetween(shown, $0) }.min() ?? .infinity
            #expect(nearest < 1e-6, "at \(time) the heading \(shown) is none of the path's at a step")
        }
    }
}
