import Foundation

extension Color: AnimatableValue {
    /// Red, green, blue, alpha.
    public static var componentCount: Int { 4 }

    /// `(red, green, blue, alpha)` in the colour's own space.
    public var components: SIMD4<Double> { SIMD4(red, green, blue, alpha) }

    /// An sRGB colour from `(red, green, blue, alpha)`.
    public init(components: SIMD4<Double>) {
        self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    /// Euclidean distance between the premultiplied coordinates in `other`'s interpolation space,
    /// alpha included; a half 8-bit step is about 0.002.
    public func distance(to other: Color) -> Double {
        ColorPath.mix(from: self, to: other).length
    }

    /// CSS Color 4 premultiplied interpolation.
    public typealias Path = ColorPath
}
