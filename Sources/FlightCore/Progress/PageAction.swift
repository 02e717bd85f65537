import Foundation

/// An action a page applies to an item as the page is scrolled through (PVView's actions).
///
/// ```swift
/// let slide = PageAction.move(fromOrigin: RelativePoint(x: 50, y: 200), toOrigin: RelativePoint(x: 250, y: 200))
/// let fade = PageAction.fade(from: 1, to: 0, parameters: ActionParameters(startOffset: 0.2, stopOffset: 0.6))
/// let both = PageAction.group([slide, fade], parameters: ActionParameters(easing: .inOutSine))
/// let back = both.reversed()
/// ```
public struct PageAction: Sendable {
    /// The axis of a rotation.
    public enum Axis: Sendable, Hashable {
        /// About the horizontal axis (tilting forward), with perspective.
        case x
        /// About the vertical axis (turning), with perspective.
        case y
        /// In the screen's plane.
        case z
    }

    /// What the action changes.
    public enum Kind: Sendable {
        /// The frame's origin moves.
        case moveOrigin(from: RelativePoint, to: RelativePoint)
        /// The centre (position) moves.
        case moveCenter(from: RelativePoint, to: RelativePoint)
        /// The size changes.
        case size(from: RelativeSize, to: RelativeSize)
        /// The frame changes (origin and size).
        case frame(fromOrigin: RelativePoint, fromSize: RelativeSize, toOrigin: RelativePoint, toSize: RelativeSize)
        /// The opacity changes.
        case fade(from: Double, to: Double)
        /// The scale changes (the transform's scale part).
        case scale(from: Double, to: Double)
        /// The rotation changes, in radians. About x or y the transform becomes a perspective
        /// rotation (500 pt away); about z only the transform's rotation part changes.
        case rotate(axis: Axis, from: Double, to: Double)
        /// Several actions run by this action's parameters.
        case group([PageAction])
        /// Your own step.
        case custom(CustomPageAction)
    }

    /// What the action changes.
    public var kind: Kind
    /// When within the page it runs.
    public var parameters: ActionParameters

    /// Creates an action.
    public init(_ kind: Kind, parameters: ActionParameters = .default) {
        self.kind = kind
        self.parameters = parameters
    }

    /// Moves the frame's origin.
    public static func move(fromOrigin: RelativePoint, toOrigin: RelativePoint, parameters: ActionParameters = .default) -> PageAction {
        PageAction(.moveOrigin(from: fromOrigin, to: toOrigin), parameters: parameters)
    }

    /// Moves the centre.
    public static func move(fromPosition: RelativePoint, toPosition: RelativePoint, parameters: ActionParameters = .default) -> PageAction {
        PageAction(.moveCenter(from: fromPosition, to: toPosition), parameters: parameters)
    }

    /// Fades.
    public static func fade(from: Double, to: Double, parameters: ActionParameters = .default) -> PageAction {
        PageAction(.fade(from: from, to: to), parameters: parameters)
    }

    /// Scales.
    public static func scale(from: Double, to: Double, parameters: ActionParameters = .default) -> PageAction {
        PageAction(.scale(from: from, to: to), parameters: parameters)
    }

    /// Rotates about an axis, in radians.
    public static func rotate(_ axis: Axis, from: Double, to: Double, parameters: ActionParameters = .default) -> PageAction {
        PageAction(.rotate(axis: axis, from: from, to: to), parameters: parameters)
    }

    /// Groups actions under one set of parameters.
    public static func group(_ actions: [PageAction], parameters: ActionParameters = .default) -> PageAction {
        PageAction(.group(actions), parameters: parameters)
    }

    /// Resizes.
    public static func size(from: RelativeSize, to: RelativeSize, parameters: ActionParameters = .default) -> PageAction {
        PageAction(.size(from: from, to: to), parameters: parameters)
    }

    /// Moves and resizes the frame.
    public static func frame(
        fromOrigin: RelativePoint, fromSize: RelativeSize, toOrigin: RelativePoint, toSize: RelativeSize,
        parameters: ActionParameters = .default
    ) -> PageAction {
        PageAction(.frame(fromOrigin: fromOrigin, fromSize: fromSize, toOrigin: toOrigin, toSize: toSize),
                   parameters: parameters)
    }

    /// Your own action: `step(p, host)` sets the target's values for progress `p` in `0...1`;
    /// `reverse`, if given, is what the reversed action does (PVView's custom actions define
    /// their own reverse), otherwise the step with progress `1 − p`.
    public static func custom(
        parameters: ActionParameters = .default,
        reverse: (@MainActor @Sendable (Double, any AnimationHost) -> Void)? = nil,
        _ step: @escaping @MainActor @Sendable (Double, any AnimationHost) -> Void
    ) -> PageAction {
        PageAction(.custom(CustomPageAction(step, reverse: reverse)), parameters: parameters)
    }

