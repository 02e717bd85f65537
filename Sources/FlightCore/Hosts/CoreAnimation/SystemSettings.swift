#if canImport(QuartzCore)
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// The system settings Flight's engine follows, told to the portable engine (which has no
/// platform code) by the first host Flight makes for a layer or a constraint.
@MainActor
enum SystemSettings {
    /// Tells the engine how to read the system's Reduce Motion setting (and, with UIKit, Prefer
    /// Cross-Fade Transitions), once.
    static let read: Void = {
        #if canImport(UIKit)
        ReduceMotion.platformSetting = { UIAccessibility.isReduceMotionEnabled }
        ReduceMotion.platformCrossFadeSetting = { UIAccessibility.prefersCrossFadeTransitions }
        #elseif canImport(AppKit)
        ReduceMotion.platformSetting = { NSWorkspace.shared.accessibilityDisplayShouldReduceMotion }
        #endif
    }()
}
#endif
