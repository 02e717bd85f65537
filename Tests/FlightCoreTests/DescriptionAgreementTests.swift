import FlightCore
import FlightEasing
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// What the CoreAnimation description of an animation makes a layer show, worked out here
    /// independently by the rules Apple documents for `CAKeyframeAnimation` (`calculationMode`
    /// `.linear`: each segment between neighbouring key times paced by its timing function, then
    /// a linear calculation between the two values) and for the key path (a part written into
    /// its whole by the guide's key-value coding table), against what `HeadlessLayer` shows:
    /// for every key path Flight knows, frame by frame.
    @MainActor @Suite("The description and the headless host agree")
    struct DescriptionAgreementTests {
        /// y of the timing curve at x, by bisection on the curve's parameter (independent of
        /// FlightEasing's solver).
        static func timing(_ curve: CubicBezier, _ x: Double) -> Double {
            func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
            }
            var (low, high) = (0.0, 1.0)
            for _ in 0..<80 {
                let middle = (low + high) / 2
                if bezier(curve.x1, curve.x2, middle) < x { low = middle } else { high = middle }
            }
            return bezier(curve.y1, curve.y2, (low + high) / 2)
        }

        /// The value the description shows `local` seconds into it.
        static func value(of description: CoreAnimationKeyframeAnimation, at local: TimeInterval) -> any AnimatableValue {
            let fraction = min(max(local / description.duration, 0), 1)
            let times = description.keyTimes
            var segment = 0
            while segment < times.count - 2 && fraction > times[segment + 1] { segment += 1 }
            let span = times[segment + 1] - times[segment]
            let x = span > 0 ? (fraction - times[segment]) / span : 1
            let progress = timing(description.timingFunctions[segment], min(max(x, 0), 1))
            let (first, second) = (description.values[segment], description.values[segment + 1])
            return Self.blend(first, second, progress)
        }

        /// `a` moved `progress` of the way to `b`, component by component.
        static func blend<Value: AnimatableValue>(_ a: Value, _ b: any AnimatableValue, _ progress: Double) -> any AnimatableValue {
            let b = b as! Value
            return Value(components: a.components + (b.components - a.components) * progress)
        }

        /// A target for a key path of `type`, away from the layer's default.
        static func target(for type: any AnimatableValue.Type, keyPath: String) -> any AnimatableValue {
            switch type {
            case is Double.Type: keyPath.hasPrefix("transform.scale") ? 1.6 : keyPath.contains("rotation") ? 0.9 : 0.35
            case is CGPoint.Type: CGPoint(x: 0.3, y: 0.8)
            case is CGSize.Type: CGSize(width: 120, height: 70)
            case is CGRect.Type: CGRect(x: 4, y: -6, width: 150, height: 90)
            case is Color.Type: Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
            case is Transform3D.Type: Transform3D.scale(x: 1.4, y: 0.8, z: 1).concatenating(.rotation(angle: 0.7, x: 0, y: 0, z: 1))
            default: 0.5
            }
        }

        @Test("Every key path, frame by frame: the description evaluated by the documented rules shows what HeadlessLayer shows")
        func everyKeyPathAgrees() throws {
            for (keyPath, property) in LayerProperty.catalogue.sorted(by: { $0.key < $1.key }) {
                let clock = ManualClock()
                let host = RecordingLayer(clock: clock)
                let base = property.baseKeyPath ?? keyPath
                let target = Self.target(for: property.valueType, keyPath: keyPath)
                host.animate { $0.value(target, forKeyPath: keyPath).duration(0.5).easing(.outCubic) }
                let descriptions = host.lastSteps().compactMap(CoreAnimationPlanTests.addition)
                let description = try #require(descriptions.first { $0.keyPath == keyPath }, "\(keyPath)")
                let model = try #require(host.layer.modelValue(forKeyPath: base))
                everyFrame(clock, until: 0.6) { now in
                    let local = (now - description.beginTime) * description.speed + description.timeOffset
                    guard local < description.duration else { return }
                    let value = Self.value(of: description, at: local)
                    // The guide's meaning of the key path: a part is written into its whole.
                    let expected = property.baseKeyPath == nil ? value : property.write(value, into: model)
                    let shown = host.layer.presentationValue(forKeyPath: base)
                    let gap = distanceBetween(shown, expected)
                    // A whole transform: CoreAnimation's interpolation between keyframe matrices is
                    // not documented (it decomposes them, as HeadlessLayer does); Flight's keyframes
                    // are dense enough that the matrices mixed entry by entry, as here, stay within
                    // the 0.5 pt keyframe tolerance of what is shown.
                    let tolerance = keyPath == "transform" ? 0.5 : 1e-6
                    #expect(gap < tolerance, "\(keyPath) at t = \(now): shown \(String(describing: shown)), the description \(expected)")
                }
            }
        }
    }
}
