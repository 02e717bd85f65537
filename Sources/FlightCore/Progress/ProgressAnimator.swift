import Foundation

/// Parade's animator: views move between a *start* state (as they scroll onto the screen), the
/// state they were in when scrolling began (their *snapshot*, taken automatically), and an
/// *end* state (as they scroll off), as a pure function of scroll progress.
///
/// ```swift
/// let animator = ProgressAnimator.vertical { animator in
///     animator.startEndState(for: imageView) { s in
///         s.alpha(0).easing(.inSine)
///         s.transform(.scale(x: 0.5, y: 0.5)).easing(.inOutCubic).range(0.5...1)
///     }
/// }
/// animator.update(itemFrame: cell.frame, visibleBounds: scrollView.bounds)
/// ```
///
/// Progress is the distance from the item's centre to the centre of its scroll view's visible
/// bounds, over the visible height (width for a horizontal animator): 0 when centred, 1 a full
/// height below (or right), −1 a full height above (or left). A start state is reached at
/// progress 1 and an end state at −1; a property's ``StateProperty/range(_:)`` narrows where in
/// `0...1` its interpolation happens. Values are applied as model values with implicit
/// animations disabled.
@MainActor
public final class ProgressAnimator {
    /// The direction it follows.
    public let axis: ScrollAxis
    // Read on every scroll event for every cell. The main actor owns them and no access is
    // held across a call out (loops iterate a copy), so the run-time exclusivity check, about a
    // tenth of a scroll update's instructions, is left out.

    /// The progress applied last.
    @exclusivity(unchecked) public private(set) var progress: Double?
    /// The states of each target.
    @exclusivity(unchecked) var entries: [TargetStates] = []
    /// The animators attached.
    @exclusivity(unchecked) private var attached: [ProgressAnimator] = []
    /// Set while this animator is being visited, so that a cycle of attached animators ends.
    @exclusivity(unchecked) private var isUpdating = false
    /// Whether its views show ``progress`` and nothing has changed since that could make the
    /// same progress write (a state added, a reset, a rewrite asked, an animator attached): an
    /// update to that progress again writes nothing and returns at once. (Compared with
    /// ``progress``, which an animator it is attached to moves too.) Most cells of a long list
    /// are out of view on a scroll event, their progress clamped to the same end as before:
    /// each costs a comparison, not a look at every property.
    @exclusivity(unchecked) private var isSettled = false

    /// Creates an animator following `axis`.
    public init(axis: ScrollAxis, _ build: (ProgressAnimator) -> Void = { _ in }) {
        self.axis = axis
        build(self)
    }

    /// A vertical animator (Parade's `newVerticalAnimator`).
    public static func vertical(_ build: (ProgressAnimator) -> Void) -> ProgressAnimator {
        ProgressAnimator(axis: .vertical, build)
    }

    /// A horizontal animator (Parade's `newHorizontalAnimator`).
    public static func horizontal(_ build: (ProgressAnimator) -> Void) -> ProgressAnimator {
        ProgressAnimator(axis: .horizontal, build)
    }

    // MARK: States

    /// Defines where `target` comes from as it scrolls on.
    @discardableResult
    public func startState(for target: any AnimationTarget, _ build: (StateBuilder) -> Void) -> ProgressAnimator {
        build(StateBuilder(states: states(for: target), kinds: [.start]))
        return self
    }

    /// Defines where `target` goes as it scrolls off.
    @discardableResult
    public func endState(for target: any AnimationTarget, _ build: (StateBuilder) -> Void) -> ProgressAnimator {
        build(StateBuilder(states: states(for: target), kinds: [.end]))
        return self
    }

    /// Defines the same values for both ends.
    @discardableResult
    public func startEndState(for target: any AnimationTarget, _ build: (StateBuilder) -> Void) -> ProgressAnimator {
        build(StateBuilder(states: states(for: target), kinds: [.start, .end]))
        return self
    }

    /// ``startState(for:_:)`` for several targets.
    @discardableResult
    public func startState(forViews targets: [any AnimationTarget], _ build: (StateBuilder) -> Void) -> ProgressAnimator {
        for target in targets { startState(for: target, build) }
        return self
    }

    /// ``endState(for:_:)`` for several targets.
    @discardableResult
    public func endState(forViews targets: [any AnimationTarget], _ build: (StateBuilder) -> Void) -> ProgressAnimator {
        for target in targets { endState(for: target, build) }
        return self
    }

    /// ``startEndState(for:_:)`` for several targets.
    @discardableResult
    public func startEndState(forViews targets: [any AnimationTarget], _ build: (StateBuilder) -> Void) -> ProgressAnimator {
        for target in targets { startEndState(for: target, build) }
        return self
    }

