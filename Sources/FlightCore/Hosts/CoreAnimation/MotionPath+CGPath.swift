#if canImport(QuartzCore)
import QuartzCore

extension MotionPath {
    /// The motion path of a `CGPath` (a `UIBezierPath`'s or `NSBezierPath`'s `cgPath`), read with
    /// `applyWithBlock`: its first point is the start; lines and quadratic and cubic curves
    /// carry over (arcs come as the cubic curves `CGPath` stores them as). A layer moves
    /// without a jump, so a later `moveTo` becomes a straight line to its point, and closing a
    /// subpath a straight line back to that subpath's first point. Nil for a path with no
    /// points.
    ///
    /// ```swift
    /// let curve = UIBezierPath(ovalIn: CGRect(x: 40, y: 40, width: 200, height: 120))
    /// if let route = MotionPath(curve.cgPath) {
    ///     view.animate { $0.position(along: route, orientation: .tangent).duration(2) }
    /// }
    /// ```
    public init?(_ path: CGPath) {
        var start: CGPoint?
        var subpathStart = CGPoint.zero
        var elements: [Element] = []
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            let points = element.points
            switch element.type {
            case .moveToPoint:
                if start == nil { start = points[0] } else { elements.append(.line(to: points[0])) }
                subpathStart = points[0]
            case .addLineToPoint:
                elements.append(.line(to: points[0]))
            case .addQuadCurveToPoint:
                elements.append(.quadCurve(to: points[1], control: points[0]))
            case .addCurveToPoint:
                elements.append(.curve(to: points[2], control1: points[0], control2: points[1]))
            case .closeSubpath:
                elements.append(.line(to: subpathStart))
            @unknown default:
                break
            }
            if start == nil, element.type != .closeSubpath {
                // A path that does not begin with a move begins at its first point.
                start = points[0]
                subpathStart = points[0]
            }
        }
        guard let start else { return nil }
        self.init(start: start, elements: elements)
    }
}
#endif
