import Foundation

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
    private var bindings: [any ProgressBinding] = []

    /// An animator with no tracks.
    public init() {}

    /// Binds a track to a key path of `target` (a value of the wrong type is reported and the
    /// track is not added).
    public func add<Value: AnimatableValue>(_ track: KeyframeTrack<Value>, keyPath: String, on target: any AnimationTarget) {
        if let known = LayerProperty.named(keyPath), known.valueType != Value.self {
            FlightDiagnostics.report(.typeMismatch(keyPath: keyPath, expected: "\(known.valueType)", actual: "\(Value.self)"))
            return
        }
        bindings.append(PropertyBinding(target: target, track: track, keyPath: keyPath))
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
        keepView(view, onPages: pages, atTimes: times, offsets: Array(repeating: offset, count: pages.count),
                 pageWidth: pageWidth, attribute: attribute)
    }

    /// JazzHands' `keepView(_:onPages:atTimes:withOffsets:withAttribute:)`: as
    /// ``keepView(_:onPages:atTimes:pageWidth:attribute:offset:)``, with an offset of its own
    /// for each page, in points. As many offsets as pages are needed (JazzHands crashes
    /// otherwise): a mismatch is reported and nothing is added.
    ///
    /// ```swift
    /// animator.keepView(label, onPages: [0, 1], offsets: [0, 40], pageWidth: 320, attribute: .left)
    /// ```
    public func keepView(
        _ view: any AnimationTarget, onPages pages: [Double], atTimes times: [Double]? = nil, offsets: [Double],
        pageWidth: Double, attribute: PageAlignment = .centerX
    ) {
        let times = times ?? pages
        guard times.count == pages.count, offsets.count == pages.count, !pages.isEmpty, pageWidth.isFinite, pageWidth > 0 else {
            FlightDiagnostics.report(.invalidValue(
                keyPath: "position.x",
                reason: "keepView needs as many times and offsets as pages (\(times.count) and \(offsets.count) for \(pages.count)) and a positive page width"))
            return
        }
        let alignment: Double = switch attribute {
        case .left: 0
        case .centerX: 0.5
        case .right: 1
        }
        let edges = KeyframeTrack((0..<pages.count).map { index in
            (time: times[index], value: (pages[index] + alignment) * pageWidth + offsets[index], easing: Easing.linear)
        })
        bindings.append(PropertyBinding(target: view, track: edges, output: .derived { edge, host in
            let width = Double(host.modelValue(for: LayerProperty.bounds).width)
            let anchor = Double(host.modelValue(for: LayerProperty.anchorPoint).x)
            return host.setFiniteModelValue(edge + (anchor - alignment) * width, for: LayerProperty.positionX)
        }))
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
        bindings.append(PropertyBinding(target: target, track: multipliers, output: .derived { [weak reference] multiplier, host in
            guard let bounds = reference?.animationHost.modelValue(forKeyPath: LayerProperty.bounds.keyPath) as? CGRect else {
                return (keyPath, true)
            }
            let length = Double(dimension == .width ? bounds.width : bounds.height)
            return (keyPath, host.setFiniteModelValue(multiplier * length, forKeyPath: keyPath))
        }))
    }

    /// The input a scroll offset gives an animator: the offset in points, or, given a page
    /// width (positive and finite), in pages of it.
    package static func input(offset: Double, pageWidth: Double?) -> Double {
        guard let pageWidth, pageWidth > 0, pageWidth.isFinite else { return offset }
        return offset / pageWidth
    }

    /// Sets every bound property to its track's value at `time`, committed together (one
    /// `CATransaction` on a device).
    public func animate(at time: Double) {
        writeTogether(on: firstHost) {
            for binding in bindings { binding.apply(at: time) }
        }
    }

    /// The host of the first target still alive, whose transaction the writes share.
    private var firstHost: (any AnimationHost)? {
        for binding in bindings {
            if let host = binding.target?.animationHost { return host }
        }
        return nil
    }

    /// The transform the scale, rotation and translation combine into.
    public static func transform(scale: Double, rotation: Double, translation: CGPoint) -> Transform3D {
        Transform2D.scale(x: scale, y: scale)
            .concatenating(.rotation(rotation))
            .concatenating(.translation(x: Double(translation.x), y: Double(translation.y)))
            .transform3D
    }
}

/// Scale, rotation and translation tracks combined into one transform: one property, three tracks.
@MainActor
private final class TransformBinding: ProgressBinding {
    weak var target: (any AnimationTarget)?
    let scale: KeyframeTrack<Double>?
    let rotation: KeyframeTrack<Double>?
    let translation: KeyframeTrack<CGPoint>?
    /// Reports a transform that is not finite, once.
    private let overflow = OverflowReport()

    init(target: any AnimationTarget, scale: KeyframeTrack<Double>?, rotation: KeyframeTrack<Double>?,
         translation: KeyframeTrack<CGPoint>?) {
        self.target = target
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }

    func apply(at time: Double, host: any AnimationHost) {
        let transform = KeyframeAnimator.transform(
            scale: scale?.value(at: time) ?? 1, rotation: rotation?.value(at: time) ?? 0,
            translation: translation?.value(at: time) ?? .zero)
        let (keyPath, written) = host.setFiniteModelValue(transform, for: LayerProperty.transform)
        if !written { overflow.report(keyPath) }
    }
}
