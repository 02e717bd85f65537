#if canImport(QuartzCore)
import QuartzCore

extension LayerPropertySetting {
    /// Animates `transform` to an affine transform (a view's `transform`).
    @discardableResult
    public func transform(_ transform: CGAffineTransform) -> Configurator {
        self.transform(transform.portable)
    }

    /// Animates `transform` to a 3D transform.
    @discardableResult
    public func transform3D(_ transform: CATransform3D) -> Configurator {
        transform3D(transform.portable)
    }

    /// Animates `transform` to a 3D transform: ``transform3D(_:)`` under the name FlightAnimator
    /// gave it (`animator.transform(newTransform)`, a layer's transform). Disfavoured, so that
    /// `.identity` stays a `CGAffineTransform` where an app gives `CATransform3D` one too.
    @discardableResult
    @_disfavoredOverload
    public func transform(_ transform: CATransform3D) -> Configurator {
        transform3D(transform.portable)
    }
}
#endif
