import Foundation

/// What Flight does with an animation while the user has asked for reduced motion.
public enum ReduceMotionPolicy: Sendable, Hashable {
    /// Animate as written.
    case ignore
    /// Keep animating, calmly: every duration is capped at `maximumDuration`, and springs,
    /// decays and overshooting curves become a gentle `.inOutSine`. Triggers and callbacks keep
    /// their meaning on the shortened group.
    case shorten(maximumDuration: TimeInterval)
    /// Replace motion by a dissolve over `duration`: a layer whose geometry (position, bounds,
    /// transform, anchor point, depth) changes fades out, its geometry jumps to the end halfway
    /// through while it is invisible, and it fades back in to its model opacity. Nothing else on
    /// screen fades, and nothing moves. Colours and opacity changes still animate, capped at
    /// `duration`. The dissolve is ordinary animations of the layer, played in the same
    /// transaction as the rest of the group, so the headless host shows it frame by frame.
    case crossFade(duration: TimeInterval)
    /// No animation: final values at once, as `applyAnimation(forKey:animated: false)`, except
    /// that triggers still fire (at once) so that chained work is not lost.
    case jump
}

/// Flight's Reduce Motion setting.
///
/// By default Flight respects the system setting (`UIAccessibility.isReduceMotionEnabled` on
/// iOS, tvOS and visionOS, `NSWorkspace.accessibilityDisplayShouldReduceMotion` on macOS; off
/// elsewhere) by shortening animations to at most 0.25 s without overshoot.
///
/// ```swift
/// ReduceMotion.policy = .crossFade(duration: 0.2)
/// ReduceMotion.isEnabled = { true }       // force it, e.g. in a test or a preview
/// ```
@MainActor
public enum ReduceMotion {
    /// The policy applied while reduced motion is on.
    public static var policy: ReduceMotionPolicy = .shorten(maximumDuration: 0.25)

    /// Whether reduced motion is on now; the system setting by default.
    public static var isEnabled: @MainActor () -> Bool = readSystemSetting

    /// The system setting, read as ``systemSetting`` reads it. A method rather than a closure
    /// literal, whose body would check at every `animate` that it runs on the main actor.
    private static func readSystemSetting() -> Bool {
        platformSetting?() ?? false
    }

    /// The platform's setting (`UIAccessibility.isReduceMotionEnabled` with UIKit,
    /// `NSWorkspace.accessibilityDisplayShouldReduceMotion` with AppKit), as Flight's
    /// CoreAnimation hosts read it: the portable engine has no platform code, so the first host
    /// Flight makes for a layer or a constraint tells it how to read the setting (before that,
    /// and off Apple platforms, it is off).
    public static var systemSetting: @MainActor () -> Bool { platformSetting ?? { false } }

    /// How to read the system's setting, told by the platform's host.
    static var platformSetting: (@MainActor () -> Bool)?

    /// The policy in force for an animation starting now.
    static var activePolicy: ReduceMotionPolicy {
        isEnabled() ? policy : .ignore
    }

    /// Key paths whose change is motion (as opposed to fading or recolouring), as their
    /// ``LayerProperty/isMotion`` says; custom key paths are not.
    static func isMotion(_ keyPath: String) -> Bool {
        if let property = LayerProperty.named(keyPath) { return property.isMotion }
        // A sub-path Flight has no declaration for (`transform.rotation.x`, `bounds.origin.x`)
        // is motion if its base property is.
        guard let dot = keyPath.firstIndex(of: ".") else { return false }
        return LayerProperty.named(String(keyPath[..<dot]))?.isMotion ?? false
    }

    /// The plan as the policy would have it.
    static func adjust(_ plan: AnimationPlan, for policy: ReduceMotionPolicy) -> AnimationPlan {
        if case .ignore = policy { return plan }
        var plan = plan
        switch policy {
        case .ignore, .jump:
            break
        case .shorten(let maximum):
            let cap = maximum.isFinite && maximum >= 0 ? maximum : 0.25
            for index in plan.properties.indices {
                var property = plan.properties[index]
                if property.easing.hasIntrinsicDuration || property.easing.canOvershoot {
                    property.easing = .inOutSine
                    if property.duration > cap || property.duration == 0 { property.duration = cap }
                }
                property.duration = min(property.duration, cap)
                plan.properties[index] = property
            }
        case .crossFade(let duration):
            let cap = duration.isFinite && duration >= 0 ? duration : 0.2
            for index in plan.properties.indices {
                var property = plan.properties[index]
                if isMotion(property.keyPath) {
                    // Held, then one jump halfway, when the dissolve has faded the layer out.
                    property.duration = cap
                    property.easing = .steps(2, .jumpNone)
                } else {
                    if property.easing.hasIntrinsicDuration || property.easing.canOvershoot { property.easing = .inOutSine }
                    property.duration = min(property.duration, cap)
                }
                plan.properties[index] = property
            }
        }
        return plan
    }
}
