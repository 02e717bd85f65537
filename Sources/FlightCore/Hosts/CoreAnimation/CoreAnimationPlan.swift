import FlightEasing
import Foundation

/// Everything the CoreAnimation bridge sets on one `CAKeyframeAnimation`, worked out before it
/// touches CoreAnimation, so that tests on any platform can check what a device receives.
///
/// The bridge only copies these fields: `values` boxed (`NSNumber`, `NSValue`, `CGColor`),
/// `keyTimes` as `NSNumber`s, one `CAMediaTimingFunction(controlPoints:)` per segment,
/// `calculationMode = .linear`, and `beginTime`, which Flight gives in the layer's time space (the
/// host's ``AnimationHost/currentTime``).
package struct CoreAnimationKeyframeAnimation: Sendable {
    /// The key it is added under.
    package var key: String
    /// `keyPath`.
    package var keyPath: String
    /// `beginTime`, in the layer's time space.
    package var beginTime: TimeInterval
    /// `duration`.
    package var duration: TimeInterval
    /// `keyTimes`, from 0 to 1.
    package var keyTimes: [Double]
    /// `values`, before boxing.
    package var values: [any AnimatableValue]
    /// `timingFunctions`: one per segment, `values.count − 1` of them.
    package var timingFunctions: [CubicBezier]
    /// `fillMode`.
    package var fillMode: LayerAnimation.FillMode
    /// `isRemovedOnCompletion`.
    package var isRemovedOnCompletion: Bool
    /// `speed`: 0 (held) or positive, never negative, which `CAMediaTiming` leaves undocumented
    /// (a negative or NaN ``LayerAnimation/speed`` is sent as 0, as ``HeadlessLayer`` plays it).
    package var speed: Double
    /// `timeOffset`.
    package var timeOffset: TimeInterval
    /// `isAdditive`.
    package var isAdditive: Bool
    /// `repeatCount`: 0 for an animation that plays once; a repeating group's property its run
    /// over one period (``duration``), possibly fractional; infinite for one that repeats
    /// forever. What the bridge sends is ``floatRepeatCount``.
    package var repeatCount: Double = 0

    /// The description of `animation` under `key`.
    package init(key: String, animation: LayerAnimation) {
        self.key = key
        keyPath = animation.keyPath
        beginTime = animation.beginTime
        duration = animation.duration
        keyTimes = animation.keyframes.keyTimes
        values = animation.keyframes.valueList
        timingFunctions = animation.keyframes.timingFunctions
        fillMode = animation.fillMode
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        speed = animation.speed > 0 ? animation.speed : 0
        timeOffset = animation.timeOffset
        isAdditive = animation.isAdditive
        // A repeating group's property: one period's keyframes (``duration`` the period),
        // repeated; a run played backwards begins part-way into a period: begun earlier while
        // it plays, never with a time offset, and held with the phase added to its offset.
        repeatCount = animation.repeatCount
        if animation.repeatPhase != 0 {
            if speed > 0 {
                beginTime -= animation.repeatPhase / speed
            } else {
                timeOffset += animation.repeatPhase
            }
        }
    }

    /// The `repeatCount` the bridge sends, a `Float`: 0 for an animation that plays once;
    /// `Float.greatestFiniteMagnitude` for an infinite count or one beyond it (Apple's
    /// documentation of `repeatCount`: "May be fractional", and `greatestFiniteMagnitude` "will
    /// cause the animation to repeat forever"); otherwise ``repeatCount`` rounded down to a
    /// `Float`, an animation that ends a moment early showing the model, which holds where the
    /// run ends, never the start of a repeat past it. Two limits of a `Float`:
    ///
    /// - A positive count is at least the smallest positive `Float` (about 1.4 × 10⁻⁴⁵): rounded
    ///   down to 0, CoreAnimation would play one whole period ("0" is its default, one play).
    /// - Above 2²⁴ periods a `Float` no longer holds every whole number: the count is rounded
    ///   down to the nearest it holds, and the run ends less than that spacing early (under 2
    ///   periods between 2²⁴ and 2²⁵, under 4 up to 2²⁶, and so on), showing where it ends from
    ///   then on.
    package var floatRepeatCount: Float {
        guard repeatCount.isFinite else { return .greatestFiniteMagnitude }
        guard repeatCount < Double(Float.greatestFiniteMagnitude) else { return .greatestFiniteMagnitude }
        guard repeatCount > 0 else { return 0 }
        let rounded = Float(repeatCount)
        let down = Double(rounded) > repeatCount ? rounded.nextDown : rounded
        return max(down, .leastNonzeroMagnitude)
    }
}

/// One step of what the CoreAnimation bridge does to a layer.
package enum CoreAnimationStep: Sendable {
    /// `layer.add(_:forKey:)` of a keyframe animation built from the description.
    case add(CoreAnimationKeyframeAnimation)
    /// `layer.removeAnimation(forKey:)`.
    case remove(key: String)

    /// The steps for a batch of Flight's changes, in order, in one transaction.
    package static func plan(_ changes: [LayerAnimationChange]) -> [CoreAnimationStep] {
        changes.map { change in
            switch change {
            case let .add(key, animation):
                .add(CoreAnimationKeyframeAnimation(key: key, animation: animation))
            case let .remove(key):
                .remove(key: key)
            }
        }
    }
}
