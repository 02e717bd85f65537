import Foundation

/// Interpolates ``Transform3D`` values as CSS Transforms Level 2 specifies: by the 2D rules when
/// both ends are 2D, otherwise by 3D decomposition with a spherically interpolated rotation.
public struct Transform3DPath: InterpolationPath {
    /// Transform components cannot move independently without shearing.
    public static var isComponentwise: Bool { false }

    private enum Kind: Sendable {
        case planar(Transform2DPath)
        case spatial(DecomposedTransform3D, DecomposedTransform3D)
        case discrete(Transform3D, Transform3D)
    }

    private let kind: Kind

    /// Decomposes both ends once.
    public init(from: Transform3D, to: Transform3D) {
        if from.isAffine2D && to.isAffine2D {
            kind = .planar(Transform2DPath(from: Transform2D(from), to: Transform2D(to)))
        } else if let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) {
            kind = .spatial(a, b)
        } else {
            kind = .discrete(from, to)
        }
    }

    /// The switch at 50 % when an end cannot be decomposed.
    public var kinks: [Double] {
        switch kind {
        case .planar(let path): path.kinks
        case .spatial: []
        case .discrete: [0.5]
        }
    }

    /// The transform at `fraction` of the way.
    public func value(at fraction: Double) -> Transform3D {
        switch kind {
        case .planar(let path): path.value(at: fraction).transform3D
        case let .spatial(a, b): a.interpolated(to: b, fraction: fraction).recomposed
        case let .discrete(a, b): fraction < 0.5 ? a : b
        }
    }
}
