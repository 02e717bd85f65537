#if canImport(QuartzCore)
import ObjectiveC
import QuartzCore

/// Plays Flight's groups on a `CALayer`: each property of a group becomes one
/// `CAKeyframeAnimation` (values boxed once, key times and a timing function per segment, the
/// group's begin time) under the key `"<group key>.<property index>"`; model values are set inside a
/// `CATransaction` with implicit actions disabled;
/// presentation values come from `presentation()`. Animations added by UIKit or by the app are
/// left alone. Nothing is swizzled: the host is attached to its layer as an associated object.
@MainActor
public final class CALayerHost: AnimationHost {
    /// The layer, held weakly (the layer owns its host).
    public private(set) weak var layer: CALayer?
    /// Flight's bookkeeping for this layer.
    public let animationState = AnimationState()
    /// Which animations on the layer are Flight's, and which of their stops to report.
    private var keys = CoreAnimationKeys()

    init(layer: CALayer) {
        self.layer = layer
    }

    /// The host attached to `layer`, created on first use.
    public static func host(for layer: CALayer) -> CALayerHost {
        _ = SystemSettings.read
        if let host = objc_getAssociatedObject(layer, &associationKey) as? CALayerHost { return host }
        let host = CALayerHost(layer: layer)
        objc_setAssociatedObject(layer, &associationKey, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return host
    }

    /// The layer's time now: `CACurrentMediaTime()` converted into the layer's time space, so
    /// that a window sped up for UI tests plays Flight's animations, and times their callbacks,
    /// faster alike.
    public var currentTime: TimeInterval {
        guard let layer else { return CACurrentMediaTime() }
        return layer.convertTime(CACurrentMediaTime(), from: nil)
    }

    /// Media time (the display link's) at which the layer's time is `hostTime`.
    public func schedulerTime(forHostTime hostTime: TimeInterval) -> TimeInterval {
        layer?.convertTime(hostTime, to: nil) ?? hostTime
    }

    /// The layer's time at media time `schedulerTime`.
    public func hostTime(forSchedulerTime schedulerTime: TimeInterval) -> TimeInterval {
        layer?.convertTime(schedulerTime, from: nil) ?? schedulerTime
    }

    /// Runs `changes` inside one `CATransaction` with implicit actions disabled, so that model
    /// values and animations are committed together.
    public func performTogether(_ changes: () -> Void) {
        CoreAnimationTransaction.perform(changes)
    }

    /// The scheduler shared by every CoreAnimation host, driven by the display link.
    public var frameScheduler: FrameScheduler { CoreAnimationFrames.scheduler }

    /// The layer's model value, read by key-value coding.
    public func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        guard let layer else { return nil }
        return Self.value(forKeyPath: keyPath, of: layer)
    }

    /// A key path's value on `layer` (a model layer or a presentation): a part is read from its
    /// whole by Flight's rule for parts and wholes, as ``HeadlessLayer`` reads it.
    private static func value(forKeyPath keyPath: String, of layer: CALayer) -> (any AnimatableValue)? {
        guard let part = LayerProperty.named(keyPath), let base = part.baseKeyPath else {
            return CoreAnimationBoxing.unbox(layer.value(forKeyPath: keyPath), expected: LayerProperty.named(keyPath)?.valueType)
        }
        let whole = CoreAnimationBoxing.unbox(layer.value(forKeyPath: base), expected: LayerProperty.named(base)?.valueType)
        return whole.map(part.read)
    }

