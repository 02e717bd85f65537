import Foundation

/// Flight's Reduce Motion setting.
///
/// By default Flight respects the system setting (`UIAccessibility.isReduceMotionEnabled` on
/// iOS, tvOS and visionOS, `NSWorkspace.accessibilityDisplayShouldReduceMotion` on macOS; off
/// elsewhere) by shortening animations to at most 0.25 s without overshoot.
///
/// Two kinds of motion are not shortened but dissolved (as ``ReduceMotionPolicy/crossFade(duration:)``
/// over the policy's maximum duration) while the policy is ``ReduceMotionPolicy/shorten(maximumDuration:)``:
///
/// - **Every motion, when the user prefers cross-fades** (``prefersCrossFade``: iOS's Prefer
///   Cross-Fade Transitions, `UIAccessibility.prefersCrossFadeTransitions`, which Apple documents
///   as true when "the Reduce Motion and the Prefer Cross-Fade Transitions settings are in an
///   enabled state"; SwiftUI's `accessibilityPrefersCrossFadeTransitions` adds that the UI "should
///   avoid Slide animations and prefer Cross-Fade transitions instead").
/// - **Motion in depth** (``avoidsDepthMotion``, on by default): a transform that rotates out of
///   the screen's plane or has perspective, at either end of its animation, and
///   `transform.rotation.x`/`.y`. Apple's documentation of Reduce Motion
///   (`EnvironmentValues.accessibilityReduceMotion`,
///   `NSWorkspace.accessibilityDisplayShouldReduceMotion`) asks that the UI "avoid large
///   animations, especially those that simulate the third dimension", and the Human Interface
///   Guidelines' [Motion](https://developer.apple.com/design/human-interface-guidelines/motion)
///   page asks to make motion optional for the people it makes uncomfortable.
///
/// ``ReduceMotionPolicy/crossFade(duration:)`` and ``ReduceMotionPolicy/jump`` already move
/// nothing, and ``ReduceMotionPolicy/ignore`` is the app's choice to animate as written: those
/// policies are applied as they are.
///
/// ```swift
/// ReduceMotion.policy = .crossFade(duration: 0.2)
/// ReduceMotion.isEnabled = { true }       // force it, e.g. in a test or a preview
/// ReduceMotion.prefersCrossFade = { true }
/// ```
@MainActor
public enum ReduceMotion {
    // `policy` and `isEnabled` are read by every `animate`, on the main actor, and no access
    // to them is held across a call out, so the run-time exclusivity check is left out.

    /// The policy applied while reduced motion is on.
    @exclusivity(unchecked) public static var policy: ReduceMotionPolicy = .shorten(maximumDuration: 0.25)

    /// Whether reduced motion is on now; the system setting by default.
    @exclusivity(unchecked) public static var isEnabled: @MainActor () -> Bool = readSystemSetting

    /// Whether the user prefers cross-fades to motion (read only while reduced motion is on):
    /// `UIAccessibility.prefersCrossFadeTransitions` with UIKit, false elsewhere (macOS has no
    /// such setting). While it is true, the ``ReduceMotionPolicy/shorten(maximumDuration:)``
    /// policy dissolves what moves instead.
    public static var prefersCrossFade: @MainActor () -> Bool = readCrossFadeSetting

    /// Whether motion in depth (a 3D rotation or perspective) is dissolved rather than shortened
    /// under the ``ReduceMotionPolicy/shorten(maximumDuration:)`` policy; true by default.
    public static var avoidsDepthMotion = true

    /// The system setting, read as ``systemSetting`` reads it. A method rather than a closure
    /// literal, whose body would check at every `animate` that it runs on the main actor.
    private static func readSystemSetting() -> Bool {
        platformSetting?() ?? false
    }

    /// The platform's Prefer Cross-Fade Transitions setting, off where there is none.
    private static func readCrossFadeSetting() -> Bool {
        platformCrossFadeSetting?() ?? false
    }

    /// How to read the platform's Prefer Cross-Fade Transitions setting, told by the platform's
    /// host as ``platformSetting`` is.
    static var platformCrossFadeSetting: (@MainActor () -> Bool)?

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

