import Foundation

/// A type that animates as a portable Flight value: platform types such as `CATransform3D`,
/// `CGAffineTransform`, `CGColor` and `UIColor` convert to ``Transform3D``, ``Transform2D`` and
/// ``Color`` and borrow their components, distance and path, so they behave exactly alike.
public protocol PortableAnimatable: AnimatableValue {
    /// The portable type this one animates as.
    associatedtype Portable: AnimatableValue
    /// The value as its portable counterpart.
    var portable: Portable { get }
    /// A value from its portable counterpart.
    init(portable: Portable)
}

extension PortableAnimatable where Components == Portable.Components {
    /// The portable value's component count.
    public static var componentCount: Int { Portable.componentCount }
    /// The portable value's components.
    public var components: Components { portable.components }
    /// A value from the portable value's components.
    public init(components: Components) { self.init(portable: Portable(components: components)) }
    /// The portable values' distance.
    public func distance(to other: Self) -> Double { portable.distance(to: other.portable) }
}

extension PortableAnimatable {
    /// The portable type's keyframe interpolation.
    public static var keyframeInterpolation: KeyframeInterpolation { Portable.keyframeInterpolation }

    /// The portable type's keyframe interpolation, converted.
    public func keyframeInterpolated(to end: Self, fraction: Double) -> Self {
        Self(portable: portable.keyframeInterpolated(to: end.portable, fraction: fraction))
    }
}
