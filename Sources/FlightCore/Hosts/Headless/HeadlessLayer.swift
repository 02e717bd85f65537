import Foundation

/// A portable layer: model values for every property Flight animates (and any custom key path),
/// a layer tree, and a presentation that plays animations by CoreAnimation's timing rules. The
/// same `animate`, `registerAnimation` and `applyAnimation` calls work on it as on a view, so the
/// whole pipeline runs, and is tested, anywhere.
///
/// ```swift
/// let clock = ManualClock()
/// let layer = HeadlessLayer(clock: clock)
/// layer.position = CGPoint(x: 0, y: 0)
/// layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(0.5).easing(.outCubic) }
/// clock.advance(by: 0.25)
/// layer.presentation().position     // about (262.5, 0): what is on screen
/// layer.position                    // (300, 0): the model value, set at once
/// ```
@MainActor
public final class HeadlessLayer: AnimationTarget, AnimationHost {
    /// The clock the layer's animations run on.
    public let clock: ManualClock
    /// Flight's bookkeeping for this layer.
    public let animationState = AnimationState()
    /// A name, for debugging and demo output.
    public var name: String?
    // `superlayer`, `speed` and `timeOffset` are main-actor state that every time conversion
    // reads (a group's start converts three times); no access to them is held across a call
    // out, so the run-time exclusivity check is left out.
    /// The layer that contains this one.
    @exclusivity(unchecked) public private(set) weak var superlayer: HeadlessLayer?
    /// The layers this one contains, back to front.
    public private(set) var sublayers: [HeadlessLayer] = []

    /// How fast the layer's time runs against its superlayer's (the clock's, for a layer with
    /// none), as `CALayer.speed`: 2 plays animations twice as fast (a UI test that speeds up a
    /// window), 0.5 at half speed. Set it before animating: Flight times a group's callbacks by
    /// the speed in force when it starts.
    @exclusivity(unchecked) public var speed: Double = 1
    /// Added to the layer's time after ``speed`` is applied, as `CALayer.timeOffset`.
    @exclusivity(unchecked) public var timeOffset: TimeInterval = 0

    // The model and the animations are main-actor state that every `animate` reads and writes
    // several times; no access to them is held across a call out (a value overwritten in place
    // is the value's own method), so the run-time exclusivity check is left out.
    @exclusivity(unchecked) private var model = HeadlessModel()
    /// How many model values have been set (for tests and benchmarks of how much is written).
    @exclusivity(unchecked) package private(set) var modelWriteCount = 0
    @exclusivity(unchecked) private var animations: [Playing] = []
    /// What the presentation shows under ``ManualClock/DeviceBehaviors/commitLag``: the model
    /// and animations as of the last commit (nil before the first).
    private var committed: (model: HeadlessModel, animations: [Playing])?

    private struct Playing {
        var key: String
        var animation: LayerAnimation
        var completion: (@MainActor (Bool) -> Void)?
        /// The scheduler event that reports its end, for animations with a completion.
        var end: ScheduledEvent?
        /// Whether Flight added it (through ``HeadlessLayer/apply(_:)``), so that a removal Flight
        /// did not make is reported to Flight.
        var isFlights = false
        /// The group it plays in, for a child of a ``LayerAnimationGroup``: its time is the group's.
        var group: LayerAnimationGroup?

        /// The value it shows at layer time `time`, or nil.
        func value(at time: TimeInterval) -> (any AnimatableValue)? {
            guard let group else { return animation.value(at: time) }
            return group.localTime(at: time).flatMap { animation.value(at: $0) }
        }

        /// When it ends, in the layer's time: a child of a group ends with the group.
        var endTime: TimeInterval { group?.endTime ?? animation.endTime }
    }

    /// Creates a layer with CoreAnimation's default property values. Layers in one tree should
    /// share a clock.
    public init(clock: ManualClock = ManualClock(), name: String? = nil) {
        self.clock = clock
        self.name = name
        model.reserveCapacity(4)
        animations.reserveCapacity(4)
        clock.register(self)
    }

    /// The layer itself plays its animations.
    public var animationHost: any AnimationHost { self }

    /// The layer's time now: the clock's time carried through the ``speed`` and ``timeOffset``
    /// of the layer and its superlayers (the clock's time when they are 1 and 0).
    public var currentTime: TimeInterval { localTime(atClockTime: clock.now) }

    /// The clock's scheduler.
    public var frameScheduler: FrameScheduler { clock.scheduler }

    // MARK: Time

