import Foundation

/// Fires timed animation events (trigger moments, group ends) on the first frame at or after
/// their moment, and asks its frame driver to tick only while something is pending.
///
/// Each host has a scheduler: a ``HeadlessLayer`` uses its ``ManualClock``'s, CoreAnimation
/// hosts share one driven by the display link. On each frame, every event whose moment has
/// come fires once: events of different groups in the order the groups started, events of one
/// group in declaration order (its triggers, then its end). A dropped frame or a long hitch
/// therefore fires everything it skipped, once, in order. Handling a frame with nothing due
/// allocates nothing.
@MainActor
public final class FrameScheduler {
    /// The time of the latest frame.
    public private(set) var now: TimeInterval
    /// How many frames the scheduler has handled.
    package private(set) var frameCount = 0
    /// How many of those had nothing pending at all (a driver that stops when idle keeps this 0).
    package private(set) var idleFrameCount = 0
    /// Whether events are pending, so that frames are needed.
    public private(set) var isActive = false
    /// What delivers frames; told to start and stop as events come and go. Held weakly: keep the
    /// driver alive yourself.
    public weak var driver: (any FrameDriver)? {
        didSet { driver?.setActive(isActive) }
    }

    private var heap: [ScheduledEvent] = []
    private var isTicking = false
    private var nextSequence = 0

    /// Creates a scheduler whose clock starts at `time`.
    public init(startingAt time: TimeInterval = 0) {
        now = time
        heap.reserveCapacity(64)
    }

    /// Whether any event is waiting for its moment.
    public var hasPendingEvents: Bool {
        heap.contains { !$0.isCancelled }
    }

    /// The number of events waiting (cancelled ones not counted).
    package var pendingEventCount: Int {
        heap.lazy.filter { !$0.isCancelled }.count
    }

    /// A sequence number for a new group, which orders its events against other groups'.
    func makeGroupSequence() -> Int {
        nextSequence += 1
        return nextSequence
    }

    /// Schedules `action` alone at `time`, after the events already due then (a sequence of its
    /// own), and returns its event, to cancel it.
    @discardableResult
    func schedule(at time: TimeInterval, _ action: @escaping @MainActor () -> Void) -> ScheduledEvent {
        let event = ScheduledEvent(time: time, groupSequence: makeGroupSequence(), order: 0, action: action)
        schedule(event)
        return event
    }

    /// Schedules `event`; starts the driver if it was idle.
    func schedule(_ event: ScheduledEvent) {
        heap.append(event)
        siftUp(heap.count - 1)
        if !isActive {
            isActive = true
            driver?.setActive(true)
        }
    }

    /// Handles the frame at `time`: fires everything due, in order. Times before the last frame
    /// are treated as the last frame.
    public func tick(at time: TimeInterval) {
        if time.isFinite { now = max(now, time) }
        frameCount += 1
        if heap.isEmpty { idleFrameCount += 1 }
        fireDueEvents()
    }

    /// Fires everything due by `time` without counting a frame: used when an animation starts,
    /// so that what is due at its start (start triggers, an instantaneous group's end) happens
    /// at once.
    func fireEvents(upTo time: TimeInterval) {
        if time.isFinite { now = max(now, time) }
        fireDueEvents()
    }

    private func fireDueEvents() {
        guard !isTicking else { return }
        isTicking = true
        defer { isTicking = false }
        // Fire everything due, one event at a time in time order (ties: the group started first,
        // then declaration order), so that each event sees the world as it was at its moment;
        // events scheduled while firing (by triggered groups) join the queue in their place.
        while let top = heap.first, top.time <= now {
            let event = popMin()
            guard !event.isCancelled else { continue }
            eventTime = event.time
            event.fire()
            eventTime = nil
        }
        if heap.isEmpty && isActive {
            isActive = false
            driver?.setActive(false)
        }
    }

    /// The moment of the event being fired, while one is: what happens in response (a
    /// triggered group, a callback that animates) begins at that moment, not at the frame's
    /// time, so that a chain of groups has no standstill between its links.
    package private(set) var eventTime: TimeInterval?

    // MARK: Binary heap by time, group and declaration order

    private func popMin() -> ScheduledEvent {
        let top = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return top
    }

    private func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard ScheduledEvent.firesBefore(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && ScheduledEvent.firesBefore(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && ScheduledEvent.firesBefore(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
