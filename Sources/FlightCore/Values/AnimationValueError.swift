import Foundation

/// Why a value cannot be animated.
public enum AnimationValueError: Error, Equatable, CustomStringConvertible {
    /// A component is NaN or infinite.
    case nonFinite(String, component: Int)
    /// A duration is negative, NaN or infinite.
    case invalidDuration(Double)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case let .nonFinite(name, component):
            "\(name) has a non-finite component (index \(component)); NaN and infinite values cannot be animated"
        case let .invalidDuration(duration):
            "duration \(duration) is not a finite, non-negative number of seconds"
        }
    }
}
