import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// Random forests of progress animators (Parade's chains), each driving views of its own,
    /// updated, reset and told to rewrite in random order while views are released: every live
    /// view shows what Parade's rule gives for its animator's last progress, worked out here
    /// from the states alone, and every update that writes commits its writes together.
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

        /// A property's states, and the value it had before any update (its snapshot).
        struct Property {
            let name: String
            let initial: Double
            var start: End?
            var end: End?

            /// Parade's rule: the start state's side from progress 0 on, the end state's below,
            /// each eased over its range (a range without width is a step at its bound).
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
            default: layer.position.y
            }
        }

        static func draw(_ random: inout SplitMix64) -> End {
            let low = [0, 0.25, 0.5][Int(random.next() % 3)]
            let width = [0, 0.25, 0.5][Int(random.next() % 3)]
            return End(value: random.uniform(-50...50).rounded(), easing: Int(random.next() % 3),
                       range: low...min(low + width, 1))
        }

        @Test("Every live view shows Parade's value for its animator's progress, after every update, reset, rewrite and release", arguments: 0..<60)
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
            var views: [View] = (0..<(2 + Int(random.next() % 5))).map { _ in
                let layer = HeadlessLayer()
                layer.opacity = random.uniform(0...1)
                layer.cornerRadius = random.uniform(0...20)
                layer.position = CGPoint(x: random.uniform(-100...100), y: random.uniform(-100...100))
                let names = ["opacity", "cornerRadius", "position"].filter { _ in random.next() % 3 != 0 }
                var properties: [Property] = []
                for name in names {
                    // Position's components share their ends, as its states set both.
                    let parts = name == "position" ? ["position.x", "position.y"] : [name]
                    var start = random.next() % 3 != 0 ? Self.draw(&random) : nil
                    var end = random.next() % 3 != 0 ? Self.draw(&random) : nil
                    if start == nil && end == nil { start = Self.draw(&random) }
                    if name == "opacity" {
                        start?.value = random.uniform(0...1)
                        end?.value = random.uniform(0...1)
                    } else if name == "cornerRadius" {
                        if let value = start?.value { start?.value = abs(value) }
                        if let value = end?.value { end?.value = abs(value) }
                    }
                    for (index, part) in parts.enumerated() {
                        var property = Property(name: part, initial: Self.read(part, of: layer), start: start, end: end)
                        if index == 1 {
                            property.start?.value += 7
                            property.end?.value -= 7
                        }
                        properties.append(property)
                    }
                }
                return View(layer: layer, properties: properties, animator: Int(random.next() % UInt64(animatorCount)))
            }
            for view in views {
                guard let layer = view.layer else { continue }
                let animator = animators[view.animator]
                for name in Set(view.properties.map { $0.name.hasPrefix("position") ? "position" : $0.name }) {
                    let x = view.properties.first { $0.name == (name == "position" ? "position.x" : name) }!
                    let y = view.properties.first { $0.name == "position.y" }
                    func set(_ end: End, second: End?, on builder: StateBuilder) {
                        let easing = Self.easings[end.easing].0
                        switch name {
                        case "opacity": builder.alpha(end.value).easing(easing).range(end.range)
                        case "cornerRadius": builder.cornerRadius(end.value).easing(easing).range(end.range)
                        default: builder.position(CGPoint(x: end.value, y: second!.value)).easing(easing).range(end.range)
                        }
                    }
                    if let start = x.start { animator.startState(for: layer) { set(start, second: y?.start, on: $0) } }
                    if let end = x.end { animator.endState(for: layer) { set(end, second: y?.end, on: $0) } }
                }
            }
            // The progress each animator showed last (nil: none since it was made or reset).
            var progress: [Double?] = Array(repeating: nil, count: animatorCount)
            func descendants(of index: Int) -> [Int] {
                [index] + parents.indices.filter { parents[$0] == index }.flatMap { descendants(of: $0) }
            }
            for step in 0..<60 {
                let animator = Int(random.next() % UInt64(animatorCount))
                switch random.next() % 10 {
                case 0:
                    animators[animator].reset()
                    for index in descendants(of: animator) { progress[index] = nil }
                case 1:
                    animators[animator].rewriteOnNextUpdate()
                case 2:
                    let index = Int(random.next() % UInt64(views.count))
                    views[index].layer = nil
                default:
                    let value = random.next() % 4 == 0 ? (progress[animator] ?? 0.3) : random.uniform(-1.3...1.3)
                    let live = views.compactMap(\.layer)
                    let writes = live.map(\.modelWriteCount)
                    let (commits, outside) = (HeadlessTransaction.commitCount, HeadlessTransaction.writesOutsideTransactions)
                    animators[animator].update(progress: value)
                    for index in descendants(of: animator) { progress[index] = value }
                    let wrote = zip(live, writes).contains { $0.modelWriteCount > $1 }
                    #expect(HeadlessTransaction.commitCount - commits == (wrote ? 1 : 0), "seed \(seed) step \(step): one transaction for an update that writes")
                    #expect(HeadlessTransaction.writesOutsideTransactions == outside, "seed \(seed) step \(step)")
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
