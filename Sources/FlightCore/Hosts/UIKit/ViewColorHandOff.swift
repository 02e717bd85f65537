import Foundation

/// What a view keeps in its own `backgroundColor` after Flight animates its layer's
/// `backgroundColor`: the decision UIKit's bridge makes, kept portable so that it is tested on
/// Linux.
///
/// A `UIView` owns its layer's background colour: it keeps a `UIColor` of its own, which may be
/// dynamic (one colour in light mode, another in dark), and when the view's traits change UIKit
/// resolves that colour again and sets the layer's. Flight animates the layer, which takes colours
/// already resolved. Were the view's colour left as it was, the first trait change after the
/// animation (a switch to dark mode) would put the old colour back on the layer. So after
/// ``AnimationTarget/animate(_:_:)`` on a view, the bridge gives the view the colour the group
/// ends on:
///
/// - the app's own `UIColor`, dynamic or not, when the group's target is that colour resolved for
///   the view (the app passed a `UIColor` and nothing in the group overrode it): later trait
///   changes resolve it as UIKit resolves any view colour;
/// - else the target itself, a fixed colour (the app passed a Flight ``Color``, or a later setter
///   in the same group replaced the `UIColor`);
/// - nothing when the group does not animate `backgroundColor`.
///
/// The colours a group animates to are resolved with the target view's trait collection
/// (`UIColor.resolvedColor(with:)`), not with `UITraitCollection.current`, which is the trait
/// collection of whatever view UIKit is drawing or laying out, if any.
package enum ViewColorHandOff {
    /// The colour a view keeps, in the platform's type or as a fixed colour.
    package enum Kept<PlatformColor>: Equatable where PlatformColor: Equatable {
        /// The app's own colour, to be resolved again on every trait change.
        case platform(PlatformColor)
        /// A fixed colour.
        case fixed(Color)
    }

    /// The colour a view keeps after a group whose `backgroundColor` target is `target` (nil if
    /// the group does not animate it); `given` is the platform colour the app passed for it and
    /// what it resolved to for the view, if the app passed one.
    package static func colorToKeep<PlatformColor: Equatable>(
        target: Color?, given: (color: PlatformColor, resolved: Color)?
    ) -> Kept<PlatformColor>? {
        guard let target else { return nil }
        if let given, given.resolved == target { return .platform(given.color) }
        return .fixed(target)
    }

    /// The `backgroundColor` a plan ends on: its last setter's target, if it is a colour.
    package static func backgroundTarget(of plan: AnimationPlan) -> Color? {
        plan.properties.last { $0.keyPath == LayerProperty.backgroundColor.keyPath }?.target as? Color
    }
}
