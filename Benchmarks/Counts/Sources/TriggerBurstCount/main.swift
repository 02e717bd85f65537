import FlightCore
import Foundation
import TriggerBurst

// Fires one burst of triggers, for counting what it costs under callgrind (see
// Scripts/trigger-burst-callgrind.py): the frame that fires them is `TriggerBurst.fire()`, the
// only function the script collects.
//
//     TriggerBurstCount [count] [progress|completion] [--warm-followers] [--varied-targets] [--set-up-only]
//
// `--warm-followers` lets each follower play a fade before the burst, `--varied-targets` gives
// each fade a target of its own, so that a few dozen keyframe fits are made in the burst rather
// than one (see `TriggerBurst`).
// Without valgrind it prints how long the frame took (one sample: the machine is noisy).
// `--set-up-only` skips the frame, for a whole-run baseline to subtract (valgrind's memcheck
// counts the allocations of a whole run).

let arguments = CommandLine.arguments.dropFirst()
let count = arguments.first.flatMap { Int($0) } ?? 1_000
let moment = arguments.dropFirst().first.flatMap { TriggerBurst.Moment(rawValue: $0) } ?? .progress
let setUpOnly = arguments.contains("--set-up-only")
let warmFollowers = arguments.contains("--warm-followers")
let variedTargets = arguments.contains("--varied-targets")

MainActor.assumeIsolated {
    let burst = TriggerBurst(count: count, moment: moment, warmFollowers: warmFollowers, variedTargets: variedTargets)
    guard !setUpOnly else { return }
    let start = ContinuousClock.now
    burst.fire()
    let elapsed = ContinuousClock.now - start
    guard burst.everyTriggerFired else {
        print("error: not every trigger fired")
        exit(1)
    }
    let variant = [warmFollowers ? "warm followers" : nil, variedTargets ? "varied targets" : nil].compactMap { $0 }
    print("\(count) \(moment.rawValue) triggers in one frame\(variant.isEmpty ? "" : " (\(variant.joined(separator: ", ")))"): \(elapsed)")
}
