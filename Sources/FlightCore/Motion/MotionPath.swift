import Foundation

/// A route for a layer's `position`: a start point followed by lines, quadratic and cubic Bézier
/// curves and circular arcs, built fluently.
///
/// ```swift
/// let route = MotionPath(start: CGPoint(x: 40, y: 300))
///     .line(to: CGPoint(x: 120, y: 300))
///     .quadCurve(to: CGPoint(x: 200, y: 220), control: CGPoint(x: 200, y: 300))
///     .curve(to: CGPoint(x: 300, y: 120), control1: CGPoint(x: 200, y: 120),
///            control2: CGPoint(x: 260, y: 120))
///     .arc(center: CGPoint(x: 300, y: 60), radius: 60, startAngle: .pi / 2, endAngle: -.pi / 2)
/// layer.animate { animator in
///     animator.position(along: route, orientation: .tangent).duration(1.2)
/// }
/// ```
///
/// Coordinates are those of `position` (the superlayer's). A path is a description only: its
/// arc length is measured when it is animated (``length`` measures it on demand, in time
/// proportional to the number of elements). On Apple platforms a `CGPath` (a `UIBezierPath`'s
/// `cgPath`) converts with `MotionPath(_:)`.
public struct MotionPath: Sendable, Equatable {
    /// One piece of a path, from where the path is so far.
    public enum Element: Sendable, Equatable {
        /// A straight line to a point. A line to where the path already is but for rounding (no
        /// coordinate off by more than 2⁻⁴⁰ of the largest of the path's coordinates, an arc's
        /// centre plus its radius counted) is no step: it has no direction to turn a layer that
        /// follows the tangent.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point, with one control point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point, with two control points.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A circular arc about `center`, from `startAngle` to `endAngle` (radians, measured
        /// from +x towards +y, which on a screen whose y points down is clockwise). The signed
        /// difference `endAngle − startAngle` is the sweep, so an arc can turn more than once
        /// round. A negative radius puts each point on the opposite side of the centre.
        case arc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double)
    }

    /// Where the path begins.
    public var start: CGPoint
    /// The pieces, in order, each from where the one before ends.
    public var elements: [Element]

    /// A path that begins at `start` and has no pieces yet.
    public init(start: CGPoint) {
        self.start = start
        elements = []
    }

    /// A path from its start and all its pieces at once (for long paths: adding pieces one by
    /// one with the fluent methods copies the path each time).
    public init(start: CGPoint, elements: [Element]) {
        self.start = start
        self.elements = elements
    }

    /// The path with a straight line to `point` added.
    public func line(to point: CGPoint) -> MotionPath {
        adding(.line(to: point))
    }

    /// The path with a quadratic Bézier curve to `point` added.
    public func quadCurve(to point: CGPoint, control: CGPoint) -> MotionPath {
        adding(.quadCurve(to: point, control: control))
    }

    /// The path with a cubic Bézier curve to `point` added.
    public func curve(to point: CGPoint, control1: CGPoint, control2: CGPoint) -> MotionPath {
        adding(.curve(to: point, control1: control1, control2: control2))
    }

    /// The path with a circular arc added (see ``Element/arc(center:radius:startAngle:endAngle:)``).
    /// Where the path so far does not end at the arc's first point, a straight line to it comes
    /// first, as `CGPath`'s `addArc` does; not where they are one but for the rounding of the
    /// sine and cosine that place the arc's first point (no coordinate off by more than 2⁻⁴⁰ of
    /// the centre's largest plus the radius), where that line would be a step in a direction of
    /// its own.
    public func arc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double) -> MotionPath {
        let first = CGPoint(x: Double(center.x) + radius * cos(startAngle), y: Double(center.y) + radius * sin(startAngle))
        var path = self
        let scale = max(abs(Double(center.x)), abs(Double(center.y))) + abs(radius)
        if !PathGeometry.coincide(SIMD2(Double(first.x), Double(first.y)), SIMD2(Double(end.x), Double(end.y)), scale: scale) {
            path.elements.append(.line(to: first))
        }
        path.elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle))
        return path
    }

    /// The path with a straight line back to its start added.
    public func closed() -> MotionPath {
        line(to: start)
    }

    private func adding(_ element: Element) -> MotionPath {
        var path = self
        path.elements.append(element)
        return path
    }

    /// Where the path ends: the end of its last piece, or its start when it has none.
    public var end: CGPoint {
        guard let last = elements.last else { return start }
        return last.end
    }

    /// Whether every coordinate, radius and angle is a finite number.
    public var isFinite: Bool {
        func finite(_ point: CGPoint) -> Bool { point.x.isFinite && point.y.isFinite }
        return finite(start) && elements.allSatisfy { element in
            switch element {
            case .line(let to): finite(to)
            case .quadCurve(let to, let control): finite(to) && finite(control)
            case .curve(let to, let control1, let control2): finite(to) && finite(control1) && finite(control2)
            case .arc(let center, let radius, let startAngle, let endAngle):
                finite(center) && radius.isFinite && startAngle.isFinite && endAngle.isFinite
            }
        }
    }

    /// Whether the path never leaves its start: it has no pieces, or every piece stays there
    /// (lines to the start or within rounding of it, as ``PathGeometry`` leaves them out, curves
    /// whose points are all the start, arcs of no radius or no sweep there).
    var hasNoLength: Bool {
        let scale = coordinateScale
        func vector(_ point: CGPoint) -> SIMD2<Double> { SIMD2(Double(point.x), Double(point.y)) }
        return elements.allSatisfy { element in
            switch element {
            case .line(let to): PathGeometry.coincide(vector(start), vector(to), scale: scale)
            case .quadCurve(let to, let control): to == start && control == start
            case .curve(let to, let control1, let control2): to == start && control1 == start && control2 == start
            case .arc(_, let radius, let startAngle, let endAngle):
                (radius == 0 || startAngle == endAngle) && element.end == start
            }
        }
    }

    /// The largest magnitude among the path's coordinates: its start, every point and control
    /// point, and each arc's centre plus its radius. The rounding its arithmetic leaves (an arc's
    /// first point, worked out from a sine and a cosine) scales with it.
    var coordinateScale: Double {
        func size(_ point: CGPoint) -> Double { max(abs(Double(point.x)), abs(Double(point.y))) }
        var scale = size(start)
        for element in elements {
            switch element {
            case .line(let to): scale = max(scale, size(to))
            case .quadCurve(let to, let control): scale = max(scale, size(to), size(control))
            case .curve(let to, let control1, let control2): scale = max(scale, size(to), size(control1), size(control2))
            case .arc(let center, let radius, _, _): scale = max(scale, size(center) + abs(radius))
            }
        }
        return scale
    }

    /// The path's arc length, in points: exact for lines and arcs, within a ten-billionth for
    /// Bézier curves (Gauss–Legendre quadrature). Infinite where it overflows a `Double`, NaN for
    /// a path that is not ``isFinite``. Takes time in proportion to the number of pieces.
    public var length: Double {
        guard isFinite else { return .nan }
        return PathGeometry(self).length
    }

    /// The point `distance` points along the path from its start (clamped into `0...length`).
    /// For a path that is not ``isFinite``, its start.
    ///
    /// Each call measures the whole path again (a path is a description, and keeps no
    /// measurement), in time proportional to its number of pieces: to read many points of a long
    /// path, animate it instead, which measures it once.
    public func point(atDistance distance: Double) -> CGPoint {
        guard isFinite else { return start }
        let geometry = PathGeometry(self)
        let clamped = distance.isNaN ? 0 : min(max(distance, 0), geometry.length)
        return geometry.point(at: clamped)
    }

    /// The direction of travel `distance` points along the path (clamped into `0...length`), in
    /// radians from +x towards +y (`atan2` of the tangent): the angle a layer turned by
    /// ``PathOrientation/tangent`` shows there, up to whole turns. At a corner, the direction
    /// after it. 0 for a path of no length or one that is not ``isFinite``. Each call measures
    /// the whole path again, as ``point(atDistance:)`` does.
    public func tangentAngle(atDistance distance: Double) -> Double {
        guard isFinite else { return 0 }
        let geometry = PathGeometry(self)
        let clamped = distance.isNaN ? 0 : min(max(distance, 0), geometry.length)
        return geometry.heading(at: clamped, side: .after)
    }
}

extension MotionPath.Element {
    /// Where the piece ends.
    var end: CGPoint {
        switch self {
        case .line(let to), .quadCurve(let to, _), .curve(let to, _, _): to
        case .arc(let center, let radius, _, let endAngle):
            CGPoint(x: Double(center.x) + radius * cos(endAngle), y: Double(center.y) + radius * sin(endAngle))
        }
    }
}
