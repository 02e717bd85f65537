/// How a host moves a value between two neighbouring keyframes.
///
/// CoreAnimation plays a `CAKeyframeAnimation` by interpolating between neighbouring keyframe
/// values; with `calculationMode` `.linear` it does so in a straight line through the values as
/// it stores them (Apple: "Simple linear calculation between keyframe values"): numbers, points,
/// sizes and rects component by component, `CGColor`s component by component in their colour
/// space. Flight's own paths differ (colours mix in Oklab, transforms decompose), so the
/// keyframe fitter measures its error against the host's interpolation, not Flight's: a fade or
/// a rotation played by CoreAnimation stays within tolerance of the path Flight promises.
///
/// Conform a custom value type by leaving the default (``componentwise``) when its host
/// interpolates its components in a straight line.
public enum KeyframeInterpolation: Sendable, Hashable {
    /// A straight line through the components: what CoreAnimation does for numbers, points,
    /// sizes, rects and colour components.
    case componentwise
    /// Along the value's own ``AnimatableValue/Path`` between the two keyframes. Used for
    /// transforms: CoreAnimation decomposes `CATransform3D` values (two rotations animate as a
    /// rotation, not as a shrinking blend of matrices) but does not document how, so Flight keeps
    /// transform keyframes within tolerance under both this interpolation and the componentwise
    /// one, and ``HeadlessLayer`` plays this one.
    case decomposed
}

extension Transform3D {
    /// Transforms decompose between keyframes; see ``KeyframeInterpolation/decomposed``.
    public static var keyframeInterpolation: KeyframeInterpolation { .decomposed }
}

extension Transform2D {
    /// Transforms decompose between keyframes; see ``KeyframeInterpolation/decomposed``.
    public static var keyframeInterpolation: KeyframeInterpolation { .decomposed }
}

extension Color {
    /// The red, green, blue and alpha components in a straight line, in the colour's own space,
    /// as CoreAnimation interpolates `CGColor` keyframes. The space and interpolation space of
    /// `self` are kept.
    public func keyframeInterpolated(to end: Color, fraction: Double) -> Color {
        if fraction == 1 { return end }
        let mixed = components + (end.components - components) * fraction
        var color = self
        (color.red, color.green, color.blue, color.alpha) = (mixed[0], mixed[1], mixed[2], mixed[3])
        return color
    }
}
