import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// What the CoreAnimation description of an animation makes a layer show, worked out
    /// independently (`playedValue`) by the rules Apple documents for `CAKeyframeAnimation`
    /// (`calculationMode` `.linear`: each segment between neighbouring key times paced by its
    /// timing function, then a linear calculation between the two values) and for the key path (a part written into
    /// its whole by the guide's key-value coding table), against what `HeadlessLayer` shows:
    /// for every key path Flight knows, frame by frame.
    @MainActor @Suite("The description and the headless host agree")
    struct DescriptionAgreementTests {
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
                    let value = playedValue(description, at: local)
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
