@_spi(Benchmarks) import FlightCore
import Foundation
import TriggerBurst

// Runs one of Flight's hot operations many times, for counting what one costs under callgrind
// (Scripts/operation-counts.py collects only `measured(_:)`, so set-up and warm-up are not
// counted). Without valgrind it prints the operation's wall time per call (one sample: the
// machine is noisy; instructions are the figure to compare).
//
//     OperationCounts <operation> [repetitions]
//     OperationCounts --list
//
// Where an operation can take its keyframes from Flight's keyframe cache, it comes with the
// cache hit (the same move again, as a toggle between two states), with the fits placed from
// the cache's progress fits (the same move between other values, as cells animating alike),
// with new targets each time (a drag's end, a new layout: the straight-path fits come from the
// cache where a travel whose relative tolerance falls in the same step was fitted lately) and
// with every fit computed (the cache emptied before each call).

/// Runs `body` once. Never inlined: the one function the counting script collects.
@inline(never)
func measured(_ body: () -> Void) {
    body()
}

/// What an operation repeats: `run`, counted, then `between`, not counted (a clock step that
/// lets the animations end, say).
struct Work {
    let run: @MainActor (Int) -> Void
    var between: (@MainActor (Int) -> Void)?
}

/// One operation: its set-up, made once and not counted, returns the work to repeat; each run
/// of the work is one operation (`perCall` of them, for work that repeats a small operation).
/// `note` says something about the operation's result, once (how many keyframes, say).
struct Operation {
    let name: String
    let summary: String
    var perCall = 1
    var note: (@MainActor () -> String)?
    let setUp: @MainActor () -> Work
}

@MainActor
func animateFour(_ layer: HeadlessLayer, target: Double) {
    animateFour(layer, position: CGPoint(x: target, y: target / 2), width: 40 + target / 4, alpha: target > 150 ? 0.3 : 1,
                color: Color(red: target / 300, green: 0.4, blue: 0.6))
}

/// The four properties every `animate` operation here animates, to the values given.
@MainActor
func animateFour(_ layer: HeadlessLayer, position: CGPoint, width: Double, alpha: Double, color: Color) {
    layer.animate { animator in
        animator.position(position).duration(0.5).easing(.outCubic)
        animator.bounds(CGRect(x: 0, y: 0, width: width, height: 40)).duration(0.5).easing(.inOutSine)
        animator.alpha(alpha).duration(0.5).easing(.outCubic)
        animator.backgroundColor(color).duration(0.5)
    }
}

/// ``animateFour(_:target:)`` on a layer of its own at each step, to `target(step)`, the clock
/// then moved on by `interval` (not counted), and with `emptyingCache`, every keyframe fit
/// Flight keeps forgotten (not counted either).
@MainActor
func animatingFour(target: @escaping (Int) -> Double, then interval: TimeInterval, emptyingCache: Bool = false) -> Work {
    let clock = ManualClock()
    let layer = HeadlessLayer(clock: clock)
    return Work(run: { step in animateFour(layer, target: target(step)) }, between: { _ in
        clock.advance(by: interval)
        if emptyingCache { FlightCaches.removeAllKeyframeFits() }
    })
}

/// Cells animating alike: at each step a layer of its own, standing elsewhere from the others,
/// makes the same move (the same travel and easings, between its own values), so that the fits
/// come from the cache in progress and are placed between the cell's values. (The colour is the
/// same move for every cell: a colour's fit is kept for its values.) The targets are worked out
/// in set-up, so that only the `animate` is counted.
@MainActor
func cellsAnimatingAlike() -> Work {
    let clock = ManualClock()
    let count = 1_000
    let layers = (0..<count).map { index in
        let layer = HeadlessLayer(clock: clock)
        layer.position = CGPoint(x: Double(index) * 7, y: Double(index) * 3)
        layer.bounds = CGRect(x: 0, y: 0, width: 40 + Double(index % 50), height: 40)
        layer.opacity = 1
        layer.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.6)
        return layer
    }
    let positions = (0..<count).map { CGPoint(x: Double($0) * 7 + 300, y: Double($0) * 3 + 150) }
    let widths = (0..<count).map { 40 + Double($0 % 50) + 75 }
    let color = Color(red: 0.9, green: 0.4, blue: 0.6)
    return Work(run: { step in
        let index = step % count
        animateFour(layers[index], position: positions[index], width: widths[index], alpha: 0.3, color: color)
    }, between: { _ in clock.advance(by: 1) })
}

