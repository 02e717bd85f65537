import Foundation

/// A ``MotionPath`` parametrised by arc length: the point, direction of travel (unwrapped, so it
/// turns continuously) and curvature at any distance along it.
///
/// Lines and arcs are measured exactly. A Bézier piece is measured by 5-point Gauss–Legendre
/// quadrature of its speed `|B′(t)|` on equal intervals of its parameter (16, fewer for paths of
/// more than 6,250 pieces), each halved while its two halves measure it differently by more
/// than 10⁻¹³ of it (near a cusp, where the speed has a kink), down to 2⁻¹² of it on paths of
/// at most 10,000 pieces; a distance is turned back into a parameter by Newton's method on that
/// integral, kept inside the interval that holds it. Pieces of no length, and lines to where the
/// path already is but for rounding (`coincide(_:_:scale:)`), are left out; so the direction is
/// defined everywhere on a path of any length. Before the start and past the end,
/// the path goes on in a straight line along its first and last direction (where an easing
/// overshoots).
package struct PathGeometry: Sendable {
    /// Which piece a distance at a joint belongs to.
    package enum Side: Sendable { case before, after }

    private enum Shape: Sendable {
        case line(SIMD2<Double>, SIMD2<Double>)
        /// Control points; for a quadratic, raised to a cubic.
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        case arc(center: SIMD2<Double>, radius: Double, start: Double, sweep: Double)
    }

    private struct Piece: Sendable {
        var shape: Shape
        /// Distance along the path where it begins.
        var offset: Double
        var length: Double
        /// For a Bézier piece: the parameters and the distances from the piece's start at the
        /// ends of its quadrature intervals, and the unwrapped direction there.
        var parameters: [Double] = []
        var distances: [Double] = []
        var headings: [Double] = []
        /// The unwrapped direction at its start, and the whole turns added to its own.
        var startHeading = 0.0
        var turns = 0.0
    }

    private var pieces: [Piece] = []
    /// The total arc length.
    package private(set) var length = 0.0
    private let start: SIMD2<Double>
    /// Distances of joints where the direction changes (corners), in increasing order.
    package private(set) var corners: [Double] = []

    /// Measures `path`, joined from `origin` by a straight line where it does not start there.
    /// A join shorter than `directionlessJoin` takes the direction of the path after it, so that
    /// a negligible step does not turn a layer that follows the tangent.
    package init(_ path: MotionPath, from origin: CGPoint? = nil, directionlessJoin: Double = 0) {
        func vector(_ point: CGPoint) -> SIMD2<Double> { SIMD2(Double(point.x), Double(point.y)) }
        var shapes: [Shape] = []
        shapes.reserveCapacity(path.elements.count + 1)
        var current = vector(origin ?? path.start)
        start = current
        // The size of the coordinates, which the rounding of their arithmetic scales with.
        let scale = max(path.coordinateScale, abs(current.x), abs(current.y))
        var joinIndex: Int?
        if !Self.coincide(current, vector(path.start), scale: scale) {
            joinIndex = 0
            shapes.append(.line(current, vector(path.start)))
            current = vector(path.start)
        }
        for element in path.elements {
            switch element {
            case .line(let to):
                // From the last point drawn, so that steps left out never add up.
                guard !Self.coincide(current, vector(to), scale: scale) else { continue }
                shapes.append(.line(current, vector(to)))
            case .quadCurve(let to, let control):
                let (c, p) = (vector(control), vector(to))
                shapes.append(.cubic(current, current + (c - current) * (2.0 / 3), p + (c - p) * (2.0 / 3), p))
            case .curve(let to, let control1, let control2):
                shapes.append(.cubic(current, vector(control1), vector(control2), vector(to)))
            case .arc(let center, let radius, let startAngle, let endAngle):
                let c = vector(center)
                let first = c + radius * SIMD2(cos(startAngle), sin(startAngle))
                if !Self.coincide(first, current, scale: scale) { shapes.append(.line(current, first)) }
                shapes.append(.arc(center: c, radius: radius, start: startAngle, sweep: endAngle - startAngle))
            }
            current = vector(element.end)
        }
        let intervals = min(16, max(1, 100_000 / max(shapes.count, 1)))
        let depth = shapes.count > 10_000 ? 0 : 12
        var offset = 0.0
        var previousHeading: Double?
        for (index, shape) in shapes.enumerated() {
            var piece = Piece(shape: shape, offset: offset, length: 0)
            Self.measure(&piece, intervals: intervals, depth: depth)
            guard piece.length > 0 else { continue }
            let own = Self.ownHeading(piece, atParameter: 0)
            if let previousHeading {
                // Turn the short way round at a joint.
                piece.turns = ((previousHeading - own) / (2 * .pi)).rounded() * 2 * .pi
                if abs(own + piece.turns - previousHeading) > 1e-9 { corners.append(offset) }
            }
            piece.startHeading = own + piece.turns
            if index == joinIndex && piece.length < directionlessJoin {
                // Marked by a NaN start heading: the direction of what follows.
                piece.startHeading = .nan
            }
            if !piece.startHeading.isNaN { previousHeading = Self.endHeading(piece) }
            pieces.append(piece)
            offset += piece.length
        }
        length = offset
        if let first = pieces.first, first.startHeading.isNaN {
            if pieces.count > 1 {
                // The join points along the path's first direction, and what follows turns from it.
                let next = Self.ownHeading(pieces[1], atParameter: 0) + pieces[1].turns
                pieces[0].startHeading = next
                corners.removeAll { $0 == pieces[1].offset }
            } else {
                pieces[0].startHeading = Self.ownHeading(first, atParameter: 0)
            }
        }
    }

    /// Whether two points are one but for the rounding of the arithmetic that placed them: an
    /// arc's first point, worked out from its centre, radius and angle, lands a few units in the
    /// last place of those from where the path is (40 + 60·sin π is 40.000000000000007). A line
    /// between them would be a step of that size in a direction of its own: two corners at one
    /// distance, turning a layer that follows the tangent round and back, and a heading that
    /// ends a turn short or over. They are one where neither coordinate differs by more than
    /// 2⁻⁴⁰ of `scale` (the path's `coordinateScale`) or of their own largest
    /// magnitude; never where a coordinate is not a number.
    package static func coincide(_ a: SIMD2<Double>, _ b: SIMD2<Double>, scale: Double) -> Bool {
        let gap = b - a
        let limit = 0x1p-40 * max(scale, abs(a.x), abs(a.y), abs(b.x), abs(b.y))
        return abs(gap.x) <= limit && abs(gap.y) <= limit
    }

    // MARK: Measuring

    private static let nodes: [Double] = [-0.906_179_845_938_664, -0.538_469_310_105_683, 0,
                                          0.538_469_310_105_683, 0.906_179_845_938_664]
    private static let weights: [Double] = [0.236_926_885_056_189, 0.478_628_670_499_366, 0.568_888_888_888_889,
                                            0.478_628_670_499_366, 0.236_926_885_056_189]

    private static func measure(_ piece: inout Piece, intervals: Int, depth: Int) {
        switch piece.shape {
        case .line(let a, let b):
            piece.length = norm(b - a)
        case .arc(_, let radius, _, let sweep):
            piece.length = abs(radius) * abs(sweep)
        case .cubic:
            piece.parameters = [0]
            piece.distances = [0]
            var total = 0.0
            // Each interval is halved while its halves measure it differently (a cusp, where the
            // speed has a kink, or a tight bend), to a depth the path's size allows.
            func add(_ a: Double, _ b: Double, _ whole: Double, depth: Int) {
                guard depth > 0 else {
                    total += whole
                    piece.parameters.append(b)
                    piece.distances.append(total)
                    return
                }
                let middle = (a + b) / 2
                let (left, right) = (integral(piece.shape, from: a, to: middle), integral(piece.shape, from: middle, to: b))
                if abs(left + right - whole) > 1e-13 * (abs(left + right) + 1e-300) {
                    add(a, middle, left, depth: depth - 1)
                    add(middle, b, right, depth: depth - 1)
                } else {
                    total += left + right
                    piece.parameters.append(b)
                    piece.distances.append(total)
                }
            }
            for index in 1...intervals {
                let (a, b) = (Double(index - 1) / Double(intervals), Double(index) / Double(intervals))
                add(a, b, integral(piece.shape, from: a, to: b), depth: depth)
            }
            piece.length = total
            if total > 0 {
                // Unwrapped directions at the interval ends, for choosing the turn in between.
                var heading = rawHeading(piece.shape, at: 0)
                piece.headings = [heading]
                for index in 1..<piece.parameters.count {
                    let raw = rawHeading(piece.shape, at: piece.parameters[index])
                    heading = raw + ((heading - raw) / (2 * .pi)).rounded() * 2 * .pi
                    piece.headings.append(heading)
                }
            }
        }
        if !piece.length.isFinite { piece.length = .infinity }
    }

    /// `∫ |B′(t)| dt` from `a` to `b`, 5-point Gauss–Legendre.
    private static func integral(_ shape: Shape, from a: Double, to b: Double) -> Double {
        let (middle, half) = ((a + b) / 2, (b - a) / 2)
        var sum = 0.0
        for index in 0..<5 { sum += weights[index] * norm(derivative(shape, at: middle + half * nodes[index])) }
        return sum * half
    }

    private static func derivative(_ shape: Shape, at t: Double) -> SIMD2<Double> {
        guard case .cubic(let p0, let p1, let p2, let p3) = shape else { return .zero }
        let s = 1 - t
        return 3 * s * s * (p1 - p0) + 6 * s * t * (p2 - p1) + 3 * t * t * (p3 - p2)
    }

    private static func secondDerivative(_ shape: Shape, at t: Double) -> SIMD2<Double> {
        guard case .cubic(let p0, let p1, let p2, let p3) = shape else { return .zero }
        return 6 * (1 - t) * (p2 - 2 * p1 + p0) + 6 * t * (p3 - 2 * p2 + p1)
    }

    private static func cubicPoint(_ shape: Shape, at t: Double) -> SIMD2<Double> {
        guard case .cubic(let p0, let p1, let p2, let p3) = shape else { return .zero }
        let s = 1 - t
        return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3
    }

    /// The length of a vector, without overflow for large components or underflow for tiny
    /// ones: the square root of the sum of squares where neither can happen (within a unit in
    /// the last place of `hypot`, at a fifth of its instructions: arc lengths are measured by
    /// the thousand), `hypot` beyond.
    private static func norm(_ v: SIMD2<Double>) -> Double {
        let largest = max(abs(v.x), abs(v.y))
        guard largest >= 0x1p-500, largest <= 0x1p500 else { return hypot(v.x, v.y) }
        return (v.x * v.x + v.y * v.y).squareRoot()
    }

    /// The direction of a cubic at `t`; where its speed vanishes (a control point on an end),
    /// the limit, taken from the next derivative that does not, or the chord.
    private static func rawHeading(_ shape: Shape, at t: Double) -> Double {
        guard case .cubic(let p0, _, _, let p3) = shape else { return 0 }
        var d = derivative(shape, at: t)
        let scale = max(norm(p3 - p0), 1e-300)
        if norm(d) <= 1e-12 * scale {
            // Approaching from inside: the second derivative (times the side's sign) points the way.
            d = secondDerivative(shape, at: t) * (t >= 1 ? -1 : 1)
            if norm(d) <= 1e-12 * scale {
                guard case .cubic(_, let p1, let p2, _) = shape else { return 0 }
                d = t >= 1 ? p3 - p2 + (p2 - p1) : p1 - p0 + (p2 - p1)
                if norm(d) <= 1e-12 * scale { d = p3 - p0 }
            }
        }
        return atan2(d.y, d.x)
    }

    // MARK: Reading

    /// The piece holding distance `s` and the distance into it.
    private func locate(_ s: Double, side: Side) -> (index: Int, local: Double) {
        var (low, high) = (0, pieces.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            let begins = pieces[middle].offset
            if begins < s || (side == .after && begins == s) { low = middle } else { high = middle - 1 }
        }
        return (low, min(max(s - pieces[low].offset, 0), pieces[low].length))
    }

    /// The parameter of a Bézier piece at distance `d` from its start.
    private func parameter(_ piece: Piece, at d: Double) -> Double {
        if d <= 0 { return 0 }
        if d >= piece.length { return 1 }
        let distances = piece.distances
        var (low, high) = (0, distances.count - 1)
        while high - low > 1 {
            let middle = (low + high) / 2
            if distances[middle] <= d { low = middle } else { high = middle }
        }
        var (a, b) = (piece.parameters[low], piece.parameters[high])
        let base = distances[low]
        var t = a + (b - a) * (d - base) / max(distances[high] - base, .leastNormalMagnitude)
        for _ in 0..<30 {
            let error = base + Self.integral(piece.shape, from: piece.parameters[low], to: t) - d
            // Found to the last bit of the measure: a bisection from here would only leave it.
            if error == 0 { return t }
            if error > 0 { b = t } else { a = t }
            let speed = Self.norm(Self.derivative(piece.shape, at: t))
            let newton = speed > 0 ? t - error / speed : .nan
            // Newton's step is within rounding of `t` (on the bracket's end that `t` now is, say):
            // converged.
            if abs(newton - t) <= 1e-15 { return min(max(newton, a), b) }
            let next = newton > a && newton < b ? newton : (a + b) / 2
            if b - a <= 4 * b.ulp { return next }
            t = next
        }
        return t
    }

    /// The point at distance `s` (extended in straight lines beyond the ends).
    package func point(at s: Double) -> CGPoint {
        let v = vector(at: s)
        return CGPoint(x: v.x, y: v.y)
    }

    /// The point at distance `s`, as a vector.
    package func vector(at s: Double) -> SIMD2<Double> {
        guard !pieces.isEmpty else { return start }
        if s < 0 { return vector(at: 0) + s * unitTangent(at: 0, side: .after) }
        if s > length { return endPoint + (s - length) * unitTangent(at: length, side: .before) }
        let (index, local) = locate(s, side: .after)
        let piece = pieces[index]
        switch piece.shape {
        case .line(let a, let b):
            return local >= piece.length ? b : a + (b - a) * (local / piece.length)
        case .arc(let center, let radius, let start, let sweep):
            let angle = start + (sweep < 0 ? -1 : 1) * local / abs(radius)
            return center + radius * SIMD2(cos(angle), sin(angle))
        case .cubic:
            return Self.cubicPoint(piece.shape, at: parameter(piece, at: local))
        }
    }

    private var endPoint: SIMD2<Double> {
        guard let last = pieces.last else { return start }
        switch last.shape {
        case .line(_, let b): return b
        case .cubic(_, _, _, let p3): return p3
        case .arc(let center, let radius, let start, let sweep):
            return center + radius * SIMD2(cos(start + sweep), sin(start + sweep))
        }
    }

    /// The unit direction of travel at distance `s`.
    package func unitTangent(at s: Double, side: Side) -> SIMD2<Double> {
        let angle = heading(at: s, side: side)
        return pieces.isEmpty ? .zero : SIMD2(cos(angle), sin(angle))
    }

    /// The direction of travel at distance `s`, unwrapped: it changes continuously along smooth
    /// stretches and by the shorter turn at a corner, where `side` picks the piece. Constant
    /// beyond the ends; 0 on a path of no length.
    package func heading(at s: Double, side: Side) -> Double {
        guard !pieces.isEmpty else { return 0 }
        let (index, local) = locate(min(max(s, 0), length), side: side)
        let piece = pieces[index]
        if index == 0, s <= 0 || local == 0 { return piece.startHeading }
        switch piece.shape {
        case .line:
            return piece.startHeading
        case .arc(_, let radius, _, let sweep):
            return piece.startHeading + (sweep < 0 ? -1 : 1) * local / abs(radius)
        case .cubic:
            let t = parameter(piece, at: local)
            // The turn nearest the unwrapped directions tabulated either side.
            var probes = 0
            let interval = Self.interval(holding: t, in: piece.parameters, probes: &probes)
            let (a, b) = (piece.parameters[interval], piece.parameters[interval + 1])
            let guess = piece.headings[interval] + (piece.headings[interval + 1] - piece.headings[interval])
                * (t - a) / (b - a)
            let raw = Self.rawHeading(piece.shape, at: t)
            return raw + ((guess - raw) / (2 * .pi)).rounded() * 2 * .pi + piece.turns
        }
    }

    /// The index `i` of the interval `values[i]...values[i + 1]` that holds `x`: the last `i`
    /// below `values.count - 1` with `values[i] <= x` (0 where none is), by bisection of the
    /// increasing `values` (at least two); `probes` counts the values read.
    package static func interval(holding x: Double, in values: [Double], probes: inout Int) -> Int {
        var (low, high) = (0, values.count - 2)
        while low < high {
            let middle = (low + high + 1) / 2
            probes += 1
            if values[middle] <= x { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The corner strictly between distances `start` and `end` nearest `start`, by bisection of
    /// the increasing `corners`; `probes` counts the corners read.
    package static func corner(in corners: [Double], between start: Double, and end: Double, probes: inout Int) -> Double? {
        guard start != end, !corners.isEmpty else { return nil }
        // The first corner above `start` (going forwards) or the last below it (backwards).
        var (low, high) = (0, corners.count)
        while low < high {
            let middle = (low + high) / 2
            probes += 1
            if end > start ? corners[middle] <= start : corners[middle] < start { low = middle + 1 } else { high = middle }
        }
        let index = end > start ? low : low - 1
        guard corners.indices.contains(index) else { return nil }
        probes += 1
        let corner = corners[index]
        return (corner - start) * (corner - end) < 0 ? corner : nil
    }

    /// The corner `s` stands for, if it lies within rounding of one: a billionth of the length
    /// (a distance read as a fraction of the length times the length can land a unit or two
    /// in the last place short of the corner it was bisected onto, or past it).
    package func corner(near s: Double) -> Double? {
        guard !corners.isEmpty else { return nil }
        let reach = 1e-9 * max(length, 1)
        var (low, high) = (0, corners.count)
        while low < high {
            let middle = (low + high) / 2
            if corners[middle] < s - reach { low = middle + 1 } else { high = middle }
        }
        return low < corners.count && abs(corners[low] - s) <= reach ? corners[low] : nil
    }

    /// How fast the direction turns with distance at `s` (signed curvature, radians per point);
    /// at a join, on the piece `side` picks (the one after it by default). At the path's start
    /// and end, the curvature of its first and last piece there (0 on the side beyond them):
    /// a heading's slope where a motion ends on a curve is that curve's.
    package func curvature(at s: Double, side: Side = .after) -> Double {
        guard !pieces.isEmpty, s >= 0, s <= length, !(s == 0 && side == .before), !(s == length && side == .after)
        else { return 0 }
        let (index, local) = locate(s, side: side)
        let piece = pieces[index]
        switch piece.shape {
        case .line:
            return 0
        case .arc(_, let radius, _, let sweep):
            return (sweep < 0 ? -1 : 1) / abs(radius)
        case .cubic:
            let t = parameter(piece, at: local)
            let d1 = Self.derivative(piece.shape, at: t)
            let speed = Self.norm(d1)
            guard speed > 0 else { return 0 }
            let (u, w) = (d1 / speed, Self.secondDerivative(piece.shape, at: t) / speed)
            let value = (u.x * w.y - u.y * w.x) / speed
            return value.isFinite ? value : 0
        }
    }

    /// The direction at the end of a piece, unwrapped.
    private static func endHeading(_ piece: Piece) -> Double {
        switch piece.shape {
        case .line: return piece.startHeading
        case .arc(_, let radius, _, let sweep): return piece.startHeading + (sweep < 0 ? -1 : 1) * piece.length / abs(radius)
        case .cubic: return (piece.headings.last ?? 0) + piece.turns
        }
    }

    /// The direction of a piece at a parameter, in `−π…π` for lines and cubics.
    private static func ownHeading(_ piece: Piece, atParameter t: Double) -> Double {
        switch piece.shape {
        case .line(let a, let b):
            let d = b - a
            return atan2(d.y, d.x)
        case .arc(_, let radius, let start, let sweep):
            // Along increasing angle the tangent is a quarter turn ahead of the radius.
            let angle = start + t * sweep
            let forward = (sweep < 0 ? -1.0 : 1.0) * (radius < 0 ? -1.0 : 1.0)
            return atan2(forward * cos(angle), -forward * sin(angle))
        case .cubic:
            return piece.headings.first ?? rawHeading(piece.shape, at: t)
        }
    }
}
