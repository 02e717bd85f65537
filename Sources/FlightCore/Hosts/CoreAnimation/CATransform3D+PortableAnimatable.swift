#if canImport(QuartzCore)
import QuartzCore

extension CATransform3D: PortableAnimatable {
    /// Animates as a ``Transform3D``: by CSS Transforms Level 2 decomposition.
    public typealias Path = PortablePath<CATransform3D>

    /// The same transform as a ``Transform3D``.
    public var portable: Transform3D {
        Transform3D(m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14),
                    m21: Double(m21), m22: Double(m22), m23: Double(m23), m24: Double(m24),
                    m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
                    m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
    }

    /// A CoreAnimation transform from a ``Transform3D``.
    public init(portable t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22, m23: t.m23, m24: t.m24,
                  m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34, m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
    }
}
#endif
