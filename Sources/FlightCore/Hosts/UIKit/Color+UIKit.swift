#if canImport(UIKit)
import UIKit

extension Color {
    /// The colour of a `UIColor` (resolved for the current trait collection by UIKit when it
    /// produces its `cgColor`).
    public init(_ uiColor: UIColor) {
        self.init(uiColor.cgColor)
    }

    /// The colour as a `UIColor`.
    public var uiColor: UIColor {
        UIColor(cgColor: cgColor)
    }
}
#endif
