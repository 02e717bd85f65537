import Foundation

/// JazzHands' film strip: values at keyframes along any scalar input (a scroll offset, a page
/// number, a gesture's translation), eased per segment, looked up in O(log n).
///
/// ```swift
/// var fade = KeyframeTrack<Double>()
/// fade.add(0, at: 0, easing: .outCubic)       // the easing of the segment that starts here
/// fade.add(1, at: 320)
/// fade.add(0, at: 640)
/// let alpha = fade.value(at: scrollView.contentOffset.x)
/// ```
///
/// Outside its keyframes a track holds the first or last value, or extends the first or last
/// segment linearly (``Extrapolation/extend``). Keyframes at the same time replace each other;
/// bulk setup sorts once, so thousands of keyframes are quick to build.
public struct KeyframeTrack<Value: AnimatableValue>: Sendable {
    /// One keyframe: a value at a time, and the easing of the segment from it to the next.
    public struct Keyframe: Sendable {
        /// The input value (time) of the keyframe.
        public var time: Double
        /// The value at that time.
        public var value: Value
        /// The easing of the segment that starts at this keyframe, as in JazzHands' and
        /// RazzleDazzle's film strips (unused on the last keyframe).
        public var easing: Easing
    }

    /// What a track gives outside its first and last keyframes.
    public enum Extrapolation: Sendable, Hashable {
        /// The first or last value.
        case hold
        /// The first or last segment continued in a straight line.
        case extend
    }

    /// The keyframes, sorted by time.
    public private(set) var keyframes: [Keyframe]
    /// What the track gives outside its keyframes.
    public var extrapolation: Extrapolation

    /// An empty track.
    public init(extrapolation: Extrapolation = .hold) {
        keyframes = []
        self.extrapolation = extrapolation
    }

    /// A track from keyframes in any order (sorted once; the last of equal times wins).
    /// Non-finite times and values are dropped.
    public init(_ keyframes: [(time: Double, value: Value, easing: Easing)], extrapolation: Extrapolation = .hold) {
        let valid = keyframes.enumerated().filter { $0.element.time.isFinite && (try? $0.element.value.validated()) != nil }
        let sorted = valid.sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        var result: [Keyframe] = []
        result.reserveCapacity(sorted.count)
        for (_, frame) in sorted {
            let keyframe = Keyframe(time: frame.time, value: frame.value, easing: frame.easing)
            if let last = result.last, last.time == frame.time { result[result.count - 1] = keyframe } else { result.append(keyframe) }
        }
        self.keyframes = result
        self.extrapolation = extrapolation
    }

    /// Adds a keyframe (replacing one at the same time). Non-finite times or values are ignored.
    ///
    /// - Parameters:
    ///   - value: The value at the keyframe.
    ///   - time: The input value (time) of the keyframe.
    ///   - easing: The easing of the segment that starts at this keyframe (JazzHands' rule);
    ///     `.linear` by default.
    public mutating func add(_ value: Value, at time: Double, easing: Easing = .linear) {
        guard time.isFinite, (try? value.validated()) != nil else { return }
        let index = insertionIndex(for: time)
        let keyframe = Keyframe(time: time, value: value, easing: easing)
        if index > 0, keyframes[index - 1].time == time {
            keyframes[index - 1] = keyframe
        } else {
            keyframes.insert(keyframe, at: index)
        }
    }

    /// Adds a keyframe: RazzleDazzle's `addKeyframe(_:value:)`, the same as
    /// ``add(_:at:easing:)``.
    public mutating func addKeyframe(_ time: Double, value: Value, easing: Easing = .linear) {
        add(value, at: time, easing: easing)
    }

    /// RazzleDazzle's `animation[time] = value`: reading gives the value at `time` (nil for an
    /// empty track); writing adds a linear keyframe there (writing nil does nothing).
    public subscript(time: Double) -> Value? {
        get { value(at: time) }
        set { if let newValue { add(newValue, at: time) } }
    }

    /// The value at `time`; nil for an empty track.
    public func value(at time: Double) -> Value? {
        guard let first = keyframes.first, let last = keyframes.last else { return nil }
        let time = time.isNaN ? first.time : time
        if keyframes.count == 1 { return first.value }
        if time <= first.time {
            guard extrapolation == .extend, time < first.time else { return first.value }
            return segment(0, fraction: (time - first.time) / (keyframes[1].time - first.time), eased: false)
        }
        if time >= last.time {
            guard extrapolation == .extend, time > last.time else { return last.value }
            let before = keyframes[keyframes.count - 2]
            return segment(keyframes.count - 2, fraction: (time - before.time) / (last.time - before.time), eased: false)
        }
        let upper = insertionIndex(for: time)   // first keyframe after `time`
        let lower = upper - 1
        let span = keyframes[upper].time - keyframes[lower].time
        return segment(lower, fraction: (time - keyframes[lower].time) / span, eased: true)
    }

