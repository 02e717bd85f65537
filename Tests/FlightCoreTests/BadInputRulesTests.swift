import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// What Flight does with input it cannot take as given, through the public API on the headless
    /// host: the model, what is shown one frame later, and the diagnostic.
    @MainActor
    @Suite("Bad input keeps what the caller meant")
    struct BadInputRulesTests {
        @Test("A duration that cannot be played: reported, the property goes to its target at once, the rest plays",
              arguments: [-1, Double.nan, Double.infinity, -Double.infinity])
        func unplayableDuration(_ duration: Double) {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            var group: AnimationGroup?
            let reports = collectingDiagnostics {
                group = layer.animate { a in
                    a.alpha(0.25).duration(duration).easing(.spring(.bouncy))
                    a.position(CGPoint(x: 100, y: 0)).duration(1).easing(.linear)
                }
            }
            #expect(reports.count == 1)
            guard case .invalidDuration(let keyPath, _) = reports.first else {
                Issue.record("expected invalidDuration, got \(reports)")
                return
            }
            #expect(keyPath == "opacity")
            // The model holds both targets; on screen the opacity is there at once, the position moves.
            #expect(layer.opacity == 0.25)
            #expect(layer.position == CGPoint(x: 100, y: 0))
            clock.advance(by: 1.0 / 60)
            #expect(layer.presentation().opacity == 0.25)
            expectClose(layer.presentation().position.x, 100.0 / 60, absolute: 1e-9)
            #expect(group?.property("opacity")?.duration == 0)
            clock.advance(by: 1)
            #expect(group?.finished == true)
        }

        @Test("A target that cannot be held is reported and skipped; the rest plays")
        func unholdableTarget() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let reports = collectingDiagnostics {
                layer.animate { a in
                    a.position(CGPoint(x: Double.nan, y: 0)).duration(1)
                    a.value(1.0, forKeyPath: "bounds").duration(1)
                    a.alpha(0.5).duration(1).easing(.linear)
                }
            }
            #expect(reports.count == 2)
            #expect(reports.contains { if case .invalidValue(keyPath: "position", _) = $0 { true } else { false } })
            #expect(reports.contains { if case .typeMismatch(keyPath: "bounds", _, _) = $0 { true } else { false } })
            #expect(layer.position == .zero && layer.bounds == .zero)
            clock.advance(by: 1.0 / 60)
            #expect(layer.presentation().position == .zero)
            expectClose(layer.presentation().opacity, 1 - 0.5 / 60, absolute: 1e-9)
        }

        @Test("A misspelt or miscased layer property is reported, naming the property, and still animates")
        func misspeltKeyPath() {
            for (keyPath, resembled) in [("postion.x", "position.x"), ("Opacity", "opacity"), ("cornerRadious", "cornerRadius"),
                                         ("bounds.size.widht", "bounds.size.width")] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock)
                let reports = collectingDiagnostics {
                    layer.animate { $0.value(10.0, forKeyPath: keyPath).duration(1).easing(.linear) }
                }
                #expect(reports == [.unknownKeyPath(keyPath, resembling: resembled)], "\(keyPath)")
                // A custom property: its model is the target, and it animates from 0.
                #expect(layer.value(forKeyPath: keyPath, as: Double.self) == 10)
                clock.advance(by: 1.0 / 60)
                expectClose(layer.presentationValue(forKeyPath: keyPath) as? Double ?? .nan, 10.0 / 60, absolute: 1e-9)
            }
            // Custom properties that resemble nothing, or that the target already has, say nothing.
            let layer = HeadlessLayer()
            layer.setModelValue(0.0, forKeyPath: "postion")
            let quiet = collectingDiagnostics {
                layer.animate { a in
                    a.value(1.0, forKeyPath: "animatableProgress").duration(1)
                    a.value(1.0, forKeyPath: "postion").duration(1)
                }
            }
            #expect(quiet.isEmpty)
        }

        @Test("Two edits from a layer property is the limit: three are a custom property, not reported")
        func misspellingLimit() {
            // Each is three edits from `position` (and further from every other property).
            for keyPath in ["posxxxion", "positionabc", "xpoxitiox"] {
                let reports = collectingDiagnostics {
                    HeadlessLayer().animate { $0.value(1.0, forKeyPath: keyPath).duration(1) }
                }
                #expect(reports.isEmpty, "\(keyPath)")
            }
            // Two edits are reported.
            for (keyPath, resembled) in [("pstion", "position"), ("pozitiom", "position")] {
                let reports = collectingDiagnostics {
                    HeadlessLayer().animate { $0.value(1.0, forKeyPath: keyPath).duration(1) }
                }
                #expect(reports == [.unknownKeyPath(keyPath, resembling: resembled)], "\(keyPath)")
            }
        }

        @Test("An empty key path is reported and skipped")
        func emptyKeyPath() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let reports = collectingDiagnostics {
                layer.animate { a in
                    a.value(1.0, forKeyPath: "").duration(1)
                    a.alpha(0).duration(1)
                }
            }
            #expect(reports == [.invalidValue(keyPath: "", reason: "the key path is empty")])
            #expect(layer.modelValue(forKeyPath: "") == nil)
            clock.advance(by: 1.0 / 60)
            #expect(layer.presentation().opacity < 1)
        }

        @Test("Time-progress moments are clamped into 0...1 and NaN counts as 0")
        func timeProgressMoments() {
            for (progress, expected) in [(Double.nan, 0.0), (-0.5, 0), (2, 1), (0.5, 0.5), (Double.infinity, 1)] {
                let clock = ManualClock()
                let layer = HeadlessLayer(clock: clock), follower = HeadlessLayer(clock: clock)
                var firedAt: TimeInterval?
                let reports = collectingDiagnostics {
                    layer.animate { a in
                        a.alpha(0).duration(1).easing(.linear)
                        a.triggerOnProgress(progress, onView: follower) { f in
                            f.alpha(0.5).duration(0.2)
                            f.setDidStartCallback { firedAt = $0.beginTime }
                        }
                    }
                }
                #expect(reports.isEmpty)
                everyFrame(clock, until: 1.5) { _ in }
                #expect(firedAt == expected, "progress \(progress)")
                #expect(follower.opacity == 0.5)
            }
        }

        @Test("A value-progress moment the motion never reaches is reported when the group starts, and never fires")
        func unreachedValueProgress() {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), follower = HeadlessLayer(clock: clock)
            var fired = 0
            let reports = collectingDiagnostics {
                layer.animate { a in
                    // An ease-out never overshoots: 1.2 is never reached, 0.5 is.
                    a.position(CGPoint(x: 100, y: 0)).duration(1).easing(.outCubic)
                    a.triggerOnValueProgress(1.2, onView: follower) { f in
                        f.alpha(0).duration(0.2)
                        f.setDidStartCallback { _ in fired += 100 }
                    }
                    a.triggerOnValueProgress(0.5, onView: follower) { f in
                        f.alpha(0.5).duration(0.2)
                        f.setDidStartCallback { _ in fired += 1 }
                    }
                }
            }
            #expect(reports == [.triggerNeverReached(progress: 1.2)])
            everyFrame(clock, until: 1.5) { _ in }
            #expect(fired == 1)
            #expect(follower.opacity == 0.5)
        }
    }
}

