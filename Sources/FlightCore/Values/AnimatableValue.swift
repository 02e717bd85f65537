import Foundation

/// A value Flight can animate: a point, a size, a transform, a colour, a number.
///
/// The only requirement is a fixed-size vector of components (a SIMD vector, so no value ever
/// allocates) and a way back from it; interpolation and distance have componentwise defaults that
/// transforms and colours replace through their ``Path``.
///
/// ```swift
/// extension Temperature: AnimatableValue {
///     static var componentCount: Int { 1 }
///     var components: SIMD2<Double> { SIMD2(kelvin, 0) }
///     init(components: SIMD2<Double>) { self.init(kelvin: components[0]) }
/// }
/// ```
public protocol AnimatableValue: Sendable {
    /// A SIMD vector with at least ``componentCount`` lanes; unused lanes are zero.
    associatedtype Components: SIMD, Sendable where Components.Scalar == Double
    /// How the value moves from one end to the other. Componentwise straight lines by default;
    /// transforms decompose, colours convert to a perceptual space.
    associatedtype Path: InterpolationPath = ComponentwisePath<Self> where Path.Value == Self

    /// How many leading lanes of ``Components`` the value uses.
    static var componentCount: Int { get }
    /// The value's components.
    var components: Components { get }
    /// Rebuilds a value from its components.
    init(components: Components)
    /// How far apart two values are, in the value's display units (points for geometry). Used
    /// to scale remaining durations when an animation is redirected and to turn a keyframe
    /// tolerance into a progress tolerance.
    func distance(to other: Self) -> Double
    /// How CoreAnimation moves between two keyframes of this type; ``KeyframeInterpolation/componentwise``
    /// by default.
    static var keyframeInterpolation: KeyframeInterpolation { get }
    /// The value a host shows `fraction` of the way between two keyframes, `self` and `end`
    /// (see ``keyframeInterpolation``). The default interpolates the components in a straight
    /// line, or follows ``Path`` for ``KeyframeInterpolation/decomposed`` types.
    func keyframeInterpolated(to end: Self, fraction: Double) -> Self
}

extension AnimatableValue {
    /// Euclidean distance over the components.
    public func distance(to other: Self) -> Double {
        let difference = other.components - components
        return (difference * difference).sum().squareRoot()
    }

    /// The value a `fraction` of the way to `end` along the value's ``Path``. Fractions outside
    /// `0...1` extrapolate, which is how overshooting easings overshoot.
    public func interpolated(to end: Self, fraction: Double) -> Self {
        Path(from: self, to: end).value(at: fraction)
    }

    /// Straight lines between components.
    public static var keyframeInterpolation: KeyframeInterpolation { .componentwise }

    /// `self + fraction × (end − self)` component by component, exactly `end` at 1; along
    /// ``Path`` for ``KeyframeInterpolation/decomposed`` types.
    public func keyframeInterpolated(to end: Self, fraction: Double) -> Self {
        switch Self.keyframeInterpolation {
        case .componentwise: componentwiseInterpolated(to: end, fraction: fraction)
        case .decomposed: interpolated(to: end, fraction: fraction)
        }
    }

    /// The value as `type` when that is exactly its type, else nil: what `as? Value` gives for
    /// a value in an `any AnimatableValue`, without the runtime's general cast (which also
    /// looks through classes, optionals and bridging, and is costly on Flight's hot path).
    @inline(__always)
    func unboxed<Value: AnimatableValue>(as type: Value.Type) -> Value? {
        Self.self == Value.self ? unsafeBitCast(self, to: Value.self) : nil
    }

    /// Whether the value is exactly of `type`: what `type(of: value) == type` tells of a value in
    /// an `any AnimatableValue`, read where the value is opened rather than asked of the
    /// runtime (`type(of:)` on an existential looks through classes and boxes).
    @inline(__always)
    func hasType(_ type: any AnimatableValue.Type) -> Bool {
        Self.self == type
    }

    /// Whether the value has the same type as `other` (see ``hasType(_:)``).
    @inline(__always)
    func hasSameType(as other: any AnimatableValue) -> Bool {
        other.hasType(Self.self)
    }

    /// Replaces the value with `value` if that has the same type, in place (a value boxed in an
    /// `any AnimatableValue` keeps its box); false, changing nothing, if it has another type.
    mutating func overwrite<Value: AnimatableValue>(with value: Value) -> Bool {
        guard Self.self == Value.self else { return false }
        // Not through an optional of the value, which the run time's generic value code copied
        // twice more (a transform's 128 bytes each time).
        self = unsafeBitCast(value, to: Self.self)
        return true
    }

    /// `self + fraction × (end − self)` component by component, exactly `end` at 1.
    func componentwiseInterpolated(to end: Self, fraction: Double) -> Self {
        if fraction == 1 { return end }
        let start = components
        return Self(components: start + (end.components - start) * fraction)
    }

    /// The components as an array of ``componentCount`` numbers, for display and debugging.
    package var componentArray: [Double] {
        let all = components
        return (0..<Self.componentCount).map { all[$0] }
    }

    /// Returns the value, or throws ``AnimationValueError/nonFinite(_:component:)`` if any
    /// component is NaN or infinite. Flight validates every value this way before it reaches a
    /// layer.
    ///
    /// - Parameter name: What the value is, for the error message (a key path, say).
    public func validated(_ name: String = "\(Self.self)") throws -> Self {
        let all = components
        for index in 0..<Self.componentCount where !all[index].isFinite {
            throw AnimationValueError.nonFinite(name, component: index)
        }
        return self
    }

    /// Whether every component is a finite number (what ``validated(_:)`` checks, without a
    /// copy of the value).
    @inline(__always)
    package var isEveryComponentFinite: Bool {
        // A transform's sixteen entries are summed times 0 rather than tested one by one (a
        // scroll update checks every value it writes). Resolved where the type is known.
        if Self.self == Transform3D.self { return unsafeBitCast(self, to: Transform3D.self).hasFiniteEntries }
        let all = components
        for index in 0..<Self.componentCount where !all[index].isFinite { return false }
        return true
    }
}
