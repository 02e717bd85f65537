/// Where a timing curve stops being one smooth piece.
extension Easing {
    /// The normalized times strictly inside `0...1` where the curve is made of separate pieces,
    /// in increasing order: the middle of every `inOut` and `outIn` curve, the landings of a
    /// bounce, the jumps of a staircase. Between two breakpoints the curve is smooth (its value
    /// and velocity are continuous); at a breakpoint its velocity, and for steps its value, may
    /// change abruptly. Physical easings, Bézier and custom curves report none.
    ///
    /// A keyframe fitter places a keyframe at each breakpoint, so that every piece of a
    /// piecewise polynomial curve is fitted on its own (and exactly, for degree ≤ 3).
    package var breakpoints: [Double] {
        switch kind {
        case .cubicBezier, .custom, .spring, .springDecay, .decay:
            return []
        case .steps(let steps):
            return (1..<steps.count).map { Double($0) / Double(steps.count) }
        case .reversed(let inner):
            guard !inner.hasIntrinsicDuration else { return [] }
            return inner.breakpoints.reversed().map { 1 - $0 }
        case .named(let curve):
            return curve.breakpoints
        }
    }
}

extension Easing {
    /// Whether the curve's value jumps anywhere: a staircase's does, at its breakpoints and
    /// (`jumpStart`, `jumpEnd`) at its ends. Every other curve is continuous there, however
    /// steep (a circular curve meets its end vertically), so that its value at a breakpoint or
    /// an end is the value on either side of it.
    package var canJump: Bool {
        switch kind {
        case .steps: true
        case .reversed(let inner): inner.canJump
        case .named, .cubicBezier, .custom, .spring, .springDecay, .decay: false
        }
    }
}

extension NamedCurve {
    /// The breakpoints of this curve; see ``Easing/breakpoints``. Static tables, so asking
    /// allocates nothing.
    var breakpoints: [Double] {
        switch family {
        case .linear, .smoothStep, .smootherStep:
            return []
        case .atan where shape == .inOut:
            // A single arctangent, not two halves.
            return []
        case .bounce:
            switch shape {
            case .in: return Self.bounceBreakpoints.in
            case .out: return Self.bounceBreakpoints.out
            case .inOut: return Self.bounceBreakpoints.inOut
            case .outIn: return Self.bounceBreakpoints.outIn
            }
        case .sine, .quadratic, .cubic, .quartic, .quintic, .exponential, .circular, .back, .elastic, .atan:
            // Halves joined in the middle.
            return shape == .inOut || shape == .outIn ? Self.middle : []
        }
    }

    private static let middle = [0.5]

    /// Penner's bounce lands at 1/2.75, 2/2.75 and 2.5/2.75 of `outBounce`; the other shapes
    /// mirror and halve those.
    private static let bounceBreakpoints: (in: [Double], out: [Double], inOut: [Double], outIn: [Double]) = {
        let out = [1 / 2.75, 2 / 2.75, 2.5 / 2.75]
        let in_ = out.reversed().map { 1 - $0 }
        let inOut = in_.map { $0 / 2 } + [0.5] + in_.reversed().map { 1 - $0 / 2 }
        let outIn = out.map { $0 / 2 } + [0.5] + in_.map { (1 + $0) / 2 }
        return (in_, out, inOut, outIn)
    }()
}
