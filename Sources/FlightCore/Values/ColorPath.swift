import Foundation

/// Mixes two colours as CSS `color-mix()` does, in the end colour's interpolation space.
public struct ColorPath: InterpolationPath {
    /// Colour components are mixed in another space, not independently in their own.
    public static var isComponentwise: Bool { false }

    private let start: SIMD4<Double>
    private let end: SIMD4<Double>
    private let interpolation: Color.Interpolation
    private let space: Color.Space
    private let target: Color
    /// The start, expressed in the end's space (as every mix is): what the path shows at 0. A
    /// transparent start keeps its own red, green and blue there, which the premultiplied mix
    /// loses (it is colourless at alpha 0).
    private let source: Color

    /// Converts and premultiplies both ends once.
    public init(from: Color, to: Color) {
        self.init(from: from, to: to, mix: Self.mix(from: from, to: to))
    }

    /// The path from `from` to `to` whose ends were placed in the mixing space already
    /// (``mix(from:to:)``): placing them is most of a path's cost.
    package init(from: Color, to: Color, mix: Mix) {
        interpolation = to.interpolation
        space = to.space
        var source = from.converted(to: to.space)
        source.interpolation = to.interpolation
        self.source = source
        start = mix.start
        end = mix.end
        target = to
    }

    /// The ends of the path from `from` to `to` in the premultiplied mixing space.
    package static func mix(from: Color, to: Color) -> Mix {
        Mix(start: premultiplied(from, in: to.interpolation), end: premultiplied(to, in: to.interpolation),
            interpolation: to.interpolation)
    }

    /// The colour at `fraction` of the way.
    public func value(at fraction: Double) -> Color {
        if fraction == 1 { return target }
        if fraction == 0 { return source }
        let mixed = start + (end - start) * fraction
        let alpha = min(max(mixed.w, 0), 1)
        let coordinates = mixed.w > 0 ? SIMD3(mixed.x, mixed.y, mixed.z) / mixed.w : SIMD3(mixed.x, mixed.y, mixed.z)
        var color = Color(coordinates: coordinates, in: interpolation, alpha: alpha, space: space)
        color.interpolation = target.interpolation
        return color
    }

    /// Where the mixed alpha reaches 0 or 1: beyond them (overshooting easings) it is clamped.
    public var kinks: [Double] {
        let change = end.w - start.w
        guard change != 0 else { return [] }
        // Made in one list (a filtered, sorted literal made three).
        let (zero, one) = ((0 - start.w) / change, (1 - start.w) / change)
        switch (zero.isFinite, one.isFinite) {
        case (true, true): return zero <= one ? [zero, one] : [one, zero]
        case (true, false): return [zero]
        case (false, true): return [one]
        case (false, false): return []
        }
    }

    /// The distance from `value` to the mix at `fraction`, measured in the premultiplied mixing
    /// space where the mix is a straight line (as ``Color/distance(to:)`` measures it).
    public func distance(from value: Color, toValueAt fraction: Double) -> Double {
        let mix = mix
        return mix.distance(fromEmbedding: mix.embedding(of: value), toValueAt: fraction)
    }

    /// `(c₁·α, c₂·α, c₃·α, α)` in the interpolation space.
    static func premultiplied(_ color: Color, in interpolation: Color.Interpolation) -> SIMD4<Double> {
        let alpha = min(max(color.alpha, 0), 1)
        let c = color.coordinates(in: interpolation) * alpha
        return SIMD4(c.x, c.y, c.z, alpha)
    }
}

extension ColorPath {
    /// The mix in the premultiplied mixing space, where ``ColorPath/distance(from:toValueAt:)``
    /// is the straight-line distance: the few numbers a keyframe fit's error samples read
    /// (copied at each measure, where the whole path would be ten times the bytes).
    package struct Mix: Sendable {
        let start: SIMD4<Double>
        let end: SIMD4<Double>
        let interpolation: Color.Interpolation

        /// Where `value` lies: `(c₁·α, c₂·α, c₃·α, α)`.
        package func embedding(of value: Color) -> SIMD4<Double> {
            ColorPath.premultiplied(value, in: interpolation)
        }

        /// Where the colour the path shows at `fraction` lies: on the straight mix, or, where an
        /// overshooting easing takes its alpha out of `0...1`, that colour with its alpha
        /// clamped (the mix's coordinates over its alpha, times the clamped alpha): transparent,
        /// at 0, where the mix's alpha is 0 or less.
        package func point(at fraction: Double) -> SIMD4<Double> {
            let mixed = fraction == 1 ? end : start + (end - start) * fraction
            if mixed.w > 1 { return SIMD4(mixed.x / mixed.w, mixed.y / mixed.w, mixed.z / mixed.w, 1) }
            if mixed.w <= 0 { return .zero }
            return mixed
        }

        /// The distance between the ends: ``Color/distance(to:)`` from the start to the end,
        /// to the last bit.
        package var length: Double {
            let difference = end - start
            return (difference * difference).sum().squareRoot()
        }

        /// The distance from `point` to the colour the path shows at `fraction`.
        package func distance(fromEmbedding point: SIMD4<Double>, toValueAt fraction: Double) -> Double {
            let difference = self.point(at: fraction) - point
            return (difference * difference).sum().squareRoot()
        }
    }

    /// The mix's numbers.
    package var mix: Mix { Mix(start: start, end: end, interpolation: interpolation) }
}
