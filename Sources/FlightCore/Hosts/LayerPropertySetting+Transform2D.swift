import Foundation

// `transform(_:)` takes a 2D transform everywhere, a 3D one too (``Transform3D``, and
// `CATransform3D` where CoreAnimation is), and a `CGAffineTransform` where CoreGraphics is. Which
// overload an implicit member such as `.identity` picks depends on the platform, so the 2D one
// is declared here, where platform code belongs: disfavoured where `CGAffineTransform` exists
// (`.identity` is a `CGAffineTransform` there), favoured elsewhere (`.identity` is a 2D transform
// rather than a ``Transform3D``, whose overload is disfavoured).

#if canImport(QuartzCore)
extension LayerPropertySetting {
    /// Animates `transform` to a 2D transform (a view's `transform`).
    @discardableResult
    @_disfavoredOverload
    public func transform(_ transform: Transform2D) -> Configurator {
        value(transform.transform3D, for: LayerProperty.transform)
    }
}
#else
extension LayerPropertySetting {
    /// Animates `transform` to a 2D transform (a view's `transform`).
    @discardableResult
    public func transform(_ transform: Transform2D) -> Configurator {
        value(transform.transform3D, for: LayerProperty.transform)
    }
}
#endif
