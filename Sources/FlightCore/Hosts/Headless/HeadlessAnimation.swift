import Foundation

/// A portable model of what Flight hands CoreAnimation: a group of keyframe tracks with a begin
/// time, a duration, a fill mode and removal on completion, played by ``HeadlessLayer`` with
/// CoreAnimation's media-timing rules.
public struct HeadlessAnimation: Sendable {
    /// When the group shows its effect outside its active interval (`CAMediaTimingFillMode`).
    public enum FillMode: Sendable, Hashable {
        /// Only while active (CoreAnimation's default).
        case removed
        /// Holds the end value after the end.
        case forwards
        /// Shows the start value before the begin time.
        case backwards
        /// Both.
        case both
    }

    /// One key path's keyframes inside the group.
    public struct Track: Sendable {
        /// The key path it animates.
        public var keyPath: String
        /// Its duration within the group; after it, the track holds its last value while the
        /// group is active.
        public var duration: TimeInterval
        /// The value `t` seconds after the group began.
        public var value: @Sendable (TimeInterval) -> any AnimatableValue

        /// Creates a track.
        public init(keyPath: String, duration: TimeInterval, value: @escaping @Sendable (TimeInterval) -> any AnimatableValue) {
            self.keyPath = keyPath
            self.duration = duration
            self.value = value
        }
    }

    /// The host time at which the group begins.
    public var beginTime: TimeInterval
    /// The group's duration.
    public var duration: TimeInterval
    /// What it shows outside its active interval.
    public var fillMode: FillMode = .removed
    /// Whether it is removed from the layer when it ends.
    public var isRemovedOnCompletion = true
    /// Its tracks; for one key path, a later track overrides an earlier one.
    public var tracks: [Track]

    /// Creates a group.
    public init(beginTime: TimeInterval, duration: TimeInterval, tracks: [Track]) {
        self.beginTime = beginTime
        self.duration = duration
        self.tracks = tracks
    }

    /// A resolved Flight group as CoreAnimation would receive it: begins at `beginTime`, fill
    /// removed, removed on completion (the model already holds the end values).
    public init(_ group: ResolvedGroup, beginTime: TimeInterval) {
        self.init(beginTime: beginTime, duration: group.duration, tracks: group.properties.map { property in
            Track(keyPath: property.keyPath, duration: property.duration) { property.value(at: $0) }
        })
    }

    /// The group's local time at host time `time`, or nil when it shows nothing then.
    public func localTime(at time: TimeInterval) -> TimeInterval? {
        let local = time - beginTime
        if local < 0 { return fillMode == .backwards || fillMode == .both ? 0 : nil }
        if local >= duration { return fillMode == .forwards || fillMode == .both ? duration : nil }
        return local
    }

    /// When the group ends, in host time.
    public var endTime: TimeInterval { beginTime + duration }
}
