import Foundation

/// The end of a group: its animations leave the host, it leaves the host's bookkeeping and its
/// stop callback fires (`finished == true`), or, if its target has been released,
/// `finished == false`. It keeps the group until then (so a group nothing else holds, such as one
/// a trigger started, still ends), and its host weakly.
@MainActor
final class GroupEndEvent: ScheduledEvent {
    private var group: AnimationGroup?
    private weak var host: (any AnimationHost)?

    init(time: TimeInterval, groupSequence: Int, order: Int, group: AnimationGroup, host: any AnimationHost) {
        self.group = group
        self.host = host
        super.init(time: time, groupSequence: groupSequence, order: order)
    }

    override func cancel() {
        super.cancel()
        group = nil
    }

    override func perform() {
        guard let group else { return }
        self.group = nil
        guard let host, group.isTargetAlive else {
            group.fireStop(finished: false)
            return
        }
        FlightEngine.remove(group, from: host)
        group.fireStop(finished: true)
    }
}
