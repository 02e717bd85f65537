import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    @MainActor
    @Suite("A group exported as one animation group")
    struct GroupExportTests {
        /// A group to export and to play, declared once.
        struct Case: CustomTestStringConvertible, Sendable {
            let name: String
            let priority: TimingPriority
            let build: @MainActor @Sendable (GroupAnimator) -> Void
            var testDescription: String { name }
        }

        nonisolated static let cases: [Case] = [
            Case(name: "different durations", priority: .maxTime) { a in
                a.position(CGPoint(x: 300, y: 120)).duration(0.5).easing(.outCubic)
                a.alpha(0.2).duration(0.3).easing(.inOutCubic)
                a.bounds(CGRect(x: 0, y: 0, width: 240, height: 60)).duration(0.8).easing(.linear)
                a.backgroundColor(Color(red: 0, green: 0, blue: 1)).duration(0.45).easing(.inSine)
            },
            Case(name: "springs, the group grown to fit them", priority: .minTime) { a in
                a.position(CGPoint(x: 20, y: 260)).duration(0.2).easing(.spring(Spring(duration: 0.5, bounce: 0.3)))
                a.cornerRadius(24).duration(0.6).easing(.outBack).primary(true)
                a.alpha(0.5).duration(0.9).easing(.outElastic)
            },
            Case(name: "a part key path", priority: .maxTime) { a in
                a.value(260.0, forKeyPath: "position.x").duration(0.7).easing(.outBounce)
                a.value(0.25 * Double.pi, forKeyPath: "transform.rotation.z").duration(0.4).easing(.inOutQuadratic)
                a.alpha(0.6).duration(0.2)
            },
            Case(name: "a transform", priority: .maxTime) { a in
                a.transform3D(Transform3D.rotation(angle: 2.5, x: 0, y: 0, z: 1).concatenating(.scale(x: 1.5, y: 0.75)))
                    .duration(0.65).easing(.inOutBack)
                a.position(CGPoint(x: 160, y: 40)).duration(0.35).easing(.spring(Spring(duration: 0.4, bounce: 0)))
            },
            Case(name: "a whole and then its part in one group", priority: .maxTime) { a in
                a.position(CGPoint(x: 300, y: 300)).duration(0.8).easing(.outCubic)
                a.value(-40.0, forKeyPath: "position.x").duration(0.3).easing(.linear)
            },
            Case(name: "a part and then its whole in one group", priority: .maxTime) { a in
                a.value(-40.0, forKeyPath: "position.y").duration(0.9).easing(.inCubic)
                a.position(CGPoint(x: 30, y: 330)).duration(0.4).easing(.outQuadratic)
            },
            Case(name: "a property that jumps", priority: .maxTime) { a in
                a.position(CGPoint(x: 90, y: 10)).duration(0.5).easing(.inOutSine)
                a.alpha(0.3).duration(.nan)
            },
            Case(name: "2.5 cycles, autoreversing, with a delay and a way back of its own", priority: .maxTime) { a in
                a.position(CGPoint(x: 260, y: 40)).duration(0.4).easing(.inOutSine)
                a.alpha(0.4).duration(0.25).easing(.outCubic)
                a.repeating(Repetition(count: 2.5, autoreverses: true, delay: 0.1, returnEasing: .outBounce))
            },
            Case(name: "a position along a path, turning with it", priority: .maxTime) { a in
                let path = MotionPath(start: CGPoint(x: 100, y: 80))
                    .curve(to: CGPoint(x: 300, y: 200), control1: CGPoint(x: 180, y: -40), control2: CGPoint(x: 320, y: 60))
                    .line(to: CGPoint(x: 40, y: 220))
                a.position(along: path, orientation: .tangent).duration(0.9).easing(.inOutCubic)
            },
        ]

        /// The key paths a comparison reads: every key path the export animates, its whole, and
        /// the properties it leaves alone.
        static func keyPaths(_ export: LayerAnimationGroup) -> [String] {
            let extra = ["position", "opacity", "bounds", "transform", "cornerRadius", "backgroundColor"]
            var seen: Set<String> = []
            return (export.keyPaths + export.keyPaths.map { LayerProperty.base(of: $0) } + extra)
                .filter { seen.insert($0).inserted }
        }

        /// A layer as every case starts from.
        static func startingLayer(_ clock: ManualClock) -> HeadlessLayer {
            let layer = HeadlessLayer(clock: clock)
            layer.position = CGPoint(x: 100, y: 80)
            layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            layer.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
            layer.transform = .scale(x: 1.2, y: 1.2)
            return layer
        }

        /// Whether two shown values agree to rounding.
        static func agree(_ a: (any AnimatableValue)?, _ b: (any AnimatableValue)?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            let scale = max(1, a.componentArray.map(abs).max() ?? 1)
            return distanceBetween(a, b) <= 1e-9 * scale
        }

        /// The moments to compare at: every 120 Hz frame from `start` to `end`, and a moment
        /// just before, at and just after each of `ends`.
        static func moments(from start: TimeInterval, to end: TimeInterval, ends: [TimeInterval]) -> [TimeInterval] {
            var times: [TimeInterval] = []
            var frame = 0.0
            while start + frame / 120 <= end + 1e-9 {
                times.append(start + frame / 120)
                frame += 1
            }
            for moment in ends { times += [moment - 1e-6, moment, moment + 1e-6] }
            return times.filter { $0 >= start }.sorted()
        }

        @Test("Played on a fresh layer, the export shows frame by frame what the engine shows", arguments: cases)
        func playsAsTheEngine(_ test: Case) throws {
            let start = 2.0
            let liveClock = ManualClock(start: start), freshClock = ManualClock(start: start)
            let live = Self.startingLayer(liveClock)
            let modelBefore = Dictionary(uniqueKeysWithValues: ["position", "opacity", "bounds", "transform"].map {
                ($0, live.modelValue(forKeyPath: $0)!)
            })
            var reports: [FlightError] = []
            var exported: LayerAnimationGroup?
            reports = collectingDiagnostics { exported = live.exportAnimation(test.priority, test.build) }
            let export = try #require(exported)
            // Exporting touched nothing on the layer.
            #expect(live.animationKeys.isEmpty && live.animationState.activeGroups.isEmpty)
            for (keyPath, value) in modelBefore { #expect(Self.agree(live.modelValue(forKeyPath: keyPath), value), "\(keyPath)") }

            var playReports: [FlightError] = []
            var group: AnimationGroup?
            playReports = collectingDiagnostics { group = live.animate(test.priority, test.build) }
            let played = try #require(group)
            #expect(reports.map(\.description) == playReports.map(\.description))
            #expect(export.duration == played.totalDuration && export.beginTime == 0)
            #expect(export.fillMode == .both && !export.isRemovedOnCompletion)
            #expect(export.animations.allSatisfy { $0.beginTime == 0 && $0.fillMode == .both })

            // The started group exports the same animations.
            let again = try #require(played.export())
            #expect(again.keyPaths == export.keyPaths)
            for (a, b) in zip(again.animations, export.animations) {
                #expect(a.duration == b.duration && a.keyframes.keyTimes == b.keyframes.keyTimes)
                #expect(zip(a.keyframes.valueList, b.keyframes.valueList).allSatisfy { Self.agree($0, $1) })
            }

            let fresh = Self.startingLayer(freshClock)
            fresh.add(export, forKey: "export")
            #expect(fresh.animationKeys == ["export"])
            // Its children run in the group's time: no one of them is the animation under the key.
            #expect(fresh.animation(forKey: "export") == nil)
            let ends = played.resolved.properties.map { start + $0.duration } + [start + played.totalDuration]
            let keyPaths = Self.keyPaths(export)
            var compared = 0
            for time in Self.moments(from: start, to: start + played.totalDuration + 0.5, ends: ends) {
                liveClock.advance(to: time)
                freshClock.advance(to: time)
                for keyPath in keyPaths {
                    let (shown, replayed) = (live.presentationValue(forKeyPath: keyPath), fresh.presentationValue(forKeyPath: keyPath))
                    #expect(Self.agree(shown, replayed), "\(test.name): \(keyPath) at \(time - start): \(String(describing: shown)) vs \(String(describing: replayed))")
                    compared += 1
                }
            }
            #expect(compared > 100)
            #expect(played.hasEnded && played.finished)
            // Long after, the export still holds the end: not removed, filling forwards.
            liveClock.advance(by: 30)
            freshClock.advance(by: 30)
            #expect(fresh.animationKeys == ["export"])
            for keyPath in keyPaths {
                #expect(Self.agree(live.presentationValue(forKeyPath: keyPath), fresh.presentationValue(forKeyPath: keyPath)), "\(keyPath)")
            }
        }

        @Test("A part shows over its whole, in declaration order; a part its whole covers is left out")
        func partsAndWholes() throws {
            let layer = HeadlessLayer(clock: ManualClock())
            let partLater = try #require(layer.exportAnimation { a in
                a.position(CGPoint(x: 300, y: 300)).duration(0.8)
                a.value(-40.0, forKeyPath: "position.x").duration(0.3)
            })
            #expect(partLater.keyPaths == ["position", "position.x"])
            let wholeLater = try #require(layer.exportAnimation { a in
                a.value(-40.0, forKeyPath: "position.x").duration(0.3)
                a.position(CGPoint(x: 300, y: 300)).duration(0.8)
            })
            #expect(wholeLater.keyPaths == ["position"])
        }

        @Test("Its ends are the hand-worked start and targets, whatever the fresh layer's model")
        func endsOnAnyLayer() throws {
            let clock = ManualClock(start: 1)
            let source = HeadlessLayer(clock: ManualClock(start: 1))
            source.position = CGPoint(x: 10, y: 20)
            let export = try #require(source.exportAnimation { a in
                a.position(CGPoint(x: 110, y: 220)).duration(0.5).easing(.linear)
                a.alpha(0.25).duration(0.25).easing(.linear)
            })
            let fresh = HeadlessLayer(clock: clock)
            fresh.position = CGPoint(x: -500, y: -500)
            fresh.opacity = 0.9
            fresh.add(export, forKey: "e")
            // Linear keyframes: at 0.25 s, half-way for position, at its end for opacity.
            clock.advance(to: 1.25)
            #expect(distanceBetween(fresh.presentation().position, CGPoint(x: 60, y: 120)) < 1e-9)
            #expect(abs(fresh.presentation().opacity - 0.25) < 1e-12)
            clock.advance(to: 1.375)
            #expect(distanceBetween(fresh.presentation().position, CGPoint(x: 85, y: 170)) < 1e-9)
            #expect(abs(fresh.presentation().opacity - 0.25) < 1e-12)
            clock.advance(to: 100)
            #expect(distanceBetween(fresh.presentation().position, CGPoint(x: 110, y: 220)) < 1e-9)
            // The model is the fresh layer's own.
            #expect(fresh.position == CGPoint(x: -500, y: -500) && fresh.opacity == 0.9)
        }

        @Test("The bridge's description: the group's fields, each child as the engine's own animations are built")
        func coreAnimationDescription() throws {
            let layer = HeadlessLayer(clock: ManualClock())
            let export = try #require(layer.exportAnimation { a in
                a.position(CGPoint(x: 300, y: 120)).duration(0.5).easing(.outElastic)
                a.alpha(0.2).duration(0.3).easing(.inOutCubic)
            })
            let atZero = 1e-100   // a tiny positive begin time, as AVCoreAnimationBeginTimeAtZero is
            let description = CoreAnimationGroupAnimation(export, beginTime: atZero)
            #expect(description.beginTime == atZero && description.duration == 0.5)
            #expect(description.fillMode == .both && !description.isRemovedOnCompletion)
            #expect(CoreAnimationGroupAnimation(export).beginTime == 0)
            #expect(description.animations.map(\.keyPath) == ["position", "opacity"])
            for (child, animation) in zip(description.animations, export.animations) {
                let own = CoreAnimationKeyframeAnimation(key: child.key, animation: animation)
                #expect(child.beginTime == 0 && child.duration == own.duration && child.keyTimes == own.keyTimes)
                #expect(child.timingFunctions == own.timingFunctions && child.fillMode == .both && !child.isRemovedOnCompletion)
                #expect(child.speed == 1 && child.timeOffset == 0 && !child.isAdditive)
            }
            #expect(description.animations.map(\.duration) == [0.5, 0.3])
        }

        @Test("CoreAnimation's group rule written out independently agrees with the headless layer")
        func independentGroupRule() throws {
            let clock = ManualClock(start: 0)
            let layer = HeadlessLayer(clock: clock)
            let export = try #require(layer.exportAnimation { a in
                a.position(CGPoint(x: 300, y: 120)).duration(0.5).easing(.outElastic)
                a.alpha(0.2).duration(0.3).easing(.inOutCubic)
                a.value(40.0, forKeyPath: "position.y").duration(0.2).easing(.inQuadratic)
            })
            let description = CoreAnimationGroupAnimation(export, beginTime: 0.25)
            var group = export
            group.beginTime = 0.25
            layer.add(group, forKey: "g")
            let model = ["position": layer.modelValue(forKeyPath: "position")!, "opacity": layer.modelValue(forKeyPath: "opacity")!]
            everyFrame(clock, until: 1.5) { time in
                // The group's time: from its begin, held at 0 before and at its duration after
                // (fill both); each child's: the group's, clipped to its own duration (fill both).
                let groupTime = min(max(time - description.beginTime, 0), description.duration)
                var position = model["position"] as! CGPoint
                var opacity = model["opacity"] as! Double
                for child in description.animations {
                    let local = min(max(groupTime - child.beginTime, 0), child.duration)
                    let value = playedComponents(child, at: local)
                    switch child.keyPath {
                    case "position": position = CGPoint(x: value[0], y: value[1])
                    case "position.y": position.y = value[0]
                    case "opacity": opacity = value[0]
                    default: Issue.record("unexpected \(child.keyPath)")
                    }
                }
                let shown = layer.presentation()
                #expect(distanceBetween(shown.position, position) < 1e-6, "position at \(time)")
                #expect(abs(shown.opacity - opacity) < 1e-9, "opacity at \(time)")
            }
        }

        @Test("A group's duration clips its children; their begin times count from the group's")
        func groupTiming() {
            let clock = ManualClock(start: 0)
            let layer = HeadlessLayer(clock: clock)
            layer.setModelValue(7.0, forKeyPath: "level")
            // 0 → 100 over 1 s, linear, beginning 0.2 s into a group of 0.5 s that begins at 1.
            var child = LayerAnimation(keyPath: "level", beginTime: 0.2,
                                       keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [0.0, 100.0]))
            child.fillMode = .removed
            var group = LayerAnimationGroup(duration: 0.5, animations: [child])
            group.beginTime = 1
            group.fillMode = .forwards
            layer.add(group, forKey: "clipped")
            func shown() -> Double? { layer.presentationValue(forKeyPath: "level") as? Double }
            clock.advance(to: 0.5)
            #expect(shown() == 7)                   // before the group: the model
            clock.advance(to: 1.1)
            #expect(shown() == 7)                   // the child has not begun in the group's time
            clock.advance(to: 1.3)
            #expect(abs(shown()! - 10) < 1e-9)      // 0.1 s into the child
            clock.advance(to: 1.45)
            #expect(abs(shown()! - 25) < 1e-9)
            clock.advance(to: 2)
            // Held at the group's end, 0.3 s into the child: clipped there, not played on.
            #expect(abs(shown()! - 30) < 1e-9)
            clock.advance(to: 50)
            #expect(abs(shown()! - 30) < 1e-9)
            // With the group's fill removed, the model shows once it ends.
            group.fillMode = .removed
            layer.add(group, forKey: "clipped")
            #expect(layer.animationKeys == ["clipped"])
            #expect(shown() == 7)
            layer.removeAnimation(forKey: "clipped")
            #expect(layer.animationKeys.isEmpty)
        }

        @Test("A group made by hand with a bad duration or begin time shows finite values, at its end at once")
        func badGroupTiming() {
            let clock = ManualClock(start: 1)
            let layer = HeadlessLayer(clock: clock)
            let child = LayerAnimation(keyPath: "opacity", beginTime: 0,
                                       keyframes: Keyframes(duration: 1, keyTimes: [0, 1], values: [1.0, 0.0]))
            for (duration, begin) in [(Double.nan, 1.0), (-2, 1), (.infinity, 1), (0, 1), (1, .nan)] {
                var group = LayerAnimationGroup(duration: duration, animations: [child])
                group.beginTime = begin
                layer.add(group, forKey: "bad")
                let shown = layer.presentation().opacity
                // No playable duration: at its end (0 s into the child) at once; a NaN begin: at its begin.
                #expect(shown == 1, "duration \(duration), begin \(begin): \(shown)")
                #expect(group.localTime(at: 5) == 0)
                #expect(group.endTime.isFinite || begin.isNaN)
            }
            clock.advance(to: 3)
            #expect(layer.presentation().opacity.isFinite)
        }

        @Test("A begin time of 0 starts when added; a tiny positive one is the layer's time zero")
        func beginTimeNearZero() throws {
            let source = HeadlessLayer(clock: ManualClock())
            let build: (GroupAnimator) -> Void = { a in
                a.position(CGPoint(x: 200, y: 0)).duration(1).easing(.linear)
            }
            let export = try #require(source.exportAnimation(.maxTime, build))
            // A video's timeline: the layer's time is the video's, from 0.
            let video = ManualClock(start: 0)
            let overlay = HeadlessLayer(clock: video)
            var atZero = export
            atZero.beginTime = 1e-100
            overlay.add(atZero, forKey: "intro")
            everyFrame(video, until: 1.25) { time in
                let expected = 200 * min(max(time - 1e-100, 0), 1)
                #expect(abs(overlay.presentation().position.x - expected) < 1e-9, "at \(time)")
            }
            // Added later, a tiny begin time is still the layer's zero: the group is over.
            let late = ManualClock(start: 5)
            let lateLayer = HeadlessLayer(clock: late)
            lateLayer.add(atZero, forKey: "intro")
            #expect(abs(lateLayer.presentation().position.x - 200) < 1e-9)
            // A begin time of 0 is replaced by the layer's time when added: it starts then.
            lateLayer.add(export, forKey: "now")
            #expect(lateLayer.presentation().position.x == 0)
            late.advance(to: 5.25)
            #expect(abs(lateLayer.presentation().position.x - 50) < 1e-9)
        }

        @Test("Nothing to export: an empty group, one that takes no time or one repeated forever is nil and reported")
        func nothingToExport() {
            let layer = HeadlessLayer(clock: ManualClock())
            var export: LayerAnimationGroup?
            var reports = collectingDiagnostics { export = layer.exportAnimation { _ in } }
            #expect(export == nil && reports == [.nothingToExport])
            reports = collectingDiagnostics { export = layer.exportAnimation { a in a.alpha(0.5).duration(-1) } }
            #expect(export == nil && reports == [.invalidDuration(keyPath: "opacity", duration: -1), .nothingToExport])
            // A bad value is skipped, as `animate` skips it; the rest is exported.
            reports = collectingDiagnostics {
                export = layer.exportAnimation { a in
                    a.alpha(Double.nan).duration(0.3)
                    a.position(CGPoint(x: 5, y: 5)).duration(0.3)
                }
            }
            #expect(export?.keyPaths == ["position"] && reports.count == 1)
            if case .invalidValue(let keyPath, _) = reports.first { #expect(keyPath == "opacity") } else { Issue.record("\(reports)") }
            // A started group that took no time.
            let empty = layer.animate { _ in }
            reports = collectingDiagnostics { export = empty.export() }
            #expect(export == nil && reports == [.nothingToExport])
            // A group repeated forever has no end for an animation group to last until.
            reports = collectingDiagnostics {
                export = layer.exportAnimation { a in
                    a.alpha(0.5).duration(0.3)
                    a.repeating(.forever(autoreverses: true))
                }
            }
            #expect(export == nil && reports == [.nothingToExport])
            // Nothing was set or played by the exports.
            #expect(layer.opacity == 1 && layer.position == .zero && layer.animationKeys.isEmpty)
        }

        @Test("Exporting calls no callback and starts no trigger")
        func noCallbacks() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock), other = HeadlessLayer(clock: clock)
            var calls: [String] = []
            let export = layer.exportAnimation { a in
                a.position(CGPoint(x: 50, y: 0)).duration(0.2)
                a.setDidStartCallback { _ in calls.append("start") }
                a.setDidStopCallback { _, _ in calls.append("stop") }
                a.triggerOnStart(onView: other) { b in b.alpha(0).duration(0.1) }
            }
            #expect(export != nil)
            everyFrame(clock, until: 1) { _ in }
            #expect(calls.isEmpty && other.animationKeys.isEmpty && other.opacity == 1)
        }

        @Test("Reduce Motion: exportAnimation does not apply it; export() keeps the shortening, not the dissolve")
        func reduceMotion() throws {
            let move = { (a: GroupAnimator) in _ = a.position(CGPoint(x: 300, y: 0)).duration(0.8).easing(.outBack) }
            /// The exported position's x every hundredth of a second through `group`.
            func xs(_ group: LayerAnimationGroup) -> [Double] {
                (0...Int((group.duration * 100).rounded())).compactMap {
                    (group.animations[0].keyframes.presentationValue(at: Double($0) / 100) as? CGPoint).map { Double($0.x) }
                }
            }
            try withReducedMotion {
                let layer = HeadlessLayer(clock: ManualClock())
                // Content to render: the move as asked, overshoot and all.
                let content = try #require(layer.exportAnimation(.maxTime, move))
                #expect(content.duration == 0.8 && content.keyPaths == ["position"])
                #expect(xs(content).count == 81 && xs(content).max()! > 300)
                // The group on the layer is shortened to 0.25 s without overshoot, and so is its export.
                let group = layer.animate(.maxTime, move)
                let shortened = try #require(group.export())
                #expect(group.duration == 0.25 && shortened.duration == 0.25 && shortened.keyPaths == ["position"])
                let played = xs(shortened)
                #expect(played.count == 26 && played.allSatisfy { $0 >= -1e-9 && $0 <= 300 + 1e-9 })
                expectClose(played.last!, 300, absolute: 1e-9)
            }
            try withReducedMotion(prefersCrossFade: true) {
                // Dissolved on the layer: the move is held and jumps half-way while the layer has
                // faded out. The export has the held move and the opacity's entry, which does not
                // fade: the fade is made where the group is placed on a layer.
                let layer = HeadlessLayer(clock: ManualClock())
                let group = layer.animate(.maxTime, move)
                let export = try #require(group.export())
                #expect(export.keyPaths == ["position", "opacity"])
                let opacities = (0...25).map { export.animations[1].keyframes.presentationValue(at: Double($0) / 100) as? Double }
                #expect(opacities.allSatisfy { $0 == 1 })
                // The move held at its start, then at its end from half-way.
                let held = xs(export)
                #expect(held.count == 26)
                #expect(held[..<12].allSatisfy { $0 == 0 } && held[13...].allSatisfy { $0 == 300 }, "\(held)")
                layer.clock.advance(by: 0.125)
                #expect(layer.presentation().opacity < 1e-9)
            }
        }

        @Test("An ended group, or one whose target is gone, exports what it was resolved to")
        func endedOrReleased() throws {
            let clock = ManualClock()
            var layer: HeadlessLayer? = HeadlessLayer(clock: clock)
            let group = layer!.animate { a in
                a.position(CGPoint(x: 120, y: 0)).duration(0.4).easing(.outCubic)
                a.alpha(0.5).duration(0.2)
            }
            let atStart = try #require(group.export())
            clock.advance(to: 0.1)
            let second = layer!.animate { a in a.position(CGPoint(x: 0, y: 90)).duration(0.3) }
            group.reverse()
            everyFrame(clock, until: 1) { _ in }
            #expect(group.hasEnded && second.hasEnded)
            let ended = try #require(group.export())
            layer = nil
            let released = try #require(group.export())
            for export in [ended, released] {
                #expect(export.keyPaths == atStart.keyPaths && export.duration == atStart.duration)
                for (a, b) in zip(export.animations, atStart.animations) {
                    #expect(a.keyframes.keyTimes == b.keyframes.keyTimes)
                    #expect(zip(a.keyframes.valueList, b.keyframes.valueList).allSatisfy { Self.agree($0, $1) })
                }
            }
            #expect(distanceBetween(atStart.animations[0].keyframes.valueList.last, CGPoint(x: 120, y: 0)) < 1e-9)
        }

        @Test("On a layer that plays an added group, a Flight group starts from what the group shows")
        func animateOverAnAddedGroup() throws {
            let clock = ManualClock()
            let layer = HeadlessLayer(clock: clock)
            let export = try #require(HeadlessLayer(clock: ManualClock()).exportAnimation { a in
                a.position(CGPoint(x: 200, y: 0)).duration(1).easing(.linear)
            })
            layer.add(export, forKey: "added")
            #expect(layer.hasOtherAnimations(onBase: "position") && !layer.hasOtherAnimations(onBase: "opacity"))
            clock.advance(to: 0.5)
            let group = layer.animate { a in a.position(CGPoint(x: 0, y: 100)).duration(0.5).easing(.linear) }
            // From (100, 0), where the added group shows the layer, not from the model (0, 0).
            #expect(distanceBetween(group.property("position")?.from, CGPoint(x: 100, y: 0)) < 1e-9)
            #expect(distanceBetween(layer.presentation().position, CGPoint(x: 100, y: 0)) < 1e-9)
            clock.advance(to: 0.75)
            #expect(distanceBetween(layer.presentation().position, CGPoint(x: 50, y: 50)) < 1e-9)
        }

        @Test("Exported from a layer in flight, the group starts from what is shown, as animate would")
        func exportInFlight() throws {
            let liveClock = ManualClock(), freshClock = ManualClock()
            let live = HeadlessLayer(clock: liveClock)
            live.animate { a in
                a.position(CGPoint(x: 300, y: 0)).duration(1).easing(.inOutSine)
                a.alpha(0.2).duration(1)
            }
            liveClock.advance(to: 0.4)
            freshClock.advance(to: 0.4)
            let build: (GroupAnimator) -> Void = { a in a.position(CGPoint(x: 0, y: 200)).duration(0.5).easing(.spring(Spring(duration: 0.5, bounce: 0.2))) }
            let shownBefore = live.presentation().position
            let export = try #require(live.exportAnimation(.maxTime, build))
            #expect(live.animationState.activeGroups.count == 1)
            let redirect = live.animate(.maxTime, build)
            #expect(distanceBetween(export.animations[0].keyframes.valueList.first, shownBefore) < 1e-9)
            let fresh = HeadlessLayer(clock: freshClock)
            fresh.add(export, forKey: "redirect")
            for time in Self.moments(from: 0.4, to: 0.4 + redirect.duration + 0.2, ends: [0.4 + redirect.duration]) {
                liveClock.advance(to: time)
                freshClock.advance(to: time)
                #expect(Self.agree(live.presentationValue(forKeyPath: "position"), fresh.presentationValue(forKeyPath: "position")), "at \(time)")
            }
        }
    }
}