    /// The value between keyframe `index` and the next at `fraction`.
    private func segment(_ index: Int, fraction: Double, eased: Bool) -> Value {
        let from = keyframes[index], to = keyframes[index + 1]
        let progress = eased ? from.easing.progress(at: fraction) : fraction
        return from.value.interpolated(to: to.value, fraction: progress)
    }

    /// The index of the first keyframe later than `time` (binary search).
    private func insertionIndex(for time: Double) -> Int {
        var (low, high) = (0, keyframes.count)
        while low < high {
            let mid = (low + high) / 2
            if keyframes[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// JazzHands' animator: tracks bound to properties of targets, all set from one input.
///
/// ```swift
/// let animator = KeyframeAnimator()
/// animator.add(KeyframeTrack([(0, 1.0, .inSine), (320, 0.0, .linear)]), keyPath: "opacity", on: logo)
/// animator.addTransform(on: logo, scale: KeyframeTrack([(0, 1.0, .outCubic), (320, 2.0, .linear)]),
///                       rotation: KeyframeTrack([(0, 0.0, .linear), (320, .pi, .linear)]))
/// animator.animate(at: scrollView.contentOffset.x)
/// ```
@MainActor
public final class KeyframeAnimator {
    private var bindings: [any KeyframeBinding] = []

    /// An animator with no tracks.
    public init() {}

    /// Binds a track to a key path of `target` (a value of the wrong type is reported and the
    /// track is not added).
    public func add<Value: AnimatableValue>(_ track: KeyframeTrack<Value>, keyPath: String, on target: any AnimationTarget) {
        if let known = LayerProperty.named(keyPath), known.valueType != Value.self {
            FlightDiagnostics.report(.typeMismatch(keyPath: keyPath, expected: "\(known.valueType)", actual: "\(Value.self)"))
            return
        }
        bindings.append(TrackBinding(track: track, keyPath: keyPath, target: target))
    }

    /// Binds scale, rotation (radians) and translation tracks to `target`'s transform, combined in
    /// one documented order: scale, then rotation, then translation (`T · R · S` acting on a
    /// point), so a rotated view still moves along the screen's axes. Missing tracks mean
    /// identity.
    public func addTransform(
        on target: any AnimationTarget, scale: KeyframeTrack<Double>? = nil, rotation: KeyframeTrack<Double>? = nil,
        translation: KeyframeTrack<CGPoint>? = nil
    ) {
        bindings.append(TransformBinding(target: target, scale: scale, rotation: rotation, translation: translation))
    }

    /// JazzHands' `keepView(_:onPages:atTimes:withAttribute:offset:)`: at each time, the view's
    /// left edge, centre or right edge (`attribute`) lines up with the same place in the page
    /// given for that time, plus `offset` points; in between it moves linearly, and before the
    /// first time and after the last it stays where those put it (so it scrolls with its page,
    /// as in JazzHands). Times are in the
    /// unit the animator is driven with, pages as JazzHands drives it (`contentOffset.x /
    /// pageWidth`); without `times`, each page is its own time, which keeps the view still on
    /// screen while those pages scroll by. The view's `position.x` is set, from its width and
    /// anchor point as they are when the animator runs.
    ///
    /// ```swift
    /// animator.keepView(circle, onPages: [0, 1], pageWidth: 320)             // still on pages 0 and 1
    /// animator.keepView(heart, onPages: [0.85, 1.85], atTimes: [1, 2], pageWidth: 320, attribute: .left)
    /// animator.animate(at: scrollView.contentOffset.x / 320)
    /// ```
    ///
    /// As many times as pages are needed (JazzHands crashes otherwise): a mismatch, or a page
    /// width that is not positive and finite, is reported and nothing is added.
    public func keepView(
        _ view: any AnimationTarget, onPages pages: [Double], atTimes times: [Double]? = nil, pageWidth: Double,
        attribute: PageAlignment = .centerX, offset: Double = 0
    ) {
        let times = times ?? pages
        guard times.count == pages.count, !pages.isEmpty, pageWidth.isFinite, pageWidth > 0 else {
            FlightDiagnostics.report(.invalidValue(
                keyPath: "position.x",
                reason: "keepView needs as many times as pages (\(times.count) for \(pages.count)) and a positive page width"))
            return
        }
        let alignment: Double = switch attribute {
        case .left: 0
        case .centerX: 0.5
        case .right: 1
        }
        let edges = KeyframeTrack(zip(times, pages).map { time, page in
            (time: time, value: (page + alignment) * pageWidth + offset, easing: Easing.linear)
        })
        bindings.append(KeepViewBinding(edges: edges, alignment: alignment, target: view))
    }

    /// JazzHands' `IFTTTConstraintMultiplierAnimation`: sets `keyPath` of `target` (a layout
    /// constraint's `constant`, by default) to the track's multiplier times `reference`'s width or
    /// height, read when the animator runs.
    ///
    /// ```swift
    /// var multiplier = KeyframeTrack<Double>()
    /// multiplier.add(-0.2, at: 0)
    /// multiplier.add(0.3, at: 1)
    /// animator.addMultiplier(multiplier, of: .height, of: contentView, on: topConstraint)
    /// ```
    public func addMultiplier(
        _ multipliers: KeyframeTrack<Double>, of dimension: LayoutDimension, of reference: any AnimationTarget,
        keyPath: String = "constant", on target: any AnimationTarget
    ) {
        bindings.append(MultiplierBinding(multipliers: multipliers, dimension: dimension, reference: reference,
                                          keyPath: keyPath, target: target))
    }

    /// Sets every bound property to its track's value at `time`.
    public func animate(at time: Double) {
        for binding in bindings { binding.apply(at: time) }
    }

    /// The transform the scale, rotation and translation combine into.
    public static func transform(scale: Double, rotation: Double, translation: CGPoint) -> Transform3D {
        Transform2D.scale(x: scale, y: scale)
            .concatenating(.rotation(rotation))
            .concatenating(.translation(x: Double(translation.x), y: Double(translation.y)))
            .transform3D
    }
}

/// Which edge of a view ``KeyframeAnimator/keepView(_:onPages:atTimes:pageWidth:attribute:offset:)``
/// lines up within its page (JazzHands' `IFTTTHorizontalPositionAttribute`).
public enum PageAlignment: Sendable, Hashable {
    /// The view's left edge on the page's left edge.
    case left
    /// The view's centre on the page's centre.
    case centerX
    /// The view's right edge on the page's right edge.
    case right
}

/// A side of a view's bounds that ``KeyframeAnimator/addMultiplier(_:of:of:keyPath:on:)`` scales.
public enum LayoutDimension: Sendable, Hashable {
    /// The bounds' width.
    case width
    /// The bounds' height.
    case height
}

@MainActor
private protocol KeyframeBinding {
    func apply(at time: Double)
}

@MainActor
private struct TrackBinding<Value: AnimatableValue>: KeyframeBinding {
    let track: KeyframeTrack<Value>
    let keyPath: String
    weak var target: (any AnimationTarget)?

    init(track: KeyframeTrack<Value>, keyPath: String, target: any AnimationTarget) {
        self.track = track
        self.keyPath = keyPath
        self.target = target
    }

    func apply(at time: Double) {
        guard let target, let value = track.value(at: time) else { return }
        _ = target.animationHost.setTypedModelValue(value, forKeyPath: keyPath)
    }
}

@MainActor
private struct TransformBinding: KeyframeBinding {
    weak var target: (any AnimationTarget)?
    let scale: KeyframeTrack<Double>?
    let rotation: KeyframeTrack<Double>?
    let translation: KeyframeTrack<CGPoint>?

    init(target: any AnimationTarget, scale: KeyframeTrack<Double>?, rotation: KeyframeTrack<Double>?,
         translation: KeyframeTrack<CGPoint>?) {
        self.target = target
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }

    func apply(at time: Double) {
        guard let target else { return }
        let transform = KeyframeAnimator.transform(
            scale: scale?.value(at: time) ?? 1, rotation: rotation?.value(at: time) ?? 0,
            translation: translation?.value(at: time) ?? .zero)
        _ = target.animationHost.setModelValue(transform, for: LayerProperty.transform)
    }
}

@MainActor
private struct KeepViewBinding: KeyframeBinding {
    let edges: KeyframeTrack<Double>
    let alignment: Double
    weak var target: (any AnimationTarget)?

    func apply(at time: Double) {
        guard let host = target?.animationHost, let edge = edges.value(at: time) else { return }
        let width = Double(host.modelValue(for: LayerProperty.bounds).width)
        let anchor = Double(host.modelValue(for: LayerProperty.anchorPoint).x)
        _ = host.setModelValue(edge + (anchor - alignment) * width, for: LayerProperty.positionX)
    }
}

@MainActor
private struct MultiplierBinding: KeyframeBinding {
    let multipliers: KeyframeTrack<Double>
    let dimension: LayoutDimension
    weak var reference: (any AnimationTarget)?
    let keyPath: String
    weak var target: (any AnimationTarget)?

    func apply(at time: Double) {
        guard let host = target?.animationHost, let multiplier = multipliers.value(at: time),
              let bounds = reference?.animationHost.modelValue(forKeyPath: LayerProperty.bounds.keyPath) as? CGRect else { return }
        let length = Double(dimension == .width ? bounds.width : bounds.height)
        _ = host.setModelValue(multiplier * length, forKeyPath: keyPath)
    }
}
