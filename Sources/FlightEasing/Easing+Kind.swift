/// What kind of easing a case of ``Easing`` is.
///
/// `Easing.kind` is the one switch over every case of `Easing`: a new case makes the compiler
/// name it there first. Every switch that treats kinds apart switches over a `Kind`, with no
/// `default:`, so that a new kind makes the compiler name each of them too.
package enum EasingKind {
    /// One of the named curves (the formulas of `NamedCurve`).
    case named(NamedCurve)
    case cubicBezier(CubicBezier)
    case steps(Steps)
    case custom(CustomEasing)
    case reversed(Easing)
    case spring(Spring)
    case springDecay(SpringDecay)
    case decay(Decay)
}

extension Easing {
    /// What kind of easing this is (see `EasingKind`).
    @inline(__always)
    package var kind: EasingKind {
        switch self {
        case .linear: .named(NamedCurve(family: .linear, shape: .in))
        case .smoothStep: .named(NamedCurve(family: .smoothStep, shape: .in))
        case .smootherStep: .named(NamedCurve(family: .smootherStep, shape: .in))
        case .inSine: .named(NamedCurve(family: .sine, shape: .in))
        case .outSine: .named(NamedCurve(family: .sine, shape: .out))
        case .inOutSine: .named(NamedCurve(family: .sine, shape: .inOut))
        case .outInSine: .named(NamedCurve(family: .sine, shape: .outIn))
        case .inQuadratic: .named(NamedCurve(family: .quadratic, shape: .in))
        case .outQuadratic: .named(NamedCurve(family: .quadratic, shape: .out))
        case .inOutQuadratic: .named(NamedCurve(family: .quadratic, shape: .inOut))
        case .outInQuadratic: .named(NamedCurve(family: .quadratic, shape: .outIn))
        case .inCubic: .named(NamedCurve(family: .cubic, shape: .in))
        case .outCubic: .named(NamedCurve(family: .cubic, shape: .out))
        case .inOutCubic: .named(NamedCurve(family: .cubic, shape: .inOut))
        case .outInCubic: .named(NamedCurve(family: .cubic, shape: .outIn))
        case .inQuartic: .named(NamedCurve(family: .quartic, shape: .in))
        case .outQuartic: .named(NamedCurve(family: .quartic, shape: .out))
        case .inOutQuartic: .named(NamedCurve(family: .quartic, shape: .inOut))
        case .outInQuartic: .named(NamedCurve(family: .quartic, shape: .outIn))
        case .inQuintic: .named(NamedCurve(family: .quintic, shape: .in))
        case .outQuintic: .named(NamedCurve(family: .quintic, shape: .out))
        case .inOutQuintic: .named(NamedCurve(family: .quintic, shape: .inOut))
        case .outInQuintic: .named(NamedCurve(family: .quintic, shape: .outIn))
        case .inExponential: .named(NamedCurve(family: .exponential, shape: .in))
        case .outExponential: .named(NamedCurve(family: .exponential, shape: .out))
        case .inOutExponential: .named(NamedCurve(family: .exponential, shape: .inOut))
        case .outInExponential: .named(NamedCurve(family: .exponential, shape: .outIn))
        case .inCircular: .named(NamedCurve(family: .circular, shape: .in))
        case .outCircular: .named(NamedCurve(family: .circular, shape: .out))
        case .inOutCircular: .named(NamedCurve(family: .circular, shape: .inOut))
        case .outInCircular: .named(NamedCurve(family: .circular, shape: .outIn))
        case .inBack: .named(NamedCurve(family: .back, shape: .in))
        case .outBack: .named(NamedCurve(family: .back, shape: .out))
        case .inOutBack: .named(NamedCurve(family: .back, shape: .inOut))
        case .outInBack: .named(NamedCurve(family: .back, shape: .outIn))
        case .inElastic: .named(NamedCurve(family: .elastic, shape: .in))
        case .outElastic: .named(NamedCurve(family: .elastic, shape: .out))
        case .inOutElastic: .named(NamedCurve(family: .elastic, shape: .inOut))
        case .outInElastic: .named(NamedCurve(family: .elastic, shape: .outIn))
        case .inBounce: .named(NamedCurve(family: .bounce, shape: .in))
        case .outBounce: .named(NamedCurve(family: .bounce, shape: .out))
        case .inOutBounce: .named(NamedCurve(family: .bounce, shape: .inOut))
        case .outInBounce: .named(NamedCurve(family: .bounce, shape: .outIn))
        case .inAtan: .named(NamedCurve(family: .atan, shape: .in))
        case .outAtan: .named(NamedCurve(family: .atan, shape: .out))
        case .inOutAtan: .named(NamedCurve(family: .atan, shape: .inOut))
        case .cubicBezier(let bezier): .cubicBezier(bezier)
        case .steps(let steps): .steps(steps)
        case .custom(let custom): .custom(custom)
        case .reversed(let inner): .reversed(inner)
        case .spring(let spring): .spring(spring)
        case .springDecay(let springDecay): .springDecay(springDecay)
        case .decay(let decay): .decay(decay)
        }
    }
}
