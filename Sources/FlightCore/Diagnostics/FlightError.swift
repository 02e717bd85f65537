import Foundation

/// A problem Flight found in an animation request. Flight never traps on bad input: it reports
/// the problem through ``FlightDiagnostics`` and carries on with what it can do, by one rule: a
/// property whose target can be held goes there (a duration that cannot be played makes it jump
/// there at once, as UIKit's `animate(withDuration:)` does), a property whose target cannot be
/// held (non-finite, of the wrong type, at an empty key path) is skipped and left where it is,
/// and the rest of the group animates.
public enum FlightError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ``AnimationTarget/applyAnimation(forKey:animated:)`` was asked for a key that was never
    /// registered on that target.
    case unknownAnimationKey(String)
    /// A value's type does not match its key path's (a `Double` for `position`, say).
    case typeMismatch(keyPath: String, expected: String, actual: String)
    /// A target value is NaN or infinite, or its key path is empty: the property was skipped.
    case invalidValue(keyPath: String, reason: String)
    /// A duration is NaN, infinite or negative, so it cannot be played: the property went to its
    /// target at once, on the model and on screen, and the rest of the group played.
    case invalidDuration(keyPath: String, duration: Double)
    /// The key path is no property of the target, but resembles one (within two edits, or
    /// differing only in case): probably a misspelling. It was animated as a custom property.
    case unknownKeyPath(String, resembling: String)
    /// A value-progress trigger's moment is never reached: the group's driving property never
    /// covers that fraction of its way (solved when the group is built). The trigger never fires.
    case triggerNeverReached(progress: Double)
    /// A trigger's moment came, but its target (of the type named) no longer exists; nothing
    /// was started.
    case targetDeallocated(String)
    /// A motion too large to show within its tolerance in
    /// ``ValueMotion/maximumKeyframes`` keyframes (or with a tolerance below a ten-billionth of
    /// its travel) is shown within the wider tolerance given, in display units.
    case toleranceWidened(keyPath: String, tolerance: Double)
    /// The host refused a value of this type at the key path (a custom ``AnimatableValue`` that a
    /// `CALayer` cannot hold, say): the property was neither set nor animated.
    case hostCannotHold(keyPath: String, type: String)
    /// A spring or spring decay was given a start velocity that would have carried the property
    /// further than can be shown (``ValueMotion/excursionLimit``): the velocity was scaled down,
    /// keeping its direction, so that alone it carries the spring at most `reach` (in the
    /// value's distance units) and the spring overshoots its end value by at most about 1.2 times
    /// that.
    case velocityLimited(keyPath: String, reach: Double)
    /// The property's motion cannot be computed in finite numbers (the distance between its
    /// values, or a value along the way, overflows a `Double`): it jumps to its target instead of
    /// animating.
    case motionOverflows(keyPath: String)
    /// The host's time stands still (a layer or an ancestor has `speed` 0), so a group on it has
    /// no moment on the screen's clock: its callbacks and triggers follow the screen's clock, as if
    /// the speed were 1.
    case hostTimeStopped
    /// A ``Repetition``'s count, delay or return easing cannot be played (the reason says which,
    /// and what was played instead: a count that is not positive plays once, a bad delay counts
    /// as 0, a return easing that runs for its own duration gives way to the mirror).
    case invalidRepetition(String)
    /// A path given to ``GroupAnimator/position(along:orientation:)`` has no length (no pieces,
    /// or pieces that all stay on its start), so it has no direction: the position went to its
    /// end in a straight line from what was shown, and no rotation followed it.
    case pathHasNoLength(keyPath: String)
    /// A ``GroupAnimator/position(along:orientation:)`` asked to turn the layer along the
    /// tangent, but the same group also animates `rotatedBy`, a key path that covers the
    /// rotation (`transform`, `transform.rotation.z` or `transform.rotation`): that key path
    /// keeps the rotation, wherever it is declared, and no rotation follows the path.
    case pathRotationDropped(keyPath: String, rotatedBy: String)
    /// A group was exported (``AnimationGroup/export()``,
    /// ``AnimationTarget/exportAnimation(_:_:)``) that takes no time (it has no property, or
    /// none that plays over time) or repeats forever (it has no end for an animation group to
    /// last until). There is no animation group to export; nil was returned.
    case nothingToExport
    /// A progress-driven animator (``ProgressAnimator``, ``PageAnimator``,
    /// ``KeyframeAnimator``) computed a value for the property that is not a finite number (its
    /// values, or what it places them with, overflow a `Double`, as a move from −1e308 to 1e308
    /// does halfway): that value is not written, and the property keeps the one it had. Reported
    /// once per bound property.
    case progressValueNotFinite(keyPath: String)

    /// A sentence that says what went wrong.
    public var description: String {
        switch self {
        case .unknownAnimationKey(let key):
            "no animation is registered for key \"\(key)\" on this target; register it with registerAnimation(forKey:) first"
        case let .typeMismatch(keyPath, expected, actual):
            "\(keyPath) holds \(expected) values, but the animation gave it a \(actual); the property was skipped"
        case let .invalidValue(keyPath, reason):
            "\(keyPath): \(reason); the property was skipped"
        case let .invalidDuration(keyPath, duration):
            "\(keyPath): duration \(duration) is not a finite, non-negative number of seconds; the property went to its target at once"
        case let .unknownKeyPath(keyPath, resembling):
            "\"\(keyPath)\" is no property of the target; did you mean \"\(resembling)\"? It was animated as a custom property"
        case .triggerNeverReached(let progress):
            "the group's driving property never reaches value progress \(progress); that trigger will not fire"
        case .targetDeallocated(let type):
            "a trigger's target (\(type)) was deallocated before its moment; its animation was not started"
        case let .toleranceWidened(keyPath, tolerance):
            "\(keyPath) moves too far to be shown within its tolerance in a bounded number of keyframes; it is shown within \(tolerance)"
        case let .hostCannotHold(keyPath, type):
            "the target cannot hold a \(type) at \(keyPath); the property was neither set nor animated"
        case let .velocityLimited(keyPath, reach):
            "\(keyPath)'s start velocity would carry it further than can be shown; it was slowed to go at most \(reach) on its own"
        case .motionOverflows(let keyPath):
            "\(keyPath) moves further than a finite number can hold; it jumps to its target"
        case .hostTimeStopped:
            "the target's time stands still (speed 0); the group's callbacks and triggers follow the screen's clock instead"
        case .invalidRepetition(let reason):
            reason
        case .pathHasNoLength(let keyPath):
            "\(keyPath) was given a path of no length; it moves to the path's end in a straight line, and turns with no tangent"
        case let .pathRotationDropped(keyPath, rotatedBy):
            "\(keyPath) was asked to turn along its path, but the group also animates \(rotatedBy), which keeps the rotation; the layer does not turn with the path"
        case .nothingToExport:
            "the group takes no time (no property, or none that plays over time) or repeats forever; there is no animation group to export"
        case .progressValueNotFinite(let keyPath):
            "\(keyPath)'s value at this progress is not a finite number (its values overflow); it is not written, and \(keyPath) keeps the value it had"
        }
    }
}
