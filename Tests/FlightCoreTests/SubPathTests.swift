import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension MainActorSuites {
    /// `transform.…` sub-paths read and write as the Core Animation Programming Guide's key-value
    /// coding extensions define them: scale is the average of the three scale factors, and a write
    /// scales them by one ratio; a part written into a flattened matrix shows; a negative scale
    /// reads back as written.
    @MainActor
    @Suite("Transform sub-paths")
    struct SubPathTests {
        @Test("A scale or a rotation written after a scale of 0 takes effect")
        func writesIntoAFlattenedMatrix() throws {
            let layer = HeadlessLayer()
            layer.setModelValue(0.0, forKeyPath: "transform.scale")
            #expect(layer.transform.m11 == 0 && layer.transform.m22 == 0)
            layer.setModelValue(2.0, forKeyPath: "transform.scale")
            expectClose(layer.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, 2, absolute: 1e-12)
            expectClose(layer.transform.m11, 2, absolute: 1e-12)
            // A rotation cannot be seen in a flattened matrix: it reads back 0 until a scale shows it.
            layer.setModelValue(0.0, forKeyPath: "transform.scale")
            layer.setModelValue(0.5, forKeyPath: "transform.rotation.z")
            #expect(layer.value(forKeyPath: "transform.rotation.z", as: Double.self) == 0)
        }

        @Test("Scale, rotation and translation round-trip; a negative scale reads back negative, not turned")
        func roundTrips() throws {
            let layer = HeadlessLayer()
            layer.setModelValue(1.5, forKeyPath: "transform.scale")
            layer.setModelValue(0.7, forKeyPath: "transform.rotation.z")
            layer.setModelValue(40.0, forKeyPath: "transform.translation.x")
            expectClose(layer.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, 1.5, absolute: 1e-12)
            expectClose(layer.value(forKeyPath: "transform.rotation.z", as: Double.self) ?? 0, 0.7, absolute: 1e-12)
            expectClose(layer.value(forKeyPath: "transform.translation.x", as: Double.self) ?? 0, 40, absolute: 1e-12)
            // −52 on all three axes: the matrix diag(−52, −52, −52), whose determinant is negative,
            // so it is no half-turn: it reads back −52 with no rotation.
            let flipped = HeadlessLayer()
            flipped.setModelValue(-52.0, forKeyPath: "transform.scale")
            expectClose(flipped.transform.m11, -52, absolute: 1e-9)
            expectClose(flipped.transform.m33, -52, absolute: 1e-9)
            expectClose(flipped.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, -52, absolute: 1e-9)
            expectClose(flipped.value(forKeyPath: "transform.rotation.z", as: Double.self) ?? 1, 0, absolute: 1e-12)
        }

        @Test("transform.scale is the average of the three scale factors; writing it keeps their proportions")
        func scaleIsTheAverageOfThree() throws {
            let layer = HeadlessLayer()
            layer.transform = .scale(x: 0.5, y: 0.5, z: 1)
            // Apple's guide: "the average of all three scale factors".
            expectClose(layer.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, 2.0 / 3, absolute: 1e-12)
            layer.transform = .scale(x: 1, y: 2, z: 1)
            layer.setModelValue(8.0 / 3, forKeyPath: "transform.scale")
            expectClose(layer.transform.m11, 2, absolute: 1e-12)
            expectClose(layer.transform.m22, 4, absolute: 1e-12)
            expectClose(layer.transform.m33, 2, absolute: 1e-12)
            // A rotation is kept.
            layer.transform = Transform3D.rotation(angle: 0.4, x: 0, y: 0, z: 1)
            layer.setModelValue(3.0, forKeyPath: "transform.scale")
            expectClose(layer.value(forKeyPath: "transform.rotation.z", as: Double.self) ?? 0, 0.4, absolute: 1e-12)
            expectClose(layer.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, 3, absolute: 1e-12)
        }
    }
}
