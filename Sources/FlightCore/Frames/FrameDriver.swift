import Foundation

/// Delivers frames to a ``FrameScheduler``: a display link, a timer, or a clock stepped by hand.
@MainActor
public protocol FrameDriver: AnyObject {
    /// Called by the scheduler when events become pending (`true`) or all have fired (`false`);
    /// a driver should deliver frames only while active, so an idle app does no work.
    func setActive(_ active: Bool)
}
