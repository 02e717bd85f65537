import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// Random forests of progress animators (Parade's chains), each driving views of its own,
    /// updated, reset, told to rewrite and given new states in random order while views are
    /// released: every live view shows what Parade's rule gives for its animator's last progress,
    /// worked out here from the states alone, and every update that writes commits its writes
    /// together.
    @MainActor
    @Suite("Progress animation: random chains of animators")
    struct ProgressForestTests {
        /// The easings drawn, with their closed forms.
        nonisolated static let easings: [(Easing, @Sendable (Double) -> Double)] = [
            (.linear, { $0 }),
            (.inSine, { 1 - cos($0 * .pi / 2) }),
            (.outCubic, { 1 - pow(1 - $0, 3) }),
        ]

        /// One end of one property, as drawn.
        struct End {
            var value: Double
            var easing: Int
            var range: ClosedRange<Double>
        }

        /// One number a view shows, its states, and the value it had before any update (its
        /// snapshot).
        struct Property {
            let name: String
            let initial: Double
            var start: End?
            var end: End?

            /// Parade's rule: the start state's side from progress 0 on, the end state's below,
            /// each eased over its range (a range without width is a step at its bound). Each
            /// number a view shows follows it: a uniform scale's factor as its transform
            /// interpolates (decomposed, the factor moves linearly), a position's coordinates.
            func value(at progress: Double?) -> Double {
                guard let progress else { return initial }
                let p = min(max(progress, -1), 1)
                let (state, distance) = p >= 0 ? (start, p) : (end, -p)
                guard let state else { return initial }
                let (low, high) = (state.range.lowerBound, state.range.upperBound)
                let amount = high > low ? min(max((distance - low) / (high - low), 0), 1) : (distance >= low ? 1 : 0)
                let eased = high > low ? ProgressForestTests.easings[state.easing].1(amount) : amount
                return initial + (state.value - initial) * eased
            }
        }

        /// The setters drawn, each with the numbers it moves.
        static let setters = ["opacity", "cornerRadius", "position", "transform"]

        static func numbers(of setter: String) -> [String] {
            switch setter {
            case "position": ["position.x", "position.y"]
            case "transform": ["transform.m11", "transform.m22"]
            default: [setter]
            }
        }

        /// A view and what it shows.
        struct View {
            var layer: HeadlessLayer?
            var properties: [Property]
            let animator: Int
        }

        static func read(_ name: String, of layer: HeadlessLayer) -> Double {
            switch name {
            case "opacity": layer.opacity
            case "cornerRadius": layer.cornerRadius
            case "position.x": layer.position.x
            case "position.y": layer.position.y
            case "transform.m11": layer.transform.m11
            default: layer.transform.m22
            }
        }

        static func draw(_ setter: String, _ random: inout SplitMix64) -> End {
            let low = [0, 0.25, 0.5][Int(random.next() % 3)]
            let width = [0, 0.25, 0.5][Int(random.next() % 3)]
            let value = switch setter {
            case "opacity": random.uniform(0...1)
            case "cornerRadius": random.uniform(0...50).rounded()
            case "transform": random.uniform(0.25...2)
            default: random.uniform(-50...50).rounded()
            }
            return End(value: value, easing: Int(random.next() % 3), range: low...min(low + width, 1))
        }

        /// Sets one end of `setter`'s state from `ends` (the first number's; a position's y is
        /// the second's).
        static func set(_ setter: String, _ ends: [End], on builder: StateBuilder) {
            let (end, easing) = (ends[0], easings[ends[0].easing].0)
            switch setter {
            case "opacity": builder.alpha(end.value).easing(easing).range(end.range)
            case "cornerRadius": builder.cornerRadius(end.value).easing(easing).range(end.range)
            case "position": builder.position(CGPoint(x: end.value, y: ends[1].value)).easing(easing).range(end.range)
            default: builder.transform3D(.scale(x: end.value, y: end.value)).easing(easing).range(end.range)
            }
        }

        /// Gives `view` a start or end state of `setter` on `animator`, drawn now, and records it.
        static func give(_ view: inout View, _ setter: String, start: Bool, on animator: ProgressAnimator,
                         _ random: inout SplitMix64) {
            guard let layer = view.layer else { return }
            var end = draw(setter, &random)
            var ends: [End] = []
            for (index, name) in numbers(of: setter).enumerated() {
                // A position's y has ends of its own value, with its x's easing and range.
                if index == 1 && setter == "position" { end.value = random.uniform(-50...50).rounded() }
                ends.append(end)
                guard let property = view.properties.firstIndex(where: { $0.name == name }) else { continue }
                if start { view.properties[property].start = end } else { view.properties[property].end = end }
            }
            if start {
                animator.startState(for: layer) { set(setter, ends, on: $0) }
            } else {
                animator.endState(for: layer) { set(setter, ends, on: $0) }
            }
        }

        @Test("Every live view shows Parade's value for its animator's progress, after every update, reset, rewrite, new state and release",
              arguments: 0..<60)
        func randomForest(seed: Int) {
            var random = SplitMix64(seed: UInt64(9_000 + seed))
            let animatorCount = 1 + Int(random.next() % 4)
            // A forest: each animator after the first may be attached to an earlier one.
            let parents: [Int?] = (0..<animatorCount).map { index in
                index > 0 && random.next() % 2 == 0 ? Int(random.next() % UInt64(index)) : nil
            }
            let animators = (0..<animatorCount).map { _ in ProgressAnimator.vertical { _ in } }
            for (index, parent) in parents.enumerated() {
                if let parent { animators[parent].attach(animators[index]) }
            }
            var views: [View] = []
            for _ in 0..<(2 + Int(random.next() % 5)) {
                let layer = HeadlessLayer()
                layer.opacity = random.uniform(0...1)
                layer.cornerRadius = random.uniform(0...20)
                layer.position = CGPoint(x: random.uniform(-100...100), y: random.uniform(-100...100))
                var view = View(layer: layer, properties: [], animator: Int(random.next() % UInt64(animatorCount)))
                let setters = Self.setters.filter { _ in random.next() % 3 != 0 }
                for setter in setters {
                    view.properties += Self.numbers(of: setter).map { Property(name: $0, initial: Self.read($0, of: layer)) }
                    let (start, end) = (random.next() % 3 != 0, random.next() % 3 != 0)
                    if start || !end { Self.give(&view, setter, start: true, on: animators[view.animator], &random) }
                    if end { Self.give(&view, setter, start: false, on: animators[view.animator], &random) }
                }
                views.append(view)
            }
            // The progress each animator showed last (nil: none since it was made or reset).
            var progress: [Double?] = Array(repeating: nil, count: animatorCount)
            func descendants(of index: Int) -> [Int] {
                [index] + parents.indices.filter { parents[$0] == index }.flatMap { descendants(of: $0) }
            }
            func update(_ animator: Int, to value: Double, step: Int) {
                let live = views.compactMap(\.layer)
                let writes = live.map(\.modelWriteCount)
                let (commits, outside) = (HeadlessTransaction.commitCount, HeadlessTransaction.writesOutsideTransactions)
                animators[animator].update(progress: value)
                for index in descendants(of: animator) { progress[index] = value }
                let wrote = zip(live, writes).contains { $0.modelWriteCount > $1 }
                #expect(HeadlessTransaction.commitCount - commits == (wrote ? 1 : 0),
                        "seed \(seed) step \(step): one transaction for an update that writes")
                #expect(HeadlessTransaction.writesOutsideTransactions == outside, "seed \(seed) step \(step)")
            }
            for step in 0..<60 {
                let animator = Int(random.next() % UInt64(animatorCount))
                let chosen = Int(random.next() % UInt64(views.count))
                switch random.next() % 12 {
                case 0:
                    animators[animator].reset()
                    for index in descendants(of: animator) { progress[index] = nil }
                case 1:
                    // Values changed by others stay until a rewrite is asked: then the same
                    // progress writes them all again. (A view whose states have not run yet
                    // would take the change as its snapshot: it is left alone.)
                    for view in views where descendants(of: animator).contains(view.animator) && progress[view.animator] != nil {
                        guard let layer = view.layer else { continue }
                        layer.opacity = 0.123
                        layer.cornerRadius = 7
                        layer.position = CGPoint(x: 1, y: 2)
                        layer.transform = .scale(x: 3, y: 3)
                    }
                    animators[animator].rewriteOnNextUpdate()
                    update(animator, to: progress[animator] ?? 0.3, step: step)
                case 2:
                    weak let gone = views[chosen].layer
                    views[chosen].layer = nil
                    #expect(gone == nil, "seed \(seed) step \(step): the view is released")
                case 3:
                    // A new state for a view: the next update of its animator writes it, from the
                    // snapshot taken before.
                    let setters = Set(views[chosen].properties.map { $0.name.split(separator: ".").first.map(String.init) ?? $0.name })
                    guard views[chosen].layer != nil, let setter = setters.sorted().first(where: { _ in random.next() % 2 == 0 }) else { continue }
                    let owner = views[chosen].animator
                    Self.give(&views[chosen], setter, start: random.next() % 2 == 0, on: animators[owner], &random)
                    update(owner, to: progress[owner] ?? 0.3, step: step)
                default:
                    let value = random.next() % 4 == 0 ? (progress[animator] ?? 0.3) : random.uniform(-1.3...1.3)
                    update(animator, to: value, step: step)
                }
                for (number, view) in views.enumerated() {
                    guard let layer = view.layer else { continue }
                    for property in view.properties {
                        expectClose(Self.read(property.name, of: layer), property.value(at: progress[view.animator]),
                                    absolute: 1e-9, "seed \(seed) step \(step) view \(number) \(property.name)")
                    }
                }
            }
        }
    }
}