    /// The same action run backwards (from its end to its start), with new parameters or its own.
    public func reversed(with newParameters: ActionParameters? = nil) -> PageAction {
        let parameters = newParameters ?? self.parameters
        switch kind {
        case let .moveOrigin(from, to): return PageAction(.moveOrigin(from: to, to: from), parameters: parameters)
        case let .moveCenter(from, to): return PageAction(.moveCenter(from: to, to: from), parameters: parameters)
        case let .size(from, to): return PageAction(.size(from: to, to: from), parameters: parameters)
        case let .frame(fromOrigin, fromSize, toOrigin, toSize):
            return PageAction(.frame(fromOrigin: toOrigin, fromSize: toSize, toOrigin: fromOrigin, toSize: fromSize),
                              parameters: parameters)
        case let .fade(from, to): return PageAction(.fade(from: to, to: from), parameters: parameters)
        case let .scale(from, to): return PageAction(.scale(from: to, to: from), parameters: parameters)
        case let .rotate(axis, from, to): return PageAction(.rotate(axis: axis, from: to, to: from), parameters: parameters)
        case .group(let actions): return PageAction(.group(actions.map { $0.reversed() }), parameters: parameters)
        case .custom(let custom): return PageAction(.custom(custom.reversed), parameters: parameters)
        }
    }

    /// Applies the action for page progress `pageProgress` to `target` in a container of `size`.
    /// Its values are set together (one `CATransaction` with implicit actions disabled on a
    /// device); custom steps run after them, outside it, so that UIKit animations in them run.
    @MainActor
    public func update(_ pageProgress: Double, target: any AnimationTarget, container size: CGSize) {
        let host = target.animationHost
        let bindings = self.bindings(of: target, container: size)
        writeTogether(on: host) {
            for binding in bindings where !binding.runsAppCode { binding.apply(at: pageProgress, host: host) }
        }
        for binding in bindings where binding.runsAppCode { binding.apply(at: pageProgress, host: host) }
    }

    /// The action compiled for `target` in a container of `size`: one binding per property it
    /// changes, each a track over the page's progress. A group's actions run by the group's
    /// parameters, not their own.
    /// `overflow` reports a value that is not finite, once per property however often the
    /// action is compiled (a page animator keeps one per item).
    @MainActor
    func bindings(
        of target: any AnimationTarget, container size: CGSize, overflow: OverflowReport = OverflowReport()
    ) -> [any ProgressBinding] {
        var bindings: [any ProgressBinding] = []
        compile(into: &bindings, target: target, container: size, parameters: parameters, overflow: overflow)
        return bindings
    }

    @MainActor
    private func compile(
        into bindings: inout [any ProgressBinding], target: any AnimationTarget, container size: CGSize,
        parameters: ActionParameters, overflow: OverflowReport
    ) {
        func bind<Value: AnimatableValue>(_ from: Value, _ to: Value, _ output: PropertyBinding<Value>.Output) {
            bindings.append(PropertyBinding(target: target, track: parameters.track(from: from, to: to), output: output,
                                            overflow: overflow))
        }
        switch kind {
        case let .moveOrigin(from, to):
            bind(from.resolved(in: size), to.resolved(in: size), .derived(Self.placeOrigin))
        case let .moveCenter(from, to):
            bind(from.resolved(in: size), to.resolved(in: size), .keyPath(LayerProperty.position.keyPath))
        case let .size(from, to):
            bind(from.resolved(in: size), to.resolved(in: size), .keyPath(LayerProperty.boundsSize.keyPath))
        case let .frame(fromOrigin, fromSize, toOrigin, toSize):
            // The size first: the origin is placed with the bounds it leaves.
            bind(fromSize.resolved(in: size), toSize.resolved(in: size), .keyPath(LayerProperty.boundsSize.keyPath))
            bind(fromOrigin.resolved(in: size), toOrigin.resolved(in: size), .derived(Self.placeOrigin))
        case let .fade(from, to):
            bind(from, to, .keyPath(LayerProperty.opacity.keyPath))
        case let .scale(from, to):
            bind(from, to, .keyPath(LayerProperty.scale.keyPath))
        case let .rotate(.z, from, to):
            bind(from, to, .keyPath(LayerProperty.rotationZ.keyPath))
        case let .rotate(axis, from, to):
            let (x, y): (Double, Double) = axis == .x ? (1, 0) : (0, 1)
            bind(from, to, .derived { angle, host in
                let rotation = Transform3D.rotation(angle: angle, x: x, y: y, z: 0)
                return host.setFiniteModelValue(rotation.concatenating(.perspective(distance: 500)), for: LayerProperty.transform)
            })
        case .group(let actions):
            for action in actions {
                action.compile(into: &bindings, target: target, container: size, parameters: parameters, overflow: overflow)
            }
        case .custom(let custom):
            bind(0.0, 1.0, .appCode(custom.step))
        }
    }

    /// Places the frame's origin through the position, with the bounds and anchor point the
    /// target has now.
    @MainActor
    private static func placeOrigin(_ origin: CGPoint, host: any AnimationHost) -> (keyPath: String, written: Bool) {
        let bounds = host.modelValue(for: LayerProperty.bounds)
        let anchor = host.modelValue(for: LayerProperty.anchorPoint)
        let position = CGPoint(x: origin.x + anchor.x * bounds.width, y: origin.y + anchor.y * bounds.height)
        return host.setFiniteModelValue(position, for: LayerProperty.position)
    }
}

extension Sequence where Element == PageAction {
    /// Every action reversed, with new parameters (PVView's `reversedActions(with:)`).
    public func reversedActions(with newParameters: ActionParameters = .default) -> [PageAction] {
        map { $0.reversed(with: newParameters) }
    }
}
