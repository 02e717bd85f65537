import FlightCore
import Foundation
import Testing

extension MainActorSuites {
    /// Reduce Motion beyond the policy: the user's Prefer Cross-Fade Transitions setting
    /// (`UIAccessibility.prefersCrossFadeTransitions`, "the Reduce Motion and the Prefer Cross-Fade
    /// Transitions settings are in an enabled state") and motion in depth, which Apple's
    /// documentation of Reduce Motion asks to avoid ("avoid large animations, especially those that
    /// simulate the third dimension"). Under the default policy, `.shorten`, both dissolve instead:
    /// checked frame by frame (every 1/120 s).
    @MainActor
    @Suite("Reduce Motion: cross-fades and depth")
    struct ReduceMotionDepthTests {
        /// A 60° turn about y seen with perspective, as a card flip is written.
        static let flipped = Transform3D.perspective(distance: 500)
            .concatenating(Transform3D.rotation(angle: .pi / 3, x: 0, y: 1, z: 0))

        /// Steps `layer`'s clock every 1/120 s past `duration` and checks a dissolve: what the
        /// layer shows is at its start or its end (`phase` says which: 0, 1, or nil for neither),
        /// never between; it changes once, half-way, while the layer is invisible; the opacity
        /// falls to 0 and comes back to `opacity`.
        func expectDissolve(
            _ layer: HeadlessLayer, duration: Double, opacity: Double = 1,
            phase: (HeadlessLayer.Presentation) -> Int?, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            var previous = layer.presentation()
            var changes = 0
            for frame in 1...Int((duration + 0.05) * 120) {
                layer.clock.advance(to: Double(frame) / 120)
                let now = layer.presentation()
                #expect(phase(now) != nil, "t=\(layer.clock.now)", sourceLocation: sourceLocation)
                if phase(now) != phase(previous) {
                    changes += 1
                    #expect(now.opacity < 1e-9, "t=\(layer.clock.now)", sourceLocation: sourceLocation)
                    expectClose(layer.clock.now, duration / 2, absolute: 1e-9, sourceLocation: sourceLocation)
                }
                previous = now
            }
            #expect(changes == 1 && phase(previous) == 1, sourceLocation: sourceLocation)
            expectClose(previous.opacity, opacity, absolute: 1e-12, sourceLocation: sourceLocation)
        }

        /// 0 when `value` is `start`, 1 when it is `end`, else nil; within 10⁻⁴ (the ends are 226
        /// apart by ``Transform3D/distance(to:)``).
        static func phase(_ value: Transform3D, _ start: Transform3D, _ end: Transform3D) -> Int? {
            value.distance(to: start) < 1e-4 ? 0 : value.distance(to: end) < 1e-4 ? 1 : nil
        }

        /// 0 when `value` is `start`, 1 when it is `end` (within 10⁻⁹), else nil.
        static func phase(_ value: Double, _ start: Double, _ end: Double) -> Int? {
            abs(value - start) < 1e-9 ? 0 : abs(value - end) < 1e-9 ? 1 : nil
        }

