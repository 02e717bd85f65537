import Foundation

/// The named layer-property setters shared by every builder: ``GroupAnimator`` (time-driven
/// groups) and ``StateBuilder`` (scroll-driven states). A conforming builder provides
/// ``value(_:forKeyPath:)``; every named setter is that with the property's key path.
@MainActor
public protocol LayerPropertySetting {
    /// What a setter returns to configure the property further (easing, duration, range…).
    associatedtype Configurator

    /// Sets a value for any key path.
    @discardableResult
    func value<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> Configurator
}

extension LayerPropertySetting {
    /// Animates the property `key` names to `value`; a value of another type does not compile.
    ///
    /// ```swift
    /// animator.value(0.4, for: LayerProperty.shadowOpacity).duration(0.3)
    /// ```
    // Inlined into each setter: called, it would instantiate the metadata of the key's type at
    // every call (the setters run as generic code in the app, over `Self`).
    @discardableResult @inline(__always)
    package func value<Value: AnimatableValue>(_ value: Value, for key: LayerProperty.Key<Value>) -> Configurator {
        self.value(value, forKeyPath: key.keyPath)
    }

    // MARK: Layer properties

    /// Animates `opacity` (a view's `alpha`).
    @discardableResult
    public func alpha<T: BinaryFloatingPoint>(_ alpha: T) -> Configurator { value(double(alpha), for: LayerProperty.opacity) }

    /// Animates `opacity`.
    @discardableResult
    public func opacity<T: BinaryFloatingPoint>(_ opacity: T) -> Configurator { alpha(opacity) }

    /// Animates `backgroundColor`.
    @discardableResult
    @_disfavoredOverload
    public func backgroundColor(_ color: Color) -> Configurator { value(color, for: LayerProperty.backgroundColor) }

    /// Animates `bounds`.
    @discardableResult
    public func bounds(_ bounds: CGRect) -> Configurator { value(bounds, for: LayerProperty.bounds) }

    /// Animates `bounds.size`.
    @discardableResult
    public func size(_ size: CGSize) -> Configurator { value(size, for: LayerProperty.boundsSize) }

    /// Animates `bounds.size`, the origin kept: Parade's `bounds(_:)`, which takes a size.
    @discardableResult
    public func bounds(_ size: CGSize) -> Configurator { self.size(size) }

    /// Animates `position` (a view's `center`).
    @discardableResult
    public func position(_ position: CGPoint) -> Configurator { value(position, for: LayerProperty.position) }

    /// Animates `position` (a view's `center`).
    @discardableResult
    public func center(_ center: CGPoint) -> Configurator { position(center) }

    /// Animates `anchorPoint`.
    @discardableResult
    public func anchorPoint(_ point: CGPoint) -> Configurator { value(point, for: LayerProperty.anchorPoint) }

    // `transform(_:)` with a ``Transform2D`` is in Hosts (LayerPropertySetting+Transform2D):
    // whether it is the favoured overload depends on the platform.

    /// Animates `transform`.
    @discardableResult
    @_disfavoredOverload
    public func transform3D(_ transform: Transform3D) -> Configurator { value(transform, for: LayerProperty.transform) }

    /// Animates `transform` to a 3D transform: ``transform3D(_:)`` under the name FlightAnimator
    /// gave it (`animator.transform(newTransform)`, a layer's transform).
    @discardableResult
    @_disfavoredOverload
    public func transform(_ transform: Transform3D) -> Configurator { transform3D(transform) }

    /// Animates `borderColor`.
    @discardableResult
    @_disfavoredOverload
    public func borderColor(_ color: Color) -> Configurator { value(color, for: LayerProperty.borderColor) }

    /// Animates `borderWidth`.
    @discardableResult
    public func borderWidth<T: BinaryFloatingPoint>(_ width: T) -> Configurator {
        value(double(width), for: LayerProperty.borderWidth)
    }

    /// Animates `contentsRect`.
    @discardableResult
    public func contentsRect(_ rect: CGRect) -> Configurator { value(rect, for: LayerProperty.contentsRect) }

    /// Animates `cornerRadius`.
    @discardableResult
    public func cornerRadius<T: BinaryFloatingPoint>(_ radius: T) -> Configurator {
        value(double(radius), for: LayerProperty.cornerRadius)
    }

    /// Animates `shadowColor`.
    @discardableResult
    @_disfavoredOverload
    public func shadowColor(_ color: Color) -> Configurator { value(color, for: LayerProperty.shadowColor) }

    /// Animates `shadowOffset`.
    @discardableResult
    public func shadowOffset(_ offset: CGSize) -> Configurator { value(offset, for: LayerProperty.shadowOffset) }

    /// Animates `shadowOpacity`.
    @discardableResult
    public func shadowOpacity<T: BinaryFloatingPoint>(_ opacity: T) -> Configurator {
        value(double(opacity), for: LayerProperty.shadowOpacity)
    }

    /// Animates `shadowRadius`.
    @discardableResult
    public func shadowRadius<T: BinaryFloatingPoint>(_ radius: T) -> Configurator {
        value(double(radius), for: LayerProperty.shadowRadius)
    }

    /// Animates `zPosition`.
    @discardableResult
    public func zPosition<T: BinaryFloatingPoint>(_ z: T) -> Configurator { value(double(z), for: LayerProperty.zPosition) }
}

/// `number` as a `Double`: read as it is where it is one (the usual case), converted otherwise.
/// The setters run unspecialized (generic over the setter and the number type), where the
/// generic conversion costs several times the rest of a setter's own work.
@inline(__always)
private func double<T: BinaryFloatingPoint>(_ number: T) -> Double {
    T.self == Double.self ? unsafeBitCast(number, to: Double.self) : Double(number)
}
