import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// The typed property keys: one declaration per layer property, from which the catalogue, the
    /// builder, the headless layer's accessors and Reduce Motion derive.
    @MainActor
    @Suite("Typed layer property keys")
    struct LayerPropertyKeyTests {
        /// CoreAnimation's documented defaults (`CALayer`'s property documentation), written out
        /// here independently of the declarations.
        static let coreAnimationDefaults: [(String, any AnimatableValue)] = [
            ("opacity", 1.0), ("bounds", CGRect.zero), ("position", CGPoint.zero),
            ("anchorPoint", CGPoint(x: 0.5, y: 0.5)), ("transform", Transform3D.identity),
            ("borderWidth", 0.0), ("cornerRadius", 0.0), ("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1)),
            ("shadowOffset", CGSize(width: 0, height: -3)), ("shadowOpacity", 0.0), ("shadowRadius", 3.0),
            ("zPosition", 0.0), ("position.x", 0.0), ("anchorPoint.y", 0.5), ("bounds.size", CGSize.zero),
            ("shadowOffset.height", -3.0), ("transform.scale", 1.0), ("transform.rotation.z", 0.0),
        ]

        @Test("Each key's catalogue entry has its key path, type and CoreAnimation's default")
        func catalogue() {
            for (keyPath, expected) in Self.coreAnimationDefaults {
                guard let property = LayerProperty.named(keyPath) else {
                    Issue.record("\(keyPath) is not in the catalogue")
                    continue
                }
                #expect(property.keyPath == keyPath)
                #expect(ObjectIdentifier(property.valueType) == ObjectIdentifier(type(of: expected as Any)), "\(keyPath)")
                #expect(distanceBetween(property.defaultValue, expected) < 1e-12, "\(keyPath): \(property.defaultValue)")
            }
            #expect(LayerProperty.positionX.property === LayerProperty.named("position.x"))
            #expect(LayerProperty.scale.property.baseKeyPath == "transform")
            #expect(LayerProperty.named("progress") == nil)
        }

        @Test("Motion is declared once: geometry and its parts are motion, fades and colours are not")
        func motion() throws {
            let motion = ["position", "position.x", "bounds.size.width", "transform.rotation.z", "anchorPoint",
                          "zPosition", "contentsRect", "shadowOffset.height"]
            let still = ["opacity", "backgroundColor", "borderColor", "cornerRadius", "shadowOpacity", "shadowRadius"]
            for keyPath in motion { #expect(LayerProperty.named(keyPath)?.isMotion == true, "\(keyPath)") }
            for keyPath in still { #expect(LayerProperty.named(keyPath)?.isMotion == false, "\(keyPath)") }
            // Reduce Motion's dissolve follows it: a corner radius animates, a position jumps.
            // Synchronous on the main actor, so no other test sees the setting.
            let (previousPolicy, previousEnabled) = (ReduceMotion.policy, ReduceMotion.isEnabled)
            ReduceMotion.isEnabled = { true }
            ReduceMotion.policy = .crossFade(duration: 0.2)
            defer { (ReduceMotion.policy, ReduceMotion.isEnabled) = (previousPolicy, previousEnabled) }
            let layer = HeadlessLayer(clock: ManualClock())
            let group = layer.animate { a in
                a.value(20.0, for: LayerProperty.cornerRadius).duration(0.2)
                a.value(CGPoint(x: 100, y: 0), for: LayerProperty.position).duration(0.2)
                // Sub-paths without a declaration of their own are motion when their base is.
                a.value(1.0, forKeyPath: "transform.rotation.x").duration(0.2)
                a.value(4.0, forKeyPath: "bounds.origin.x").duration(0.2)
            }
            let radius = try #require(group.property("cornerRadius"))
            #expect(radius.easing != .steps(2, .jumpNone))
            for keyPath in ["position", "transform.rotation.x", "bounds.origin.x"] {
                let property = try #require(group.property(keyPath), "\(keyPath)")
                #expect(property.easing == .steps(2, .jumpNone), "\(keyPath)")
            }
        }

        @Test("Typed accessors read a key's default before anything is set, and what was set after")
        func accessors() {
            let layer = HeadlessLayer()
            #expect(layer.value(for: LayerProperty.shadowRadius) == 3)
            #expect(layer.value(for: LayerProperty.anchorPointY) == 0.5)
            layer.setModelValue(CGPoint(x: 4, y: 5), for: LayerProperty.position)
            #expect(layer.value(for: LayerProperty.positionY) == 5)
            layer.setModelValue(9.0, for: LayerProperty.positionX)
            #expect(layer.position == CGPoint(x: 9, y: 5))
            #expect(layer.presentation().value(for: LayerProperty.position) == CGPoint(x: 9, y: 5))
        }
    }
}

extension MainActorSuites.LayerPropertyKeyTests {
    @Test("LayerProperty.named finds exactly the catalogue's key paths, as a dictionary look-up does")
    func namedAgreesWithTheCatalogue() {
        let known = Array(LayerProperty.catalogue.keys)
        for keyPath in known {
            #expect(LayerProperty.named(keyPath) === LayerProperty.catalogue[keyPath], "\(keyPath)")
        }
        // Near misses of every known key path, and strings that are no key path at all.
        var others = ["", ".", "x", "Opacity", "opacity ", " opacity", "position.z", "transform.rotation.w",
                      "bounds.size.depth", "opacité", "😀", String(repeating: "transform.", count: 40)]
        for keyPath in known {
            others.append(keyPath + ".")
            others.append(String(keyPath.dropLast()))
            others.append(keyPath.uppercased())
            others.append(String(keyPath.reversed()))
        }
        for keyPath in others where LayerProperty.catalogue[keyPath] == nil {
            #expect(LayerProperty.named(keyPath) == nil, "\(keyPath)")
        }
    }

    @Test("A headless layer keeps many custom model values apart, and their types, past the size it searches one by one")
    func manyCustomModelValues() {
        let layer = HeadlessLayer()
        let count = 200
        for index in 0..<count {
            #expect(layer.setModelValue(Double(index), forKeyPath: "custom.\(index)"))
            // Every value set so far still reads back, before and after the list is indexed.
            if index % 17 == 0 {
                for earlier in 0...index {
                    #expect(layer.modelValue(forKeyPath: "custom.\(earlier)") as? Double == Double(earlier))
                }
            }
        }
        #expect(layer.setModelValue(-1.0, forKeyPath: "custom.150"))
        #expect(layer.modelValue(forKeyPath: "custom.150") as? Double == -1)
        // A custom key path holds the type it was first set with.
        #expect(!layer.setModelValue(CGPoint(x: 1, y: 2), forKeyPath: "custom.3"))
        #expect(layer.modelValue(forKeyPath: "custom.3") as? Double == 3)
        #expect(layer.modelValue(forKeyPath: "custom.\(count)") == nil)
        // Known properties sit among them as before: a part written into its whole.
        #expect(layer.setModelValue(12.0, forKeyPath: "position.x"))
        #expect(layer.modelValue(forKeyPath: "position") as? CGPoint == CGPoint(x: 12, y: 0))
    }
}
