/// `m x'' + c x' + k x = 0` from `(x0, v0)` over `t`, by classical Runge–Kutta in equal steps
/// of at most 10 µs: an independent reference for a spring's closed-form solution.
public func integrateOscillator(
    mass: Double, stiffness: Double, damping: Double, x0: Double, v0: Double, over t: Double
) -> (x: Double, v: Double) {
    var (x, v) = (x0, v0)
    let steps = max(1, Int((t / 1e-5).rounded(.up)))
    let h = t / Double(steps)
    func a(_ x: Double, _ v: Double) -> Double { -(stiffness * x + damping * v) / mass }
    for _ in 0..<steps {
        let (k1x, k1v) = (v, a(x, v))
        let (k2x, k2v) = (v + h / 2 * k1v, a(x + h / 2 * k1x, v + h / 2 * k1v))
        let (k3x, k3v) = (v + h / 2 * k2v, a(x + h / 2 * k2x, v + h / 2 * k2v))
        let (k4x, k4v) = (v + h * k3v, a(x + h * k3x, v + h * k3v))
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}