extension MainActorSuites.BadInputRulesTests {
    @Test("A hand-off velocity whose rate overflows leaves at the limited speed, not from rest")
    func overflowingHandOff() {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        let group = layer.animate { $0.position(CGPoint(x: 600, y: 0)).duration(1).easing(.linear) }
        group.pause()
        group.fractionComplete = 0.5
        var spring: AnimationGroup?
        let reports = collectingDiagnostics { spring = group.continueOnSpring(velocity: 1e307, towardsEnd: true) }
        #expect(reports.contains { if case .velocityLimited(keyPath: "position", _) = $0 { true } else { false } })
        clock.advance(by: 1.0 / 120)
        // 600 pt × 1e307 per second overflows; limited, it still leaves fast towards the end.
        #expect(layer.presentation().position.x > 310)
        everyFrame(clock, until: 30) { _ in #expect(layer.presentation().position.x.isFinite) }
        #expect(spring?.hasEnded == true && group.finished)
        #expect(layer.presentation().position == CGPoint(x: 600, y: 0))
    }
}

extension MainActorSuites.BadInputRulesTests {
    @Test("A declaration with an unplayable duration that a part promoted to the same whole replaces is still reported, once",
          arguments: [-1, Double.nan, Double.infinity])
    func unplayableDurationReplacedByAPromotedPart(_ duration: Double) {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        let reports = collectingDiagnostics {
            layer.animate { a in
                a.transform3D(.translation(x: 100, y: 0)).duration(duration)
                // Entangled with the whole declared before it: played as the whole transform,
                // from what is shown to the model with the part written in; it takes the
                // earlier declaration's place.
                a.value(1.5, forKeyPath: "transform.scale").duration(1).easing(.linear)
            }
        }
        #expect(reports.count == 1, "\(reports)")
        guard case .invalidDuration(let keyPath, let reported) = reports.first else {
            Issue.record("expected invalidDuration, got \(reports)")
            return
        }
        #expect(keyPath == "transform" && (reported == duration || (reported.isNaN && duration.isNaN)))
        // The model holds both declarations; what is shown goes there from the identity in a
        // straight line (a translation and a uniform scale interpolate component by component).
        let end = Transform3D.scale(x: 1.5, y: 1.5, z: 1.5).concatenating(.translation(x: 100, y: 0))
        #expect(MainActorSuites.PartsAndWholesTests.gap(layer.transform, end) < 1e-12)
        func expected(at time: TimeInterval) -> Transform3D {
            let p = min(max(time, 0), 1)
            let s = 1 + 0.5 * p
            return Transform3D.scale(x: s, y: s, z: s).concatenating(.translation(x: 100 * p, y: 0))
        }
        var probes: [TimeInterval] = (1...150).map { Double($0) / 120 }
        probes += [1 - 1e-6, 1, 1 + 1e-6, 0.5 / 120, 1e-6]
        for time in probes.sorted() {
            let shown = layer.presentationValue(forKeyPath: "transform", at: time)
            #expect(MainActorSuites.PartsAndWholesTests.gap(shown, expected(at: time)) < 1e-9, "at \(time): \(String(describing: shown))")
        }
        everyFrame(clock, until: 1.25) { time in
            #expect(MainActorSuites.PartsAndWholesTests.gap(layer.presentation().transform, expected(at: time)) < 1e-9, "frame \(time)")
        }
    }

