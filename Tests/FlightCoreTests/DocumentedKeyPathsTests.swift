import FlightCore
import FlightTestSupport
import Foundation
import Testing

extension OffMainActorSuites {
    /// Every key path Flight sends to CoreAnimation is one Apple documents, and reads as Apple's
    /// table says: the animatable properties of `CALayer`, and the key-value coding extensions of
    /// the Core Animation Programming Guide ("Key-Value Coding Extensions": the fields of
    /// `CGPoint`, `CGSize` and `CGRect`, and the transform key paths).
    @Suite("Documented key paths")
    struct DocumentedKeyPathsTests {
        /// `CALayer`'s animatable properties Flight knows (Apple's `CALayer` documentation marks
        /// each "Animatable").
        static let animatable: Set<String> = [
            "opacity", "backgroundColor", "bounds", "position", "anchorPoint", "transform", "borderColor", "borderWidth",
            "contentsRect", "cornerRadius", "shadowColor", "shadowOffset", "shadowOpacity", "shadowRadius", "zPosition",
        ]

        /// The guide's field key paths, by the base property's value type.
        static let fields: [String: Set<String>] = [
            "CGPoint": ["x", "y"],
            "CGSize": ["width", "height"],
            "CGRect": ["origin", "origin.x", "origin.y", "size", "size.width", "size.height"],
            "CATransform3D": ["rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y", "scale.z", "scale",
                              "translation.x", "translation.y", "translation.z", "translation"],
        ]

        static func typeName(_ base: String) -> String? {
            switch LayerProperty.named(base)?.valueType {
            case is CGPoint.Type: "CGPoint"
            case is CGSize.Type: "CGSize"
            case is CGRect.Type: "CGRect"
            case is Transform3D.Type: "CATransform3D"
            default: nil
            }
        }

        @Test("Every key path Flight knows is an animatable CALayer property or a documented field of one")
        func everyKeyPathIsDocumented() {
            for (keyPath, property) in LayerProperty.catalogue {
                guard let base = property.baseKeyPath else {
                    #expect(Self.animatable.contains(keyPath), "\(keyPath) is not an animatable CALayer property")
                    continue
                }
                #expect(Self.animatable.contains(base), "\(keyPath): \(base)")
                let field = String(keyPath.dropFirst(base.count + 1))
                let documented = Self.typeName(base).flatMap { Self.fields[$0] } ?? []
                #expect(keyPath.hasPrefix(base + ".") && documented.contains(field), "\(keyPath) is not in the guide's table")
            }
        }

        @Test("Parts read as the guide's table defines them")
        func partsReadAsDocumented() {
            func read(_ keyPath: String, _ whole: any AnimatableValue) -> Double {
                LayerProperty.named(keyPath)!.read(from: whole) as! Double
            }
            // "transform.scale: the average of all three scale factors": (0.5, 0.5, 1) reads 2/3.
            expectClose(read("transform.scale", Transform3D.scale(x: 0.5, y: 0.5, z: 1)), 2.0 / 3, absolute: 1e-12)
            // "transform.rotation.z: the rotation, in radians, in the z axis"; "transform.rotation"
            // is the same.
            let turned = Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 1).concatenating(.translation(x: 12, y: -5))
            expectClose(read("transform.rotation.z", turned), 0.7, absolute: 1e-12)
            expectClose(read("transform.rotation", turned), 0.7, absolute: 1e-12)
            // "transform.scale.x/y: the scale factor for the x/y axis".
            let scaled = Transform3D.scale(x: 2, y: 3, z: 1).concatenating(.rotation(angle: 0.4, x: 0, y: 0, z: 1))
            expectClose(read("transform.scale.x", scaled), 2, absolute: 1e-12)
            expectClose(read("transform.scale.y", scaled), 3, absolute: 1e-12)
            // "transform.translation.x/y: the translation factor along the x/y axis".
            expectClose(read("transform.translation.x", turned), 12, absolute: 1e-12)
            expectClose(read("transform.translation.y", turned), -5, absolute: 1e-12)
            // Geometry fields are the structures' fields.
            expectClose(read("position.x", CGPoint(x: 3, y: 4)), 3, absolute: 0)
            let size = LayerProperty.named("bounds.size")!.read(from: CGRect(x: 1, y: 2, width: 30, height: 40)) as! CGSize
            #expect(size == CGSize(width: 30, height: 40))
        }
    }
}
