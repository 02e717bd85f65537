import Foundation

/// CoreAnimation's explicit transactions as the headless host keeps them: one stack for the main
/// thread, where nested transactions commit with the outermost one
/// ([Core Animation Programming Guide](https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/AdvancedAnimationTricks/AdvancedAnimationTricks.html)).
/// ``HeadlessLayer/performTogether(_:)`` runs inside one, as `CALayerHost` runs in a
/// `CATransaction`, and so does each frame of a ``ManualClock`` in which events fire (the groups
/// that triggers start then nest in it, as they do in a display-link frame's transaction). It
/// counts what a device would commit: how many outermost transactions Flight opened, and how
/// many model values were set outside any (each of which a layer host would wrap in a
/// transaction of its own).
@MainActor
package enum HeadlessTransaction {
    // Main-actor counters touched on every write; no access is held across a call out, so the
    // run-time exclusivity check is left out.
    /// Outermost transactions committed so far.
    @exclusivity(unchecked) package private(set) static var commitCount = 0
    /// Model values set on headless layers outside any transaction so far.
    @exclusivity(unchecked) package private(set) static var writesOutsideTransactions = 0
    @exclusivity(unchecked) private static var depth = 0

    /// Whether a transaction is open now.
    package static var isOpen: Bool { depth > 0 }

    /// Runs `changes` inside a transaction: a new one, or the one already open.
    static func perform(_ changes: () -> Void) {
        depth += 1
        changes()
        depth -= 1
        if depth == 0 { commitCount += 1 }
    }

    /// Counts a model value set now.
    static func recordWrite() {
        if depth == 0 { writesOutsideTransactions += 1 }
    }
}