    /// The presentation layer's value (the model value when nothing is on screen yet).
    public func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        guard let layer else { return nil }
        return Self.value(forKeyPath: keyPath, of: layer.presentation() ?? layer)
    }

    /// Sets the model value with implicit actions disabled.
    @discardableResult
    public func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        guard let layer else { return false }
        // A part is written into its whole by Flight's rule for parts and wholes, and the whole
        // set, so that the model is what ``HeadlessLayer`` computes.
        var keyPath = keyPath
        var value = value
        if let part = LayerProperty.named(keyPath), let base = part.baseKeyPath {
            guard part.accepts(value), let whole = modelValue(forKeyPath: base) else { return false }
            value = part.write(value, into: whole)
            keyPath = base
        }
        guard let boxed = CoreAnimationBoxing.box(value) else { return false }
        CoreAnimationTransaction.perform { layer.setValue(boxed, forKeyPath: keyPath) }
        return true
    }

    /// Applies Flight's changes in one `CATransaction` with implicit actions disabled: each
    /// addition becomes a `CAKeyframeAnimation` exactly as ``CoreAnimationKeyframeAnimation``
    /// describes it (values boxed once, key times, a timing function per segment, the begin time
    /// in the layer's time space), each removal a `removeAnimation(forKey:)`. Only removals
    /// CoreAnimation makes on its own are reported (see ``CoreAnimationKeys``).
    public func apply(_ changes: [LayerAnimationChange]) {
        guard let layer else { return }
        let steps = CoreAnimationStep.plan(changes)
        CoreAnimationTransaction.perform { apply(steps, to: layer) }
    }

    private func apply(_ steps: [CoreAnimationStep], to layer: CALayer) {
        for step in steps {
            switch step {
            case .add(let description):
                guard let animation = Self.keyframeAnimation(description) else {
                    FlightDiagnostics.report(.invalidValue(
                        keyPath: description.keyPath, reason: "its values cannot be boxed for CoreAnimation"))
                    continue
                }
                let token = keys.added(key: description.key)
                animation.delegate = RemovalDelegate(host: self, key: description.key, token: token)
                // Carried by the animation, so that a stop can be checked against the layer.
                animation.setValue(token, forKey: Self.tokenKey)
                layer.add(animation, forKey: description.key)
            case .remove(let key):
                keys.removed(key: key)
                layer.removeAnimation(forKey: key)
            }
        }
    }

    /// Whether an animation Flight did not add (UIKit's, the app's) plays on `baseKeyPath` or a
    /// part of it. Flight's are those it added and has not removed, including those that ran to
    /// their end and stay on the layer until their group ends.
    public func hasOtherAnimations(onBase baseKeyPath: String) -> Bool {
        guard let layer, let layerKeys = layer.animationKeys() else { return false }
        for key in layerKeys where !keys.isFlights(key) {
            guard let animation = layer.animation(forKey: key) else { continue }
            // A group's children (a ``LayerAnimationGroup`` added as a `CAAnimationGroup`) count.
            for child in (animation as? CAAnimationGroup)?.animations ?? [animation] {
                if let keyPath = (child as? CAPropertyAnimation)?.keyPath, LayerProperty.base(of: keyPath) == baseKeyPath {
                    return true
                }
            }
        }
        return false
    }

    /// The animation added with `token` under `key` stopped: reported to Flight if something
    /// else removed it (``CoreAnimationKeys/stopped(key:token:finished:isRemovedOnCompletion:)``).
    fileprivate func animationDidStop(forKey key: String, token: Int, finished: Bool, isRemovedOnCompletion: Bool) {
        let isOnLayer = (layer?.animation(forKey: key)?.value(forKey: Self.tokenKey) as? Int) == token
        if keys.stopped(key: key, token: token, finished: finished, isRemovedOnCompletion: isRemovedOnCompletion,
                        isOnLayer: isOnLayer) {
            animationWasRemoved(forKey: key)
        }
    }

    /// The key under which each of Flight's animations carries its token.
    private static let tokenKey = "FlightAnimationToken"

    /// A keyframe animation from its description, or nil if a value cannot be boxed.
    static func keyframeAnimation(_ description: CoreAnimationKeyframeAnimation) -> CAKeyframeAnimation? {
        let boxed = description.values.compactMap(CoreAnimationBoxing.box)
        guard boxed.count == description.values.count else { return nil }
        let animation = CAKeyframeAnimation(keyPath: description.keyPath)
        animation.values = boxed
        animation.keyTimes = description.keyTimes.map { NSNumber(value: $0) }
        animation.timingFunctions = description.timingFunctions.map {
            CAMediaTimingFunction(controlPoints: Float($0.x1), Float($0.y1), Float($0.x2), Float($0.y2))
        }
        animation.calculationMode = .linear
        animation.beginTime = description.beginTime
        animation.duration = description.duration
        animation.fillMode = description.fillMode.coreAnimation
        animation.isRemovedOnCompletion = description.isRemovedOnCompletion
        animation.speed = Float(description.speed)
        animation.timeOffset = description.timeOffset
        animation.isAdditive = description.isAdditive
        if description.repeatCount > 0 { animation.repeatCount = description.floatRepeatCount }
        return animation
    }
}

nonisolated(unsafe) private var associationKey: UInt8 = 0

/// Hands the stop of one of Flight's animations to its host, which reports it to Flight if
/// CoreAnimation removed the animation on its own. CoreAnimation retains an animation's
/// delegate.
@MainActor
private final class RemovalDelegate: NSObject, CAAnimationDelegate {
    private weak var host: CALayerHost?
    private let key: String
    /// The animation's token (``CoreAnimationKeys/added(key:)``).
    private let token: Int

    init(host: CALayerHost, key: String, token: Int) {
        self.host = host
        self.key = key
        self.token = token
    }

    nonisolated func animationDidStop(_ animation: CAAnimation, finished: Bool) {
        let isRemovedOnCompletion = animation.isRemovedOnCompletion
        MainActor.assumeIsolated {
            host?.animationDidStop(forKey: key, token: token, finished: finished, isRemovedOnCompletion: isRemovedOnCompletion)
        }
    }
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
