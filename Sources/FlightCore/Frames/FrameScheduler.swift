import Foundation

/// Fires timed animation events (trigger moments, group ends) on the first frame at or after
/// their moment, and asks its frame driver to tick only while something is pending.
///
/// Each host has a scheduler: a ``HeadlessLayer`` uses its ``ManualClock``'s, CoreAnimation
/// hosts share one driven by the display link. On each frame, every event whose moment has
/// come fires once: events of different groups in the order the groups started, events of one
/// group in declaration order (its triggers, then its end). A dropped frame or a long hitch
/// therefore fires everything it skipped, once, in order. Everything that fires in one frame
/// fires inside one transaction of the hosts (see ``ManualClock``; on iOS one `CATransaction`
/// per display-link frame), so a frame in which a thousand triggers start groups commits once.
/// Handling a frame with nothing due allocates nothing and opens no transaction.
@MainActor
public final class FrameScheduler {
    // `now`, `isActive`, the frame counts, `isTicking`, `nextSequence` and `eventTime` are
    // main-actor state read or written at every frame, event and group start; no access to them
    // is held across a call out, so the run-time exclusivity check is left out.
    /// The time of the latest frame.
    @exclusivity(unchecked) public private(set) var now: TimeInterval
    /// How many frames the scheduler has handled.
    @exclusivity(unchecked) package private(set) var frameCount = 0
    /// How many of those had nothing pending at all (a driver that stops when idle keeps this 0).
    @exclusivity(unchecked) package private(set) var idleFrameCount = 0
    /// Whether events are pending, so that frames are needed.
    @exclusivity(unchecked) public private(set) var isActive = false
    /// What delivers frames; told to start and stop as events come and go. Held weakly: keep the
    /// driver alive yourself.
    public weak var driver: (any FrameDriver)? {
        didSet { driver?.setActive(isActive) }
    }

    /// The events waiting, a four-ary heap in firing order. Main-actor state; no access is held
    /// across a call out (an event is taken out before it fires), so the run-time exclusivity
    /// check is left out.
    @exclusivity(unchecked) private var heap: [Entry] = []
    @exclusivity(unchecked) private var isTicking = false
    @exclusivity(unchecked) private var nextSequence = 0

    /// What the hosts on this scheduler commit their changes in: every event due in a frame fires
    /// inside one of these (a headless transaction on a ``ManualClock``'s scheduler, one
    /// `CATransaction` on a display link's), so that a frame in which many triggers start groups
    /// commits once, not once per group. Nil: events fire as they are.
    var frameTransaction: (@MainActor (_ fire: () -> Void) -> Void)?

    /// How many ends in the heap were cancelled and wait there for their moment, holding their
    /// owners (in a heap too large to search at each cancellation, see ``cancelEnd(of:)``).
    @exclusivity(unchecked) private var cancelledEntryCount = 0

    /// An event in the heap, with its firing order beside it so that ordering reads no object.
    private struct Entry {
        let time: TimeInterval
        let groupSequence: Int
        let order: Int
        let firing: Firing

        /// What fires: an event object, or an end that needs none (a group's).
        enum Firing {
            case event(ScheduledEvent)
            /// An end, pending while its owner's `pendingEnd` is the entry's `groupSequence`.
            case end(any ScheduledEnd)
        }

        init(_ event: ScheduledEvent) {
            time = event.time
            groupSequence = event.groupSequence
            order = event.order
            firing = .event(event)
        }

        init(time: TimeInterval, groupSequence: Int, order: Int, end owner: any ScheduledEnd) {
            self.time = time
            self.groupSequence = groupSequence
            self.order = order
            firing = .end(owner)
        }

        /// Whether it was cancelled (or has fired): it does nothing when its moment comes.
        @MainActor var isCancelled: Bool {
            switch firing {
            case .event(let event): event.isCancelled
            case .end(let owner): owner.pendingEnd != groupSequence
            }
        }

