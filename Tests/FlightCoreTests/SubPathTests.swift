import FlightCore
import FlightTestSupport
import Foundation
import Testing

/// `transform.…` sub-paths read and write as CoreAnimation's key-value coding extensions do:
/// scale is the scale factors' mean and a write sets them; a part written into a flattened matrix
/// shows; and the two cases no 2D matrix can tell apart are as documented.
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

    @Test("Scale, rotation and translation round-trip; a negative uniform scale reads as a half-turn")
    func roundTrips() throws {
        let layer = HeadlessLayer()
        layer.setModelValue(1.5, forKeyPath: "transform.scale")
        layer.setModelValue(0.7, forKeyPath: "transform.rotation.z")
        layer.setModelValue(40.0, forKeyPath: "transform.translation.x")
        expectClose(layer.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, 1.5, absolute: 1e-12)
        expectClose(layer.value(forKeyPath: "transform.rotation.z", as: Double.self) ?? 0, 0.7, absolute: 1e-12)
        expectClose(layer.value(forKeyPath: "transform.translation.x", as: Double.self) ?? 0, 40, absolute: 1e-12)
        // −52 in both axes is the same matrix as a half-turn at 52: it reads back positive, with
        // the rotation turned by π (as CoreAnimation's own decomposition does).
        let flipped = HeadlessLayer()
        flipped.setModelValue(-52.0, forKeyPath: "transform.scale")
        expectClose(flipped.transform.m11, -52, absolute: 1e-9)
        expectClose(flipped.value(forKeyPath: "transform.scale", as: Double.self) ?? 0, 52, absolute: 1e-9)
        expectClose(abs(flipped.value(forKeyPath: "transform.rotation.z", as: Double.self) ?? 0), .pi, absolute: 1e-9)
    }
}
