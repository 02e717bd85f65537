#if canImport(QuartzCore)
import ObjectiveC
import QuartzCore

/// Plays Flight's groups on a `CALayer`: each resolved group becomes one `CAAnimationGroup` of
/// `CAKeyframeAnimation`s (values boxed once, key times set, linear calculation mode) added
/// under its key; model values are set inside a `CATransaction` with implicit actions disabled;
/// presentation values come from `presentation()`. Animations added by UIKit or by the app are
/// left alone. Nothing is swizzled: the host is attached to its layer as an associated object.
@MainActor
public final class CALayerHost: AnimationHost {
    /// The layer, held weakly (the layer owns its host).
    public private(set) weak var layer: CALayer?
    /// Flight's bookkeeping for this layer.
    public let animationState = AnimationState()

    init(layer: CALayer) {
        self.layer = layer
    }

    /// The host attached to `layer`, created on first use.
    public static func host(for layer: CALayer) -> CALayerHost {
        if let host = objc_getAssociatedObject(layer, &associationKey) as? CALayerHost { return host }
        let host = CALayerHost(layer: layer)
        objc_setAssociatedObject(layer, &associationKey, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return host
    }

    /// `CACurrentMediaTime()`.
    public var currentTime: TimeInterval { CACurrentMediaTime() }

    /// The scheduler shared by every CoreAnimation host, driven by the display link.
    public var frameScheduler: FrameScheduler { CoreAnimationFrames.scheduler }

    /// The layer's model value, read by key-value coding.
    public func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        guard let layer else { return nil }
        return CoreAnimationBoxing.unbox(layer.value(forKeyPath: keyPath), expected: LayerProperty.named(keyPath)?.valueType)
    }

    /// The presentation layer's value (the model value when nothing is on screen yet).
    public func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        guard let layer else { return nil }
        let source = layer.presentation() ?? layer
        return CoreAnimationBoxing.unbox(source.value(forKeyPath: keyPath), expected: LayerProperty.named(keyPath)?.valueType)
    }

    /// Sets the model value with implicit actions disabled.
    @discardableResult
    public func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        guard let layer, let boxed = CoreAnimationBoxing.box(value) else { return false }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(boxed, forKeyPath: keyPath)
        CATransaction.commit()
        return true
    }

    /// Adds the group as a `CAAnimationGroup` beginning now.
    public func play(_ group: ResolvedGroup, forKey key: String, completion: @escaping @MainActor (Bool) -> Void) {
        guard let layer else {
            completion(false)
            return
        }
        let animation = CAAnimationGroup()
        animation.duration = group.duration
        animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        animation.fillMode = .removed
        animation.isRemovedOnCompletion = true
        animation.animations = group.properties.compactMap(Self.keyframeAnimation)
        animation.delegate = CompletionDelegate(completion)
        layer.add(animation, forKey: key)
    }

    /// Cross-fades the layer's next change with a fade transition on its superlayer (on the
    /// layer itself when it has none).
    public func crossFade(duration: TimeInterval) {
        guard let layer, duration > 0, duration.isFinite else { return }
        let transition = CATransition()
        transition.type = .fade
        transition.duration = duration
        (layer.superlayer ?? layer).add(transition, forKey: "flight.crossFade")
    }

    /// Removes the group's animation; its delegate reports `false`.
    public func removeGroup(forKey key: String) {
        layer?.removeAnimation(forKey: key)
    }

    /// One property as a keyframe animation, values boxed once.
    static func keyframeAnimation(_ property: ResolvedProperty) -> CAKeyframeAnimation? {
        guard property.duration > 0 else { return nil }
        let boxed = property.keyframeValues.compactMap(CoreAnimationBoxing.box)
        guard boxed.count == property.keyTimes.count else { return nil }
        let animation = CAKeyframeAnimation(keyPath: property.keyPath)
        animation.values = boxed
        animation.keyTimes = property.keyTimes.map { NSNumber(value: $0) }
        animation.calculationMode = .linear
        animation.duration = property.duration
        return animation
    }
}

nonisolated(unsafe) private var associationKey: UInt8 = 0

/// Reports a group animation's end to Flight. CoreAnimation retains an animation's delegate.
@MainActor
private final class CompletionDelegate: NSObject, CAAnimationDelegate {
    private var completion: (@MainActor (Bool) -> Void)?

    init(_ completion: @escaping @MainActor (Bool) -> Void) {
        self.completion = completion
    }

    nonisolated func animationDidStop(_ animation: CAAnimation, finished: Bool) {
        MainActor.assumeIsolated {
            let completion = self.completion
            self.completion = nil
            completion?(finished)
        }
    }
}

/// The frame scheduler every CoreAnimation host shares, and the display link that drives it.
@MainActor
public enum CoreAnimationFrames {
    /// The shared scheduler, in `CACurrentMediaTime()` seconds.
    public static let scheduler = FrameScheduler(startingAt: CACurrentMediaTime())

    #if os(iOS) || os(tvOS) || os(visionOS)
    /// The display link driving ``scheduler``.
    public static let driver = DisplayLinkDriver(scheduler: scheduler)
    #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
    /// The display link driving ``scheduler``.
    public static let driver = MacDisplayLinkDriver(scheduler: scheduler)
    #endif
}

extension CALayer: AnimationTarget {
    /// The layer's Flight host.
    @MainActor
    public var animationHost: any AnimationHost {
        _ = CoreAnimationFrames.driver
        return CALayerHost.host(for: self)
    }
}
#endif