    /// The layer's time at clock time `time`, by CoreAnimation's rule for each layer from the
    /// root down: `t = t_parent × speed + timeOffset`.
    public func localTime(atClockTime time: TimeInterval) -> TimeInterval {
        (superlayer?.localTime(atClockTime: time) ?? time) * speed + timeOffset
    }

    /// The clock time at which the layer's time is `time` (not finite when a layer's speed is
    /// 0: its time stands still).
    public func clockTime(forLocalTime time: TimeInterval) -> TimeInterval {
        let parent = (time - timeOffset) / speed
        return superlayer?.clockTime(forLocalTime: parent) ?? parent
    }

    /// The clock time at which the layer's time is `hostTime`.
    public func schedulerTime(forHostTime hostTime: TimeInterval) -> TimeInterval {
        clockTime(forLocalTime: hostTime)
    }

    /// The layer's time at clock time `schedulerTime`.
    public func hostTime(forSchedulerTime schedulerTime: TimeInterval) -> TimeInterval {
        localTime(atClockTime: schedulerTime)
    }

    // MARK: Tree

    /// Adds `layer` in front of the other sublayers (removing it from its old parent first).
    public func addSublayer(_ layer: HeadlessLayer) {
        layer.removeFromSuperlayer()
        layer.superlayer = self
        sublayers.append(layer)
    }

    /// Removes the layer from its parent.
    public func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Simulates the view this layer backs leaving its window: as on a device, every animation
    /// removed on completion is removed from the layer and its sublayers and reports that it did
    /// not finish. Flight's own animations are not removed on completion, so they survive.
    public func simulateLeavingWindow() {
        removeAnimationsRemovedOnCompletion(includingSublayers: true)
    }

    func removeAnimationsRemovedOnCompletion(includingSublayers: Bool) {
        for key in animations.filter({ $0.animation.isRemovedOnCompletion }).map(\.key) {
            removeAnimation(forKey: key)
        }
        if includingSublayers {
            for sublayer in sublayers { sublayer.removeAnimationsRemovedOnCompletion(includingSublayers: true) }
        }
    }

    // MARK: Model values

