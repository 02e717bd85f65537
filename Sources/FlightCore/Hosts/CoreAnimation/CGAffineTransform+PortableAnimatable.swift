#if canImport(CoreGraphics)
import CoreGraphics

extension CGAffineTransform: PortableAnimatable {
    /// Animates as a ``Transform2D``: by the CSS 2D decomposition rules.
    public typealias Path = PortablePath<CGAffineTransform>

    /// The same transform as a ``Transform2D``.
    public var portable: Transform2D {
        Transform2D(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }

    /// A Core Graphics transform from a ``Transform2D``.
    public init(portable: Transform2D) {
        self.init(a: portable.a, b: portable.b, c: portable.c, d: portable.d, tx: portable.tx, ty: portable.ty)
    }
}
#endif
