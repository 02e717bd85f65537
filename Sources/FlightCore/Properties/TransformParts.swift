import Foundation

/// The parts of a `transform` that its `transform.…` key paths name, as the Core Animation
/// Programming Guide defines them ("Key-Value Coding Extensions", the table of transform key
/// paths): a rotation about z, a scale factor per axis (`transform.scale` is the average of the
/// three), a translation in x and y.
///
/// A transform is read as its 2D part (`m11 m12 m21 m22 m41 m42`) and a z scale (`m33`). The 2D
/// part is decomposed as a scale, a shear and a rotation, applied in that order to a point (a row
/// vector), then the translation: the first row is the x scale along the rotation's direction,
/// the second the y scale across it plus the shear along it. So a rotation reads in `−π…π`, and
/// writing any part leaves every other part reading as it did: a part written twice is the part
/// written once (what lets an animation of a part play over a model its target was written
/// into). How an ambiguous matrix (a reflection, a negative z scale) is read depends on the part,
/// see ``init(_:reading:)``.
///
/// Writing a part replaces just that part and keeps the rest of the matrix (the 3D entries
/// included). `transform.scale` is written as a ratio: every scale factor is multiplied by
/// `new / current average`, so a non-uniform scale keeps its proportions (a layer at
/// (1, 2, 1) set to 2.66… becomes (2, 4, 2)); from an average of 0 all three are set to it.
struct TransformParts {
    /// The components of a transform its parts name, one bit each (see
    /// ``LayerProperty/components``).
    static let translationXComponent: UInt32 = 1 << 0
    static let translationYComponent: UInt32 = 1 << 1
    static let rotationComponent: UInt32 = 1 << 2
    static let scaleXComponent: UInt32 = 1 << 3
    static let scaleYComponent: UInt32 = 1 << 4
    static let scaleZComponent: UInt32 = 1 << 5
    static let scaleComponents = scaleXComponent | scaleYComponent | scaleZComponent

    /// The translation (`m41`, `m42`).
    var translation: SIMD2<Double>
    /// The x and y scale factors, signed as read.
    var scaleFactors: SIMD2<Double>
    /// The rotation about z, in radians, in `−π…π`.
    var rotation: Double
    /// The second row's component along the first row's direction (zero without a shear).
    var shear: Double
    /// The scale along z.
    var scaleZ: Double

    /// A y scale at most this fraction of the matrix's other planar entries (after they are
    /// scaled to at most 1) is read as 0: rounding of entries near 1 leaves a few units of
    /// 10⁻¹⁶.
    static let flatness = 1e-12

    /// The part a transform is read for (to read it, or to write it): what decides how an
    /// ambiguous matrix is read.
    enum Reading {
        /// `transform.scale.x`.
        case scaleX
        /// `transform.scale.y`.
        case scaleY
        /// Any other part: the rotation, the translation, `transform.scale` (the average of the
        /// factors' sizes, which either reading of a reflection gives alike).
        case other
    }