    /// The model value at a key path: the value set last (animations do not change it), the
    /// property's default if never set, nil for a custom key path never set.
    public func modelValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        // A key path stored is read in place: handing the model on to the general look-up
        // copies it (retaining its lists) for the call.
        if let index = model.index(of: keyPath) { return model.values[index] }
        return Self.modelValue(notStored: keyPath, in: model)
    }

    private static func modelValue(forKeyPath keyPath: String, in model: HeadlessModel) -> (any AnimatableValue)? {
        // A key path stored is a whole or a custom property (a part is written into its whole),
        // so it reads as stored: one look-up rather than two.
        if let stored = model[keyPath] { return stored }
        return modelValue(notStored: keyPath, in: model)
    }

    /// ``modelValue(forKeyPath:in:)`` for a key path `model` does not store: a part, read from
    /// its whole, or a default.
    private static func modelValue(notStored keyPath: String, in model: HeadlessModel) -> (any AnimatableValue)? {
        guard let property = LayerProperty.named(keyPath) else { return nil }
        // A whole not stored has never been set: it holds its default.
        guard let baseKeyPath = property.baseKeyPath else { return property.defaultValue }
        let base = model[baseKeyPath] ?? LayerProperty.named(baseKeyPath)?.defaultValue ?? property.defaultValue
        return property.read(from: base)
    }

    /// Runs `changes` so that they reach the screen together, as `CALayerHost` runs them in
    /// one `CATransaction`: the headless host keeps a transaction open while they run (see
    /// ``AnimationHost/performTogether(_:)``). Every change shows at once as always; nested
    /// calls share the outermost transaction.
    public func performTogether(_ changes: () -> Void) {
        HeadlessTransaction.perform(changes)
    }

    /// Sets a model value at once. Returns false (and changes nothing) if the value's type does
    /// not match the key path's: a known property's type, or for a custom key path the type it
    /// was first set with.
    @discardableResult
    @_optimize(none)
    public func setModelValue(_ value: any AnimatableValue, forKeyPath keyPath: String) -> Bool {
        // Passed on whole, so that the value's box is kept rather than made anew (a method that
        // looks into an existential argument gets specialized for the opened type, and would
        // box the value again to store it).
        setModel(ModelWrite(value: value, keyPath: keyPath))
    }

    /// Sets a model value of a type known where it is written: a value of the type the key
    /// path holds already is written over it in place, without boxing it anew; anything else is
    /// set as ``setModelValue(_:forKeyPath:)`` sets it.
    @discardableResult
    public func setTypedModelValue<Value: AnimatableValue>(_ value: Value, forKeyPath keyPath: String) -> Bool {
        if let index = model.index(of: keyPath), model.values[index].overwrite(with: value) {
            modelWriteCount += 1
            HeadlessTransaction.recordWrite()
            return true
        }
        return setModel(ModelWrite(value: value, keyPath: keyPath))
    }

    /// A model value to store, and where.
    private struct ModelWrite {
        var value: any AnimatableValue
        var keyPath: String
    }

    private func setModel(_ write: borrowing ModelWrite) -> Bool {
        // The write is read in place (`write.value`), not copied out of it.
        if let index = model.index(of: write.keyPath) {
            // Stored before: a whole or a custom property (a part is written into its whole),
            // which holds values of the type it holds already.
            guard model.values[index].hasSameType(as: write.value) else { return false }
            model.values[index] = write.value
        } else if let property = LayerProperty.named(write.keyPath) {
            guard property.accepts(write.value) else { return false }
            if let baseKeyPath = property.baseKeyPath, let base = modelValue(forKeyPath: baseKeyPath) {
                model.set(property.write(write.value, into: base), forKeyPath: baseKeyPath)
            } else {
                model.set(write.value, forKeyPath: write.keyPath)
            }
        } else {
            // A custom key path never set (one set before was found above).
            model.set(write.value, forKeyPath: write.keyPath)
        }
        modelWriteCount += 1
        HeadlessTransaction.recordWrite()
        return true
    }

    /// The model value of a layer property (its default if never set).
    package func value<Value: AnimatableValue>(for key: LayerProperty.Key<Value>) -> Value {
        value(forKeyPath: key.keyPath) ?? key.defaultValue
    }

    /// The model value at a key path as a given type, or nil.
    public func value<Value: AnimatableValue>(forKeyPath keyPath: String, as type: Value.Type = Value.self) -> Value? {
        modelValue(forKeyPath: keyPath) as? Value
    }

    // MARK: Presentation

    /// The value shown now: the model value with every active animation applied in the order
    /// they were added, so later animations override earlier ones on the same key path; an
    /// animation of a sub-path (`position.x`) replaces only its part.
    public func presentationValue(forKeyPath keyPath: String) -> (any AnimatableValue)? {
        presentationValue(forKeyPath: keyPath, at: currentTime)
    }

    /// The value shown at layer time `time`, given the animations on the layer now (with
    /// ``ManualClock/DeviceBehaviors/commitLag``, the model and animations of the last commit,
    /// and before the layer's first commit its model alone).
    public func presentationValue(forKeyPath keyPath: String, at time: TimeInterval) -> (any AnimatableValue)? {
        // Before its first commit a layer has no presentation: `CALayer.presentation()` "Returns
        // nil if the layer has not yet been committed" (QuartzCore's CALayer.h), so a
        // host reads the model alone (`CALayerHost.presentationValue(forKeyPath:)`), with none of
        // the animations added since.
        let shown = committed ?? (model, clock.deviceBehaviors.contains(.commitLag) ? [] : animations)
        let base = LayerProperty.base(of: keyPath)
        guard let model = Self.modelValue(forKeyPath: base, in: shown.model) else { return nil }
        // Flight's rule for parts and wholes (`PartComposition`), as CoreAnimation reads a key
        // path: from the whole shown.
        var composition = PartComposition(keyPath: keyPath, model: model)
        for playing in shown.animations where composition.concerns(playing.animation.keyPath) {
            if let value = playing.value(at: time) {
                composition.apply(value, of: playing.animation.keyPath, additive: playing.animation.isAdditive)
            }
        }
        return composition.readFromWhole
    }

    /// A snapshot of what is on screen now.
    public func presentation() -> Presentation {
        Presentation(layer: self, time: currentTime)
    }

    /// Takes the model and animations as the presentation's from now on (called by the clock's
    /// commit under ``ManualClock/DeviceBehaviors/commitLag``).
    func commitPresentation() {
        pruneEnded()
        committed = (model, animations)
    }

    /// The presentation values of a ``HeadlessLayer`` at one moment.
    @MainActor
    public struct Presentation {
        fileprivate let layer: HeadlessLayer
        /// The moment, in the layer's time.
        public let time: TimeInterval

        /// The value shown at a key path.
        public func value<Value: AnimatableValue>(forKeyPath keyPath: String, as type: Value.Type = Value.self) -> Value? {
            layer.presentationValue(forKeyPath: keyPath, at: time) as? Value
        }

        /// The value shown of a layer property.
        package func value<Value: AnimatableValue>(for key: LayerProperty.Key<Value>) -> Value {
            value(forKeyPath: key.keyPath) ?? key.defaultValue
        }

        /// Opacity shown.
        public var opacity: Double { value(for: LayerProperty.opacity) }
        /// Position shown.
        public var position: CGPoint { value(for: LayerProperty.position) }
        /// Bounds shown.
        public var bounds: CGRect { value(for: LayerProperty.bounds) }
        /// Transform shown.
        public var transform: Transform3D { value(for: LayerProperty.transform) }
        /// Background colour shown.
        public var backgroundColor: Color { value(for: LayerProperty.backgroundColor) }
        /// Corner radius shown.
        public var cornerRadius: Double { value(for: LayerProperty.cornerRadius) }
        /// Anchor point shown.
        public var anchorPoint: CGPoint { value(for: LayerProperty.anchorPoint) }
        /// The frame shown (bounds placed by position and anchor point, transform ignored).
        public var frame: CGRect { HeadlessLayer.frame(bounds: bounds, position: position, anchorPoint: anchorPoint) }
    }

    // MARK: Animations

    /// Adds an animation under `key`, replacing (and ending, with `false`) any animation under
    /// the same key; the new one goes after every other, so it overrides them on its key path.
    /// `completion` is called once: `true` when the animation ends, `false` if it is removed
    /// first. As on CoreAnimation, an animation removed on completion is gone from the layer
    /// once its end has passed.
    public func add(_ animation: LayerAnimation, forKey key: String, completion: (@MainActor (Bool) -> Void)? = nil) {
        removeAnimation(forKey: key)
        var end: ScheduledEvent?
        if completion != nil {
            end = clock.scheduler.schedule(at: clockTime(forLocalTime: animation.endTime)) { [weak self] in
                self?.finish(key)
            }
        }
        animations.append(Playing(key: key, animation: animation, completion: completion, end: end))
    }

    /// Adds a group of animations under `key`, replacing any animation under the same key, as
    /// `CALayer.add(_:forKey:)` adds a `CAAnimationGroup`; its children go after every other
    /// animation, in order. By CoreAnimation's documented rules: a begin time of 0 is replaced
    /// with the layer's time now (``LayerAnimationGroup/beginTime``); the children run in the
    /// group's time, each child's begin time counted from the group's, and are clipped to the
    /// group's duration (filling before and after it as the group's fill mode says); the
    /// children's own `isRemovedOnCompletion` is ignored, the group's applies to them all.
    /// ``animation(forKey:)`` gives nil for the group's key.
    public func add(_ group: LayerAnimationGroup, forKey key: String) {
        removeAnimation(forKey: key)
        var group = group
        if group.beginTime == 0 { group.beginTime = currentTime }
        for child in group.animations {
            var child = child
            child.isRemovedOnCompletion = group.isRemovedOnCompletion
            animations.append(Playing(key: key, animation: child, completion: nil, end: nil, group: group))
        }
    }

    /// Removes the animation under `key`, calling its completion with `false` (at the next commit
    /// under ``ManualClock/DeviceBehaviors/asynchronousRemovalCallbacks``). Removing one of
    /// Flight's animations this way tells Flight, as CoreAnimation's delegate would
    /// (``AnimationHost/animationWasRemoved(forKey:)``).
    public func removeAnimation(forKey key: String) {
        pruneEnded()
        guard let index = animations.firstIndex(where: { $0.key == key }) else { return }
        let removed = animations.remove(at: index)
        removed.end?.cancel()
        if let completion = removed.completion {
            clock.deliverRemovalReport { completion(false) }
        }
        if removed.isFlights {
            clock.deliverRemovalReport { [weak self] in self?.animationWasRemoved(forKey: key) }
        }
        // The other children of a group go with it.
        if removed.group != nil { removeAnimation(forKey: key) }
    }

    /// Reports the end of the animation under `key` when its time has come.
    private func finish(_ key: String) {
        guard let index = animations.firstIndex(where: { $0.key == key }) else { return }
        let ended = animations[index]
        animations[index].completion = nil
        animations[index].end = nil
        if ended.animation.isRemovedOnCompletion { animations.remove(at: index) }
        ended.completion?(true)
    }

    /// Drops animations that have ended and are removed on completion (their completion, if
    /// any, has been reported by the scheduler).
    private func pruneEnded() {
        // Loops rather than `removeAll(where:)`: a closure isolated to the main actor is checked
        // for it on every call, and this runs for every change Flight applies.
        guard Self.containsRemovedOnCompletion(animations) else { return }
        let now = currentTime
        var index = 0
        while index < animations.count {
            let playing = animations[index]
            if playing.animation.isRemovedOnCompletion && playing.endTime <= now && playing.end == nil {
                animations.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Whether any of `animations` is removed on completion; its flags are read in place, by
    /// index, where a predicate would be handed a copy of each animation.
    private nonisolated static func containsRemovedOnCompletion(_ animations: [Playing]) -> Bool {
        for index in animations.indices where animations[index].animation.isRemovedOnCompletion { return true }
        return false
    }

    /// Removes the animation under `key` (keys are unique on a layer), without reporting it.
    private func dropAnimation(forKey key: String) {
        for index in animations.indices where animations[index].key == key {
            animations.remove(at: index)
            return
        }
    }

    /// Removes every animation.
    public func removeAllAnimations() {
        for key in animations.map(\.key) { removeAnimation(forKey: key) }
    }

    /// Whether an animation added with ``add(_:forKey:completion:)`` (not Flight's) plays on
    /// `baseKeyPath` or a part of it.
    public func hasOtherAnimations(onBase baseKeyPath: String) -> Bool {
        pruneEnded()
        for index in animations.indices where !animations[index].isFlights {
            if LayerProperty.base(of: animations[index].animation.keyPath) == baseKeyPath { return true }
        }
        return false
    }

    /// The keys of the animations on the layer, oldest first (a group's once).
    public var animationKeys: [String] {
        pruneEnded()
        var keys: [String] = []
        for playing in animations where playing.group == nil || keys.last != playing.key { keys.append(playing.key) }
        return keys
    }

    /// The animation under `key`; nil for an animation group added with
    /// ``add(_:forKey:)`` (its children's times are the group's, not the layer's).
    public func animation(forKey key: String) -> LayerAnimation? {
        pruneEnded()
        guard let playing = animations.first(where: { $0.key == key }), playing.group == nil else { return nil }
        return playing.animation
    }

    /// Applies Flight's changes (see ``AnimationHost/apply(_:)``).
    public func apply(_ changes: [LayerAnimationChange]) {
        pruneEnded()
        // By index, so that each change is copied once (its payload, into the list), not twice.
        for index in changes.indices {
            switch changes[index] {
            case let .add(key, animation):
                dropAnimation(forKey: key)
                animations.append(Playing(key: key, animation: animation, completion: nil, end: nil, isFlights: true))
            case let .remove(key):
                dropAnimation(forKey: key)
            }
        }
    }

    // MARK: Typed model properties

    /// The model opacity.
    public var opacity: Double {
        get { value(for: LayerProperty.opacity) }
        set { setModelValue(newValue, for: LayerProperty.opacity) }
    }

    /// The model position.
    public var position: CGPoint {
        get { value(for: LayerProperty.position) }
        set { setModelValue(newValue, for: LayerProperty.position) }
    }

    /// The model bounds.
    public var bounds: CGRect {
        get { value(for: LayerProperty.bounds) }
        set { setModelValue(newValue, for: LayerProperty.bounds) }
    }

    /// The model anchor point.
    public var anchorPoint: CGPoint {
        get { value(for: LayerProperty.anchorPoint) }
        set { setModelValue(newValue, for: LayerProperty.anchorPoint) }
    }

    /// The model transform.
    public var transform: Transform3D {
        get { value(for: LayerProperty.transform) }
        set { setModelValue(newValue, for: LayerProperty.transform) }
    }

    /// The model background colour.
    public var backgroundColor: Color {
        get { value(for: LayerProperty.backgroundColor) }
        set { setModelValue(newValue, for: LayerProperty.backgroundColor) }
    }

    /// The model corner radius.
    public var cornerRadius: Double {
        get { value(for: LayerProperty.cornerRadius) }
        set { setModelValue(newValue, for: LayerProperty.cornerRadius) }
    }

    /// The model frame: bounds placed by position and anchor point (transform ignored). Setting
    /// it sets bounds size and position, as CoreAnimation does.
    public var frame: CGRect {
        get { Self.frame(bounds: bounds, position: position, anchorPoint: anchorPoint) }
        set {
            bounds = CGRect(origin: bounds.origin, size: newValue.size)
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width,
                               y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    fileprivate static func frame(bounds: CGRect, position: CGPoint, anchorPoint: CGPoint) -> CGRect {
        CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
               width: bounds.width, height: bounds.height)
    }
}
