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

    /// Where a scale crosses 0, flattening the matrix (as a 2D path's), or the switch at 50 %
    /// when an end cannot be decomposed.
    ///
    /// A host interpolates between two keyframes by decomposing each, and a decomposition's
    /// scales are all positive or all negative, the rest of their signs being a half-turn. Across
    /// a crossing of one or two scales, the two keyframes decompose with the signs in another
    /// pattern, so with a half-turn between them, which the host would play in full. A keyframe
    /// exactly at the crossing (flattened, so not decomposable: a switch to and from it) keeps
    /// it from doing so. All three crossing at once change no pattern (all negative, then all
    /// positive): the keyframes either side decompose as the path does, and no keyframe is
    /// forced onto the flattened matrix there.
    public var kinks: [Double] {
        switch kind {
        case .planar(let path): return path.kinks
        case let .spatial(a, b):
            // All three at one instant change no pattern of signs.
            let each = -a.scale / (b.scale - a.scale)
            if each.x == each.y && each.y == each.z { return [] }
            return ScaleCrossing.crossings(from: a.scale, to: b.scale)
        case .discrete: return [0.5]
        }
    }

    /// The transform at `fraction` of the way.
    public func value(at fraction: Double) -> Transform3D {
        switch kind {
        case .planar(let path): path.value(at: fraction).transform3D
        case let .spatial(a, b):
            // Flattened exactly where a scale crosses 0, as a 2D path is.
            a.interpolated(to: b, fraction: fraction, flatteningWithin: ScaleCrossing.window).recomposed
        case let .discrete(a, b): fraction < 0.5 ? a : b
        }
    }
}
