import Foundation

// A group's end, as its host's scheduler fires it: scheduled as an entry of the scheduler's own
// (`FrameScheduler.scheduleEnd`), with no event object, so that a group starting allocates
// nothing for its end. The scheduler holds the group until then, so that a group nothing else
// holds (such as one a trigger started) still ends.

extension AnimationGroup: ScheduledEnd {
    /// The end has come: its animations leave the host, it leaves the host's bookkeeping and its
    /// stop callback fires (`finished == true`), or, if its target has been released,
    /// `finished == false`.
    func reachEnd() {
        guard let host, isTargetAlive else {
            fireStop(finished: false)
            return
        }
        FlightEngine.remove(self, from: host)
        fireStop(finished: true)
    }
}
