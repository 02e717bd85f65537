#if canImport(UIKit) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
import ObjectiveC
import QuartzCore
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// A layout constraint as a Flight target: its `constant` is the one key path it holds, so
/// progress-driven animators (``KeyframeAnimator/addMultiplier(_:of:of:keyPath:on:)``, tracks,
/// states) drive it like a view property. A constraint has no presentation of its own: a
/// time-driven group on it sets the constant at once and keeps its callbacks' timing; animate
/// the views it lays out for motion on screen. Attached to its constraint as an associated
/// object.
@MainActor
public final class LayoutConstraintHost: AnimationHost {
    /// The constraint, held weakly (the constraint owns its host).
    public private(set) weak var constraint: NSLayoutConstraint?
    /// Flight's bookkeeping for this constraint.
    public let animationState = AnimationState()

    init(constraint: NSLayoutConstraint) {
        self.constraint = constraint
    }

    /// The host attached to `constraint`, created on first use.
    public static func host(for constraint: NSLayoutConstraint) -> LayoutConstraintHost {
        _ = SystemSettings.read
        if let host = objc_getAssociatedObject(constraint, &constraintHostKey) as? LayoutConstraintHost { return host }
        let host = LayoutConstraintHost(constraint: constraint)
        objc_setAssociatedObject(constraint, &constraintHostKey, host, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return host
    }

    /// `CACurrentMediaTime()`.
    public var currentTime: TimeInterval { CACurrentMediaTime() }

    /// The scheduler every CoreAnimation host shares.
    public var frameScheduler: FrameScheduler { CoreAnimationFrames.scheduler }

    /// The constant, as a `Double`, for the key path `constant`; nil for any other.
    public func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        guard keyPath == "constant", let constraint else { return nil }
        return Double(constraint.constant)
    }

    /// The same as the model value: a constraint has no presentation.
    public func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        modelValue(forKeyPath: keyPath)
    }

    /// Sets the constant from a number; false for any other key path or value.
    @discardableResult
    public func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        guard keyPath == "constant", let constraint,
              let number = ScalarBridge.convert(value, to: Double.self) as? Double, number.isFinite else { return false }
        constraint.constant = CGFloat(number)
        return true
    }

    /// Runs `changes` in one `CATransaction` with implicit actions disabled, as layer hosts do,
    /// so that a progress update whose first target is a constraint still commits its layers'
    /// values together.
    public func performTogether(_ changes: () -> Void) {
        CoreAnimationTransaction.perform(changes)
    }

    /// Nothing to play: a constraint shows no animation of its own.
    public func apply(_ changes: [LayerAnimationChange]) {}
}

nonisolated(unsafe) private var constraintHostKey: UInt8 = 0

extension NSLayoutConstraint: AnimationTarget {
    /// The constraint's Flight host (``LayoutConstraintHost``).
    @MainActor
    public var animationHost: any AnimationHost {
        _ = CoreAnimationFrames.driver
        return LayoutConstraintHost.host(for: self)
    }
}
#endif
