import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// A long list scrolled frame by frame: what each cell shows, how much is written, and how the
    /// headless host stores values whose type is known.
    @MainActor
    @Suite("Progress animation: a long list")
    struct ScrollWriteTests {
        /// 200 cells of 80 pt in a 640 pt window; each fades out towards the top edge with `inSine`
        /// over the second half of its way, and slides right towards the bottom edge.
        @MainActor
        struct List {
            let cells = (0..<200).map { _ in HeadlessLayer() }
            let animators: [ProgressAnimator]
            let frames = (0..<200).map { CGRect(x: 0, y: Double($0) * 80, width: 320, height: 80) }

            init() {
                animators = cells.map { cell in
                    cell.opacity = 1
                    cell.position = CGPoint(x: 160, y: 40)
                    return ProgressAnimator.vertical { animator in
                        animator.startState(for: cell) { $0.alpha(0.0).easing(.inSine).range(0.5...1) }
                            .endState(for: cell) { $0.position(CGPoint(x: 260, y: 40)) }
                    }
                }
            }

            func scroll(to offset: Double) {
                let visible = CGRect(x: 0, y: offset, width: 320, height: 640)
                for (animator, frame) in zip(animators, frames) { animator.update(itemFrame: frame, visibleBounds: visible) }
            }

            var writes: Int { cells.reduce(0) { $0 + $1.modelWriteCount } }
        }

        /// The cell's progress and the values it should show, worked out from Parade's rule
        /// independently of the animator.
        static func expected(cell: Int, offset: Double) -> (opacity: Double, x: Double) {
            let progress = min(max((Double(cell) * 80 + 40 - (offset + 320)) / 640, -1), 1)
            guard progress >= 0 else { return (1, 160 + 100 * -progress) }
            let amount = min(max((progress - 0.5) / 0.5, 0), 1)
            return (1 - (1 - cos(amount * .pi / 2)), 160)
        }

        @Test("Every cell shows Parade's value at every step of a scroll down and back up")
        func valuesAlongAScroll() {
            let list = List()
            let offsets = Array(stride(from: 0.0, through: 6_000, by: 7)) + Array(stride(from: 6_000.0, through: 0, by: -13))
            for offset in offsets {
                list.scroll(to: offset)
                for (index, cell) in list.cells.enumerated() {
                    let (opacity, x) = Self.expected(cell: index, offset: offset)
                    expectClose(cell.opacity, opacity, absolute: 1e-12, "cell \(index) at \(offset)")
                    expectClose(cell.position.x, x, absolute: 1e-9, "cell \(index) at \(offset)")
                }
            }
        }

        @Test("A value changed by others stays until its cell moves or the animator is told to rewrite")
        func rewrite() {
            let list = List()
            list.scroll(to: 0)
            let cell = list.cells[100]   // far below the window: at the end of its start state
            #expect(cell.opacity == 0)
            cell.opacity = 0.7
            list.scroll(to: 3)
            #expect(cell.opacity == 0.7, "not written again while its cell stays out of range")
            list.animators[100].rewriteOnNextUpdate()
            list.scroll(to: 6)
            #expect(cell.opacity == 0)
        }

        @Test("At the progress it had, an animator writes nothing, unless a state was added, it was reset or attached since")
        func sameProgressAfterChanges() {
            let layer = HeadlessLayer()
            layer.opacity = 1
            let animator = ProgressAnimator.vertical { $0.startState(for: layer) { $0.alpha(0.0) } }
            animator.update(progress: 0.5)
            #expect(layer.opacity == 0.5)
            let writes = layer.modelWriteCount
            animator.update(progress: 0.5)
            #expect(layer.modelWriteCount == writes, "the same progress writes nothing")
            // A state added since: the same progress writes it.
            animator.startState(for: layer) { $0.cornerRadius(20) }
            animator.update(progress: 0.5)
            #expect(layer.cornerRadius == 10)
            // Reset: the snapshots come back; the same progress then writes the states again.
            animator.reset()
            #expect(layer.opacity == 1 && layer.cornerRadius == 0)
            animator.update(progress: 0.5)
            #expect(layer.opacity == 0.5 && layer.cornerRadius == 10)
            // An attached animator moved on its own is brought to the progress too.
            let other = HeadlessLayer()
            other.opacity = 1
            let attached = ProgressAnimator.vertical { $0.startState(for: other) { $0.alpha(0.0) } }
            animator.attach(attached)
            attached.update(progress: 1)
            #expect(other.opacity == 0)
            animator.update(progress: 0.5)
            #expect(other.opacity == 0.5)
            attached.update(progress: 1)
            animator.update(progress: 0.5)
            #expect(other.opacity == 0.5, "an animator with attached ones always looks at them")
        }

        /// Found in review: an animator kept the progress it had settled at, which one it is
        /// attached to then moved its views away from, and an update back to that progress
        /// returned at once, leaving them where the other put them.
        @Test("An attached animator moved by the one it is attached to goes back to its own progress when updated to it again")
        func settledThenMovedByParent() {
            let parent = ProgressAnimator.vertical { _ in }
            let layer = HeadlessLayer()
            layer.opacity = 1
            let attached = ProgressAnimator.vertical { $0.startState(for: layer) { $0.alpha(0.0) } }
            parent.attach(attached)
            attached.update(progress: 1)
            #expect(layer.opacity == 0)
            parent.update(progress: 0.5)
            #expect(layer.opacity == 0.5)
            attached.update(progress: 1)
            #expect(layer.opacity == 0)
        }

        /// A view standing in for a `UIView`: its host is its layer's, which on a device is looked up
        /// as an associated object of the layer at each ask.
        @MainActor
        final class View: AnimationTarget {
            let layer = HeadlessLayer()
            var asks = 0
            var animationHost: any AnimationHost {
                asks += 1
                return layer
            }
        }

        @Test("A view is asked for its host once, not at every scroll event; its values are Parade's at every step")
        func hostAskedOnce() {
            let views = (0..<20).map { _ in View() }
            for view in views {
                view.layer.opacity = 1
                view.layer.position = CGPoint(x: 160, y: 40)
            }
            let animators = views.map { view in
                ProgressAnimator.vertical { animator in
                    animator.startState(for: view) { $0.alpha(0.0).easing(.inSine).range(0.5...1) }
                        .endState(for: view) { $0.position(CGPoint(x: 260, y: 40)) }
                }
            }
            for offset in stride(from: 0.0, through: 1_600, by: 7) {
                let visible = CGRect(x: 0, y: offset, width: 320, height: 640)
                for (index, animator) in animators.enumerated() {
                    animator.update(itemFrame: CGRect(x: 0, y: Double(index) * 80, width: 320, height: 80), visibleBounds: visible)
                    let (opacity, x) = Self.expected(cell: index, offset: offset)
                    expectClose(views[index].layer.opacity, opacity, absolute: 1e-12, "view \(index) at \(offset)")
                    expectClose(views[index].layer.position.x, x, absolute: 1e-9, "view \(index) at \(offset)")
                }
            }
            #expect(views.allSatisfy { $0.asks == 1 }, "asks: \(views.map(\.asks))")
        }

        @Test("A view released while its layer lives on is no longer written, though its host is; reset asks the next view for its host again")
        func releasedViewWithItsLayerKept() {
            var view: View? = View()
            let layer = view!.layer
            layer.opacity = 1
            let animator = ProgressAnimator.vertical { animator in
                animator.startState(for: view!) { $0.alpha(0.0) }
            }
            animator.update(progress: 0.5)
            #expect(layer.opacity == 0.5)
            view = nil
            let writes = layer.modelWriteCount
            animator.update(progress: 0.8)
            #expect(layer.modelWriteCount == writes && layer.opacity == 0.5, "the layer outlived its view: \(layer.opacity)")
            // Reset and rewrite ask the host anew: a view given another layer is written there.
            let other = View()
            other.layer.opacity = 1
            let follower = ProgressAnimator.vertical { $0.startState(for: other) { $0.alpha(0.0) } }
            follower.update(progress: 0.5)
            follower.reset()
            follower.update(progress: 0.5)
            #expect(other.asks == 2 && other.layer.opacity == 0.5, "asks: \(other.asks)")
        }

        @Test("A scroll step writes only the cells whose place in a state's range changed")
        func writesOnlyWhatMoves() {
            let list = List()
            let setUp = list.writes
            list.scroll(to: 0)
            let first = list.writes - setUp
            #expect(first == 400, "the first update writes every property of every cell once: \(first)")
            var written = 0
            for step in 1...100 {
                let before = list.writes
                let cellWrites = list.cells.map(\.modelWriteCount)
                let (commits, outside) = (HeadlessTransaction.commitCount, HeadlessTransaction.writesOutsideTransactions)
                let offset = Double(step) * 3
                list.scroll(to: offset)
                // A cell whose animator writes commits its values together, in one transaction; a
                // cell with nothing to write opens none.
                let cellsWritten = zip(list.cells, cellWrites).filter { $0.modelWriteCount > $1 }.count
                #expect(HeadlessTransaction.commitCount - commits == cellsWritten)
                #expect(HeadlessTransaction.writesOutsideTransactions == outside)
                // A property is written when its cell's amount into the range it heads for changed
                // (which changes what it shows), or when its cell crosses the visible centre and
                // heads for the other state (at most one cell, two properties, in a 3 pt step).
                var moved = 0
                for cell in 0..<200 {
                    let (now, was) = (Self.expected(cell: cell, offset: offset), Self.expected(cell: cell, offset: offset - 3))
                    if now.opacity != was.opacity { moved += 1 }
                    if now.x != was.x { moved += 1 }
                }
                #expect(list.writes - before <= moved + 2, "step \(step): \(list.writes - before) writes, \(moved) moved")
                #expect(list.writes - before >= moved, "step \(step): \(list.writes - before) writes, \(moved) moved")
                written += list.writes - before
            }
            // A 640 pt window over 80 pt cells: about twelve cells move per step, of 200.
            #expect(written < 100 * 30, "\(written) writes in 100 steps")
            print("ScrollWrites: \(written) values written in 100 scroll steps of 200 cells × 2 properties")
        }

        /// The update looks for the first view it will write before opening a transaction, then
        /// writes every view whose states move: here the first view's states do not move, and a
        /// view between two live ones is released.
        @Test("An animator of several views writes those whose states move, in one transaction, passing over a released view")
        func severalViewsOneTransaction() {
            let still = HeadlessLayer(), moving = HeadlessLayer(), last = HeadlessLayer()
            var released: HeadlessLayer? = HeadlessLayer()
            for layer in [still, moving, last, released!] { layer.opacity = 1 }
            let animator = ProgressAnimator.vertical { animator in
                // Still until 0.5, then fading.
                animator.startState(for: still) { $0.alpha(0.0).range(0.5...1) }
                animator.startState(for: released!) { $0.alpha(0.0) }
                animator.startState(for: moving) { $0.alpha(0.0) }
                animator.startState(for: last) { $0.cornerRadius(10.0) }
            }
            animator.update(progress: 0.2)
            #expect(still.opacity == 1 && moving.opacity == 0.8 && last.cornerRadius == 2)
            weak let gone = released
            released = nil
            #expect(gone == nil)
            let writes = (still.modelWriteCount, moving.modelWriteCount, last.modelWriteCount)
            let commits = HeadlessTransaction.commitCount
            let outside = HeadlessTransaction.writesOutsideTransactions
            animator.update(progress: 0.4)
            expectClose(moving.opacity, 0.6, absolute: 1e-12)
            expectClose(last.cornerRadius, 4, absolute: 1e-12)
            #expect(still.opacity == 1)
            #expect(still.modelWriteCount == writes.0, "a view whose states did not move is not written")
            #expect(moving.modelWriteCount == writes.1 + 1 && last.modelWriteCount == writes.2 + 1)
            #expect(HeadlessTransaction.commitCount == commits + 1, "the writes go together")
            #expect(HeadlessTransaction.writesOutsideTransactions == outside)
            // The same progress again: nothing to write, no transaction opened.
            animator.update(progress: 0.4)
            #expect(HeadlessTransaction.commitCount == commits + 1)
            // The still view's states move past 0.5; it is written first.
            animator.update(progress: 0.75)
            expectClose(still.opacity, 0.5, absolute: 1e-12)
            expectClose(moving.opacity, 0.25, absolute: 1e-12)
            #expect(HeadlessTransaction.commitCount == commits + 2)
        }

        @Test("A typed value of the type its key path holds is taken (in place: the scroll benchmark counts no allocation); another type is refused")
        func typedWrites() {
            let layer = HeadlessLayer()
            let red = Color(red: 1, green: 0, blue: 0)
            let blue = Color(red: 0, green: 0, blue: 1)
            #expect(layer.setTypedModelValue(red, forKeyPath: "backgroundColor"))
            #expect(layer.setTypedModelValue(blue, forKeyPath: "backgroundColor"))
            #expect(layer.value(forKeyPath: "backgroundColor", as: Color.self) == blue)
            // A known key path of another type refuses it, typed or not, and keeps its value.
            #expect(!layer.setTypedModelValue(2.0, forKeyPath: "backgroundColor"))
            #expect(layer.value(forKeyPath: "backgroundColor", as: Color.self) == blue)
            // Sub-paths write their part into the base value.
            #expect(layer.setTypedModelValue(30.0, forKeyPath: "position.x"))
            #expect(layer.setTypedModelValue(CGPoint(x: 5, y: 6), forKeyPath: "position"))
            #expect(layer.setTypedModelValue(7.0, forKeyPath: "position.y"))
            #expect(layer.position == CGPoint(x: 5, y: 7))
            // A custom key path keeps the type it was first set with.
            #expect(layer.setTypedModelValue(1.0, forKeyPath: "progress"))
            #expect(!layer.setTypedModelValue(CGPoint(x: 1, y: 1), forKeyPath: "progress"))
            #expect(layer.modelWriteCount == 6)
        }
    }
}
