import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// What a device does that a simple headless host would not: the system removing animations,
    /// layer time, a presentation that lags until a commit, removals reported later, hosts that
    /// refuse values. Each rule is modelled by `ManualClock`/`HeadlessLayer` (see the DocC article
    /// "On a device") and tested here frame by frame.
    @MainActor
    @Suite("On a device")
    struct DeviceBehaviourTests {
        /// A third-party animation of opacity, removed on completion, as apps add them.
        static func fade(beginTime: TimeInterval) -> LayerAnimation {
            LayerAnimation(keyPath: "opacity", beginTime: beginTime,
                           keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [1.0, 0.0]))
        }

        @Test("The article's snippet runs: a device-like clock, a sped-up window, the system's removals")
        func articleSnippet() {
            // Snippet of "On a device" begins
            let clock = ManualClock(deviceBehaviors: .device)   // commit lag, removal reports at the next commit
            let window = HeadlessLayer(clock: clock)
            let card = HeadlessLayer(clock: clock)
            window.addSublayer(card)
            window.speed = 2                                      // a window sped up for UI tests
            card.animate { $0.position(CGPoint(x: 300, y: 0)).duration(0.6).easing(.outCubic) }
            clock.advance(by: 1.0 / 120)                          // one frame, then the commit
            clock.simulateEnteringBackground()                    // the system's removals
            card.simulateLeavingWindow()
            clock.commit()                                        // the end of a run-loop turn
            // Snippet ends
            // One frame at twice the speed is 1/60 s of the 0.6 s outCubic, and Flight's animation survived.
            let p = (1.0 / 60) / 0.6
            expectClose(Double(card.presentation().position.x), 300 * (1 - pow(1 - p, 3)), absolute: 0.5)
            #expect(card.animationKeys.count == 1)
        }

        @Test("Backgrounding removes animations removed on completion, never Flight's: the chain goes on")
        func backgrounding() {
            let clock = ManualClock(deviceBehaviors: .device)
            let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
            var events: [String] = []
            a.add(Self.fade(beginTime: 0), forKey: "app.fade") { finished in events.append("fade \(finished)") }
            a.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.5).easing(.linear)
                animator.setDidStopCallback { _, finished in events.append("a \(finished)") }
                animator.triggerOnCompletion(onView: b) { animator in
                    animator.position(CGPoint(x: 0, y: 100)).duration(0.5).easing(.linear)
                    animator.setDidStopCallback { _, finished in events.append("b \(finished)") }
                }
            }
            clock.advance(to: 0.25)
            clock.simulateEnteringBackground()
            #expect(events.isEmpty, "removals are reported at the next commit, not during the call")
            #expect(a.animationKeys.count == 1, "Flight's animation survives; the app's fade is gone")
            clock.advance(to: 0.3)
            #expect(events == ["fade false"])
            expectClose(Double(a.presentation().position.x), 60, absolute: 1e-9)
            // Back in the foreground after a long pause: the first frame fires everything due, in order.
            clock.advance(to: 2)
            #expect(events == ["fade false", "a true", "b true"])
            #expect(b.presentation().position == CGPoint(x: 0, y: 100) && a.animationKeys.isEmpty && b.animationKeys.isEmpty)
        }

        @Test("Leaving the window removes animations removed on completion from the layer and its sublayers")
        func leavingWindow() {
            let clock = ManualClock()
            let parent = HeadlessLayer(clock: clock), child = HeadlessLayer(clock: clock)
            parent.addSublayer(child)
            var stops: [Bool] = []
            child.add(Self.fade(beginTime: 0), forKey: "app.fade") { stops.append($0) }
            let group = child.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.5)
                animator.setDidStopCallback { _, finished in stops.append(finished) }
            }
            clock.advance(to: 0.1)
            parent.simulateLeavingWindow()
            #expect(stops == [false] && child.animationKeys == ["\(group.key).0"])
            step(clock, to: 0.6, rate: 120)
            #expect(stops == [false, true])
        }

        @Test("Removing Flight's animations by hand cuts the group short, reported at the next commit")
        func removedByTheApp() {
            let clock = ManualClock(deviceBehaviors: .asynchronousRemovalCallbacks)
            let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
            var stops: [Bool] = []
            var triggered = false
            a.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.5)
                animator.alpha(0.5).duration(0.5)
                animator.setDidStopCallback { _, finished in stops.append(finished) }
                animator.triggerOnProgress(0.8, onView: b) { animator in
                    animator.alpha(0)
                    animator.setDidStartCallback { _ in triggered = true }
                }
            }
            clock.advance(to: 0.1)
            a.removeAllAnimations()
            #expect(stops.isEmpty && a.animationKeys.isEmpty)
            clock.commit()
            #expect(stops == [false])
            step(clock, to: 1, rate: 120)
            #expect(stops == [false] && !triggered)
        }

        @Test("Layer speed and time offset: pixels and callbacks keep together (a window sped up for UI tests)")
        func layerTime() throws {
            let clock = ManualClock()
            let window = HeadlessLayer(clock: clock), view = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            window.speed = 2
            window.addSublayer(view)
            view.timeOffset = 3   // its time runs 3 s ahead of the window's
            var stopTime: TimeInterval?
            var triggered: AnimationGroup?
            let group = view.animate { animator in
                animator.position(CGPoint(x: 100, y: 0)).duration(0.5).easing(.linear)
                animator.setDidStopCallback { _, _ in stopTime = clock.now }
                animator.triggerOnProgress(0.5, onView: other) { animator in
                    animator.alpha(0).duration(1).easing(.linear)
                    animator.setDidStartCallback { triggered = $0 }
                }
            }
            // CoreAnimation's rule, layer by layer: t = t_parent × speed + timeOffset.
            #expect(group.beginTime == 0 * 2 + 3)
            var frame = 0
            while clock.now < 0.3 {
                frame += 1
                clock.advance(to: Double(frame) / 120)
                let x = Double(view.presentation().position.x)
                let local = clock.now * 2 + 3 - group.beginTime
                expectClose(x, min(local / 0.5, 1) * 100, absolute: 1e-9)
            }
            // Ends at clock 0.25 (half its duration), its value trigger at 0.125, on a layer at speed 1.
            expectClose(try #require(stopTime), 0.25, absolute: 1e-9)
            let started = try #require(triggered)
            expectClose(started.beginTime, 0.125, absolute: 1e-12)
        }

        @Test("A layer whose time stands still: reported, and callbacks follow the screen's clock")
        func pausedLayer() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            layer.speed = 0
            var stops: [Bool] = []
            let reports = collectingDiagnostics {
                layer.animate { animator in
                    animator.position(CGPoint(x: 100, y: 0)).duration(0.5)
                    animator.setDidStopCallback { _, finished in stops.append(finished) }
                }
            }
            #expect(reports == [.hostTimeStopped])
            step(clock, to: 0.6, rate: 120)
            #expect(stops == [true])
        }

        @Test("Commit lag: the presentation shows the last commit; the start value is the model's")
        func commitLag() {
            let clock = ManualClock(deviceBehaviors: .commitLag)
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 50, y: 50)
            #expect(layer.presentation().position == CGPoint(x: 50, y: 50), "never committed: the model shows")
            clock.commit()
            // The app moves the view off screen and animates it in, in one run-loop turn.
            layer.position = CGPoint(x: -200, y: 50)
            #expect(layer.presentation().position == CGPoint(x: 50, y: 50), "not committed yet")
            let group = layer.animate { $0.position(CGPoint(x: 100, y: 50)).duration(0.5).easing(.linear) }
            #expect(group.property("position")?.keyframes.valueList.first as? CGPoint == CGPoint(x: -200, y: 50))
            #expect(layer.presentation().position == CGPoint(x: 50, y: 50), "the animation shows from the next commit")
            clock.advance(to: 1.0 / 120)
            expectClose(Double(layer.presentation().position.x), -200 + 300 / 60, absolute: 1e-9)
        }

        @Test("A host that refuses a value: reported, that property skipped, the rest plays and stops once")
        func refusedValue() {
            let clock = ManualClock()
            let host = RefusingLayer(clock: clock, refusing: "cornerRadius")
            var stops: [Bool] = []
            let reports = collectingDiagnostics {
                host.animate { animator in
                    animator.cornerRadius(12).duration(0.5)
                    animator.position(CGPoint(x: 100, y: 0)).duration(0.5)
                    animator.setDidStopCallback { _, finished in stops.append(finished) }
                }
            }
            #expect(reports == [.hostCannotHold(keyPath: "cornerRadius", type: "Double")])
            #expect(host.layer.animationKeys.count == 1 && host.layer.animation(forKey: host.layer.animationKeys[0])?.keyPath == "position")
            step(host.layer.clock, to: 0.6, rate: 120)
            #expect(stops == [true] && host.layer.cornerRadius == 0 && host.layer.position == CGPoint(x: 100, y: 0))
        }
    }
}