    /// Passes every progress update on to `view`'s animator as well (chains of any depth).
    @discardableResult
    public func attachAnimatableView(_ view: any ProgressAnimatable) -> ProgressAnimator {
        attach(view.progressAnimator)
    }

    /// Passes every progress update on to `animator` as well.
    @discardableResult
    public func attach(_ animator: ProgressAnimator) -> ProgressAnimator {
        if animator !== self && !attached.contains(where: { $0 === animator }) { attached.append(animator) }
        isSettled = false
        return self
    }

    private func states(for target: any AnimationTarget) -> TargetStates {
        // A state is about to be added or changed: the next update writes what it needs.
        isSettled = false
        if let existing = entries.first(where: { $0.target === target }) { return existing }
        let states = TargetStates(target: target)
        entries.append(states)
        return states
    }

    // MARK: Progress

    /// The progress of an item whose frame (in the scroll view's content coordinates) is
    /// `itemFrame`, when the scroll view shows `visibleBounds` (its `bounds`: origin at the
    /// content offset).
    public static func progress(of itemFrame: CGRect, in visibleBounds: CGRect, axis: ScrollAxis) -> Double {
        let (item, center, length) = axis == .vertical
            ? (Double(itemFrame.midY), Double(visibleBounds.midY), Double(visibleBounds.height))
            : (Double(itemFrame.midX), Double(visibleBounds.midX), Double(visibleBounds.width))
        guard length > 0, item.isFinite, center.isFinite else { return 0 }
        return (item - center) / length
    }

    /// Applies the progress of an item at `itemFrame` in a scroll view showing `visibleBounds`.
    public func update(itemFrame: CGRect, visibleBounds: CGRect) {
        update(progress: Self.progress(of: itemFrame, in: visibleBounds, axis: axis))
    }

    /// Applies `progress` (clamped into `-1...1`; NaN is ignored) to every state and to the
    /// attached animators. The first update takes the snapshot of each view.
    public func update(progress: Double) {
        guard !progress.isNaN, !isUpdating else { return }
        let progress = min(max(progress, -1), 1)
        // Where it was last, with nothing changed since: nothing to write, nothing to look at.
        // (Attached animators may have been moved on their own: they are looked at.)
        if attached.isEmpty, isSettled, self.progress == progress { return }
        // Most cells of a long list stay where they were put on a scroll event: their animators
        // only record the progress, and open no transaction.
        if let host = hostToWrite(at: progress) {
            writeTogether(on: host) { visit { $0.apply(progress) } }
        } else {
            visit { $0.progress = progress }
        }
        isSettled = attached.isEmpty
    }

    /// Runs `body` on this animator and every animator attached to it, down every chain; a
    /// chain that comes back to an animator being visited ends there (a cycle), and an animator
    /// reached by two chains is visited by each.
    private func visit(_ body: (ProgressAnimator) -> Void) {
        guard !isUpdating else { return }
        isUpdating = true
        defer { isUpdating = false }
        body(self)
        for animator in attached { animator.visit(body) }
    }

    /// Writes every states' properties for `progress`.
    private func apply(_ progress: Double) {
        self.progress = progress
        for entry in entries { entry.apply(progress) }
    }

    /// The host of the first live target, in this animator or those attached, that an update to
    /// `progress` would write; nil if the update writes nothing. The targets of states that
    /// would not write are not looked up.
    private func hostToWrite(at progress: Double) -> (any AnimationHost)? {
        guard !isUpdating else { return nil }
        isUpdating = true
        defer { isUpdating = false }
        for entry in entries where entry.wouldWrite(at: progress) {
            if let host = entry.host { return host }
        }
        for animator in attached {
            if let host = animator.hostToWrite(at: progress) { return host }
        }
        return nil
    }

    /// Puts every view back in its snapshot state and forgets the snapshots, so that a reused
    /// cell starts afresh (the next update takes new snapshots). Attached animators reset too.
    /// The snapshots are set together (one `CATransaction` on a device).
    public func reset() {
        var host: (any AnimationHost)?
        for entry in entries where host == nil { host = entry.host }
        writeTogether(on: host) {
            visit { animator in
                animator.progress = nil
                animator.isSettled = false
                for entry in animator.entries { entry.reset() }
            }
        }
    }

    /// Makes the next update write every value, also where a cell has not moved within its
    /// states' ranges (values written only when they change may have been changed by others
    /// meanwhile: a reused cell tracked again, say). Attached animators too.
    package func rewriteOnNextUpdate() {
        visit { animator in
            animator.isSettled = false
            for entry in animator.entries {
                entry.forgetHost()
                for property in entry.properties { property.forgetWrites() }
            }
        }
    }
}