    @Test("A part with an unplayable duration promoted to the whole beside a path's turning is reported once",
          arguments: [-1, Double.nan, Double.infinity])
    func unplayableDurationBesideAPathsTurning(_ duration: Double) {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        // Mirrored in x, with an older animation that turns it, held paused at its start: a
        // rotation or scale part is played as the whole transform there.
        let mirror = Transform3D.scale(x: -1, y: 1, z: 1)
        layer.transform = mirror
        let older = layer.animate { $0.transform3D(mirror.concatenating(.rotation(angle: 0.3, x: 0, y: 0, z: 1))).duration(1) }
        older.pause()
        clock.advance(to: 0.25)
        let reports = collectingDiagnostics {
            layer.animate { a in
                // The y scale the layer reads already (on a layer mirrored in x, −1): it changes
                // nothing but is promoted to the whole, as the rotation along the path is after it.
                a.value(-1.0, forKeyPath: "transform.scale.y").duration(duration)
                a.position(along: MotionPath(start: .zero).line(to: CGPoint(x: 100, y: 100)), orientation: .tangent)
                    .duration(0.5).easing(.linear)
            }
        }
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.contains { if case .invalidDuration(keyPath: "transform", _) = $0 { true } else { false } }, "\(reports)")
        // From its start the layer faces the line (45°), still mirrored; it moves along the line.
        let facing = mirror.concatenating(.rotation(angle: .pi / 4, x: 0, y: 0, z: 1))
        #expect(MainActorSuites.PartsAndWholesTests.gap(layer.transform, facing) < 1e-9)
        var probes: [TimeInterval] = (30...120).map { Double($0) / 120 }
        probes += [0.25 + 1e-6, 0.75 - 1e-6, 0.75, 0.75 + 1e-6]
        for time in probes.sorted() {
            let shown = layer.presentationValue(forKeyPath: "transform", at: time)
            #expect(MainActorSuites.PartsAndWholesTests.gap(shown, facing) < 1e-9, "at \(time): \(String(describing: shown))")
            let position = layer.presentationValue(forKeyPath: "position", at: time) as? CGPoint
            let travelled = 200 * min(time - 0.25, 0.5)
            #expect(distanceBetween(position, CGPoint(x: travelled, y: travelled)) < 1e-6, "at \(time): \(String(describing: position))")
        }
        everyFrame(clock, until: 1) { time in
            #expect(MainActorSuites.PartsAndWholesTests.gap(layer.presentation().transform, facing) < 1e-9, "frame \(time)")
        }
    }
}