/// A headless layer that refuses values at one key path, as a `CALayer` refuses a value it
/// cannot box.
@MainActor
final class RefusingLayer: ForwardingLayer {
    let refused: String

    init(clock: ManualClock, refusing keyPath: String) {
        refused = keyPath
        super.init(clock: clock)
    }

    override func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        keyPath == refused ? false : super.setModelValue(value, forKeyPath: keyPath)
    }
}

extension MainActorSuites {
    /// An app's day, headless: a chain of four groups across three layers, linked by value-progress
    /// and completion triggers, in a window sped up to 2× as UI tests do, on a clock that behaves as
    /// a device (commit lag, late removal reports). The app goes to the background in the middle
    /// (no frames for a while), and one layer is released while its group plays.
    @MainActor
    @Suite("On a device: an app-like scenario")
    struct AppScenarioTests {
        @Test("Every stop once, no trigger after cancellation or lost, callbacks on the frame the pixels arrive")
        func appDay() throws {
            let clock = ManualClock(deviceBehaviors: .device)
            let window = HeadlessLayer(clock: clock, name: "window")
            window.speed = 2
            let card = HeadlessLayer(clock: clock, name: "card"), badge = HeadlessLayer(clock: clock, name: "badge")
            var toast: HeadlessLayer? = HeadlessLayer(clock: clock, name: "toast")
            for layer in [card, badge, toast!] { window.addSublayer(layer) }
            badge.opacity = 0

            var started: [String: AnimationGroup] = [:]
            var stops: [String: [(finished: Bool, frame: TimeInterval)]] = [:]
            func track(_ animator: GroupAnimator, _ name: String) {
                animator.setDidStartCallback { started[name] = $0 }
                animator.setDidStopCallback { _, finished in stops[name, default: []].append((finished, clock.now)) }
            }
            card.animate { a in
                track(a, "card move")
                a.position(CGPoint(x: 300, y: 0)).duration(0.6).easing(.outCubic)
                a.triggerOnValueProgress(0.5, onView: badge) { a in
                    track(a, "badge in")
                    a.alpha(1).duration(0.4).easing(.linear)
                    a.triggerOnCompletion(onView: toast!) { a in
                        track(a, "toast up")
                        a.position(CGPoint(x: 0, y: 500)).duration(0.5).easing(.linear)
                        a.triggerOnProgress(0.9, onView: badge) { a in
                            track(a, "never")
                            a.alpha(0).duration(0.2)
                        }
                    }
                    a.triggerOnCompletion(onView: card) { a in
                        track(a, "card dim")
                        a.alpha(0.5).duration(0.5).easing(.linear)
                    }
                }
            }

            // Worked out by hand. Layer time is twice the clock's. The card's outCubic reaches half its
            // travel at p = 1 − 0.5^(1/3) of 0.6 s; the badge begins then and ends 0.4 s later; the
            // toast and the dimming begin at that end.
            let half = 0.6 * (1 - pow(0.5, 1.0 / 3))
            let badgeEnd = half + 0.4
            var frames: [TimeInterval] = []
            func frame(_ time: TimeInterval) {
                clock.advance(to: time)
                frames.append(time)
            }
            var index = 0
            while clock.now < 0.2 - 1e-9 {
                index += 1
                frame(Double(index) / 120)
                let local = 2 * clock.now
                let p = min(local / 0.6, 1)
                expectClose(Double(card.presentation().position.x), 300 * (1 - pow(1 - p, 3)), absolute: 0.5)
            }
            // Backgrounded at 0.2 s: no frames until 0.35 s. Flight's animations are not removed.
            clock.simulateEnteringBackground()
            #expect(card.animationKeys.count == 1 && badge.animationKeys.count == 1)
            frame(0.35)
            // Everything the gap skipped fired in order, each at its own moment.
            let badgeGroup = try #require(started["badge in"]), toastGroup = try #require(started["toast up"])
            expectClose(badgeGroup.beginTime, half, absolute: 1e-6)
            expectClose(toastGroup.beginTime, badgeGroup.beginTime + 0.4, absolute: 1e-12)
            #expect(card.presentation().position == CGPoint(x: 300, y: 0) && badge.presentation().opacity == 1)
            expectClose(Double(toast!.presentation().position.y), 500 * (0.7 - badgeEnd) / 0.5, absolute: 0.5)
            // The toast's layer goes away mid-flight.
            while clock.now < 0.4 - 1e-9 {
                index += 1
                frame(max(Double(index) / 120, 0.35 + 1.0 / 120))
            }
            toast?.removeFromSuperlayer()
            toast = nil
            index = Int((clock.now * 120).rounded())
            while clock.now < 2 {
                index += 1
                frame(Double(index) / 120)
            }

            // Every group that started stopped exactly once; the released one with false, and its
            // pending trigger never fired.
            #expect(Set(started.keys) == ["card move", "badge in", "toast up", "card dim"])
            for (name, list) in stops { #expect(list.count == 1, "\(name) stopped \(list.count) times") }
            #expect(stops["toast up"]?.first?.finished == false)
            #expect(started["never"] == nil)
            // Callbacks on the first frame at or after the pixels arrive (clock time = layer time / 2).
            func firstFrame(atOrAfter time: TimeInterval) -> TimeInterval? { frames.first { $0 >= time - 1e-9 } }
            let pixelEnds = ["card move": 0.6 / 2, "badge in": badgeEnd / 2, "card dim": (badgeEnd + 0.5) / 2]
            for (name, end) in pixelEnds {
                let stop = try #require(stops[name]?.first)
                #expect(stop.finished, "\(name)")
                #expect(stop.frame == firstFrame(atOrAfter: end), "\(name) stopped at \(stop.frame), pixels at \(end)")
            }
            // The toast's group ends (not finished) at its first moment after the release: the moment
            // of its trigger at 90 %, which does not fire.
            #expect(stops["toast up"]?.first?.frame == firstFrame(atOrAfter: (toastGroup.beginTime + 0.9 * 0.5) / 2))
            expectClose(card.presentation().opacity, 0.5, absolute: 1e-12)
            #expect(card.animationKeys.isEmpty && badge.animationKeys.isEmpty && !clock.hasPendingEvents)
        }
    }
}
