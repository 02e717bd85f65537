import Foundation

// When a group's moments come: its triggers, its end, and what fires them.

extension FlightEngine {
    /// Schedules the group's triggers at their moments and its end after them, then fires what
    /// is already due (start triggers; everything, for a group with no duration). Moments are in
    /// the host's time and scheduled at the scheduler's time the host's reaches them. A group
    /// resuming from `elapsed` schedules only the triggers that have not fired and are still
    /// ahead.
    /// With `firesDue` false, nothing is fired here: the caller fires what is due (a sequence
    /// resuming schedules all its groups first, so that their moments fire in time order).
    static func schedule(
        _ group: AnimationGroup, on host: any AnimationHost, from elapsed: TimeInterval = 0, firesDue: Bool = true
    ) {
        let scheduler = host.frameScheduler
        let sequence = scheduler.makeGroupSequence()
        let begin = group.beginTime
        // A group that repeats forever has no end to schedule.
        let span = group.totalDuration.isFinite ? group.totalDuration : 0
        let endOnScheduler = host.schedulerTime(forHostTime: begin + span)
        let hostTimeRuns = endOnScheduler.isFinite
        if !hostTimeRuns {
            FlightDiagnostics.report(.hostTimeStopped)
        }
        let beginOnScheduler = hostTimeRuns ? host.schedulerTime(forHostTime: begin) : scheduler.eventTime ?? scheduler.now
        func schedulerTime(_ offset: TimeInterval) -> TimeInterval {
            hostTimeRuns ? host.schedulerTime(forHostTime: begin + offset) : beginOnScheduler + offset
        }
        // Within one frame a group's events fire in this order: its other triggers in declaration
        // order, its end (the stop callback), then its completion triggers in declaration order.
        let endOrder = Int.max / 2
        // The record of fired triggers gets its storage when the group starts, not in the frame
        // in which its first trigger fires (where a thousand others may fire too).
        if !group.plan.triggers.isEmpty && !group.firedTriggers.hasRoom(for: group.plan.triggers.count) {
            group.firedTriggers.makeRoom(for: group.plan.triggers.count)
            // The groups its triggers start are recorded (for its sequence): room made now, not
            // in the frame in which they fire.
            group.startedGroups.reserveCapacity(group.plan.triggers.count)
        }
        for (index, trigger) in group.plan.triggers.enumerated() {
            guard !group.firedTriggers.contains(index), let offset = group.offset(of: trigger.moment), offset >= elapsed
            else { continue }
            let order = trigger.moment == .completion ? endOrder + 1 + index : index
            let event = ScheduledEvent(time: schedulerTime(offset), groupSequence: sequence, order: order) { [group] in
                // A group whose target was released stops at its first moment after that, and
                // none of its pending triggers fire.
                guard group.isTargetAlive else {
                    group.fireStop(finished: false)
                    return
                }
                group.firedTriggers.insert(index)
                group.record(fire(trigger), startedBy: index)
            }
            group.events.append(event)
            scheduler.schedule(event)
        }
        if group.totalDuration.isFinite {
            scheduler.scheduleEnd(of: group, at: hostTimeRuns ? endOnScheduler : beginOnScheduler + span,
                                  groupSequence: sequence, order: endOrder)
        }
        guard firesDue else { return }
        scheduler.fireEvents(upTo: max(scheduler.eventTime ?? scheduler.now, beginOnScheduler))
    }

    /// Schedules what is still to come of a `group` that plays from `elapsed`: forwards, its
    /// triggers still ahead and its end; backwards, its return to the start (no trigger fires
    /// going backwards).
    static func scheduleMoments(
        of group: AnimationGroup, from elapsed: TimeInterval, on host: any AnimationHost, firesDue: Bool = true
    ) {
        guard group.isReversed else {
            schedule(group, on: host, from: elapsed, firesDue: firesDue)
            return
        }
        // Back at the start: its animations leave and it ends, not finished, not cut short.
        let scheduler = host.frameScheduler
        let time = host.schedulerTime(forHostTime: group.reverseOrigin)
        group.endEvent = scheduler.schedule(at: time.isFinite ? time : scheduler.now + elapsed) { [group] in
            reachStart(group)
        }
        guard firesDue else { return }
        scheduler.fireEvents(upTo: scheduler.eventTime ?? scheduler.now)
    }

    /// Starts the group of `trigger` on its target; nil (after a report) if the target is gone.
    @discardableResult
    static func fire(_ trigger: TriggerPlan) -> AnimationGroup? {
        guard let target = trigger.target.target else {
            FlightDiagnostics.report(.targetDeallocated(trigger.target.description))
            return nil
        }
        return run(trigger.plan, on: target.animationHost, animated: true)
    }
}
