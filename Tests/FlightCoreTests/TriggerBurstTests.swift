import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// Many triggers due in one frame: they fire once each, in order, and everything the frame does
    /// commits together (one headless transaction, as one `CATransaction` on a device), not once per
    /// triggered group. How fast such a frame is, is the burst benchmark's business
    /// (Benchmarks: `trigger burst`).
    @MainActor
    @Suite("Trigger bursts")
    struct TriggerBurstTests {
        /// `count` leaders, each with one trigger starting a fade on a follower of its own.
        private func burst(
            _ count: Int, on clock: ManualClock, leaderDuration: TimeInterval = 1,
            trigger: (GroupAnimator, HeadlessLayer, _ started: @escaping (AnimationGroup) -> Void) -> Void,
            started: @escaping (Int, AnimationGroup) -> Void = { _, _ in }
        ) -> (leaders: [HeadlessLayer], followers: [HeadlessLayer]) {
            let leaders = (0..<count).map { _ in HeadlessLayer(clock: clock) }
            let followers = (0..<count).map { _ in HeadlessLayer(clock: clock) }
            for index in 0..<count {
                leaders[index].animate { animator in
                    animator.position(CGPoint(x: 100, y: Double(index))).duration(leaderDuration)
                    trigger(animator, followers[index]) { started(index, $0) }
                }
            }
            return (leaders, followers)
        }

        @Test("Progress triggers due in one frame: one commit for the frame, every follower started once")
        func progressBurstCommitsOnce() {
            let clock = ManualClock()
            var starts = 0
            let (leaders, followers) = burst(200, on: clock, trigger: { animator, follower, started in
                animator.triggerOnProgress(0.5, onView: follower) { animator in
                    animator.alpha(0).duration(0.3)
                    animator.setDidStartCallback { started($0) }
                }
            }, started: { _, _ in starts += 1 })
            clock.advance(to: 0.25)
            let (commits, outside) = (HeadlessTransaction.commitCount, HeadlessTransaction.writesOutsideTransactions)
            clock.advance(to: 0.5)
            #expect(starts == 200)
            #expect(HeadlessTransaction.commitCount - commits == 1)
            #expect(HeadlessTransaction.writesOutsideTransactions == outside)
            #expect(followers.allSatisfy { $0.animationState.activeGroups.count == 1 && $0.opacity == 0 })
            // Each fires once: no later frame starts another group.
            clock.advance(to: 2)
            #expect(starts == 200)
            #expect(leaders.allSatisfy { $0.animationState.activeGroups.isEmpty })
        }

        @Test("Completion triggers: the groups' ends and the groups they start commit in one transaction")
        func completionBurstCommitsOnce() {
            let clock = ManualClock()
            var log: [String] = []
            let (leaders, followers) = burst(150, on: clock, leaderDuration: 0.5, trigger: { animator, follower, started in
                animator.triggerOnCompletion(onView: follower) { animator in
                    animator.alpha(0).duration(0.3)
                    animator.setDidStartCallback { started($0) }
                }
            }, started: { index, _ in log.append("start \(index)") })
            clock.advance(to: 0.25)
            let commits = HeadlessTransaction.commitCount
            clock.advance(to: 0.5)
            #expect(HeadlessTransaction.commitCount - commits == 1)
            #expect(log == (0..<150).map { "start \($0)" })
            #expect(leaders.allSatisfy { $0.animationState.activeGroups.isEmpty && $0.animationKeys.isEmpty })
            #expect(followers.allSatisfy { $0.animationState.activeGroups.count == 1 })
        }

        @Test("What a burst starts runs inside the frame's transaction, and a frame with nothing due opens none")
        func callbacksRunInsideTheFramesTransaction() {
            let clock = ManualClock()
            var insideTransaction: [Bool] = []
            let layers = burst(20, on: clock, trigger: { animator, follower, started in
                animator.triggerOnProgress(0.5, onView: follower) { animator in
                    animator.alpha(0).duration(0.3)
                    animator.setDidStartCallback { started($0) }
                }
            }, started: { _, _ in insideTransaction.append(HeadlessTransaction.isOpen) })
            let commits = HeadlessTransaction.commitCount
            // Pending but not due: no transaction.
            clock.advance(to: 0.25)
            #expect(HeadlessTransaction.commitCount == commits)
            clock.advance(to: 0.5)
            #expect(insideTransaction == Array(repeating: true, count: 20))
            #expect(HeadlessTransaction.commitCount == commits + 1 && !HeadlessTransaction.isOpen)
            withExtendedLifetime(layers) {}
        }

        /// Triggers at scattered moments, fired by frames that each cover many of them (and chains:
        /// each triggered group has a start trigger of its own, due in the same frame). Each fires
        /// once, in time order (ties: the group started first), its group beginning at its moment,
        /// and every frame that fires anything commits once.
        @Test("Scattered moments over dropped frames: once each, in order, one commit per frame", arguments: [1, 7, 42])
        func scatteredMomentsInOrder(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            let clock = ManualClock()
            let count = 300
            // Few durations and fractions, so that many moments coincide and ties are ordered by the
            // group started first.
            let durations = (0..<count).map { _ in [0.4, 0.6, 0.8, 1.0][Int(random.uniform(0...0.999) * 4)] }
            let fractions = (0..<count).map { _ in Double(1 + Int(random.uniform(0...0.999) * 20)) / 20 }
            var fired: [(leader: Int, begin: TimeInterval, frame: TimeInterval)] = []
            var chained: [Int] = []
            let relays = (0..<count).map { _ in HeadlessLayer(clock: clock) }
            let leaders = (0..<count).map { _ in HeadlessLayer(clock: clock) }
            let followers = (0..<count).map { _ in HeadlessLayer(clock: clock) }
            for index in 0..<count {
                leaders[index].animate { animator in
                    animator.position(CGPoint(x: 100, y: Double(index))).duration(durations[index])
                    animator.triggerOnProgress(fractions[index], onView: followers[index]) { animator in
                        animator.alpha(0).duration(0.3)
                        animator.setDidStartCallback { group in fired.append((index, group.beginTime, clock.now)) }
                        animator.triggerOnStart(onView: relays[index]) { animator in
                            animator.alpha(0.5).duration(0.1)
                            animator.setDidStartCallback { _ in chained.append(index) }
                        }
                    }
                }
            }
            var frames: [TimeInterval] = []
            var tick = 0
            while Double(tick) / 60 < 1.5 {
                tick += 1 + Int(random.uniform(0...0.999) * 6)   // up to five frames dropped
                frames.append(Double(tick) / 60)
            }
            var commitsPerFiringFrame: [Int] = []
            for time in frames {
                let (before, commits) = (fired.count, HeadlessTransaction.commitCount)
                clock.advance(to: time)
                if fired.count > before { commitsPerFiringFrame.append(HeadlessTransaction.commitCount - commits) }
            }
            #expect(fired.count == count && Set(fired.map(\.leader)).count == count)
            #expect(chained.sorted() == Array(0..<count))
            #expect(commitsPerFiringFrame.allSatisfy { $0 == 1 })
            for entry in fired {
                let moment = fractions[entry.leader] * durations[entry.leader]
                // The scheduler's rule, exactly: the first frame at or after the moment.
                #expect(entry.begin == moment)
                #expect(entry.frame == frames.first { $0 >= moment })
            }
            let keys = fired.map { ($0.begin, $0.leader) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}
