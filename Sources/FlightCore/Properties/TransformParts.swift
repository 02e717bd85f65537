import Foundation

/// The parts of a `transform` that its `transform.…` key paths name, as the Core Animation
/// Programming Guide defines them ("Key-Value Coding Extensions", the table of transform key
/// paths): a rotation about z, a scale factor per axis (`transform.scale` is the average of the
/// three), a translation in x and y.
///
/// A transform is read as its 2D part (`m11 m12 m21 m22 m41 m42`, decomposed by the CSS rules,
/// so a rotation reads in `−π…π`; a reflection is read on the axis of the part, see
/// ``init(_:reflection:)``) and a z scale (`m33`). Where the three scale factors multiply
/// to a negative determinant with a z scale below 0 and both planar scales above it, all three
/// are read negative and the rotation turned back by half a turn: a layer whose
/// `transform.scale` was set to −0.5 reads −0.5, not 0.5 turned by π.
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

    /// The 2D part, decomposed, its scales signed as read.
    var planar: DecomposedTransform2D
    /// The scale along z.
    var scaleZ: Double

    /// The axis a planar reflection is read on.
    enum Axis {
        case x, y
    }

    /// Reads `transform`'s parts, a planar reflection as a negative scale on `reflection`'s axis.
    ///
    /// A reflection can be read on either axis (a flip of y is a flip of x turned by half a
    /// turn), and CSS's choice (the smaller diagonal) turns with the rotation, so that a part
    /// written after a rotation would flip the other axis. Flight reads it on the axis of the
    /// part being read or written: `transform.scale.y` on y, every other part on x. So each scale
    /// reads back as written, and a part written keeps the reflection another part put there.
    init(_ transform: Transform3D, reflection: Axis = .x) {
        var planar = DecomposedTransform2D(Transform2D(transform))
        // Negating both planar scales and turning by half a turn gives the same matrix.
        func turned(_ parts: inout DecomposedTransform2D) {
            parts.scale = -parts.scale
            parts.angle += parts.angle > 0 ? -180 : 180
        }
        switch reflection {
        case .x: if planar.scale.y < 0 && planar.scale.x > 0 { turned(&planar) }
        case .y: if planar.scale.x < 0 && planar.scale.y > 0 { turned(&planar) }
        }
        // A negative z scale with both planar scales positive: all three read negative.
        if transform.m33 < 0 && planar.scale.x > 0 && planar.scale.y > 0 { turned(&planar) }
        self.planar = planar
        scaleZ = transform.m33
    }

    /// The rotation about z, in radians.
    var rotation: Double {
        get { planar.angle * .pi / 180 }
        set { planar.angle = newValue * 180 / .pi }
    }

    /// The average of the three scale factors.
    var scale: Double {
        get { (planar.scale.x + planar.scale.y + scaleZ) / 3 }
        set {
            let current = scale
            if current.magnitude > 1e-12 && current.isFinite {
                let ratio = newValue / current
                planar.scale *= ratio
                scaleZ *= ratio
            } else {
                planar.scale = SIMD2(repeating: newValue)
                scaleZ = newValue
            }
        }
    }

    /// `transform` with its parts replaced by these: the 2D entries recomposed, the z row scaled
    /// to the new z scale, every other entry kept.
    func written(into transform: Transform3D) -> Transform3D {
        let flat = planar.recomposed
        var result = transform
        (result.m11, result.m12, result.m21, result.m22) = (flat.a, flat.b, flat.c, flat.d)
        (result.m41, result.m42) = (flat.tx, flat.ty)
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
