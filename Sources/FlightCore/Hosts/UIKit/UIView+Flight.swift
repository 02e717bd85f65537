#if canImport(UIKit)
import UIKit

extension UIView: AnimationTarget {
    /// The Flight host of the view's layer: `center` animates as `position`, `alpha` as
    /// `opacity`, `transform` as the layer's transform.
    public var animationHost: any AnimationHost {
        layer.animationHost
    }
}

extension UIView {
    /// Builds a group animation and plays it now on the view's layer, as
    /// ``AnimationTarget/animate(_:_:)`` does, keeping what UIKit owns consistent:
    ///
    /// - `UIColor`s given to the group's setters are resolved with this view's trait collection
    ///   (`UIColor.resolvedColor(with:)`), not with `UITraitCollection.current`.
    /// - A group that animates `backgroundColor` leaves the view's own `backgroundColor` saying
    ///   the colour it ends on (the app's `UIColor`, dynamic colours included, when that is what
    ///   it animates to), so that a later trait change, such as a switch to dark mode, resolves
    ///   the new colour rather than putting the old one back on the layer.
    ///
    /// Subviews are not laid out frame by frame when the view's `bounds` animate: see the
    /// article "On a device" for the recipe.
    @discardableResult
    public func animate(_ timingPriority: TimingPriority = .maxTime, _ build: (GroupAnimator) -> Void) -> AnimationGroup {
        let recording = ViewColorRecording(view: self)
        var target: Color?
        let group = (self as any AnimationTarget).animate(timingPriority) { animator in
            animator.platformContext = recording
            build(animator)
            animator.platformContext = nil
            target = ViewColorHandOff.backgroundTarget(of: animator.plan)
        }
        switch ViewColorHandOff.colorToKeep(target: target, given: recording.given) {
        case .platform(let color)?: UIView.performWithoutAnimation { backgroundColor = color }
        case .fixed(let color)?: UIView.performWithoutAnimation { backgroundColor = color.uiColor }
        case nil: break
        }
        return group
    }
}

/// The view a group is being built for by ``UIKit/UIView/animate(_:_:)``, and the `UIColor` its
/// builder was given for `backgroundColor`: the builder's ``GroupAnimator/platformContext``
/// while the app's closure builds the group.
@MainActor
final class ViewColorRecording {
    weak var view: UIView?
    /// The `UIColor` given for `backgroundColor`, and what it resolved to for the view.
    var given: (color: UIColor, resolved: Color)?

    init(view: UIView) {
        self.view = view
    }

    /// `color` as a Flight colour for the builder `setter` and `keyPath`: resolved with the traits
    /// of the view the builder's group is for, else (a builder of something else) as UIKit
    /// resolves it now.
    static func resolve(_ color: UIColor, keyPath: String, by setter: some LayerPropertySetting) -> Color {
        guard let recording = (setter as? GroupAnimator)?.platformContext as? ViewColorRecording,
              let view = recording.view
        else { return Color(color) }
        let resolved = Color(color.resolvedColor(with: view.traitCollection))
        if keyPath == LayerProperty.backgroundColor.keyPath { recording.given = (color, resolved) }
        return resolved
    }
}

extension LayerPropertySetting {
    /// Animates `backgroundColor` to a UIKit colour (resolved for the view's traits in
    /// ``UIKit/UIView/animate(_:_:)``, for the current ones elsewhere).
    @discardableResult
    public func backgroundColor(_ color: UIColor) -> Configurator {
        backgroundColor(ViewColorRecording.resolve(color, keyPath: LayerProperty.backgroundColor.keyPath,
                                                   by: self))
    }

    /// Animates `borderColor` to a UIKit colour (resolved as `backgroundColor(_:)` is).
    @discardableResult
    public func borderColor(_ color: UIColor) -> Configurator {
        borderColor(ViewColorRecording.resolve(color, keyPath: LayerProperty.borderColor.keyPath, by: self))
    }

    /// Animates `shadowColor` to a UIKit colour (resolved as `backgroundColor(_:)` is).
    @discardableResult
    public func shadowColor(_ color: UIColor) -> Configurator {
        shadowColor(ViewColorRecording.resolve(color, keyPath: LayerProperty.shadowColor.keyPath, by: self))
    }
}
#endif
