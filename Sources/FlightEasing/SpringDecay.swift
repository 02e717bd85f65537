/// A spring that starts from an explicit velocity, such as a pan gesture's when it ends.
///
/// Create one through ``Easing/springDecay(velocity:spring:)-(Double,_)`` (a scalar) or
/// ``Easing/springDecay(velocity:spring:)-(CGPoint,_)`` (a point). The motion moves from the start
/// value to the end value, leaving the start with this velocity, and takes its own settling time;
/// the duration it is given is ignored.
public struct SpringDecay: Sendable, Hashable {
    /// The initial velocity per component of the animated value, in value units per second.
    /// Components past the end of the array start at rest.
    public let velocity: [Double]
    /// The spring that carries the motion.
    public let spring: Spring

    /// Creates a spring decay.
    ///
    /// - Parameters:
    ///   - velocity: One velocity per component of the value (x then y for a point); non-finite
    ///     entries are treated as 0.
    ///   - spring: The spring; critically damped (``Spring/springDecay``) by default.
    public init(velocity: [Double], spring: Spring = .springDecay) {
        self.velocity = velocity.map { $0.isFinite ? $0 : 0 }
        self.spring = spring
    }

    /// The initial velocity of component `index`, or 0 past the end.
    public func velocity(ofComponent index: Int) -> Double {
        velocity.indices.contains(index) ? velocity[index] : 0
    }
}
