/// A cubic Bézier timing function from (0, 0) to (1, 1), exactly as `CAMediaTimingFunction` and
/// CSS `cubic-bezier(x1, y1, x2, y2)` define it.
///
/// The curve's x axis is time and its y axis progress. For a time `x`, the curve parameter `t`
/// with `Bx(t) = x` is solved to double precision (Newton's method, with bisection as a safe
/// fallback), then `By(t)` is returned.
///
/// ```swift
/// let standard = Easing.cubicBezier(.default)            // CoreAnimation's default curve
/// let custom = Easing.cubicBezier(CubicBezier(0.68, -0.55, 0.265, 1.55))  // overshoots both ways
/// ```
///
/// The y coordinates may leave `0...1`, so a curve may overshoot. The x coordinates must lie in
/// `0...1` (so that time only moves forward): values outside are clamped into it. If any
/// coordinate is NaN or infinite, the curve is ``linear``.
public struct CubicBezier: Sendable, Hashable {
    /// The x coordinate of the first control point, in `0...1`.
    public let x1: Double
    /// The y coordinate of the first control point.
    public let y1: Double
    /// The x coordinate of the second control point, in `0...1`.
    public let x2: Double
    /// The y coordinate of the second control point.
    public let y2: Double

    /// Creates a timing function from its two control points.
    ///
    /// - Parameters:
    ///   - x1: The first control point's x, clamped into `0...1`.
    ///   - y1: The first control point's y.
    ///   - x2: The second control point's x, clamped into `0...1`.
    ///   - y2: The second control point's y.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else {
            (self.x1, self.y1, self.x2, self.y2) = (0, 0, 1, 1)
            return
        }
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// A timing function from control points already known to be finite, with x in `0...1`:
    /// no checks, for code that builds many of them.
    package init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    // MARK: CoreAnimation's named timing functions

    /// `CAMediaTimingFunctionName.default`: (0.25, 0.1, 0.25, 1).
    public static let `default` = CubicBezier(0.25, 0.1, 0.25, 1)
    /// `CAMediaTimingFunctionName.easeIn`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// `CAMediaTimingFunctionName.easeOut`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// `CAMediaTimingFunctionName.easeInEaseOut`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    /// `CAMediaTimingFunctionName.linear`: (0, 0, 1, 1).
    public static let linear = CubicBezier(0, 0, 1, 1)

    // MARK: Evaluation

    /// The progress at time `x`; `x` outside `0...1` holds the endpoint.
    public func progress(at x: Double) -> Double {
        if x.isNaN || x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.polynomial(y1, y2, at: parameter(forTime: x))
    }

    /// The progress at time `x` strictly inside `0...1`, and how it changes as each control
    /// point moves: its derivatives by `(x1, y1)` and by `(x2, y2)`. With the curve's parameter
    /// `t` solved for `x`, moving a control point by `(δx, δy)` with Bernstein weight `b(t)`
    /// moves the curve by `b(t)·(δx, δy)` there, and the progress at `x` by
    /// `b(t)·(δy − (dy/dx)·δx)`. What a fit needs to steer a curve's handles. Where the curve
    /// is vertical at `x` (`dx/dt = 0`, possible only with `x1 = 1` or `x2 = 0`) the
    /// derivatives are infinite or not a number.
    package func progressAndSensitivity(at x: Double) -> (progress: Double, first: SIMD2<Double>, second: SIMD2<Double>) {
        let t = parameter(forTime: x)
        let slope = Self.slope(y1, y2, at: t) / Self.slope(x1, x2, at: t)
        let direction = SIMD2(-slope, 1)
        let (firstWeight, secondWeight) = (3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t)
        return (Self.polynomial(y1, y2, at: t), direction * firstWeight, direction * secondWeight)
    }

    /// The slope `dy/dx` at time `x`, capped at ±10⁶ where the curve is vertical.
    public func velocity(at x: Double) -> Double {
        if x.isNaN || x < 0 || x > 1 { return 0 }
        let t = parameter(forTime: x)
        let dx = Self.slope(x1, x2, at: t)
        let dy = Self.slope(y1, y2, at: t)
        if abs(dx) > 1e-9 { return Easing.capped(dy / dx) }
        // Bx is stationary here (only possible at t = 0 or t = 1, where a control point sits on
        // the endpoint). Use the ratio of the first derivatives that do not vanish.
        if abs(dy) > 1e-9 { return Easing.capped(dy / dx) }
        let ddx = Self.curvature(x1, x2, at: t), ddy = Self.curvature(y1, y2, at: t)
        if abs(ddx) > 1e-12 { return Easing.capped(ddy / ddx) }
        // Third derivatives: 6(1 − 3c1 + 3c2) for each axis.
        let dddx = 1 - 3 * x2 + 3 * x1, dddy = 1 - 3 * y2 + 3 * y1
        return Easing.capped(dddy / dddx)
    }

    /// The curve parameter `t` in `0...1` at which `Bx(t) == x`.
    func parameter(forTime x: Double) -> Double {
        // Control points at a third and two thirds of the way in x make x(t) = t: the curves a
        // keyframe fit tries by the thousand, whose second point is `1 − 1/3` (not `2.0 / 3`, a
        // unit in the last place off, which takes the general way; Newton's first check in
        // `parameter(_:_:reaching:)` returns `x` for either).
        if x1 == 1.0 / 3 && x2 == 1 - 1.0 / 3 { return x }
        return Self.parameter(x1, x2, reaching: x)
    }

    /// The parameter `t` in `0...1` at which the axis with control coordinates `c1` and `c2`
    /// (in `0...1`, which makes it monotone) reaches `value`.
    static func parameter(_ c1: Double, _ c2: Double, reaching value: Double) -> Double {
        // Newton's method converges in a few steps wherever the axis is not flat.
        var t = value
        for _ in 0..<8 {
            let error = polynomial(c1, c2, at: t) - value
            if abs(error) < 1e-15 { return t }
            let gradient = slope(c1, c2, at: t)
            if abs(gradient) < 1e-7 { break }
            let next = t - error / gradient
            if next < 0 || next > 1 { break }
            t = next
        }
        // Bisection: the axis is monotone on 0...1.
        var (low, high) = (0.0, 1.0)
        t = value
        for _ in 0..<64 {
            let reached = polynomial(c1, c2, at: t)
            if reached == value { return t }
            if reached < value { low = t } else { high = t }
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            t = mid
        }
        return t
    }

    // MARK: Parts of the curve

    /// The curve parameter `t` in `0...1` at which `By(t) == y`, for a curve whose progress
    /// only grows (y control points in `0...1`, which makes `By` monotone: its derivative is a
    /// quadratic form that stays ≥ 0 there); `y` is clamped into `0...1`.
    package func parameter(forProgress y: Double) -> Double {
        if !(y > 0) { return 0 }
        if y >= 1 { return 1 }
        return Self.parameter(y1, y2, reaching: y)
    }

    /// The part of this curve between the parameters `a < b`, as a timing curve of its own
    /// (scaled into the unit square: its time and its progress from 0 to 1), or nil when one of
    /// its control points falls outside that square, or the part has no extent in time or in
    /// progress. A host that plays the part over the time the whole curve spends between `a`
    /// and `b` plays exactly the progress the whole curve plays there. (The part's control
    /// points are its ends moved along its tangents by a third of its parameter span.)
    package func part(from a: Double, to b: Double) -> CubicBezier? {
        let (startX, endX) = (Self.polynomial(x1, x2, at: a), Self.polynomial(x1, x2, at: b))
        let (startY, endY) = (Self.polynomial(y1, y2, at: a), Self.polynomial(y1, y2, at: b))
        let (width, height) = (endX - startX, endY - startY)
        guard width > 0, height > 0 else { return nil }
        let third = (b - a) / 3
        let controls = SIMD4(third * Self.slope(x1, x2, at: a) / width, third * Self.slope(y1, y2, at: a) / height,
                             1 - third * Self.slope(x1, x2, at: b) / width, 1 - third * Self.slope(y1, y2, at: b) / height)
        // Roundings just outside the square are brought back into it.
        let slack = 1e-9
        guard controls.min() >= -slack, controls.max() <= 1 + slack else { return nil }
        let inside = controls.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        // A curve whose time is its parameter has parts whose time is theirs: kept exactly so,
        // where hosts solve for the parameter at once (`parameter(forTime:)`).
        if x1 == 1.0 / 3 && x2 == 1 - 1.0 / 3 { return CubicBezier(unchecked: x1, inside[1], x2, inside[3]) }
        return CubicBezier(unchecked: inside[0], inside[1], inside[2], inside[3])
    }

    // MARK: One axis of the curve (control coordinates c1, c2 between fixed ends 0 and 1)

    /// `3(1−t)²t·c1 + 3(1−t)t²·c2 + t³`, in Horner form.
    package static func polynomial(_ c1: Double, _ c2: Double, at t: Double) -> Double {
        let (a, b, c) = coefficients(c1, c2)
        return ((a * t + b) * t + c) * t
    }

    package static func slope(_ c1: Double, _ c2: Double, at t: Double) -> Double {
        let (a, b, c) = coefficients(c1, c2)
        return (3 * a * t + 2 * b) * t + c
    }

    static func curvature(_ c1: Double, _ c2: Double, at t: Double) -> Double {
        let (a, b, _) = coefficients(c1, c2)
        return 6 * a * t + 2 * b
    }

    private static func coefficients(_ c1: Double, _ c2: Double) -> (Double, Double, Double) {
        let c = 3 * c1
        let b = 3 * (c2 - c1) - c
        return (1 - c - b, b, c)
    }
}
