#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension Color {
    /// The colour of an `NSColor`.
    public init(_ nsColor: NSColor) {
        self.init(nsColor.cgColor)
    }

    /// The colour as an `NSColor` (sRGB black if AppKit cannot represent it).
    public var nsColor: NSColor {
        NSColor(cgColor: cgColor) ?? .black
    }
}
#endif