    /// The policy in force for `plan` starting now on `host`: ``activePolicy``, except that
    /// under ``ReduceMotionPolicy/shorten(maximumDuration:)`` a plan dissolves (over the maximum
    /// duration) when the user prefers cross-fades, or when it moves in depth and
    /// ``avoidsDepthMotion`` is on. Where a transform starts is what the host shows now.
    static func activePolicy(for plan: AnimationPlan, on host: any AnimationHost) -> ReduceMotionPolicy {
        let policy = activePolicy
        guard case .shorten = policy else { return policy }
        return resolved(policy, prefersCrossFade: prefersCrossFade(), avoidsDepthMotion: avoidsDepthMotion,
                        movesInDepth: plan.properties.contains { property in
                            movesInDepth(property.keyPath, to: property.target) {
                                host.presentationValue(forKeyPath: property.keyPath)
                            }
                        })
    }

    /// The policy that replaces `policy` given the user's and the app's settings: the rule of
    /// ``activePolicy(for:on:)``, kept apart from the settings so that it is tested alone.
    /// `movesInDepth` is evaluated only when the rule needs it.
    package nonisolated static func resolved(
        _ policy: ReduceMotionPolicy, prefersCrossFade: Bool, avoidsDepthMotion: Bool,
        movesInDepth: @autoclosure () -> Bool
    ) -> ReduceMotionPolicy {
        guard case .shorten(let maximum) = policy else { return policy }
        guard prefersCrossFade || (avoidsDepthMotion && movesInDepth()) else { return policy }
        return .crossFade(duration: validMaximum(maximum))
    }

    /// Whether animating `keyPath` to `target` moves in depth: a `transform.rotation.x` or `.y`
    /// that changes, or a ``Transform3D`` (at any key path) with ``Transform3D/movesInDepth``
    /// at either end. `current` reads the start only when the target alone does not decide.
    package nonisolated static func movesInDepth(
        _ keyPath: String, to target: any AnimatableValue, current: () -> (any AnimatableValue)?
    ) -> Bool {
        if keyPath == "transform.rotation.x" || keyPath == "transform.rotation.y" {
            guard let to = target as? Double else { return false }
            return to != 0 || (current() as? Double).map { $0 != to } ?? false
        }
        guard let to = target as? Transform3D else { return false }
        if to.movesInDepth { return true }
        return (current() as? Transform3D)?.movesInDepth ?? false
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

    /// Changes the plan as the policy would have it.
    static func adjust(_ plan: inout AnimationPlan, for policy: ReduceMotionPolicy) {
        switch policy {
        case .ignore, .jump:
            break
        case .shorten:
            for index in plan.properties.indices {
                var property = plan.properties[index]
                (property.easing, property.duration) =
                    shortened(property.easing, duration: property.duration, by: policy)
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
    }

    /// An easing and duration as ``ReduceMotionPolicy/shorten(maximumDuration:)`` has them: a
    /// spring, decay or overshooting curve becomes `.inOutSine`, and no duration exceeds the
    /// maximum. Any other policy leaves them as they are.
    package nonisolated static func shortened(
        _ easing: Easing, duration: TimeInterval, by policy: ReduceMotionPolicy
    ) -> (easing: Easing, duration: TimeInterval) {
        guard case .shorten(let maximum) = policy else { return (easing, duration) }
        let cap = validMaximum(maximum)
        var (easing, duration) = (easing, duration)
        if easing.hasIntrinsicDuration || easing.canOvershoot {
            easing = .inOutSine
            if duration > cap || duration == 0 { duration = cap }
        }
        return (easing, min(duration, cap))
    }

    /// The longest a ``ReduceMotionPolicy/shorten(maximumDuration:)`` policy lets anything run:
    /// its maximum, or 0.25 s when that is negative or not finite.
    private nonisolated static func validMaximum(_ maximum: TimeInterval) -> TimeInterval {
        maximum.isFinite && maximum >= 0 ? maximum : 0.25
    }
}

extension Transform3D {
    /// Whether the transform takes a layer out of the screen's plane: a rotation about an axis
    /// other than z (a non-zero `m13`, `m23`, `m31` or `m32`, or a negative `m33`: a half-turn
    /// about x or y) or perspective (a non-zero `m14`, `m24` or `m34`). Depth translation and
    /// scale (`m43`, a positive `m33`) alone do not show without perspective, and do not count.
    package var movesInDepth: Bool {
        let tolerance = 1e-9
        return [m13, m23, m31, m32, m14, m24, m34].contains { abs($0) > tolerance } || m33 < -tolerance
    }
}
