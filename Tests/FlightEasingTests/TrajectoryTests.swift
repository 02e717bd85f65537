import FlightEasing
import Foundation
import Testing

extension EasingSuites {
    @Suite("Trajectories")
    struct TrajectoryTests {
        @Test("Timing curves scale to the values and the duration")
        func timed() {
            let move = Trajectory(easing: .outCubic, from: 100, to: 400, duration: 0.5)
            #expect(move.duration == 0.5)
            #expect(move.value(at: 0) == 100 && move.value(at: 0.5) == 400 && move.value(at: 3) == 400)
            #expect(move.value(at: -1) == 100)
            expectClose(move.value(at: 0.25), 100 + 300 * 0.875, absolute: 1e-12)
            // d/dt [300 · (1 − (1 − t/0.5)³)] at t = 0.25 is 300 · 3 · 0.25 / 0.5.
            expectClose(move.velocity(at: 0.25), 450, absolute: 1e-9)
            #expect(move.velocity(at: -0.1) == 0 && move.velocity(at: 0.6) == 0)
        }

        @Test("Bad durations: negative, NaN and infinite become instant")
        func badDurations() {
            for duration in [-1.0, .nan, .infinity, -.infinity, 0] {
                let jump = Trajectory(easing: .inSine, from: 0, to: 10, duration: duration)
                #expect(jump.duration == 0)
                #expect(jump.value(at: 0) == 10)
                #expect(jump.velocity(at: 0) == 0)
                #expect(jump.progress(at: 0) == 1)
            }
            let waiting = Trajectory(easing: .inSine, from: 0, to: 10, duration: 1)
            #expect(waiting.value(at: .nan) == 0)
        }

        @Test("from == to: progress is time progress, never NaN")
        func sameEndpoints() {
            let still = Trajectory(easing: .outBack, from: 5, to: 5, duration: 2)
            #expect(still.progress(at: 0) == 0 && still.progress(at: 1) == 0.5 && still.progress(at: 2) == 1)
            #expect(still.value(at: 1) == 5)
            let spring = Trajectory(easing: .spring(.default), from: 5, to: 5, duration: 2)
            #expect(spring.duration == 0 && spring.progress(at: 0) == 1)
            let decay = Trajectory(easing: .decay(.normal), from: 5, to: 5, duration: 2)
            #expect(decay.duration == 0 && !decay.progress(at: 0.1).isNaN)
        }

        @Test("A spring keeps the in-flight velocity and runs for its own settling time")
        func springCarriesVelocity() {
            let spring = Spring.snappy
            let trajectory = Trajectory(easing: .spring(spring), from: 10, to: 110, duration: 0.2, initialVelocity: -800)
            #expect(trajectory.velocity(at: 0) == -800)
            #expect(trajectory.value(at: 0) == 10)
            let motion = spring.motion(displacement: -100, velocity: -800)
            #expect(trajectory.duration == motion.settlingDuration())
            expectClose(trajectory.value(at: 0.1), 110 + motion.position(at: 0.1), absolute: 1e-12)
            #expect(trajectory.value(at: trajectory.duration) == 110)
            // Just before the end it is within the settling band of the target.
            let band = SpringMotion.defaultSettlingFraction * motion.scale
            #expect(abs(trajectory.value(at: trajectory.duration * (1 - 1e-9)) - 110) <= band * (1 + 1e-6))
        }

        @Test("Spring decay takes each component's gesture velocity")
        func springDecayComponents() {
            let easing = Easing.springDecay(velocity: CGPoint(x: 1200, y: -300))
            let x = Trajectory(easing: easing, from: 0, to: 200, duration: 0.5, component: 0)
            let y = Trajectory(easing: easing, from: 50, to: 80, duration: 0.5, component: 1)
            let z = Trajectory(easing: easing, from: 0, to: 1, duration: 0.5, component: 2)
            #expect(x.velocity(at: 0) == 1200 && y.velocity(at: 0) == -300 && z.velocity(at: 0) == 0)
            #expect(x.duration != 0.5 && x.value(at: x.duration) == 200)
            let scalar = Trajectory(easing: .springDecay(velocity: 40), from: 1, to: 0, duration: 1, initialVelocity: 999)
            #expect(scalar.velocity(at: 0) == 40)
            #expect(Easing.springDecay(velocity: .nan).description.contains("0.0"))
        }

        @Test("Decay lands exactly on the end value from the velocity that reaches it")
        func decayLands() {
            let trajectory = Trajectory(easing: .decay(.normal), from: 0, to: 250, duration: 1)
            let decay = Decay.normal
            expectClose(trajectory.velocity(at: 0), decay.initialVelocity(toTravel: 250), relative: 1e-12)
            expectClose(trajectory.duration, decay.settlingDuration(), relative: 1e-12)
            expectClose(trajectory.value(at: 0.4), decay.offset(at: 0.4, initialVelocity: trajectory.velocity(at: 0)),
                        absolute: 1e-9)
            #expect(trajectory.value(at: trajectory.duration) == 250)
        }

