import FlightCore
import UIKit

/// The properties the demo lets you tune, as in FlightAnimator's demo.
enum DemoProperty: String, CaseIterable {
    case bounds, position, alpha, transform
}

/// How the secondary view follows the main one.
enum FollowTrigger: String, CaseIterable {
    case start = "Start"
    case progress = "Time"
    case valueProgress = "Value"
    case completion = "End"
}

/// Everything the settings panel controls.
struct DemoSettings {
    var easing: [DemoProperty: Easing] = [
        .bounds: .outCubic, .position: .inOutBack, .alpha: .outCubic, .transform: .outElastic,
    ]
    var primary: [DemoProperty: Bool] = [.bounds: true, .position: true, .alpha: false, .transform: false]
    var duration: TimeInterval = 0.8
    var timingPriority: TimingPriority = .maxTime
    var followerEnabled = true
    var followTrigger: FollowTrigger = .valueProgress
    var followProgress: Double = 0.5

    /// The easings the curve pickers offer, with their menu titles.
    static let easingChoices: [(String, Easing)] = Easing.allNamed.map { (".\($0)", $0) } + [
        (".spring(.default)", .spring(.default)), (".spring(.smooth)", .spring(.smooth)),
        (".spring(.snappy)", .spring(.snappy)), (".spring(.bouncy)", .spring(.bouncy)),
        (".cubicBezier(.easeInEaseOut)", .cubicBezier(.easeInEaseOut)), (".decay(.normal)", .decay(.normal)),
    ]

    static func title(of easing: Easing) -> String {
        easingChoices.first { $0.1 == easing }?.0 ?? ".\(easing)"
    }
}
