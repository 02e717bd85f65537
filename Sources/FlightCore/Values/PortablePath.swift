import Foundation

/// The path of a ``PortableAnimatable`` type: its portable counterpart's path, converted.
public struct PortablePath<Value: PortableAnimatable>: InterpolationPath {
    /// Whether the portable path is componentwise.
    public static var isComponentwise: Bool { Value.Portable.Path.isComponentwise }
    private let path: Value.Portable.Path

    /// Prepares the portable path.
    public init(from: Value, to: Value) {
        path = Value.Portable.Path(from: from.portable, to: to.portable)
    }

    /// The portable path's value, converted back.
    public func value(at fraction: Double) -> Value {
        Value(portable: path.value(at: fraction))
    }
}