        @Test("Reversed physical easings mirror the forward motion in time")
        func reversedSpring() {
            let forward = Trajectory(easing: .spring(.bouncy), from: 0, to: 1, duration: 0)
            let backward = Trajectory(easing: .reversed(.spring(.bouncy)), from: 0, to: 1, duration: 0)
            #expect(backward.duration == forward.duration)
            #expect(backward.value(at: 0) == 0 && backward.value(at: backward.duration) == 1)
            for k in 1..<50 {
                let t = forward.duration * Double(k) / 50
                expectClose(backward.value(at: t), 1 - forward.value(at: forward.duration - t), absolute: 1e-12)
                expectClose(backward.velocity(at: t), forward.velocity(at: forward.duration - t), absolute: 1e-9)
            }
            #expect(Easing.spring(.bouncy).reversed.hasIntrinsicDuration)
        }

        @Test("Physical easings' normalized progress is their unit step response")
        func physicalProgress() {
            let easing = Easing.spring(.default)
            let unit = Trajectory(easing: easing, from: 0, to: 1, duration: 1)
            expectClose(easing.progress(at: 0.5), unit.value(at: 0.5 * unit.duration), absolute: 1e-15)
            #expect(easing.progress(at: 0) == 0 && easing.progress(at: 1) == 1)
            expectClose(easing.velocity(at: 0.25), unit.velocity(at: 0.25 * unit.duration) * unit.duration, absolute: 1e-12)
        }

        @Test("Custom curves: NaN output is replaced, copies are equal, distinct curves are not")
        func custom() {
            let broken = CustomEasing("broken") { _ in .nan }
            #expect(Easing.custom(broken).progress(at: 0.3) == 0.3)
            let square = CustomEasing("square") { $0 * $0 }
            let copy = square
            #expect(Easing.custom(square) == Easing.custom(copy))
            #expect(Easing.custom(square) != Easing.custom(CustomEasing("square") { $0 * $0 }))
            expectClose(Easing.custom(square).velocity(at: 0.5), 1, absolute: 1e-6)
            let exact = CustomEasing("exact", derivative: { 2 * $0 }) { $0 * $0 }
            #expect(exact.velocity(at: 0.5) == 1)
        }
    
        @Test("state(at:) gives exactly value(at:) and velocity(at:), springs evaluated once, at every instant and edge")
        func stateIsValueAndVelocity() {
            let easings: [Easing] = [
                .spring(.bouncy), .spring(Spring(duration: 0.5, bounce: -0.5)), .spring(Spring(duration: 0.4, bounce: 0)),
                .springDecay(velocity: 900), .outCubic, .outElastic, .decay(.normal), .reversed(.spring(.bouncy)),
            ]
            func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
            for easing in easings {
                let move = Trajectory(easing: easing, from: 40, to: 340, duration: 0.6, initialVelocity: -500)
                var instants = (0...600).map { move.duration * Double($0) / 500 }
                instants += [-1, 0, 1e-12, move.duration, move.duration.nextDown, move.duration.nextUp, .nan, .infinity]
                for t in instants {
                    let state = move.state(at: t)
                    #expect(same(state.value, move.value(at: t)) && same(state.velocity, move.velocity(at: t)),
                            "\(easing) at \(t)")
                }
            }
            // The spring's own combined call.
            let motion = Spring.bouncy.motion(displacement: -300, velocity: 1_200)
            for t in [-1.0, 0, 1e-9, 0.1, 0.37, 2] {
                let state = motion.state(at: t)
                #expect(state.position == motion.position(at: t) && state.velocity == motion.velocity(at: t))
            }
        }

        @Test("Components on one spring share its oscillation: the state from a shared basis is the state, to the last bit")
        func sharedBasis() {
            let decay = Easing.springDecay(velocity: CGPoint(x: 1_200, y: -800))
            let x = Trajectory(easing: decay, from: 0, to: 240, duration: 0.5, component: 0)
            let y = Trajectory(easing: decay, from: 0, to: -300, duration: 0.5, component: 1)
            guard let spring = x.spring, let other = y.spring else {
                Issue.record("a spring decay's trajectories play springs")
                return
            }
            #expect(spring.sharesBasis(with: other) && Trajectory.shareOneSpring([x, y]))
            for step in 1..<400 {
                let t = Double(step) / 200
                let basis = spring.basis(at: t)
                #expect(spring.state(basis: basis) == spring.state(at: t))
                #expect(other.state(basis: basis) == other.state(at: t))
                // What a value on the spring reads for its components, while each moves (the
                // lanes of FlightCore's `SharedSpring`, tested there through the settling times).
                if t < x.duration { #expect(x.to + spring.state(basis: basis).position == x.value(at: t)) }
                if t < y.duration { #expect(y.to + other.state(basis: basis).position == y.value(at: t)) }
            }
            // Another spring's oscillation is another basis; a timing curve has none.
            let stiffer = Trajectory(easing: .spring(Spring(mass: 1, stiffness: 400, damping: 20)), from: 0, to: 1, duration: 1)
            #expect(stiffer.spring.map(spring.sharesBasis(with:)) == false && !Trajectory.shareOneSpring([x, stiffer]))
            #expect(Trajectory(easing: .outCubic, from: 0, to: 1, duration: 1).spring == nil)
        }
    }
}
