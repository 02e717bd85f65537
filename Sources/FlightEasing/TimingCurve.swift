/// A timing curve resolved once for many evaluations: the named curve's family and shape, the
/// Bézier or the staircase are picked out of the ``Easing`` up front, so that each evaluation is
/// a direct call with no enum to match and no payload to copy. Gives exactly the values and
/// velocities of `Easing.curveProgress(at:)` and `Easing.curveVelocity(at:)`.
package struct TimingCurve: Sendable {
    private enum Kind: Sendable {
        case named(NamedCurve)
        case bezier(CubicBezier)
        case steps(Steps)
        /// Anything else (custom curves, nested reversals) through the easing itself.
        case easing(Easing)
    }

    private let kind: Kind
    /// Whether the curve is the mirror image of `kind` (`Easing.reversed`).
    private let isReversed: Bool

    /// Resolves a timing curve (not a physical easing).
    package init(_ easing: Easing) {
        var base = easing
        var reversed = false
        if case .reversed(let inner) = easing, !inner.hasIntrinsicDuration {
            base = inner
            reversed = true
        }
        switch base.kind {
        case .named(let curve): kind = .named(curve)
        case .cubicBezier(let bezier): kind = .bezier(bezier)
        case .steps(let steps): kind = .steps(steps)
        case .custom, .reversed, .spring, .springDecay, .decay: kind = .easing(base)
        }
        isReversed = reversed
    }

    /// The progress at normalized time `p`, as `Easing.curveProgress(at:)`.
    package func progress(at p: Double) -> Double {
        isReversed ? 1 - baseProgress(at: 1 - p) : baseProgress(at: p)
    }

    /// The velocity at normalized time `p`, as `Easing.curveVelocity(at:)`.
    package func velocity(at p: Double) -> Double {
        if p.isNaN || p < 0 || p > 1 { return 0 }
        return Easing.capped(isReversed ? baseVelocity(at: 1 - p) : baseVelocity(at: p))
    }

    private func baseProgress(at p: Double) -> Double {
        switch kind {
        case .named(let curve):
            if p.isNaN || p <= 0 { return 0 }
            if p >= 1 { return 1 }
            return curve.value(at: p)
        case .bezier(let bezier): return bezier.progress(at: p)
        case .steps(let steps): return steps.progress(at: p)
        case .easing(let easing): return easing.curveProgress(at: p)
        }
    }

    private func baseVelocity(at p: Double) -> Double {
        switch kind {
        case .named(let curve): return curve.derivative(at: p)
        case .bezier(let bezier): return bezier.velocity(at: p)
        case .steps: return 0
        case .easing(let easing): return easing.curveVelocity(at: p)
        }
    }
}
