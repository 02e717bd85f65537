import Foundation

/// A point in a page's container: absolute, or as fractions of the container's size (PVView's
/// `PVPoint`).
public struct RelativePoint: Sendable, Hashable {
    /// x, in points or as a fraction of the container's width.
    public var x: Double
    /// y, in points or as a fraction of the container's height.
    public var y: Double
    /// Whether `x` and `y` are fractions of the container's size.
    public var isRelative: Bool

    /// Creates a point.
    public init(x: Double, y: Double, isRelative: Bool = false) {
        (self.x, self.y, self.isRelative) = (x, y, isRelative)
    }

    /// The point in a container of `size`.
    public func resolved(in size: CGSize) -> CGPoint {
        isRelative ? CGPoint(x: x * Double(size.width), y: y * Double(size.height)) : CGPoint(x: x, y: y)
    }
}

/// A size in a page's container: absolute, or as fractions of the container's size (PVView's
/// `PVSize`).
public struct RelativeSize: Sendable, Hashable {
    /// The width, in points or as a fraction of the container's width.
    public var width: Double
    /// The height, in points or as a fraction of the container's height.
    public var height: Double
    /// Whether the dimensions are fractions of the container's size.
    public var isRelative: Bool

    /// Creates a size.
    public init(width: Double, height: Double, isRelative: Bool = false) {
        (self.width, self.height, self.isRelative) = (width, height, isRelative)
    }

    /// The size in a container of `size`.
    public func resolved(in size: CGSize) -> CGSize {
        isRelative ? CGSize(width: width * Double(size.width), height: height * Double(size.height))
            : CGSize(width: width, height: height)
    }
}

/// When within its page an action runs, and how (PVView's `PVParameters`).
public struct ActionParameters: Sendable, Hashable {
    /// The page progress at which the action starts, in `0...1`.
    public var startOffset: Double
    /// The page progress at which it finishes, in `0...1`, after `startOffset`.
    public var stopOffset: Double
    /// How the action's progress follows the page's between the two offsets.
    public var easing: Easing

    /// The whole page, linearly.
    public static let `default` = ActionParameters()

    /// Creates parameters; offsets are clamped into `0...1` and ordered.
    public init(startOffset: Double = 0, stopOffset: Double = 1, easing: Easing = .linear) {
        (self.startOffset, self.stopOffset) = Self.offsets(startOffset, stopOffset)
        self.easing = easing
    }

    /// The offsets clamped into `0...1` and ordered (NaN is 0 for the start, 1 for the stop), as
    /// ``init(startOffset:stopOffset:easing:)`` makes them; the properties can be set to
    /// anything afterwards, so every use goes through this.
    private static func offsets(_ start: Double, _ stop: Double) -> (start: Double, stop: Double) {
        let start = start.isNaN ? 0 : min(max(start, 0), 1)
        return (start, stop.isNaN ? 1 : min(max(stop, start), 1))
    }

    /// The action's progress at page progress `pageProgress`, by the track its values follow:
    /// 0 up to the start offset, the eased fraction of the way between the offsets, 1 from the
    /// stop offset on (with equal offsets, 0 before them and 1 from them).
    public func actionProgress(at pageProgress: Double) -> Double {
        track(from: 0.0, to: 1.0).value(at: pageProgress) ?? 0
    }

    /// `from` up to the start offset, `to` from the stop offset, eased between: what an action
    /// with these parameters runs on.
    func track<Value: AnimatableValue>(from: Value, to: Value) -> KeyframeTrack<Value> {
        let (start, stop) = Self.offsets(startOffset, stopOffset)
        // With equal offsets, the two keyframes at one time are a step.
        return KeyframeTrack(sorted: [
            .init(time: start, value: from, easing: stop > start ? easing : .linear),
            .init(time: stop, value: to, easing: .linear),
        ])
    }
}

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
    @MainActor
    func bindings(of target: any AnimationTarget, container size: CGSize) -> [any ProgressBinding] {
        var bindings: [any ProgressBinding] = []
        compile(into: &bindings, target: target, container: size, parameters: parameters)
        return bindings
    }

    @MainActor
    private func compile(
        into bindings: inout [any ProgressBinding], target: any AnimationTarget, container size: CGSize,
        parameters: ActionParameters
    ) {
        func bind<Value: AnimatableValue>(_ from: Value, _ to: Value, _ output: PropertyBinding<Value>.Output) {
            bindings.append(PropertyBinding(target: target, track: parameters.track(from: from, to: to), output: output))
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
                host.setModelValue(rotation.concatenating(.perspective(distance: 500)), for: LayerProperty.transform)
            })
        case .group(let actions):
            for action in actions { action.compile(into: &bindings, target: target, container: size, parameters: parameters) }
        case .custom(let custom):
            bind(0.0, 1.0, .appCode(custom.step))
        }
    }

    /// Places the frame's origin through the position, with the bounds and anchor point the
    /// target has now.
    @MainActor
    private static func placeOrigin(_ origin: CGPoint, host: any AnimationHost) {
        let bounds = host.modelValue(for: LayerProperty.bounds)
        let anchor = host.modelValue(for: LayerProperty.anchorPoint)
        let position = CGPoint(x: origin.x + anchor.x * bounds.width, y: origin.y + anchor.y * bounds.height)
        host.setModelValue(position, for: LayerProperty.position)
    }
}

/// An action of your own (PVView's custom `PVActionBasicType`): a step at progress `0...1` and its
/// reverse.
public struct CustomPageAction: Sendable {
    let step: @MainActor @Sendable (Double, any AnimationHost) -> Void
    let reverseStep: (@MainActor @Sendable (Double, any AnimationHost) -> Void)?

    /// Creates an action from its step; `step(p, host)` sets the target's values for progress `p`.
    /// `reverse`, if given, is the step of the reversed action (PVView's letter-spacing example
    /// reverses by its own rule); without it the reversed action runs `step` with `1 − p`.
    public init(
        _ step: @escaping @MainActor @Sendable (Double, any AnimationHost) -> Void,
        reverse: (@MainActor @Sendable (Double, any AnimationHost) -> Void)? = nil
    ) {
        self.step = step
        reverseStep = reverse
    }

    /// The action run backwards: its own reverse if it has one (whose reverse is this step
    /// again), else the step with progress running backwards.
    var reversed: CustomPageAction {
        let step = self.step
        if let reverseStep { return CustomPageAction(reverseStep, reverse: step) }
        return CustomPageAction({ p, host in step(1 - p, host) }, reverse: step)
    }
}

extension Sequence where Element == PageAction {
    /// Every action reversed, with new parameters (PVView's `reversedActions(with:)`).
    public func reversedActions(with newParameters: ActionParameters = .default) -> [PageAction] {
        map { $0.reversed(with: newParameters) }
    }
}
