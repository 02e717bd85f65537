import Foundation

/// Something that can be animated with Flight's builder API: a layer, a view.
///
/// ```swift
/// layer.animate { animator in
///     animator.position(CGPoint(x: 200, y: 300)).duration(0.5).easing(.outCubic)
/// }
/// layer.registerAnimation(forKey: "expanded") { animator in
///     animator.bounds(CGRect(x: 0, y: 0, width: 300, height: 300)).duration(0.4)
/// }
/// layer.applyAnimation(forKey: "expanded")
/// ```
@MainActor
public protocol AnimationTarget: AnyObject {
    /// The host that plays this target's animations.
    var animationHost: any AnimationHost { get }
}
