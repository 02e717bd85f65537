import Foundation

/// One timed event: a trigger or a group's end.
@MainActor
class ScheduledEvent {
    let time: TimeInterval
    /// The owning group's sequence number.
    let groupSequence: Int
    /// Order within the group's events due in the same frame.
    let order: Int
    private var action: (@MainActor () -> Void)?
    /// Whether the event has fired or was cancelled.
    private(set) var isCancelled = false

    init(time: TimeInterval, groupSequence: Int, order: Int, action: (@MainActor () -> Void)? = nil) {
        self.time = time
        self.groupSequence = groupSequence
        self.order = order
        self.action = action
    }

    /// Cancels the event: it will not fire.
    func cancel() {
        isCancelled = true
        action = nil
    }

    /// Fires the event once.
    func fire() {
        guard !isCancelled else { return }
        let action = self.action
        isCancelled = true
        self.action = nil
        perform()
        action?()
    }

    /// What a subclass does when it fires (nothing by default: the action does it).
    func perform() {}
}