        @Test("Prefer Cross-Fade Transitions: a move under the default policy dissolves over its 0.25 s")
        func prefersCrossFade() {
            withReducedMotion(prefersCrossFade: true) {
                let layer = HeadlessLayer(clock: ManualClock())
                let group = layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(0.8).easing(.outBack) }
                #expect(group.duration == 0.25)
                expectDissolve(layer, duration: 0.25) { Self.phase(Double($0.position.x), 0, 300) }
            }
            // The same move without the setting is shortened and moves through every point between.
            withReducedMotion(prefersCrossFade: false) {
                let layer = HeadlessLayer(clock: ManualClock())
                layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(0.8).easing(.outBack) }
                while layer.clock.now < 0.25 - 1e-9 {
                    layer.clock.advance(by: 1.0 / 120)
                    let p = layer.clock.now / 0.25
                    expectClose(Double(layer.presentation().position.x), 300 * (1 - cos(.pi * p)) / 2, absolute: 0.1)
                    #expect(layer.presentation().opacity == 1)
                }
            }
        }

        @Test("The app's explicit policies stay as they are when the user prefers cross-fades")
        func explicitPolicies() {
            withReducedMotion(.jump, prefersCrossFade: true) {
                let layer = HeadlessLayer(clock: ManualClock())
                let group = layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(0.8) }
                #expect(group.hasEnded && layer.presentation().position == CGPoint(x: 300, y: 0))
            }
            withReducedMotion(.ignore, prefersCrossFade: true) {
                let layer = HeadlessLayer(clock: ManualClock())
                let group = layer.animate { $0.position(CGPoint(x: 300, y: 0)).duration(0.8).easing(.linear) }
                #expect(group.duration == 0.8)
                layer.clock.advance(by: 0.4)
                expectClose(Double(layer.presentation().position.x), 150, absolute: 0.1)
            }
        }

        @Test("A 3D turn with perspective dissolves under the default policy; turning back from it too")
        func depthDissolves() {
            withReducedMotion {
                let layer = HeadlessLayer(clock: ManualClock())
                layer.animate { $0.transform3D(Self.flipped).duration(0.6).easing(.spring(.bouncy)) }
                expectDissolve(layer, duration: 0.25) { Self.phase($0.transform, .identity, Self.flipped) }
                // Back to flat: the start is in depth, so the way back is too.
                let back = HeadlessLayer(clock: ManualClock())
                back.transform = Self.flipped
                back.animate { $0.transform3D(.identity).duration(0.6) }
                expectDissolve(back, duration: 0.25) { Self.phase($0.transform, Self.flipped, .identity) }
            }
        }

        @Test("transform.rotation.y dissolves; transform.rotation.z (in the screen's plane) is shortened")
        func rotationParts() {
            withReducedMotion {
                let layer = HeadlessLayer(clock: ManualClock())
                layer.opacity = 0.8
                layer.animate { $0.value(Double.pi / 2, forKeyPath: "transform.rotation.y").duration(0.6) }
                expectDissolve(layer, duration: 0.25, opacity: 0.8) {
                    Self.phase($0.value(forKeyPath: "transform.rotation.y", as: Double.self) ?? .nan, 0, .pi / 2)
                }
                // About z: an in-plane turn, shortened to 0.25 s of inOutSine and never faded.
                let flat = HeadlessLayer(clock: ManualClock())
                flat.animate { $0.value(Double.pi / 2, forKeyPath: "transform.rotation.z").duration(0.6).easing(.outBack) }
                while flat.clock.now < 0.3 - 1e-9 {
                    flat.clock.advance(by: 1.0 / 120)
                    let p = min(flat.clock.now / 0.25, 1)
                    let shown = flat.presentation().transform
                    expectClose(atan2(shown.m12, shown.m11), .pi / 2 * (1 - cos(.pi * p)) / 2, absolute: 2e-3)
                    #expect(flat.presentation().opacity == 1)
                }
            }
        }

        @Test("With avoidsDepthMotion off, a 3D turn is shortened like any motion: it turns through depth")
        func depthAllowed() {
            withReducedMotion(avoidsDepthMotion: false) {
                let layer = HeadlessLayer(clock: ManualClock())
                layer.animate { $0.value(Double.pi / 2, forKeyPath: "transform.rotation.y").duration(0.6) }
                var between = 0
                while layer.clock.now < 0.3 - 1e-9 {
                    layer.clock.advance(by: 1.0 / 120)
                    let angle = layer.presentation().value(forKeyPath: "transform.rotation.y", as: Double.self) ?? .nan
                    if angle > 0.01 && angle < .pi / 2 - 0.01 { between += 1 }
                    #expect(layer.presentation().opacity == 1)
                }
                #expect(between > 20)
            }
        }

        @Test("Motion in depth is read from the matrix: 3D rotations and perspective, not in-plane moves")
        func depthOfMatrices() {
            for angle in [0.1, .pi / 3, .pi / 2, .pi, -2.0] {
                #expect(Transform3D.rotation(angle: angle, x: 1, y: 0, z: 0).movesInDepth, "about x by \(angle)")
                #expect(Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0).movesInDepth, "about y by \(angle)")
                #expect(Transform3D.rotation(angle: angle, x: 1, y: 1, z: 1).movesInDepth, "about (1, 1, 1) by \(angle)")
                #expect(!Transform3D.rotation(angle: angle, x: 0, y: 0, z: 1).movesInDepth, "about z by \(angle)")
            }
            #expect(Transform3D.perspective(distance: 500).movesInDepth)
            #expect(!Transform3D.identity.movesInDepth)
            #expect(!Transform3D.scale(x: 2, y: -1, z: 3).movesInDepth)
            #expect(!Transform3D.translation(x: 10, y: 20, z: 30).movesInDepth)
            // The rule as a table, for every policy.
            let shorten = ReduceMotionPolicy.shorten(maximumDuration: 0.3)
            #expect(ReduceMotion.resolved(shorten, prefersCrossFade: true, avoidsDepthMotion: false, movesInDepth: false)
                    == .crossFade(duration: 0.3))
            #expect(ReduceMotion.resolved(shorten, prefersCrossFade: false, avoidsDepthMotion: true, movesInDepth: true)
                    == .crossFade(duration: 0.3))
            #expect(ReduceMotion.resolved(shorten, prefersCrossFade: false, avoidsDepthMotion: false, movesInDepth: true) == shorten)
            #expect(ReduceMotion.resolved(shorten, prefersCrossFade: false, avoidsDepthMotion: true, movesInDepth: false) == shorten)
            for policy in [ReduceMotionPolicy.ignore, .jump, .crossFade(duration: 0.1)] {
                #expect(ReduceMotion.resolved(policy, prefersCrossFade: true, avoidsDepthMotion: true, movesInDepth: true) == policy)
            }
        }
    }
}
