/// Which animations on one layer are Flight's, and which of their stops Flight is told about:
/// the CoreAnimation bridge's bookkeeping, kept apart from CoreAnimation so that tests on any
/// platform check it.
///
/// CoreAnimation tells an animation's delegate `animationDidStop(_:finished:)` once, with
/// `finished` true "if the animation reached the end of its active duration without being
/// removed" (`CAAnimationDelegate`). That end is not its removal: Flight's animations are not
/// removed on completion (`isRemovedOnCompletion` false), so they stay on the layer, and are still
/// Flight's, until Flight removes them when their group ends. A stop with `finished` false is a
/// removal: by Flight, which replaced or removed the animation itself (not reported), or by
/// something else (the app's `removeAllAnimations()`, say), which is reported to Flight
/// (``AnimationHost/animationWasRemoved(forKey:)``). An unfinished stop of an animation that
/// is still on the layer (one has been reported for an animation added to a layer outside any
/// window) removed nothing, and changes nothing.
///
/// Each animation added gets a token of its own, which its delegate hands back when it stops,
/// so that the stop of one Flight has replaced under the same key, which CoreAnimation may
/// deliver after the new one was added, is told apart from the new one's.
package struct CoreAnimationKeys: Sendable {
    /// The token of Flight's animation under each key that is on the layer.
    private var tokens: [String: Int] = [:]
    private var nextToken = 0

    /// Keys with no animation of Flight's.
    package init() {}

    /// Flight adds an animation under `key`, replacing any under it: the new animation's token,
    /// for its delegate to hand back when it stops.
    package mutating func added(key: String) -> Int {
        nextToken &+= 1
        tokens[key] = nextToken
        return nextToken
    }

    /// Flight removes its animation under `key`: its stop is not reported.
    package mutating func removed(key: String) {
        tokens[key] = nil
    }

    /// Whether the animation under `key` is Flight's.
    package func isFlights(_ key: String) -> Bool {
        tokens[key] != nil
    }

    /// The animation added with `token` under `key` stopped: whether to report it to Flight as
    /// removed by something else. `isOnLayer` tells whether the layer still holds that
    /// animation (under `key`, with `token`). An animation that ran to its end and stays on the
    /// layer (not removed on completion) is still Flight's; one that ran to its end and was
    /// removed on completion is no longer on the layer, and is not reported (it was not cut
    /// short); one removed before its end (`finished` false, and no longer on the layer) that
    /// Flight had not replaced or removed is reported. A stop of an animation Flight replaced or
    /// removed changes nothing, nor does an unfinished stop of one still on the layer.
    package mutating func stopped(key: String, token: Int, finished: Bool, isRemovedOnCompletion: Bool, isOnLayer: Bool) -> Bool {
        guard tokens[key] == token else { return false }
        if finished && !isRemovedOnCompletion { return false }
        if !finished && isOnLayer { return false }
        tokens[key] = nil
        return !finished
    }
}
