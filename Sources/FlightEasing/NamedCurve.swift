import Foundation

/// The formulas behind the 46 named cases of ``Easing``.
///
/// Every family is defined by its `in` curve; `out` is its mirror image `1 − in(1 − p)`, and
/// `inOut` / `outIn` are time-split compositions of the two halves. Only `p` strictly inside
/// `0...1` reaches here for values; endpoints are handled (exactly) by ``Easing``.
package struct NamedCurve {
    enum Family: String {
        case linear, smoothStep, smootherStep
        case sine = "Sine", quadratic = "Quadratic", cubic = "Cubic", quartic = "Quartic"
        case quintic = "Quintic", exponential = "Exponential", circular = "Circular"
        case back = "Back", elastic = "Elastic", bounce = "Bounce", atan = "Atan"
    }

    enum Shape: String {
        case `in`, out, inOut, outIn
    }

    let family: Family
    let shape: Shape

    /// Whether the curve leaves `0...1` on its way (back and elastic curves).
    var canOvershoot: Bool {
        switch family {
        case .back, .elastic: true
        case .linear, .smoothStep, .smootherStep, .sine, .quadratic, .cubic, .quartic, .quintic, .exponential,
             .circular, .bounce, .atan: false
        }
    }

    /// Whether each piece of the curve is a polynomial of degree 3 or less.
    var isPiecewiseCubic: Bool {
        switch family {
        case .linear, .smoothStep, .quadratic, .cubic, .back, .bounce: true
        case .smootherStep, .sine, .quartic, .quintic, .exponential, .circular, .elastic, .atan: false
        }
    }

    /// The Swift case name, such as `outInBounce`.
    var name: String {
        switch family {
        case .linear, .smoothStep, .smootherStep: family.rawValue
        case .sine, .quadratic, .cubic, .quartic, .quintic, .exponential, .circular, .back, .elastic, .bounce, .atan:
            shape.rawValue + family.rawValue
        }
    }

    // MARK: Value and derivative

    func value(at p: Double) -> Double {
        switch family {
        case .linear: return p
        case .smoothStep: return p * p * (3 - 2 * p)
        case .smootherStep: return p * p * p * (p * (6 * p - 15) + 10)
        case .atan where shape == .inOut:
            return 0.5 + Foundation.atan(Self.atanSteepness * (p - 0.5)) / (2 * Foundation.atan(Self.atanSteepness / 2))
        case .sine, .quadratic, .cubic, .quartic, .quintic, .exponential, .circular, .back, .elastic, .bounce, .atan:
            break
        }
        switch shape {
        case .in:
            return inValue(p, wide: false)
        case .out:
            return 1 - inValue(1 - p, wide: false)
        case .inOut:
            return p < 0.5 ? inValue(2 * p, wide: true) / 2 : 1 - inValue(2 - 2 * p, wide: true) / 2
        case .outIn:
            return p < 0.5 ? (1 - inValue(1 - 2 * p, wide: false)) / 2 : (1 + inValue(2 * p - 1, wide: false)) / 2
        }
    }

    func derivative(at p: Double) -> Double {
        switch family {
        case .linear: return 1
        case .smoothStep: return 6 * p * (1 - p)
        case .smootherStep: return 30 * p * p * (p - 1) * (p - 1)
        case .atan where shape == .inOut:
            let k = Self.atanSteepness, x = k * (p - 0.5)
            return k / ((1 + x * x) * 2 * Foundation.atan(k / 2))
        case .sine, .quadratic, .cubic, .quartic, .quintic, .exponential, .circular, .back, .elastic, .bounce, .atan:
            break
        }
        switch shape {
        case .in:
            return inSlope(p, wide: false)
        case .out:
            return inSlope(1 - p, wide: false)
        case .inOut:
            return p < 0.5 ? inSlope(2 * p, wide: true) : inSlope(2 - 2 * p, wide: true)
        case .outIn:
            return p < 0.5 ? inSlope(1 - 2 * p, wide: false) : inSlope(2 * p - 1, wide: false)
        }
    }

    // MARK: The `in` curve of each family

    /// Penner's back overshoot, about 10 % for `inBack`.
    static let backOvershoot = 1.70158
    /// The overshoot of each half of `inOutBack`, as Penner defines it.
    static let wideBackOvershoot = 1.70158 * 1.525
    /// The elastic period as a fraction of the duration (of one half for `inOutElastic`).
    static let elasticPeriod = 0.3
    static let wideElasticPeriod = 0.45
    static let atanSteepness = 15.0
    static let ln2 = log(2.0)

    /// The `in` curve at `m` in `0...1`. `wide` selects Penner's parameters for `inOut`.
    private func inValue(_ m: Double, wide: Bool) -> Double {
        switch family {
        case .sine: return 1 - cos(m * .pi / 2)
        case .quadratic: return m * m
        case .cubic: return m * m * m
        case .quartic: return (m * m) * (m * m)
        case .quintic: return (m * m) * (m * m) * m
        case .exponential: return Self.exponentialRise(m)
        case .circular: return 1 - (1 - m * m).squareRoot()
        case .back:
            let s = wide ? Self.wideBackOvershoot : Self.backOvershoot
            return m * m * ((s + 1) * m - s)
        case .elastic:
            let period = wide ? Self.wideElasticPeriod : Self.elasticPeriod
            return -Self.exponentialRise(m) * sin((m - 1 - period / 4) * 2 * .pi / period)
        case .bounce: return 1 - Self.outBounce(1 - m)
        case .atan:
            let k = Self.atanSteepness
            return 1 + Foundation.atan(k * (m - 1)) / Foundation.atan(k)
        case .linear, .smoothStep, .smootherStep: return m
        }
    }

    private func inSlope(_ m: Double, wide: Bool) -> Double {
        switch family {
        case .sine: return sin(m * .pi / 2) * .pi / 2
        case .quadratic: return 2 * m
        case .cubic: return 3 * m * m
        case .quartic: return 4 * m * m * m
        case .quintic: return 5 * (m * m) * (m * m)
        case .exponential: return Self.exponentialRiseSlope(m)
        case .circular: return m / (1 - m * m).squareRoot()
        case .back:
            let s = wide ? Self.wideBackOvershoot : Self.backOvershoot
            return m * (3 * (s + 1) * m - 2 * s)
        case .elastic:
            let period = wide ? Self.wideElasticPeriod : Self.elasticPeriod
            let omega = 2 * Double.pi / period
            let phase = (m - 1 - period / 4) * omega
            return -Self.exponentialRiseSlope(m) * sin(phase) - Self.exponentialRise(m) * cos(phase) * omega
        case .bounce: return Self.outBounceSlope(1 - m)
        case .atan:
            let k = Self.atanSteepness, x = k * (m - 1)
            return k / ((1 + x * x) * Foundation.atan(k))
        case .linear, .smoothStep, .smootherStep: return 1
        }
    }

    // MARK: Shared pieces

    /// `(2^(10m) − 1) / 1023`: Penner's exponential, rescaled to be exactly 0 at 0 and 1 at 1.
    static func exponentialRise(_ m: Double) -> Double {
        expm1(10 * m * Self.ln2) / 1023
    }

    static func exponentialRiseSlope(_ m: Double) -> Double {
        10 * Self.ln2 * exp2(10 * m) / 1023
    }

    /// Penner's bounce: four parabolic arcs of decreasing height, landing at 1.
    static func outBounce(_ p: Double) -> Double {
        let (scale, k) = (7.5625, 2.75)
        if p < 1 / k { return scale * p * p }
        if p < 2 / k { let q = p - 1.5 / k; return scale * q * q + 0.75 }
        if p < 2.5 / k { let q = p - 2.25 / k; return scale * q * q + 0.9375 }
        let q = p - 2.625 / k
        return scale * q * q + 0.984375
    }

    static func outBounceSlope(_ p: Double) -> Double {
        let (scale, k) = (7.5625, 2.75)
        if p < 1 / k { return 2 * scale * p }
        if p < 2 / k { return 2 * scale * (p - 1.5 / k) }
        if p < 2.5 / k { return 2 * scale * (p - 2.25 / k) }
        return 2 * scale * (p - 2.625 / k)
    }
}
