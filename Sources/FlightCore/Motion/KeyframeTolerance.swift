/// How closely keyframes must follow the exact motion.
///
/// CoreAnimation plays keyframes by interpolating linearly between them at the display's rate,
/// so Flight chooses keyframes such that this straight-line playback never strays further than
/// the tolerance from the exact curve, at any instant. Tolerances are in display terms, measured
/// with the value's ``AnimatableValue/distance(to:)``:
///
/// | preset | bound | for |
/// |---|---|---|
/// | ``geometry`` | 0.5 pt | positions, sizes, rects, transforms (whose distance is in points) |
/// | ``rotation`` | 0.1° (in radians) | `transform.rotation` key paths |
/// | ``opacity`` | half an 8-bit step | opacity |
/// | ``color`` | half an 8-bit step | colours |
/// | ``scale`` | 0.1 % | `transform.scale` key paths |
/// | ``default`` | 0.1 % of the travel | anything else |
public enum KeyframeTolerance: Sendable, Hashable {
    /// At most this far from the exact value, in the value's distance units.
    case absolute(Double)
    /// At most this fraction of the larger of the travel and the furthest excursion.
    case relative(Double)

    /// Half a point: a pixel on a 2× display, far below what anyone can see on something moving
    /// at the hundreds of points per second animations move at.
    public static let geometry = KeyframeTolerance.absolute(0.5)
    /// A tenth of a degree, in radians.
    public static let rotation = KeyframeTolerance.absolute(0.1 * .pi / 180)
    /// Half an 8-bit opacity step.
    public static let opacity = KeyframeTolerance.absolute(0.5 / 255)
    /// Half an 8-bit step of a colour channel.
    public static let color = KeyframeTolerance.absolute(0.5 / 255)
    /// A thousandth of a unit of scale.
    public static let scale = KeyframeTolerance.absolute(0.001)
    /// A thousandth of the motion's extent, for values whose units Flight does not know.
    public static let `default` = KeyframeTolerance.relative(0.001)

    /// The bound in distance units for a motion whose extent is `extent`. Invalid tolerances
    /// (zero, negative, NaN, infinite) fall back to ``default``.
    func bound(extent: Double) -> Double {
        switch self {
        case .absolute(let value) where value > 0 && value.isFinite:
            return value
        case .relative(let fraction) where fraction > 0 && fraction.isFinite:
            return fraction * extent
        default:
            return 0.001 * extent
        }
    }
}
