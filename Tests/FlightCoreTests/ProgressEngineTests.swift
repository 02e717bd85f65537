import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// Parade's states, PVView's actions and JazzHands' tracks all run on one engine (keyframe tracks
    /// bound to properties). These tests check each against its rule worked out here, by closed-form
    /// easings and straight-line interpolation, over seeded random setups, and check that each update
    /// commits its values together.
    @MainActor
    @Suite("Progress animation: one engine")
    struct ProgressEngineTests {
        /// Easings with their closed forms, written out here.
        nonisolated static let easings: [(easing: Easing, curve: @Sendable (Double) -> Double)] = [
            (.linear, { $0 }),
            (.inQuadratic, { $0 * $0 }),
            (.inSine, { 1 - cos($0 * .pi / 2) }),
            (.outCubic, { 1 - pow(1 - $0, 3) }),
            (.inOutCubic, { $0 < 0.5 ? 4 * $0 * $0 * $0 : 1 - pow(-2 * $0 + 2, 3) / 2 }),
        ]

        @Test("Keyframes added one by one, in any order and over each other, agree with a linear scan")
        func keyframesAddedInAnyOrder() throws {
            var random = SplitMix64(seed: 7)
            for _ in 0..<50 {
                var track = KeyframeTrack<CGPoint>()
                var reference: [Double: (value: CGPoint, curve: Int)] = [:]
                for _ in 0..<Int(random.uniform(1...40)) {
                    // Times on a coarse grid, so that keyframes often land on each other.
                    let time = (random.uniform(0...20)).rounded()
                    let value = CGPoint(x: random.uniform(-100...100), y: random.uniform(-100...100))
                    let curve = Int(random.uniform(0...Double(Self.easings.count) - 0.01))
                    track.add(value, at: time, easing: Self.easings[curve].easing)
                    reference[time] = (value, curve)
                }
                let times = reference.keys.sorted()
                #expect(track.keyframes.map(\.time) == times)
                for _ in 0..<200 {
                    let t = random.uniform(-2...22)
                    let expected: CGPoint
                    if let upper = times.firstIndex(where: { $0 > t }), upper > 0 {
                        let (a, b) = (reference[times[upper - 1]]!, reference[times[upper]]!)
                        let eased = Self.easings[a.curve].curve((t - times[upper - 1]) / (times[upper] - times[upper - 1]))
                        expected = CGPoint(x: a.value.x + (b.value.x - a.value.x) * eased, y: a.value.y + (b.value.y - a.value.y) * eased)
                    } else {
                        expected = reference[t < times[0] ? times[0] : times[times.count - 1]]!.value
                    }
                    let value = try #require(track.value(at: t))
                    expectClose(value.x, expected.x, absolute: 1e-9, "t = \(t)")
                    expectClose(value.y, expected.y, absolute: 1e-9, "t = \(t)")
                }
            }
        }

        /// Parade's rule for one property, written out: progress ≥ 0 heads for the start state, below
        /// 0 for the end state; within a state's range the value is eased from the snapshot, before
        /// it the snapshot, from its upper bound on the state; a range whose bounds are equal is a
        /// step to the state at that distance.
        struct ParadeRule {
            var snapshot: Double
            var start: (value: Double, curve: Int, range: ClosedRange<Double>)?
            var end: (value: Double, curve: Int, range: ClosedRange<Double>)?

            func value(at progress: Double) -> Double {
                guard let state = progress >= 0 ? start : end else { return snapshot }
                let distance = abs(progress)
                let (low, high) = (state.range.lowerBound, state.range.upperBound)
                if high == low { return distance >= low ? state.value : snapshot }
                if distance <= low { return snapshot }
                if distance >= high { return state.value }
                let eased = ProgressEngineTests.easings[state.curve].curve((distance - low) / (high - low))
                return snapshot + (state.value - snapshot) * eased
            }
        }

        @Test("Parade's states: the rule worked out here, at random progress and at every bound (seeded random states)")
        func paradeStates() {
            var random = SplitMix64(seed: 11)
            func range() -> ClosedRange<Double> {
                switch Int(random.uniform(0...4.99)) {
                case 0: return 0...1
                case 1: let r = random.uniform(0...1); return r...r                 // a step
                case 2: return 0...0                                                 // a step at the centre
                case 3: let r = random.uniform(0...1); return 0...r
                default: let (a, b) = (random.uniform(0...1), random.uniform(0...1)); return min(a, b)...max(a, b)
                }
            }
            func curve() -> Int { Int(random.uniform(0...Double(Self.easings.count) - 0.01)) }
            for scenario in 0..<300 {
                let layer = HeadlessLayer()
                var rule = ParadeRule(snapshot: random.uniform(0...1))
                layer.opacity = rule.snapshot
                let hasStart = random.uniform(0...1) < 0.8, hasEnd = random.uniform(0...1) < 0.8
                if hasStart { rule.start = (random.uniform(0...1), curve(), range()) }
                if hasEnd { rule.end = (random.uniform(0...1), curve(), range()) }
                let animator = ProgressAnimator.vertical { animator in
                    if let start = rule.start {
                        animator.startState(for: layer) { $0.alpha(start.value).easing(Self.easings[start.curve].easing).range(start.range) }
                    }
                    if let end = rule.end {
                        animator.endState(for: layer) { $0.alpha(end.value).easing(Self.easings[end.curve].easing).range(end.range) }
                    }
                }
                // Every bound, the numbers either side of it, and random progress, in a random walk.
                var probes: [Double] = [0, -0.0, 1, -1, 0.0.nextUp, 0.0.nextDown]
                for state in [rule.start, rule.end].compactMap({ $0 }) {
                    for bound in [state.range.lowerBound, state.range.upperBound] {
                        probes += [bound, bound.nextUp, bound.nextDown, -bound, (-bound).nextUp, (-bound).nextDown]
                    }
                }
                probes += (0..<60).map { _ in random.uniform(-1...1) }
                probes.shuffle(using: &random)
                for progress in probes {
                    animator.update(progress: progress)
                    let expected = rule.value(at: min(max(progress, -1), 1))
                    expectClose(layer.opacity, expected, absolute: 1e-12, "scenario \(scenario), progress \(progress)")
                }
            }
        }

        @Test("PVView's actions: from before the start offset, to from the stop offset, eased between; groups run by their own parameters")
        func pageActions() {
            var random = SplitMix64(seed: 13)
            for scenario in 0..<300 {
                let layer = HeadlessLayer()
                let (from, to) = (random.uniform(0...1), random.uniform(0...1))
                let (scaleFrom, scaleTo) = (random.uniform(0.5...2), random.uniform(0.5...2))
                var a = random.uniform(0...1), b = random.uniform(0...1)
                if random.uniform(0...1) < 0.2 { b = a }                 // equal offsets: a step
                if a > b { swap(&a, &b) }
                let curve = Int(random.uniform(0...Double(Self.easings.count) - 0.01))
                let parameters = ActionParameters(startOffset: a, stopOffset: b, easing: Self.easings[curve].easing)
                // The children's own parameters are not used: the group's are.
                let ignored = ActionParameters(startOffset: 0.9, stopOffset: 1, easing: .outCubic)
                let action = PageAction.group([.fade(from: from, to: to, parameters: ignored),
                                               .group([.scale(from: scaleFrom, to: scaleTo)], parameters: ignored)],
                                              parameters: parameters)
                for _ in 0..<40 {
                    let progress = [a, b, a.nextDown, b.nextUp, random.uniform(0...1)][Int(random.uniform(0...4.99))]
                    let amount: Double = if progress >= b { 1 } else if progress < a { 0 }
                        else { Self.easings[curve].curve((progress - a) / (b - a)) }
                    action.update(progress, target: layer, container: CGSize(width: 320, height: 480))
                    expectClose(layer.opacity, from + (to - from) * amount, absolute: 1e-12, "scenario \(scenario) at \(progress)")
                    expectClose(layer.value(for: LayerProperty.scale), scaleFrom + (scaleTo - scaleFrom) * amount, absolute: 1e-9,
                                "scenario \(scenario) at \(progress)")
                    expectClose(parameters.actionProgress(at: progress), amount, absolute: 1e-12)
                }
            }
        }

        @Test("Offsets set after creation are clamped and ordered as the initializer does, also NaN")
        func offsetsSetLater() {
            var parameters = ActionParameters()
            parameters.startOffset = .nan
            #expect(parameters.actionProgress(at: 0.5) == 0.5)
            parameters.startOffset = 0.5
            parameters.stopOffset = 0.2             // before the start: a step at 0.5, as init(0.5, 0.2) makes
            #expect(parameters.actionProgress(at: 0.3) == 0 && parameters.actionProgress(at: 0.5) == 1)
            let layer = HeadlessLayer()
            PageAction.fade(from: 0, to: 1, parameters: parameters).update(0.3, target: layer, container: .zero)
            #expect(layer.opacity == 0)
            PageAction.fade(from: 0, to: 1, parameters: parameters).update(0.5, target: layer, container: .zero)
            #expect(layer.opacity == 1)
        }

        @Test("A page's actions are asked for with the animator on the page before the transition; new targets are written; custom steps run after, outside the transaction")
        func pageOrder() {
            final class Pages: PageAnimatorDataSource {
                var seen: [String] = []
                weak var lastMade: HeadlessLayer?
                func numberOfPages(in animator: PageAnimator) -> Int { 3 }
                func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["item"] }
                func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget {
                    let layer = HeadlessLayer()   // nobody else keeps it
                    lastMade = layer
                    return layer
                }
                func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                    seen.append("asked for page \(page) on page \(animator.currentPageIndex)")
                    let step = PageAction.custom { [weak self] p, host in
                        let opacity = host.modelValue(forKeyPath: "opacity") as? Double ?? -1
                        self?.seen.append("step \(p) after opacity \(opacity), in a transaction: \(HeadlessTransaction.isOpen)")
                    }
                    return [.fade(from: 0, to: 1), step]
                }
            }
            let pages = Pages()
            let pager = PageAnimator(containerSize: CGSize(width: 100, height: 100), dataSource: pages)
            pager.update(offset: 150)
            #expect(pages.seen == ["asked for page 1 on page 0", "step 0.5 after opacity 0.5, in a transaction: false"])
            #expect(pages.lastMade != nil)   // kept for its item until `reload()`
            pages.seen.removeAll()
            pager.update(offset: 0)           // back over page 1 (at its start) to page 0
            #expect(pages.seen == ["asked for page 1 on page 1", "asked for page 0 on page 1",
                                   "step 0.0 after opacity 0.0, in a transaction: false",
                                   "step 0.0 after opacity 0.0, in a transaction: false"])
        }

        @Test("Animators attached in a cycle update, reset and rewrite each once")
        func attachedInACycle() {
            let (a, b) = (HeadlessLayer(), HeadlessLayer())
            let first = ProgressAnimator.vertical { $0.startState(for: a) { $0.alpha(0.0) } }
            let second = ProgressAnimator.vertical { $0.startState(for: b) { $0.alpha(0.0) } }
            first.attach(second)
            second.attach(first)
            first.update(progress: 0.25)
            #expect(a.opacity == 0.75 && b.opacity == 0.75 && second.progress == 0.25)
            a.opacity = 0.5
            first.rewriteOnNextUpdate()
            second.update(progress: 0.25)
            #expect(a.opacity == 0.75 && first.progress == 0.25)
            second.reset()
            #expect(a.opacity == 1 && b.opacity == 1 && first.progress == nil)
        }

        @Test("Each update commits its values in one transaction, outside which the page data source is asked")
        func oneTransactionPerUpdate() throws {
            let cells = (0..<3).map { _ in HeadlessLayer() }
            let parent = ProgressAnimator.vertical {
                $0.startState(for: cells[0]) { s in
                    s.alpha(0.0)
                    s.position(CGPoint(x: 9, y: 9))
                }
            }
            for cell in cells.dropFirst() {
                parent.attach(ProgressAnimator.vertical {
                    $0.endState(for: cell) { s in
                        s.alpha(0.0)
                        s.cornerRadius(8.0)
                    }
                })
            }
            func committed(_ update: () -> Void) -> (commits: Int, outside: Int) {
                let (commits, outside) = (HeadlessTransaction.commitCount, HeadlessTransaction.writesOutsideTransactions)
                update()
                return (HeadlessTransaction.commitCount - commits, HeadlessTransaction.writesOutsideTransactions - outside)
            }
            let writes = { cells.reduce(0) { $0 + $1.modelWriteCount } }
            for progress in [0.5, -0.5, 0.25] {
                let before = writes()
                let (commits, outside) = committed { parent.update(progress: progress) }
                #expect(commits == 1 && outside == 0 && writes() - before == 6)
            }

            let tracks = KeyframeAnimator()
            tracks.add(KeyframeTrack([(0, 1.0, .linear), (100, 0.0, .linear)]), keyPath: "opacity", on: cells[0])
            tracks.addTransform(on: cells[1], scale: KeyframeTrack([(0, 1.0, .linear), (100, 2.0, .linear)]))
            tracks.keepView(cells[2], onPages: [0, 1], pageWidth: 320)
            #expect(committed { tracks.animate(at: 50) } == (1, 0))
            #expect(cells[0].opacity == 0.5)

            final class Pages: PageAnimatorDataSource {
                let layer = HeadlessLayer()
                var asked: [Bool] = []
                func numberOfPages(in animator: PageAnimator) -> Int { 3 }
                func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] {
                    asked.append(HeadlessTransaction.isOpen)
                    return ["item"]
                }
                func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget { layer }
                func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
                    asked.append(HeadlessTransaction.isOpen)
                    return [.fade(from: Double(page), to: Double(page) + 1), .move(fromPosition: RelativePoint(x: 0, y: 0),
                                                                                toPosition: RelativePoint(x: 100, y: 0))]
                }
                func pageAnimator(_ animator: PageAnimator, willBeginTransitionTo page: Int) { asked.append(HeadlessTransaction.isOpen) }
                func pageAnimator(_ animator: PageAnimator, didUpdate progress: Double, onPage page: Int) {
                    asked.append(HeadlessTransaction.isOpen)
                }
            }
            let pages = Pages()
            let pager = PageAnimator(containerSize: CGSize(width: 100, height: 100), dataSource: pages)
            pager.update(offset: 0)
            // A jump over a page: page 0 at its end, page 1 at its end, then page 2 halfway, in one commit.
            #expect(committed { pager.update(offset: 250) } == (1, 0))
            #expect(pages.layer.opacity == 2.5 && pages.layer.position.x == 50)
            #expect(!pages.asked.isEmpty && !pages.asked.contains(true))
            #expect(committed { PageAction.fade(from: 0, to: 1).update(0.5, target: pages.layer, container: .zero) } == (1, 0))
        }
    }
}
