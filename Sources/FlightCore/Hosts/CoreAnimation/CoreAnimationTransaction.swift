#if canImport(QuartzCore)
import QuartzCore

/// Flight's changes to layers, committed together: one `CATransaction` with implicit actions
/// disabled, however deeply Flight's batches nest, so that one `animate` call, or every value
/// the progress animators write for one scroll event (``ScrollObserver``), is one commit rather
/// than one per value.
@MainActor
enum CoreAnimationTransaction {
    /// Runs `changes` inside a transaction with implicit actions disabled: the one open if it
    /// already disables them (Flight's own, further up), else a new one (code run inside
    /// Flight's may have opened its own with actions on).
    static func perform(_ changes: () -> Void) {
        guard !CATransaction.disableActions() else { return changes() }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        changes()
        CATransaction.commit()
    }

    /// Runs `fire`, everything a frame's events do, inside one transaction, so that a frame in
    /// which many triggers start groups commits once: each group's changes go into a transaction
    /// nested in it (``perform(_:)``), which commits with it. Implicit actions are left as they
    /// are, so an app's own changes in callbacks that run in it animate as they would outside.
    static func performFrame(_ fire: () -> Void) {
        CATransaction.begin()
        fire()
        CATransaction.commit()
    }
}
#endif
