import FlightCore
import Foundation
import Testing

/// A platform-style type that animates as a portable one, as CATransform3D does on Apple
/// platforms (there it is compiled, not run, on this machine).
private struct Degrees: PortableAnimatable, Equatable {
    typealias Path = PortablePath<Degrees>
    var value: Double
    var portable: Transform2D { .rotation(value * .pi / 180) }
    init(value: Double) { self.value = value }
    init(portable: Transform2D) { value = atan2(portable.b, portable.a) * 180 / .pi }
}

extension OffMainActorSuites {
    @Suite("Animatable values")
    struct AnimatableValueTests {
        @Test("Scalars and geometry interpolate componentwise and extrapolate for overshoot")
        func componentwise() {
            #expect(10.0.interpolated(to: 20, fraction: 0.25) == 12.5)
            #expect(Float(1).interpolated(to: 3, fraction: 1.5) == 4)
            #expect(CGFloat(0).interpolated(to: 8, fraction: -0.5) == -4)
            #expect(CGPoint(x: 0, y: 10).interpolated(to: CGPoint(x: 10, y: 0), fraction: 0.3) == CGPoint(x: 3, y: 7))
            #expect(CGSize(width: 2, height: 4).interpolated(to: CGSize(width: 4, height: 8), fraction: 0.5)
                    == CGSize(width: 3, height: 6))
            // Rect origins animate (Parade's did not).
            let rect = CGRect(x: 0, y: 0, width: 10, height: 10).interpolated(
                to: CGRect(x: 100, y: 50, width: 30, height: 10), fraction: 0.5)
            #expect(rect == CGRect(x: 50, y: 25, width: 20, height: 10))
            #expect(CGPoint(x: 0, y: 0).distance(to: CGPoint(x: 3, y: 4)) == 5)
            #expect(CGRect.componentCount == 4 && Transform3D.componentCount == 16 && Color.componentCount == 4)
        }

        @Test("Validation names the offending component")
        func validation() throws {
            #expect(throws: AnimationValueError.nonFinite("bounds", component: 2)) {
                _ = try CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1).validated("bounds")
            }
            #expect(try CGPoint(x: 1, y: 2).validated() == CGPoint(x: 1, y: 2))
            #expect(throws: AnimationValueError.self) { _ = try Transform3D(components: SIMD16(repeating: .nan)).validated() }
        }

        /// The finiteness check every progress write makes (a transform's by a sum of its
        /// entries times 0) agrees with testing each component, whichever entry is not finite.
        @Test("Every component finite: agrees with a test of each component, for every entry of a transform")
        func everyComponentFinite() {
            let extremes: [Double] = [.infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                      .leastNonzeroMagnitude, -0.0, 1e154]
            for entry in 0..<16 {
                for value in extremes {
                    var components = SIMD16<Double>(repeating: 1.7e308)
                    components[entry] = value
                    let matrix = Transform3D(components: components)
                    #expect(matrix.isEveryComponentFinite == value.isFinite, "entry \(entry) = \(value)")
                }
            }
            #expect(Transform3D.identity.isEveryComponentFinite && !Color(red: .nan, green: 0, blue: 0).isEveryComponentFinite)
            #expect(CGPoint(x: 1e308, y: -1e308).isEveryComponentFinite && !CGPoint(x: 0, y: Double.infinity).isEveryComponentFinite)
        }

        @Test("Portable types borrow their counterpart's path: a 2D rotation the short way round")
        func portable() {
            let path = PortablePath<Degrees>(from: Degrees(value: 170), to: Degrees(value: -170))
            expectClose(abs(path.value(at: 0.5).value), 180, absolute: 1e-9)
            expectClose(Degrees(value: 10).distance(to: Degrees(value: 20)), 10 * .pi / 180 * 100, relative: 1e-9)
            #expect(!PortablePath<Degrees>.isComponentwise)
            #expect(Degrees(components: Degrees(value: 30).components).value.rounded() == 30)
        }

        @Test("Keyframe playback interpolates between neighbours and holds the ends")
        func keyframePlayback() throws {
            let motion = try ValueMotion(from: 0.0, to: 100.0, easing: .linear, duration: 2)
            let keys = motion.keyframes(framesPerSecond: 2)
            #expect(keys.keyTimes == [0, 0.25, 0.5, 0.75, 1])
            #expect(keys.value(at: -1) == 0 && keys.value(at: 0.75) == 37.5 && keys.value(at: 5) == 100)
            #expect(motion.keyframes(tolerance: .geometry).count == 2)
        }

        @Test("Progress is the signed projection on the travel; springs pass 1")
        func progress() throws {
            let spring = try ValueMotion(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0),
                                         easing: .spring(.bouncy), duration: 0)
            let peak = (0...1_000).map { spring.progress(at: spring.duration * Double($0) / 1_000) }.max()!
            #expect(peak > 1.01)
            let color = try ValueMotion(from: Color(white: 0), to: Color(white: 1), easing: .outBack, duration: 1)
            expectClose(color.progress(at: 0.5), Easing.outBack.progress(at: 0.5), absolute: 1e-15)
        }
    }
}