        /// By time, then the group started first, then declaration order.
        func firesBefore(_ other: Entry) -> Bool {
            if time != other.time { return time < other.time }
            if groupSequence != other.groupSequence { return groupSequence < other.groupSequence }
            return order < other.order
        }
    }

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
        push(Entry(event))
        becomeActive()
    }

    /// Schedules the end of `owner` (a group) at `time`, in the order of the events scheduled
    /// under `groupSequence` (see ``makeGroupSequence()``), without an event object: its end is
    /// pending while `owner.pendingEnd` is `groupSequence` (set here; an end still pending is
    /// cancelled first). The scheduler holds the owner until its end fires or is cancelled.
    func scheduleEnd(of owner: any ScheduledEnd, at time: TimeInterval, groupSequence: Int, order: Int) {
        if owner.pendingEnd != 0 { cancelEnd(of: owner) }
        owner.pendingEnd = groupSequence
        push(Entry(time: time, groupSequence: groupSequence, order: order, end: owner))
        becomeActive()
    }

    /// Cancels the end of `owner` scheduled here, if one is pending (`owner.pendingEnd` becomes
    /// 0), and lets the owner go: at once in a heap of up to ``searchedHeapCount`` entries,
    /// which is searched for it; in a larger one when the ends cancelled there are half the heap,
    /// which is then rebuilt without them (O(n) once per n/2 cancellations), or when its moment
    /// comes, whichever is first.
    func cancelEnd(of owner: any ScheduledEnd) {
        let sequence = owner.pendingEnd
        guard sequence != 0 else { return }
        owner.pendingEnd = 0
        if heap.count <= Self.searchedHeapCount {
            for index in heap.indices where heap[index].groupSequence == sequence {
                guard case .end(let held) = heap[index].firing, held === owner else { continue }
                Self.remove(at: index, from: &heap)
                return
            }
            return
        }
        cancelledEntryCount += 1
        guard 2 * cancelledEntryCount > heap.count else { return }
        heap.removeAll { $0.isCancelled }
        cancelledEntryCount = 0
        Self.heapify(&heap)
    }

    /// The largest heap searched for an end when it is cancelled (a few hundred comparisons of
    /// plain entries), so that a group cut short is let go at once in all but the busiest apps.
    static var searchedHeapCount: Int { 256 }

    private func becomeActive() {
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
        // Cancelled events that came due leave first, so that a frame with only those opens no
        // transaction.
        while let top = heap.first, top.time <= now, top.isCancelled { dropMin() }
        if let top = heap.first, top.time <= now {
            isTicking = true
            defer { isTicking = false }
            // Everything due commits together: one transaction for the whole frame, inside which
            // the groups that events start open theirs as nested ones.
            if let frameTransaction {
                frameTransaction { fireEachDueEvent() }
            } else {
                fireEachDueEvent()
            }
        }
        if heap.isEmpty && isActive {
            isActive = false
            driver?.setActive(false)
        }
    }

    /// Fires everything due, one event at a time in time order (ties: the group started first,
    /// then declaration order), so that each event sees the world as it was at its moment;
    /// events scheduled while firing (by triggered groups) join the queue in their place. Each
    /// event is taken out of the heap in O(log n) moves of plain entries.
    private func fireEachDueEvent() {
        while let top = heap.first, top.time <= now {
            let entry = popMin()
            switch entry.firing {
            case .event(let event):
                guard !event.isCancelled else { continue }
                eventTime = entry.time
                event.fire()
            case .end(let owner):
                guard owner.pendingEnd == entry.groupSequence else {
                    droppedCancelledEnd()
                    continue
                }
                owner.pendingEnd = 0
                eventTime = entry.time
                owner.reachEnd()
            }
            eventTime = nil
        }
    }

    /// The moment of the event being fired, while one is: what happens in response (a
    /// triggered group, a callback that animates) begins at that moment, not at the frame's
    /// time, so that a chain of groups has no standstill between its links.
    @exclusivity(unchecked) package private(set) var eventTime: TimeInterval?

    // MARK: Four-ary heap by time, group and declaration order

    // The heap's moves touch no event, only the entries' keys, so they run outside the main
    // actor: a closure formed on it would check, at every call, that it runs there. Four children
    // a node rather than two: half as many levels for an event to sink through when it is taken
    // out (a frame that fires a thousand triggers takes out a thousand), for a compare or two more
    // a level, which read entries side by side.

    private func push(_ entry: Entry) {
        Self.push(entry, into: &heap)
    }

    /// Takes out the first event to fire; the heap must not be empty.
    private func popMin() -> Entry {
        Self.popMin(from: &heap)
    }

    /// Takes out the first event, which was cancelled.
    private func dropMin() {
        if case .end = popMin().firing { droppedCancelledEnd() }
    }

    /// A cancelled end has left the heap (at its moment): one fewer to count towards a rebuild.
    private func droppedCancelledEnd() {
        cancelledEntryCount = max(0, cancelledEntryCount - 1)
    }

    private nonisolated static func push(_ entry: Entry, into heap: inout [Entry]) {
        heap.append(entry)
        heap.withUnsafeMutableBufferPointer { heap in _ = rise(heap.count - 1, in: heap) }
    }

    /// Moves the entry at `index` up while it fires before its parent; returns where it ends.
    private nonisolated static func rise(_ index: Int, in heap: UnsafeMutableBufferPointer<Entry>) -> Int {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 4
            guard heap[child].firesBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
        return child
    }

    private nonisolated static func popMin(from heap: inout [Entry]) -> Entry {
        var top = heap.removeLast()
        guard !heap.isEmpty else { return top }
        heap.withUnsafeMutableBufferPointer { heap in
            swap(&top, &heap[0])
            sink(0, in: heap)
        }
        return top
    }

    /// Moves the entry at `index` down until none of its children fires before it.
    private nonisolated static func sink(_ index: Int, in heap: UnsafeMutableBufferPointer<Entry>) {
        var parent = index
        while true {
            let first = 4 * parent + 1
            guard first < heap.count else { return }
            var child = first
            if first + 3 < heap.count {
                // All four (the common case): the earlier of each pair, then of the two.
                let a = heap[first + 1].firesBefore(heap[first]) ? first + 1 : first
                let b = heap[first + 3].firesBefore(heap[first + 2]) ? first + 3 : first + 2
                child = heap[b].firesBefore(heap[a]) ? b : a
            } else {
                for other in first + 1 ..< heap.count where heap[other].firesBefore(heap[child]) { child = other }
            }
            guard heap[child].firesBefore(heap[parent]) else { return }
            heap.swapAt(parent, child)
            parent = child
        }
    }

    /// Removes the entry at `index`, the last one taking its place and moving up or down.
    private nonisolated static func remove(at index: Int, from heap: inout [Entry]) {
        let last = heap.removeLast()
        guard index < heap.count else { return }
        heap.withUnsafeMutableBufferPointer { heap in
            heap[index] = last
            if rise(index, in: heap) == index { sink(index, in: heap) }
        }
    }

    /// Orders `heap` as a heap, bottom up.
    private nonisolated static func heapify(_ heap: inout [Entry]) {
        heap.withUnsafeMutableBufferPointer { heap in
            guard heap.count > 1 else { return }
            for start in stride(from: (heap.count - 2) / 4, through: 0, by: -1) { sink(start, in: heap) }
        }
    }
}

/// What ends at a scheduled moment without an event object of its own (a group: see
/// ``FrameScheduler/scheduleEnd(of:at:groupSequence:order:)``).
@MainActor
protocol ScheduledEnd: AnyObject {
    /// The sequence number its end is pending under, 0 when none is. The scheduler sets it
    /// (``FrameScheduler/scheduleEnd(of:at:groupSequence:order:)``,
    /// ``FrameScheduler/cancelEnd(of:)``); an end whose number it no longer is does not fire.
    var pendingEnd: Int { get set }
    /// Its end has come (`pendingEnd` is 0 again).
    func reachEnd()
}
