#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension NSView: AnimationTarget {
    /// The Flight host of the view's backing layer; a view without one is made layer-backed.
    public var animationHost: any AnimationHost {
        if layer == nil { wantsLayer = true }
        return (layer ?? CALayer()).animationHost
    }
}

extension LayerPropertySetting {
    /// Animates `backgroundColor` to an AppKit colour.
    @discardableResult
    public func backgroundColor(_ color: NSColor) -> Configurator { backgroundColor(Color(color)) }

    /// Animates `borderColor` to an AppKit colour.
    @discardableResult
    public func borderColor(_ color: NSColor) -> Configurator { borderColor(Color(color)) }

    /// Animates `shadowColor` to an AppKit colour.
    @discardableResult
    public func shadowColor(_ color: NSColor) -> Configurator { shadowColor(Color(color)) }
}
#endif