/// A scroll update of 1,000 items: `build` gives each item's start and end state; with
/// `everyItemMoves`, every item stands where the visible bounds' move changes its progress.
@MainActor
func scrollUpdate(everyItemMoves: Bool, build: @escaping (StateBuilder) -> Void) -> Work {
    let layers = (0..<1_000).map { _ in HeadlessLayer() }
    let animators = layers.map { layer in
        ProgressAnimator.vertical { animator in animator.startEndState(for: layer, build) }
    }
    let frames = (0..<1_000).map { CGRect(x: 0, y: everyItemMoves ? 600 : Double($0) * 80, width: 320, height: 80) }
    func update(offset: Double) {
        let visible = CGRect(x: 0, y: offset, width: 320, height: 640)
        for (animator, frame) in zip(animators, frames) { animator.update(itemFrame: frame, visibleBounds: visible) }
    }
    update(offset: 0)
    return Work { step in
        _ = layers
        update(offset: Double(step % 100 + 1) * 3)
    }
}

let operations: [Operation] = [
    // Each call starts from rest: the one before has ended.
    Operation(name: "animate-4-cached", summary: "animate, 4 properties, keyframes from the cache") {
        animatingFour(target: { $0 % 2 == 0 ? 300 : 0 }, then: 1)
    },
    // The same move between other values each time (a list of cells animating alike).
    Operation(name: "animate-4-cells", summary: "animate, 4 properties, the same move between other values each time") {
        cellsAnimatingAlike()
    },
    // A target of its own each time, between 100 and 300 pt away (a drag's end): the colour's
    // fit is computed; the others are placed from progress fits where a travel whose relative
    // tolerance falls in the same step (32 per doubling) was fitted lately.
    Operation(name: "animate-4-new-targets", summary: "animate, 4 properties, a new target each time") {
        animatingFour(target: { step in
            let spread = (Double(step) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            return step % 2 == 0 ? 200 + 100 * spread : 100 * spread
        }, then: 1)
    },
    // A target of its own each time, and the cache emptied before each call: every fit computed.
    Operation(name: "animate-4-computed", summary: "animate, 4 properties, every fit computed") {
        animatingFour(target: { $0 % 2 == 0 ? 300 - Double($0) * 1e-3 : Double($0) * 1e-3 }, then: 1, emptyingCache: true)
    },
    // Each call meets the one before in flight, 0.2 s in.
    Operation(name: "redirect-4", summary: "redirect of 4 properties in flight, steady state") {
        animatingFour(target: { $0 % 2 == 0 ? 300 : 0 }, then: 0.2)
    },
    Operation(name: "spring-decay-2d", summary: "2D spring decay keyframes (never cached)") {
        return Work { step in
            let velocity = CGPoint(x: 1_200 + Double(step % 7), y: -800)
            let motion = try? ValueMotion(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 240, y: -300),
                                          easing: .springDecay(velocity: velocity), duration: 0.5)
            _ = motion?.keyframes()
        }
    },
    // A whole transform (a scale and a rotation) to a new value each time, the cache emptied
    // before each call: its fit measures the host under both of its interpolations.
    Operation(name: "animate-transform", summary: "animate the whole transform to a new scale and rotation, fit computed") {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        return Work(run: { step in
            let target = Transform3D.scale(x: 1.5 + Double(step % 100) * 1e-3, y: 0.7)
                .concatenating(.rotation(angle: step % 2 == 0 ? 2.5 : -0.5, x: 0, y: 0, z: 1))
            layer.animate { animator in animator.transform3D(target).duration(0.6).easing(.inOutCubic) }
        }, between: { _ in
            clock.advance(by: 1)
            FlightCaches.removeAllKeyframeFits()
        })
    },
    // A layer moved along a path of five pieces (a line, a quadratic and a cubic curve, a line
    // and a circle's arc), turned along its tangent: a path's fits are never cached.
    Operation(name: "animate-path", summary: "animate along a path of 5 pieces, turned along its tangent (never cached)") {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        let route = MotionPath(start: CGPoint(x: 40, y: 300))
            .line(to: CGPoint(x: 120, y: 300))
            .quadCurve(to: CGPoint(x: 200, y: 220), control: CGPoint(x: 200, y: 300))
            .curve(to: CGPoint(x: 300, y: 120), control1: CGPoint(x: 200, y: 120), control2: CGPoint(x: 260, y: 120))
            .line(to: CGPoint(x: 300, y: 40))
            .arc(center: CGPoint(x: 360, y: 40), radius: 60, startAngle: .pi, endAngle: 5 * .pi / 2)
        layer.position = route.start
        return Work(run: { _ in
            layer.animate { animator in
                animator.position(along: route, orientation: .tangent).duration(1.2).easing(.inOutSine)
            }
        }, between: { _ in
            // Back at the start, so that each call moves along the same path (not from its end).
            clock.advance(by: 2)
            layer.position = route.start
        })
    },
    Operation(name: "scroll-visible", summary: "scroll update, 1,000 items × 4 properties, those in view change") {
        scrollUpdate(everyItemMoves: false) { s in
            s.alpha(0.0).easing(.inSine)
            s.position(CGPoint(x: 200, y: 40)).easing(.outCubic)
            s.cornerRadius(12.0)
            s.shadowOffset(CGSize(width: 0, height: 8)).range(0.5...1)
        }
    },
    Operation(name: "scroll-every-item", summary: "scroll update, 1,000 items × 4 properties incl. transform and colour, every item changes") {
        scrollUpdate(everyItemMoves: true) { s in
            s.alpha(0.0).easing(.inSine)
            s.position(CGPoint(x: 200, y: 40)).easing(.outCubic)
            s.transform(Transform2D.scale(x: 0.5, y: 0.5)).easing(.inOutCubic)
            s.backgroundColor(Color(red: 1, green: 0.5, blue: 0)).range(0.5...1)
        }
    },
    Operation(name: "tick-nothing-due", summary: "scheduler tick, 1,000 groups with pending triggers, nothing due") {
        let pending = PendingTriggers(count: 1_000)
        return Work { _ in pending.frame() }
    },
    Operation(name: "spring-sample", summary: "spring position and velocity at one instant", perCall: 1_000) {
        let motion = Spring.bouncy.motion(displacement: -300, velocity: 1_200)
        let instants = (0..<1_000).map { Double($0) / 1_000 }
        var sum = 0.0
        return Work { _ in
            for t in instants {
                let (position, velocity) = motion.state(at: t)
                sum += position + velocity
            }
            if sum.isNaN { print(sum) }
        }
    },
    Operation(name: "keyframes-46-cached", summary: "keyframes of a named curve, 300 pt within 0.1 pt, fit from the cache",
              perCall: 46, note: {
        let count = Easing.allNamed.reduce(0) { sum, easing in
            sum + ((try? ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5, tolerance: .absolute(0.1)))?
                .keyframes().keyTimes.count ?? 0)
        }
        return "\(count) keyframes for the 46 named curves"
    }) {
        return Work { _ in
            for easing in Easing.allNamed {
                _ = try? ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5, tolerance: .absolute(0.1)).keyframes()
            }
        }
    },
    Operation(name: "keyframes-46-computed", summary: "keyframes of a named curve, 300 pt within 0.1 pt, every fit computed", perCall: 46) {
        // The cache emptied before each call (not counted): every fit computed.
        return Work(run: { _ in
            for easing in Easing.allNamed {
                _ = try? ValueMotion(from: 0.0, to: 300.0, easing: easing, duration: 0.5, tolerance: .absolute(0.1)).keyframes()
            }
        }, between: { _ in FlightCaches.removeAllKeyframeFits() })
    },
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--list" {
    for operation in operations { print("\(operation.name)\t\(operation.perCall)\t\(operation.summary)") }
    exit(0)
}
guard let name = arguments.first, let operation = operations.first(where: { $0.name == name }) else {
    print("usage: OperationCounts <operation> [repetitions] | --list")
    exit(2)
}
let repetitions = arguments.dropFirst().first.flatMap { Int($0) } ?? 100

MainActor.assumeIsolated {
    let work = operation.setUp()
    // Warm-up, not counted: the first calls make the caches, the layers' storage and the
    // lists that later calls reuse.
    for step in 0..<4 {
        work.run(step)
        work.between?(step)
    }
    var elapsed = Duration.zero
    for step in 4..<(4 + repetitions) {
        let start = ContinuousClock.now
        measured { work.run(step) }
        elapsed += ContinuousClock.now - start
        work.between?(step)
    }
    print("\(operation.name): \(elapsed / (repetitions * operation.perCall)) per operation")
    if let note = operation.note { print("note: \(note())") }
}
