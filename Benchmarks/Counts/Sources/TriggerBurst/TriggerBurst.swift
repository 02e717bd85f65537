import FlightCore
import Foundation

/// A frame in which many triggers come due at once: `count` leader layers on one ``ManualClock``,
/// each playing a group with one trigger that starts a short fade on a follower layer of its own,
/// all due at the same moment. Made outside what is measured; ``fire()`` is the one frame that
/// fires them.
@MainActor
public final class TriggerBurst {
    /// The moment every leader's trigger waits for.
    public enum Moment: String, CaseIterable, Sendable {
        /// `triggerOnProgress(0.5, …)` on 1 s groups: the triggers alone come due.
        case progress
        /// `triggerOnCompletion(…)` on 0.5 s groups: every group ends, then its trigger fires.
        case completion
    }

    /// The clock every layer runs on.
    public let clock: ManualClock
    /// The layers the groups play on.
    public let leaders: [HeadlessLayer]
    /// The layers the triggers start their groups on, one per leader.
    public let followers: [HeadlessLayer]
    /// How many triggers the burst fires.
    public var count: Int { leaders.count }

    /// Starts `count` groups whose triggers, at `moment`, all come due in the frame at 0.5 s, and
    /// steps one frame (at 0.25 s) in which nothing is due, so that the burst's frame is not the
    /// clock's first. With `warmFollowers`, each follower has played a fade to the end before
    /// (its bookkeeping and model storage exist, as on a screen that has animated before), so
    /// that what the burst allocates is what each started group needs, not what a layer's first
    /// animation needs once.
    ///
    /// Alike fades (the default) share one keyframe fit: after the first, each group's keyframes
    /// come from Flight's keyframe cache, as they do for a list of cells animating alike. With
    /// `variedTargets`, each follower fades to an opacity of its own: the fit depends on the
    /// distance travelled, through the tolerance relative to it, stepped (32 steps per
    /// doubling), so that followers whose travels fall in one step share a fit and a few dozen
    /// of the fits are made in the burst (about 20 of 1,000, 70 with warm followers).
    public init(count: Int, moment: Moment, warmFollowers: Bool = false, variedTargets: Bool = false) {
        let clock = ManualClock(start: warmFollowers ? -1 : 0)
        self.clock = clock
        leaders = (0..<count).map { _ in HeadlessLayer(clock: clock) }
        followers = (0..<count).map { _ in HeadlessLayer(clock: clock) }
        if warmFollowers {
            for follower in followers { follower.animate { $0.alpha(0.5).duration(0.3) } }
            clock.advance(to: 0)
        }
        for (index, leader) in leaders.enumerated() {
            let follower = followers[index]
            let target = CGPoint(x: Double(index), y: 100)
            let opacity = variedTargets ? 0.4 * Double(index) / Double(count) : 0
            leader.animate { animator in
                switch moment {
                case .progress:
                    animator.position(target).duration(1)
                    animator.triggerOnProgress(0.5, onView: follower) { $0.alpha(opacity).duration(0.3) }
                case .completion:
                    animator.position(target).duration(0.5)
                    animator.triggerOnCompletion(onView: follower) { $0.alpha(opacity).duration(0.3) }
                }
            }
        }
        clock.advance(to: 0.25)
    }

    /// The frame at 0.5 s, in which every trigger fires. Never inlined, so that a profiler can
    /// collect it alone (Scripts/trigger-burst-callgrind.py).
    @inline(never)
    public func fire() {
        clock.advance(to: 0.5)
    }

    /// Whether every trigger fired once: each follower plays one group.
    public var everyTriggerFired: Bool {
        followers.allSatisfy { $0.animationState.activeGroups.count == 1 }
    }
}

/// Layers whose groups hold triggers that are not due for a long while: what each frame of an
/// app with many chained animations in flight pays while nothing fires. Made outside what is
/// measured; ``frame()`` is one frame.
@MainActor
public final class PendingTriggers {
    /// The clock every layer runs on.
    public let clock: ManualClock
    /// The layers whose groups hold the triggers.
    public let layers: [HeadlessLayer]

    /// `count` layers, each playing a 1,000 s move with a progress trigger and a completion
    /// trigger on a shared follower.
    public init(count: Int) {
        let clock = ManualClock()
        self.clock = clock
        let follower = HeadlessLayer(clock: clock)
        layers = (0..<count).map { _ in HeadlessLayer(clock: clock) }
        for (index, layer) in layers.enumerated() {
            layer.animate { animator in
                animator.position(CGPoint(x: Double(index), y: 0)).duration(1_000)
                animator.triggerOnProgress(0.99, onView: follower) { $0.alpha(0).duration(0.1) }
                animator.triggerOnCompletion(onView: follower) { $0.alpha(1).duration(0.1) }
            }
        }
    }

    /// One frame, a 120th of a millisecond on, in which nothing is due.
    public func frame() {
        clock.advance(by: 1.0 / 120_000)
    }
}
