/// A timing curve given by your own function of normalized time.
///
/// ```swift
/// let wobble = Easing.custom(CustomEasing("wobble") { p in p + 0.1 * sin(6 * .pi * p) * (1 - p) })
/// ```
///
/// The function is called with `p` in `0...1` only. A result that is NaN or infinite is replaced
/// by `p` (linear progress) so that it can never reach a layer. Without an explicit derivative,
/// velocity is estimated by a central difference.
///
/// Two custom easings are equal when one is a copy of the other; two separately created ones
/// are different even if their functions agree.
public struct CustomEasing: Sendable, Hashable {
    /// A name shown in descriptions and in the demo gallery.
    public let name: String
    private let function: @Sendable (Double) -> Double
    private let derivative: (@Sendable (Double) -> Double)?
    private let identity: Identity

    /// Creates a custom timing curve.
    ///
    /// - Parameters:
    ///   - name: A name for descriptions.
    ///   - derivative: The curve's derivative, if you know it; otherwise it is estimated.
    ///   - function: Progress as a function of normalized time in `0...1`.
    public init(
        _ name: String,
        derivative: (@Sendable (Double) -> Double)? = nil,
        _ function: @escaping @Sendable (Double) -> Double
    ) {
        self.name = name
        self.function = function
        self.derivative = derivative
        self.identity = Identity()
    }

    /// The progress at `p`, clamped into `0...1`.
    public func progress(at p: Double) -> Double {
        let time = Easing.clampedTime(p)
        let value = function(time)
        return value.isFinite ? value : time
    }

    /// The derivative at `p`, capped at ±10⁶.
    public func velocity(at p: Double) -> Double {
        let time = Easing.clampedTime(p)
        if let derivative { return Easing.capped(derivative(time)) }
        let h = 1e-6
        let (low, high) = (max(time - h, 0), min(time + h, 1))
        return Easing.capped((progress(at: high) - progress(at: low)) / (high - low))
    }

    /// Whether one curve is a copy of the other.
    public static func == (lhs: CustomEasing, rhs: CustomEasing) -> Bool {
        lhs.identity === rhs.identity
    }

    /// Hashes the curve's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }

    /// A token that makes copies equal and separately created curves distinct.
    private final class Identity: Sendable {}
}
