import FlightEasing
import Foundation

/// A change Flight makes to a host's animations. A host applies a batch in order; an addition
/// under a key already in use replaces that animation and goes after every other one, as
/// `CALayer.add(_:forKey:)` does. Flight's own changes are never reported back to it as
/// interruptions.
public enum LayerAnimationChange: Sendable {
    /// Adds (or replaces) the animation under a key.
    case add(key: String, animation: LayerAnimation)
    /// Removes the animation under a key.
    case remove(key: String)
}