    /// Reads `transform`'s parts for `reading`.
    ///
    /// A reflection can be read on either axis (a flip of y is a flip of x turned by half a
    /// turn), and a negative z scale with the planar scales (a negative `transform.scale`, or a
    /// half-turn about y) can be read with both planar scales negative. Flight chooses from what
    /// writing the part leaves as it is, so that writing a part twice is writing it once:
    /// - a planar reflection is read on the axis of the part: `transform.scale.y` on y, every
    ///   other part on x (so a rotation written after a flip keeps the flip where it was);
    /// - with a negative z scale, the planar scales read negative where the other axis's scale
    ///   (both, for parts other than a scale factor) would read positive: `transform.scale` set
    ///   to −0.5 reads −0.5, not 0.5 turned by half a turn, and a layer turned half-way about y
    ///   reads a rotation of 0 and scale factors of 1.
    init(_ transform: Transform3D, reading: Reading = .other) {
        var (row0x, row0y, row1x, row1y) = (transform.m11, transform.m12, transform.m21, transform.m22)
        translation = SIMD2(transform.m41, transform.m42)
        // Lengths computed on the entries scaled to at most 1, so that entries beyond 1e154 (whose
        // squares overflow) still decompose into finite parts.
        let largest = max(abs(row0x), abs(row0y), abs(row1x), abs(row1y))
        let unit = largest > 0 && largest.isFinite ? 1 / largest : 1
        (row0x, row0y, row1x, row1y) = (row0x * unit, row0y * unit, row1x * unit, row1y * unit)
        // The rotation's direction: the first row's, or where that row is zero, the one the
        // second row is square to (so that a part written into a flattened matrix shows).
        var direction = SIMD2(row0x, row0y)
        var length = (row0x * row0x + row0y * row0y).squareRoot()
        if length > 0 {
            direction /= length
        } else {
            let across = (row1x * row1x + row1y * row1y).squareRoot()
            direction = across > 0 ? SIMD2(row1y / across, -row1x / across) : SIMD2(1, 0)
        }
        var scaleY = row1x * -direction.y + row1y * direction.x
        var shear = row1x * direction.x + row1y * direction.y
        // A second row flat along the first up to rounding (a matrix collapsed onto a line, as
        // an interpolation through a scale of 0 ends) has no reflection to read: its y scale is
        // 0 whichever sign the rounding left, so that a part written into it does not mirror
        // the layer by the sign of a rounding error.
        if scaleY.magnitude <= Self.flatness * max(length, shear.magnitude) { scaleY = 0 }
        // Without a reflection the y scale is positive; with one it is negative here, on y.
        // Read on x instead: the same matrix, turned by half a turn.
        if reading != .scaleY && scaleY < 0 {
            (direction, length, scaleY, shear) = (-direction, -length, -scaleY, -shear)
        }
        scaleFactors = SIMD2(length, scaleY) / unit
        self.shear = shear / unit
        rotation = atan2(direction.y, direction.x)
        scaleZ = transform.m33
        if transform.m33 < 0 {
            switch reading {
            case .scaleX: if scaleFactors.y > 0 { turn() }
            case .scaleY: if scaleFactors.x > 0 { turn() }
            case .other: if scaleFactors.x > 0 && scaleFactors.y > 0 { turn() }
            }
        }
    }

    /// The same matrix read with both planar scales (and the shear) negated, turned by half a
    /// turn.
    private mutating func turn() {
        scaleFactors = -scaleFactors
        shear = -shear
        rotation += rotation > 0 ? -.pi : .pi
    }

    /// The average of the three scale factors: of their sizes, negative when all three are (a
    /// layer mirrored on one axis, `scale.x` −1, reads 1, and scaling it keeps the mirror; a layer
    /// whose `transform.scale` was set to −0.5 reads −0.5).
    var scale: Double {
        get {
            let sizes = (scaleFactors.x.magnitude + scaleFactors.y.magnitude + scaleZ.magnitude) / 3
            return scaleFactors.x < 0 && scaleFactors.y < 0 && scaleZ < 0 ? -sizes : sizes
        }
        set {
            let current = scale
            if current.magnitude > 1e-12 && current.isFinite {
                let ratio = newValue / current
                scaleFactors *= ratio
                shear *= ratio
                scaleZ *= ratio
            } else {
                scaleFactors = SIMD2(repeating: newValue)
                scaleZ = newValue
            }
        }
    }

    /// `transform` with its parts replaced by these: the 2D entries recomposed, the z row scaled
    /// to the new z scale, every other entry kept.
    func written(into transform: Transform3D) -> Transform3D {
        let (cosine, sine) = (cos(rotation), sin(rotation))
        var result = transform
        (result.m11, result.m12) = (scaleFactors.x * cosine, scaleFactors.x * sine)
        (result.m21, result.m22) = (shear * cosine - scaleFactors.y * sine, shear * sine + scaleFactors.y * cosine)
        (result.m41, result.m42) = (translation.x, translation.y)
        if scaleZ != transform.m33 {
            if transform.m33 != 0 && transform.m33.isFinite {
                let ratio = scaleZ / transform.m33
                (result.m31, result.m32, result.m34) = (transform.m31 * ratio, transform.m32 * ratio, transform.m34 * ratio)
            }
            result.m33 = scaleZ
        }
        return result
    }
}
