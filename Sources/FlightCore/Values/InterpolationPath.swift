import Foundation

/// How a value moves from a start to an end: the curve through value space that progress
/// 0…1 walks along. Built once per animation, so expensive preparation (decomposing a matrix,
/// converting a colour) happens once, not per frame.
public protocol InterpolationPath: Sendable {
    /// The value type the path connects.
    associatedtype Value: AnimatableValue
    /// Whether the path is a straight line in component space, so each component can move on
    /// its own (a spring with a two-dimensional gesture velocity moves x and y independently).
    static var isComponentwise: Bool { get }
    /// Prepares the path from `from` to `to`.
    init(from: Value, to: Value)
    /// The value at `fraction` along the path; 0 is `from`, 1 is `to`, other values extrapolate.
    func value(at fraction: Double) -> Value
    /// How far `value` is from the path's value at `fraction`, in the value's
    /// ``AnimatableValue/distance(to:)`` units. Paths that can measure this without building the
    /// value (colours, in their mixing space) make keyframe fitting cheaper.
    func distance(from value: Value, toValueAt fraction: Double) -> Double
    /// Fractions at which the path bends sharply or jumps (a colour mix whose alpha reaches 0 or
    /// 1 and is clamped there; a transform that cannot be decomposed and switches at 50 %).
    /// Keyframe segments end at these, so that each stays on a smooth stretch. None by default.
    var kinks: [Double] { get }
}

extension InterpolationPath {
    /// None: the path is smooth.
    public var kinks: [Double] { [] }

    /// `value.distance(to: value(at: fraction))`.
    public func distance(from value: Value, toValueAt fraction: Double) -> Double {
        value.distance(to: self.value(at: fraction))
    }
}
