import Foundation

/// A portable RGBA colour with its colour space and the space it prefers to be interpolated in.
///
/// ```swift
/// let from = Color(red: 1, green: 0, blue: 0)                          // sRGB red
/// let to = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
/// let middle = from.interpolated(to: to, fraction: 0.5)               // mixed in Oklab
/// let flat = from.interpolated(to: to.interpolating(in: .sRGB), fraction: 0.5)
/// ```
///
/// Interpolation follows CSS Color 4: both colours are converted to the interpolation space,
/// premultiplied by alpha, mixed linearly, and divided by the mixed alpha. The end colour's
/// ``interpolation`` chooses the space (Oklab unless you ask otherwise) and the result is
/// expressed in the end colour's ``space``. Alpha is clamped into `0...1` when an overshooting
/// easing would push it out; colour components are not clamped (wide-gamut colours stay).
public struct Color: Sendable, Hashable {
    /// The RGB space the components are in.
    public enum Space: String, Sendable, Hashable, CaseIterable {
        /// sRGB with its transfer function (`UIColor(red:green:blue:alpha:)`).
        case sRGB
        /// Linear-light sRGB.
        case linearSRGB
        /// Display P3 with the sRGB transfer function (`UIColor(displayP3Red:…)`).
        case displayP3
    }

    /// The space colours are mixed in.
    public enum Interpolation: String, Sendable, Hashable, CaseIterable {
        /// Oklab: perceptually even, no muddy middle between complementary colours. The default.
        case oklab
        /// Gamma-encoded sRGB, as UIKit and CoreAnimation mix colours.
        case sRGB
        /// Linear-light sRGB, physically additive mixing.
        case linearSRGB
    }

    /// Red, in ``space``.
    public var red: Double
    /// Green, in ``space``.
    public var green: Double
    /// Blue, in ``space``.
    public var blue: Double
    /// Opacity in `0...1`.
    public var alpha: Double
    /// The space of ``red``, ``green`` and ``blue``.
    public var space: Space
    /// The space this colour is mixed in when it is the end of an animation.
    public var interpolation: Interpolation

    /// Creates a colour.
    public init(
        red: Double, green: Double, blue: Double, alpha: Double = 1,
        space: Space = .sRGB, interpolation: Interpolation = .oklab
    ) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        self.space = space
        self.interpolation = interpolation
    }

    /// A grey in sRGB.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour, mixed in `interpolation` when it is the end of an animation.
    public func interpolating(in interpolation: Interpolation) -> Color {
        var copy = self
        copy.interpolation = interpolation
        return copy
    }

    /// The same colour expressed in another space (components may leave `0...1` when the colour
    /// is outside that space's gamut).
    public func converted(to target: Space) -> Color {
        guard target != space else { return self }
        let rgb = ColorMath.fromXYZ(ColorMath.toXYZ(SIMD3(red, green, blue), space), target)
        return Color(red: rgb.x, green: rgb.y, blue: rgb.z, alpha: alpha, space: target, interpolation: interpolation)
    }

    /// The colour's Oklab coordinates `(L, a, b)`.
    public var oklab: SIMD3<Double> {
        ColorMath.oklab(fromXYZ: ColorMath.toXYZ(SIMD3(red, green, blue), space))
    }

    /// A colour from Oklab coordinates, expressed in `space`.
    public init(oklab: SIMD3<Double>, alpha: Double = 1, space: Space = .sRGB) {
        let rgb = ColorMath.fromXYZ(ColorMath.xyz(fromOklab: oklab), space)
        self.init(red: rgb.x, green: rgb.y, blue: rgb.z, alpha: alpha, space: space)
    }

    /// The colour's coordinates in an interpolation space (without alpha).
    public func coordinates(in interpolation: Interpolation) -> SIMD3<Double> {
        switch interpolation {
        case .oklab: return oklab
        case .sRGB: let c = converted(to: .sRGB); return SIMD3(c.red, c.green, c.blue)
        case .linearSRGB: let c = converted(to: .linearSRGB); return SIMD3(c.red, c.green, c.blue)
        }
    }

    /// A colour from coordinates in an interpolation space, expressed in `space`.
    public init(coordinates: SIMD3<Double>, in interpolation: Interpolation, alpha: Double, space: Space) {
        switch interpolation {
        case .oklab:
            self.init(oklab: coordinates, alpha: alpha, space: space)
        case .sRGB:
            self = Color(red: coordinates.x, green: coordinates.y, blue: coordinates.z, alpha: alpha).converted(to: space)
        case .linearSRGB:
            self = Color(red: coordinates.x, green: coordinates.y, blue: coordinates.z, alpha: alpha, space: .linearSRGB)
                .converted(to: space)
        }
    }
}

