#if canImport(UIKit)
import UIKit

extension UIView: AnimationTarget {
    /// The Flight host of the view's layer: `center` animates as `position`, `alpha` as
    /// `opacity`, `transform` as the layer's transform.
    public var animationHost: any AnimationHost {
        layer.animationHost
    }
}

extension LayerPropertySetting {
    /// Animates `backgroundColor` to a UIKit colour (resolved for the current trait collection).
    @discardableResult
    public func backgroundColor(_ color: UIColor) -> Configurator { backgroundColor(Color(color)) }

    /// Animates `borderColor` to a UIKit colour.
    @discardableResult
    public func borderColor(_ color: UIColor) -> Configurator { borderColor(Color(color)) }

    /// Animates `shadowColor` to a UIKit colour.
    @discardableResult
    public func shadowColor(_ color: UIColor) -> Configurator { shadowColor(Color(color)) }
}
#endif
