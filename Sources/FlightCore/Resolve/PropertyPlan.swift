import FlightEasing
import Foundation

/// What a user asked one property to do: a value-type record built by ``PropertyAnimator``.
package struct PropertyPlan: Sendable {
    /// The key path, such as `position` or `transform.rotation.z`.
    package var keyPath: String {
        didSet { property = LayerProperty.named(keyPath) }
    }
    /// The layer property ``keyPath`` names, nil for a custom key path: looked up once, when
    /// the plan is built, rather than each time the plan is played (a trigger's plan is built
    /// when it is declared, and played when its moment comes).
    package private(set) var property: LayerProperty?
    /// The value to animate to.
    package var target: any AnimatableValue
    /// The duration before synchronization, in seconds. 0.5 by default.
    package var duration: TimeInterval = PropertyPlan.defaultDuration
    /// The easing. `.linear` by default, as in FlightAnimator.
    package var easing: Easing = .linear
    /// Whether this property takes part in choosing the group's duration.
    package var isPrimary = false
    /// The keyframe tolerance; nil uses the property's own (``LayerProperty/tolerance``).
    package var tolerance: KeyframeTolerance?
    /// The tolerance its keyframes are fitted to: ``tolerance``, else the property's own, else
    /// the default.
    var fittedTolerance: KeyframeTolerance { tolerance ?? property?.tolerance ?? .default }
    /// The path a `position` follows (``GroupAnimator/position(along:orientation:)``), or the
    /// path whose tangent a rotation follows; nil for a move in a straight line.
    var path: PathPlan? {
        get { pathBox?.plan }
        set { pathBox = newValue.map(PathPlanBox.init) }
    }
    /// Where ``path`` is kept: a path's plan is large (two transforms among its fields), and a
    /// plan is copied on its way from the builder to the host, so a plain move carries one
    /// reference, not the path's whole size.
    private var pathBox: PathPlanBox?

    /// The duration a property animates for when none is given.
    package static let defaultDuration: TimeInterval = 0.5

    /// Creates a plan for one property.
    package init(keyPath: String, target: any AnimatableValue) {
        self.keyPath = keyPath
        self.target = target
        property = LayerProperty.named(keyPath)
    }
}

/// A path's plan, kept by reference in a `PropertyPlan` (immutable: a change makes a new box).
final class PathPlanBox: Sendable {
    let plan: PathPlan

    init(_ plan: PathPlan) {
        self.plan = plan
    }
}