/// The conversions of CSS Color 4, with its matrices.
package enum ColorMath {
    typealias Matrix3 = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    // The matrices are computed properties, not stored ones: a stored static is initialized
    // lazily, and each read checks that it was (a call per matrix per conversion); these fold
    // to constants where they are read.

    static func apply(_ m: Matrix3, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.0 * v).sum(), (m.1 * v).sum(), (m.2 * v).sum())
    }

    static var linearSRGBToXYZ: Matrix3 {
        (
            SIMD3(506752.0 / 1228815, 87881.0 / 245763, 12673.0 / 70218),
            SIMD3(87098.0 / 409605, 175762.0 / 245763, 12673.0 / 175545),
            SIMD3(7918.0 / 409605, 87881.0 / 737289, 1001167.0 / 1053270)
        )
    }
    static var xyzToLinearSRGB: Matrix3 {
        (
            SIMD3(12831.0 / 3959, -329.0 / 214, -1974.0 / 3959),
            SIMD3(-851781.0 / 878810, 1648619.0 / 878810, 36519.0 / 878810),
            SIMD3(705.0 / 12673, -2585.0 / 12673, 705.0 / 667)
        )
    }
    static var linearP3ToXYZ: Matrix3 {
        (
            SIMD3(608311.0 / 1250200, 189793.0 / 714400, 198249.0 / 1000160),
            SIMD3(35783.0 / 156275, 247089.0 / 357200, 198249.0 / 2500400),
            SIMD3(0, 32229.0 / 714400, 5220557.0 / 5000800)
        )
    }
    static var xyzToLinearP3: Matrix3 {
        (
            SIMD3(446124.0 / 178915, -333277.0 / 357830, -72051.0 / 178915),
            SIMD3(-14852.0 / 17905, 63121.0 / 35810, 423.0 / 17905),
            SIMD3(11844.0 / 330415, -50337.0 / 660830, 316169.0 / 330415)
        )
    }
    static var xyzToLMS: Matrix3 {
        (
            SIMD3(0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
            SIMD3(0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
            SIMD3(0.0481771893596242, 0.2642395317527308, 0.6335478284694309)
        )
    }
    static var lmsToXYZ: Matrix3 {
        (
            SIMD3(1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
            SIMD3(-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
            SIMD3(-0.0763729366746601, -0.4214933324022432, 1.5869240198367816)
        )
    }
    static var lmsToOklab: Matrix3 {
        (
            SIMD3(0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
            SIMD3(1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
            SIMD3(0.0259040424655478, 0.7827717124575296, -0.8086757549230774)
        )
    }
    static var oklabToLMS: Matrix3 {
        (
            SIMD3(1, 0.3963377773761749, 0.2158037573099136),
            SIMD3(1, -0.1055613458156586, -0.0638541728258133),
            SIMD3(1, -0.0894841775298119, -1.2914855480194092)
        )
    }

    /// The sRGB transfer function, extended to negative values by symmetry.
    static func linearized(_ c: Double) -> Double {
        let magnitude = abs(c)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : power12Over5((magnitude + 0.055) / 1.055)
        return c < 0 ? -linear : linear
    }

    static func gammaEncoded(_ c: Double) -> Double {
        let magnitude = abs(c)
        let encoded = magnitude > 0.0031308 ? 1.055 * power5Over12(magnitude) - 0.055 : 12.92 * magnitude
        return c < 0 ? -encoded : encoded
    }

    // The roots and powers of the colour conversions, which keyframe fits of colours and scroll
    // frames that mix colours repeat by the thousand: an exponent's bits give a first guess within
    // a few per cent, and Halley's iteration (which triples the correct digits at each step) takes
    // it to within a few units in the last place, in a tenth of the instructions of `cbrt` and
    // `pow`. Zero, subnormal, huge and non-finite arguments go to those.

    /// The real cube root of `x`.
    package static func cubeRoot(_ x: Double) -> Double {
        let a = abs(x)
        guard a >= 0x1p-1000, a <= 0x1p1000 else { return cbrt(x) }
        // A third of the exponent: the bits divided by 3, plus two thirds of the bias (Kahan's
        // constant, tuned so that the guess errs by at most about 3 %).
        var y = Double(bitPattern: a.bitPattern / 3 &+ 0x2A9F_7893_782D_A1CE)
        for _ in 0..<3 {
            let cube = y * y * y
            y *= (cube + 2 * a) / (2 * cube + a)
        }
        return x < 0 ? -y : y
    }

    /// The fifth root of `a ≥ 0`.
    package static func fifthRoot(_ a: Double) -> Double {
        guard a >= 0x1p-1000, a <= 0x1p1000 else {
            guard a > 0, a.isFinite else { return pow(a, 0.2) }
            // Brought into range by a power of 2⁵, whose fifth root is exact (`pow(a, 0.2)`
            // is a's power 0.2000000000000000111, tens of units off out here).
            let k = Int(a.exponent) / 5
            return fifthRoot(Double(sign: .plus, exponent: -5 * k, significand: a)) * Double(sign: .plus, exponent: k, significand: 1)
        }
        // A fifth of the exponent, plus four fifths of the bias: within 6.2 % (4 bits), so that
        // three steps (4 → 12 → 36 → 108 bits) leave only the rounding of the steps themselves:
        // within 3 units in the last place of the exact root (a fourth step gains nothing; its
        // roundings differ, so the last digit does in about a third of the results).
        var y = Double(bitPattern: a.bitPattern / 5 &+ 0x3326_6666_6666_6666)
        for _ in 0..<3 {
            let y2 = y * y
            let fifth = y2 * y2 * y
            y *= (4 * fifth + 6 * a) / (6 * fifth + 4 * a)
        }
        return y
    }

    /// `a^2.4` for `a ≥ 0`: `a² · (a²)^⅕`.
    package static func power12Over5(_ a: Double) -> Double {
        guard a >= 0, a <= 0x1p500 else { return pow(a, 2.4) }
        let square = a * a
        return square * fifthRoot(square)
    }

    /// `a^(1/2.4)` for `a ≥ 0`: `∛(a · ⁴√a)`.
    package static func power5Over12(_ a: Double) -> Double {
        guard a >= 0x1p-800, a <= 0x1p800 else {
            guard a > 0, a.isFinite else { return pow(a, 1 / 2.4) }
            // Brought into range by a power of 2¹², whose power 5/12 is exact.
            let k = Int(a.exponent) / 12
            return power5Over12(Double(sign: .plus, exponent: -12 * k, significand: a)) * Double(sign: .plus, exponent: 5 * k, significand: 1)
        }
        return cubeRoot(a * a.squareRoot().squareRoot())
    }

    static func toXYZ(_ rgb: SIMD3<Double>, _ space: Color.Space) -> SIMD3<Double> {
        switch space {
        case .sRGB: apply(linearSRGBToXYZ, SIMD3(linearized(rgb.x), linearized(rgb.y), linearized(rgb.z)))
        case .linearSRGB: apply(linearSRGBToXYZ, rgb)
        case .displayP3: apply(linearP3ToXYZ, SIMD3(linearized(rgb.x), linearized(rgb.y), linearized(rgb.z)))
        }
    }

    static func fromXYZ(_ xyz: SIMD3<Double>, _ space: Color.Space) -> SIMD3<Double> {
        switch space {
        case .sRGB:
            let linear = apply(xyzToLinearSRGB, xyz)
            return SIMD3(gammaEncoded(linear.x), gammaEncoded(linear.y), gammaEncoded(linear.z))
        case .linearSRGB:
            return apply(xyzToLinearSRGB, xyz)
        case .displayP3:
            let linear = apply(xyzToLinearP3, xyz)
            return SIMD3(gammaEncoded(linear.x), gammaEncoded(linear.y), gammaEncoded(linear.z))
        }
    }

    static func oklab(fromXYZ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let lms = apply(xyzToLMS, xyz)
        return apply(lmsToOklab, SIMD3(cubeRoot(lms.x), cubeRoot(lms.y), cubeRoot(lms.z)))
    }

    static func xyz(fromOklab lab: SIMD3<Double>) -> SIMD3<Double> {
        let root = apply(oklabToLMS, lab)
        return apply(lmsToXYZ, root * root * root)
    }
}
