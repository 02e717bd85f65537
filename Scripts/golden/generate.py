#!/usr/bin/env python3
"""Golden reference data for Flight's easing, Bezier, spring and decay math.

This script is an *independent* reference implementation: it was written from
the mathematical definitions only (never from Flight's Swift sources) and takes
its truth from third-party packages (pytweening, mpmath, scipy, numpy).  The
Swift tests in ``Tests/FlightEasingTests`` compare Flight against the files it
writes into ``Tests/FlightEasingTests/Golden/``:

named-curves.json
    The 46 named easing curves f: [0, 1] -> R sampled at p = k/200
    (k = 0..200).  Schema::

        {"p": [201 floats],
         "curves": {"<name>": {"value": [201], "velocity": [201 | null]}}}

    *value* comes from pytweening (Robert Penner's equations) where pytweening
    implements the curve correctly, mapped onto Flight's exact-endpoint
    variants of the exponential / elastic envelopes by the affine relations in
    the brief; curves pytweening lacks (linear, smoothStep, smootherStep,
    Atan) or gets wrong (Bounce, see ``penner_check``) are evaluated with
    mpmath.  Every pytweening-derived value is cross-checked against an
    independent mpmath evaluation.  *velocity* is df/dp obtained numerically
    (one-sided ``mpmath.diff`` from both sides at mp.dps = 40) -- no
    hand-derived derivative formula is used.  It is null where the left and
    right derivatives differ by more than 1e-6 (relative) or are infinite; at
    p = 0 and p = 1 it is the one-sided derivative into the interval.  The
    endpoint values are exactly 0 and 1.

bezier.json
    CSS cubic-bezier / CAMediaTimingFunction curves with control points
    (0,0), (x1,y1), (x2,y2), (1,1).  For each x, the parameter t with Bx(t) = x
    is solved by a safeguarded Newton/bisection iteration in mpmath
    (mp.dps = 60; more than 40 digits are needed for the triple root of the
    (1,0,0,1) case at x = 1/2), y = By(t), velocity = By'(t)/Bx'(t) (L'Hopital
    where both vanish, null where the slope is infinite).  Schema::

        {"cases": [{"name", "x1", "y1", "x2", "y2", "x": [451], "y": [451],
                    "velocity": [451 | null]}]}

    x = k/400 (k = 0..400) followed by 50 sorted random x in (0, 1).

springs.json
    Damped harmonic oscillator m x'' + c x' + k x = 0 integrated with
    scipy's DOP853 (rtol 1e-12, atol 1e-12 * scale, dense output, step capped
    at 1/20 of min(undamped period, m/c) -- without the cap slow overdamped
    cases lose accuracy to ~1e-9 * scale).  No closed form is used.  Schema::

        {"cases": [{"name", "mass", "stiffness", "damping", "x0", "v0",
                    "t": [401], "x": [401], "v": [401],
                    "settling": {"0.01", "0.001", "0.0001"}}]}

    scale = max(|x0|, |v0|/omega0); settling(f) is the last time with
    |x(t)| = f * scale.  The mechanical energy E = (m v^2 + k x^2)/2 never
    increases, so once sqrt(2E/k) < f * scale no later crossing exists; the
    integration runs past that point, |x| - f*scale is scanned on a 1e-4 s
    grid and the last sign change is refined with brentq.
    t spans [0, max(1.5 * settling(1e-3), 0.5)] in 400 equal steps.

decay.json
    UIScrollView-style deceleration v(t) = v0 * r^(1000 t), computed by
    stepping the recurrence v <- v * r^(1/100) every h = 1e-5 s with trapezoid
    position updates in 80-bit long double (numpy cumprod/cumsum).  Schema::

        {"cases": [{"rate", "v0", "t": [401], "x": [401], "v": [401],
                    "projection"}],
         "landing": [{"rate", "distance", "v0"}],
         "settling": [{"rate", "fraction", "time"}]}

    projection = distance travelled once |v| < 1e-18 |v0|; landing v0 is the
    brentq root of projection(v0) = distance on the simulation; settling time
    is the first time with |projection - x(t)| <= fraction * |projection|,
    interpolating log(remaining distance) linearly within the step.  Note: the
    trapezoid rule has a relative error of about (lambda h)^2 / 12 with
    lambda = -1000 ln r versus the continuous model (~3e-11 for r = 0.998,
    ~8e-10 for 0.99, ~2e-8 for 0.95); the script prints its own estimate.

Regenerate (from the repository root, Python 3.11, packages pinned in
``Scripts/golden/requirements.txt``)::

    pip install -r Scripts/golden/requirements.txt
    python3 Scripts/golden/generate.py

The output is deterministic (seeded numpy generators, fixed iteration orders);
running the script twice produces byte-identical files.
"""

import argparse
import json
import math
import pathlib
import sys

import mpmath as mp
import numpy as np
import pytweening as pt
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT_DIR = REPO_ROOT / "Tests" / "FlightEasingTests" / "Golden"

mp.mp.dps = 40


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def write_json(name, obj):
    """Write deterministic JSON (insertion-ordered keys, repr floats)."""
    text = json.dumps(obj, indent=1, allow_nan=False) + "\n"
    path = OUT_DIR / name
    path.write_text(text)
    log(f"wrote {path} ({len(text) / 1e6:.2f} MB)")


# =============================================================================
# 1. Named curves
# =============================================================================

FAMILIES = ["Sine", "Quadratic", "Cubic", "Quartic", "Quintic",
            "Exponential", "Circular", "Back", "Elastic", "Bounce"]
BACK_S = 1.70158          # Penner's overshoot (10 % overshoot)
BACK_S_INOUT_MUL = 1.525  # Penner's inOutBack multiplier
BACK_S2 = BACK_S * BACK_S_INOUT_MUL
ELASTIC_PERIOD = 0.3      # Penner: in / out period
ELASTIC_PERIOD_INOUT = 0.45  # Penner: 0.3 * 1.5, on the doubled time scale
ATAN_STEEPNESS = 15


# ---- 1a. Penner's original equations, transcribed for b = 0, c = 1, d = 1 ----
# Used only to audit pytweening (``penner_check``); never written to disk.

def _penner_out_bounce(t):
    if t < 1 / 2.75:
        return 7.5625 * t * t
    if t < 2 / 2.75:
        t -= 1.5 / 2.75
        return 7.5625 * t * t + 0.75
    if t < 2.5 / 2.75:
        t -= 2.25 / 2.75
        return 7.5625 * t * t + 0.9375
    t -= 2.625 / 2.75
    return 7.5625 * t * t + 0.984375


def _penner_elastic(kind, t):
    # Penner without an amplitude argument: a = c = 1, s = p / 4.
    if t == 0:
        return 0.0
    if kind == "inOut":
        t *= 2
        if t == 2:
            return 1.0
        p = ELASTIC_PERIOD_INOUT
        s = p / 4
        if t < 1:
            t -= 1
            return -0.5 * (2 ** (10 * t) * math.sin((t - s) * (2 * math.pi) / p))
        t -= 1
        return 2 ** (-10 * t) * math.sin((t - s) * (2 * math.pi) / p) * 0.5 + 1
    if t == 1:
        return 1.0
    p = ELASTIC_PERIOD
    s = p / 4
    if kind == "in":
        t -= 1
        return -(2 ** (10 * t) * math.sin((t - s) * (2 * math.pi) / p))
    return 2 ** (-10 * t) * math.sin((t - s) * (2 * math.pi) / p) + 1


def _penner_inout(t, in_half, out_half):
    t *= 2
    return in_half(t) if t < 1 else out_half(t - 2)


PENNER = {
    "easeInQuad": lambda t: t * t,
    "easeOutQuad": lambda t: -t * (t - 2),
    "easeInOutQuad": lambda t: (0.5 * (2 * t) ** 2 if 2 * t < 1
                                else -0.5 * ((2 * t - 1) * (2 * t - 1 - 2) - 1)),
    "easeInCubic": lambda t: t ** 3,
    "easeOutCubic": lambda t: (t - 1) ** 3 + 1,
    "easeInOutCubic": lambda t: _penner_inout(t, lambda u: 0.5 * u ** 3,
                                              lambda u: 0.5 * (u ** 3 + 2)),
    "easeInQuart": lambda t: t ** 4,
    "easeOutQuart": lambda t: -((t - 1) ** 4 - 1),
    "easeInOutQuart": lambda t: _penner_inout(t, lambda u: 0.5 * u ** 4,
                                              lambda u: -0.5 * (u ** 4 - 2)),
    "easeInQuint": lambda t: t ** 5,
    "easeOutQuint": lambda t: (t - 1) ** 5 + 1,
    "easeInOutQuint": lambda t: _penner_inout(t, lambda u: 0.5 * u ** 5,
                                              lambda u: 0.5 * (u ** 5 + 2)),
    "easeInSine": lambda t: -math.cos(t * (math.pi / 2)) + 1,
    "easeOutSine": lambda t: math.sin(t * (math.pi / 2)),
    "easeInOutSine": lambda t: -0.5 * (math.cos(math.pi * t) - 1),
    "easeInExpo": lambda t: 0.0 if t == 0 else 2 ** (10 * (t - 1)),
    "easeInCirc": lambda t: -(math.sqrt(1 - t * t) - 1),
    "easeOutCirc": lambda t: math.sqrt(1 - (t - 1) ** 2),
    "easeInOutCirc": lambda t: _penner_inout(
        t, lambda u: -0.5 * (math.sqrt(1 - u * u) - 1),
        lambda u: 0.5 * (math.sqrt(1 - u * u) + 1)),
    "easeInBack": lambda t: t * t * ((BACK_S + 1) * t - BACK_S),
    "easeOutBack": lambda t: (t - 1) ** 2 * ((BACK_S + 1) * (t - 1) + BACK_S) + 1,
    "easeInOutBack": lambda t: _penner_inout(
        t, lambda u: 0.5 * (u * u * ((BACK_S2 + 1) * u - BACK_S2)),
        lambda u: 0.5 * (u * u * ((BACK_S2 + 1) * u + BACK_S2) + 2)),
    "easeInElastic": lambda t: _penner_elastic("in", t),
    "easeOutElastic": lambda t: _penner_elastic("out", t),
    "easeInOutElastic": lambda t: _penner_elastic("inOut", t),
    "easeOutBounce": _penner_out_bounce,
    "easeInBounce": lambda t: 1 - _penner_out_bounce(1 - t),
    "easeInOutBounce": lambda t: (0.5 * (1 - _penner_out_bounce(1 - 2 * t)) if t < 0.5
                                  else 0.5 * _penner_out_bounce(2 * t - 1) + 0.5),
}

# The pytweening calls this script relies on, with explicit parameters.
PYT = {
    "easeInQuad": pt.easeInQuad, "easeOutQuad": pt.easeOutQuad,
    "easeInOutQuad": pt.easeInOutQuad,
    "easeInCubic": pt.easeInCubic, "easeOutCubic": pt.easeOutCubic,
    "easeInOutCubic": pt.easeInOutCubic,
    "easeInQuart": pt.easeInQuart, "easeOutQuart": pt.easeOutQuart,
    "easeInOutQuart": pt.easeInOutQuart,
    "easeInQuint": pt.easeInQuint, "easeOutQuint": pt.easeOutQuint,
    "easeInOutQuint": pt.easeInOutQuint,
    "easeInSine": pt.easeInSine, "easeOutSine": pt.easeOutSine,
    "easeInOutSine": pt.easeInOutSine,
    "easeInExpo": pt.easeInExpo,
    "easeInCirc": pt.easeInCirc, "easeOutCirc": pt.easeOutCirc,
    "easeInOutCirc": pt.easeInOutCirc,
    "easeInBack": lambda n: pt.easeInBack(n, s=BACK_S),
    "easeOutBack": lambda n: pt.easeOutBack(n, s=BACK_S),
    "easeInOutBack": lambda n: pt.easeInOutBack(n, s=BACK_S),
    "easeInElastic": lambda n: pt.easeInElastic(n, amplitude=1, period=ELASTIC_PERIOD),
    "easeOutElastic": lambda n: pt.easeOutElastic(n, amplitude=1, period=ELASTIC_PERIOD),
    "easeInOutElastic": lambda n: pt.easeInOutElastic(
        n, amplitude=1, period=ELASTIC_PERIOD_INOUT),
    "easeOutBounce": pt.easeOutBounce,
    "easeInBounce": pt.easeInBounce,
    "easeInOutBounce": pt.easeInOutBounce,
}


def penner_check(grid):
    """Audit pytweening against Penner's equations; return the findings.

    Every function agrees to 1e-15 except the ones listed in ``expected``,
    which must disagree exactly where described (asserted, so a pytweening
    upgrade that changes behaviour is noticed).
    """
    points = sorted(set(grid) | {0.1, 0.3, 0.6, 0.95, 0.99, 0.999,
                                 2.5 / 2.75, 2.5 / 2.75 + 1e-9})
    findings = {}
    for name, ref in PENNER.items():
        bad = [(t, PYT[name](t), ref(t)) for t in points
               if abs(PYT[name](t) - ref(t)) > 1e-15]
        findings[name] = bad
    bounce_edge = 2.5 / 2.75  # start of outBounce's 4th segment
    expected = {
        # pytweening's last outBounce segment uses 2.65/2.75 instead of
        # 2.625/2.75: it jumps to 1.006875 at 2.5/2.75 and ends at 0.994375.
        "easeOutBounce": lambda t: t >= bounce_edge,
        "easeInBounce": lambda t: 1 - t >= bounce_edge,
        "easeInOutBounce": lambda t: (t < 0.5 and 1 - 2 * t >= bounce_edge)
        or (t >= 0.5 and 2 * t - 1 >= bounce_edge),
        # Penner special-cases t == 1 (out) / t == 0 (in); pytweening returns
        # the raw formula 1 +- 2^-11 there.
        "easeOutElastic": lambda t: t == 1,
        "easeInElastic": lambda t: t == 0,
        "easeInOutElastic": lambda t: t in (0, 1),
    }
    for name, bad in findings.items():
        predicate = expected.get(name, lambda t: False)
        for t, _, _ in bad:
            assert predicate(t), f"unexpected pytweening/Penner mismatch {name}({t})"
    assert PYT["easeOutBounce"](1.0) == 0.994375
    assert abs(PYT["easeOutBounce"](bounce_edge) - 1.006875) < 1e-12
    assert PYT["easeOutElastic"](1.0) == 1 + 2 ** -11
    assert PYT["easeInElastic"](0.0) == -(2 ** -11)
    # pytweening's default inOut period (0.5) is not Penner's 0.45:
    assert abs(pt.easeInOutElastic(0.3) - PENNER["easeInOutElastic"](0.3)) > 1e-3
    # Bounce agrees everywhere before the 4th segment.
    for t in points:
        if t < bounce_edge:
            assert abs(pt.easeOutBounce(t) - _penner_out_bounce(t)) < 1e-15
    return {k: v for k, v in findings.items() if v}


# ---- 1b. Flight curves as floats, derived from pytweening ----

TWO_M10 = 2.0 ** -10


def f_E(m):
    """Flight's exact-endpoint exponential E(m) = (2^(10m) - 1)/1023, obtained
    from pytweening's easeInExpo (Penner 2^(10(m-1))) via the affine map."""
    penner = pt.easeInExpo(m) if m != 0 else 2 ** (10 * (m - 1))
    return (penner - TWO_M10) / (1 - TWO_M10)


def f_G(m):
    """Out-type envelope G(m) = (2^(-10m) - 2^-10)/(1 - 2^-10)."""
    return (2.0 ** (-10 * m) - TWO_M10) / (1 - TWO_M10)


def f_E_direct(m):
    return (2.0 ** (10 * m) - 1) / 1023


def f_elastic_out(p):
    pyt = PYT["easeOutElastic"](p)
    return 1 + (pyt - 1) * (f_G(p) / 2.0 ** (-10 * p))


def f_elastic_in(p):
    pyt = PYT["easeInElastic"](p)
    return pyt * (f_E_direct(p) / 2.0 ** (10 * (p - 1)))


def f_elastic_inout(p):
    pyt = PYT["easeInOutElastic"](p)
    if p * 2 < 1:                       # same branch test as pytweening
        m = 2 * p
        return pyt * (f_E_direct(m) / 2.0 ** (10 * (m - 1)))
    m = 2 * p - 1
    return 1 + (pyt - 1) * (f_G(m) / 2.0 ** (-10 * m))


def out_in(out_f, in_f):
    """outIn composition; works for floats and mpf alike."""
    def f(p):
        if p < 0.5:
            return out_f(2 * p) / 2
        return (1 + in_f(2 * p - 1)) / 2
    return f


def float_families():
    fam = {}
    for word, py in [("Sine", "Sine"), ("Quadratic", "Quad"), ("Cubic", "Cubic"),
                     ("Quartic", "Quart"), ("Quintic", "Quint"),
                     ("Circular", "Circ"), ("Back", "Back")]:
        fam[word] = (PYT[f"easeIn{py}"], PYT[f"easeOut{py}"], PYT[f"easeInOut{py}"])
    fam["Exponential"] = (
        f_E,
        lambda p: 1 - f_E(1 - p),
        lambda p: f_E(2 * p) / 2 if p < 0.5 else 1 - f_E(2 - 2 * p) / 2,
    )
    fam["Elastic"] = (f_elastic_in, f_elastic_out, f_elastic_inout)
    return fam


# ---- 1c. Flight curves in mpmath (independent re-evaluation) ----

def mp_E(m):
    return (mp.power(2, 10 * m) - 1) / 1023


def mp_G(m):
    return (mp.power(2, -10 * m) - mp.power(2, -10)) / (1 - mp.power(2, -10))


def mp_out_bounce(t):
    c = mp.mpf("2.75")
    n = mp.mpf("7.5625")
    if t < 1 / c:
        return n * t * t
    if t < 2 / c:
        u = t - mp.mpf("1.5") / c
        return n * u * u + mp.mpf("0.75")
    if t < mp.mpf("2.5") / c:
        u = t - mp.mpf("2.25") / c
        return n * u * u + mp.mpf("0.9375")
    u = t - mp.mpf("2.625") / c
    return n * u * u + mp.mpf("0.984375")


def mp_power_family(n):
    return (
        lambda p: p ** n,
        lambda p: 1 - (1 - p) ** n,
        lambda p: (2 ** (n - 1) * p ** n if p < 0.5
                   else 1 - (2 - 2 * p) ** n / 2),
    )


def mp_elastic():
    def osc(m, period, shift):
        # sin((m + shift - s) 2 pi / P) with Penner's phase s = P/4 (amplitude 1)
        period = mp.mpf(period)
        return mp.sin((m + shift - period / 4) * 2 * mp.pi / period)

    def e_in(p):
        return -mp_E(p) * osc(p, "0.3", -1)

    def e_out(p):
        return 1 + mp_G(p) * osc(p, "0.3", 0)

    def e_inout(p):
        if p < 0.5:
            m = 2 * p
            return -mp_E(m) * osc(m, "0.45", -1) / 2
        m = 2 * p - 1
        return 1 + mp_G(m) * osc(m, "0.45", 0) / 2

    return e_in, e_out, e_inout


def mp_families():
    fam = {
        "Sine": (lambda p: 1 - mp.cos(mp.pi * p / 2),
                 lambda p: mp.sin(mp.pi * p / 2),
                 lambda p: (1 - mp.cos(mp.pi * p)) / 2),
        "Quadratic": mp_power_family(2),
        "Cubic": mp_power_family(3),
        "Quartic": mp_power_family(4),
        "Quintic": mp_power_family(5),
        "Exponential": (mp_E,
                        lambda p: 1 - mp_E(1 - p),
                        lambda p: mp_E(2 * p) / 2 if p < 0.5 else 1 - mp_E(2 - 2 * p) / 2),
        "Circular": (lambda p: 1 - mp.sqrt(1 - p * p),
                     lambda p: mp.sqrt(1 - (p - 1) ** 2),
                     lambda p: ((1 - mp.sqrt(1 - (2 * p) ** 2)) / 2 if p < 0.5
                                else (1 + mp.sqrt(1 - (2 * p - 2) ** 2)) / 2)),
        "Elastic": mp_elastic(),
        "Bounce": (lambda p: 1 - mp_out_bounce(1 - p),
                   mp_out_bounce,
                   lambda p: ((1 - mp_out_bounce(1 - 2 * p)) / 2 if p < 0.5
                              else mp_out_bounce(2 * p - 1) / 2 + mp.mpf(1) / 2)),
    }
    s = mp.mpf("1.70158")
    s2 = s * mp.mpf("1.525")
    fam["Back"] = (
        lambda p: p * p * ((s + 1) * p - s),
        lambda p: 1 + (p - 1) ** 2 * ((s + 1) * (p - 1) + s),
        lambda p: ((2 * p) ** 2 * ((s2 + 1) * 2 * p - s2) / 2 if p < 0.5
                   else ((2 * p - 2) ** 2 * ((s2 + 1) * (2 * p - 2) + s2) + 2) / 2),
    )
    return fam


def build_curves():
    """Return [(name, float_fn or None, mp_fn)] in output order."""
    a = mp.mpf(ATAN_STEEPNESS)
    curves = [
        ("linear", None, lambda p: p),
        ("smoothStep", None, lambda p: 3 * p ** 2 - 2 * p ** 3),
        ("smootherStep", None, lambda p: 6 * p ** 5 - 15 * p ** 4 + 10 * p ** 3),
    ]
    ffam, mfam = float_families(), mp_families()
    for word in FAMILIES:
        m_in, m_out, m_inout = mfam[word]
        if word in ffam:
            f_in, f_out, f_inout = ffam[word]
            f_outin = out_in(f_out, f_in)
        else:  # Bounce: pytweening's outBounce is wrong, use mpmath only
            f_in = f_out = f_inout = f_outin = None
        curves += [(f"in{word}", f_in, m_in), (f"out{word}", f_out, m_out),
                   (f"inOut{word}", f_inout, m_inout),
                   (f"outIn{word}", f_outin, out_in(m_out, m_in))]
    curves += [
        ("inAtan", None, lambda p: 1 + mp.atan(a * (p - 1)) / mp.atan(a)),
        ("outAtan", None, lambda p: mp.atan(a * p) / mp.atan(a)),
        ("inOutAtan", None,
         lambda p: mp.mpf(1) / 2 + mp.atan(a * (p - mp.mpf(1) / 2)) / (2 * mp.atan(a / 2))),
    ]
    assert len(curves) == 46 and len({c[0] for c in curves}) == 46
    return curves


INFINITE_SLOPE = 1e8  # a finite-difference slope above this is a singularity


def one_sided(f, x, direction):
    """One-sided derivative (mpmath.diff, step ~2^-146, ~94-digit work
    precision).  Returns None for an infinite slope."""
    d = mp.diff(f, x, direction=direction)
    return None if abs(d) > INFINITE_SLOPE else d


def clean(d):
    """Slopes below 1e-30 are finite-difference noise around an exact zero
    (e.g. inBounce at p = 1 gives ~1e-43): write 0."""
    return 0.0 if abs(d) < 1e-30 else float(d)


def velocity(f, x, first, last):
    if first:
        d = one_sided(f, x, +1)
        return None if d is None else clean(d)
    if last:
        d = one_sided(f, x, -1)
        return None if d is None else clean(d)
    left, right = one_sided(f, x, -1), one_sided(f, x, +1)
    if left is None or right is None:
        return None
    if abs(left - right) > 1e-6 * max(abs(left), abs(right), mp.mpf("1e-20")):
        return None  # kink
    return clean((left + right) / 2)


def named_curves():
    grid = [k / 200 for k in range(201)]
    findings = penner_check(grid)
    for name, bad in findings.items():
        log(f"  pytweening != Penner: {name} at {len(bad)} audited points, e.g. "
            f"p={bad[-1][0]!r}: pytweening {bad[-1][1]!r}, Penner {bad[-1][2]!r}")

    out = {"p": grid, "curves": {}}
    worst = (0.0, "")
    for name, f_float, f_mp in build_curves():
        ref = [f_mp(mp.mpf(p)) for p in grid]
        # Endpoints and outIn continuity, checked on the mpmath definition.
        assert abs(ref[0]) < mp.mpf("1e-35"), name
        assert abs(ref[-1] - 1) < mp.mpf("1e-35"), name
        if name.startswith("outIn"):
            half = mp.mpf(1) / 2
            left = f_mp(half - mp.mpf("1e-30"))
            assert abs(left - f_mp(half)) < mp.mpf("1e-25"), name
        if f_float is None:
            values = [float(v) for v in ref]
        else:
            values = [float(f_float(p)) for p in grid]
            for p, v, r in zip(grid, values, ref):
                err = abs(v - float(r))
                assert err < 1e-14, (name, p, v, float(r))
                if err > worst[0]:
                    worst = (err, f"{name}({p})")
        assert abs(values[0]) < 1e-12 and abs(values[-1] - 1) < 1e-12, name
        values[0], values[-1] = 0.0, 1.0
        assert values[0] == 0.0 and values[-1] == 1.0
        vel = [velocity(f_mp, mp.mpf(p), k == 0, k == 200) for k, p in enumerate(grid)]
        out["curves"][name] = {"value": values, "velocity": vel}
        nulls = [grid[k] for k, v in enumerate(vel) if v is None]
        if nulls:
            log(f"  {name}: velocity null at p = {nulls}")
    log(f"  max |pytweening-derived - mpmath| = {worst[0]:.3g} at {worst[1]}")
    return out


# =============================================================================
# 2. Cubic Bezier timing functions
# =============================================================================

def bezier_cases():
    cases = [
        ("default", 0.25, 0.1, 0.25, 1.0),
        ("easeIn", 0.42, 0.0, 1.0, 1.0),
        ("easeOut", 0.0, 0.0, 0.58, 1.0),
        ("easeInEaseOut", 0.42, 0.0, 0.58, 1.0),
        ("linear", 0.0, 0.0, 1.0, 1.0),
        ("overshoot-inOutBack", 0.68, -0.55, 0.265, 1.55),
        ("overshoot-outBack", 0.175, 0.885, 0.32, 1.275),
        ("overshoot-inBack", 0.6, -0.28, 0.735, 0.045),
        ("degenerate-0-0-0-1", 0.0, 0.0, 0.0, 1.0),
        ("degenerate-1-0-0-1", 1.0, 0.0, 0.0, 1.0),
        ("degenerate-0.99-0-0.01-1", 0.99, 0.0, 0.01, 1.0),
        ("degenerate-0-1-1-0", 0.0, 1.0, 1.0, 0.0),
        ("degenerate-0.5-0-0.5-1", 0.5, 0.0, 0.5, 1.0),
    ]
    # 16 random cases, then the 50 random x, all from one generator.
    rng = np.random.default_rng(2026)
    for i in range(16):
        x1 = float(rng.uniform(0.0, 1.0))
        y1 = float(rng.uniform(-0.8, 1.8))
        x2 = float(rng.uniform(0.0, 1.0))
        y2 = float(rng.uniform(-0.8, 1.8))
        cases.append((f"random-{i:02d}", x1, y1, x2, y2))
    extra_x = sorted(float(v) for v in rng.uniform(0.0, 1.0, 50))
    assert all(0 < v < 1 for v in extra_x)
    xs = [k / 400 for k in range(401)] + extra_x
    return cases, xs


class Bezier:
    """One coordinate of the Bezier, B(t) = a1 t + a2 t^2 + a3 t^3."""

    def __init__(self, c1, c2):
        c1, c2 = mp.mpf(c1), mp.mpf(c2)
        self.a1 = 3 * c1
        self.a2 = 3 * c2 - 6 * c1
        self.a3 = 1 + 3 * c1 - 3 * c2

    def __call__(self, t):
        return ((self.a3 * t + self.a2) * t + self.a1) * t

    def d(self, t, order=1):
        if order == 1:
            return (3 * self.a3 * t + 2 * self.a2) * t + self.a1
        if order == 2:
            return 6 * self.a3 * t + 2 * self.a2
        return 6 * self.a3


def solve_bezier_t(bx, x):
    """t in [0, 1] with bx(t) = x (bx non-decreasing): Newton safeguarded by a
    shrinking bisection bracket."""
    if x == 0:
        return mp.mpf(0)
    if x == 1:
        return mp.mpf(1)
    lo, hi = mp.mpf(0), mp.mpf(1)
    t = mp.mpf(x)
    tol = mp.mpf(10) ** (-(mp.mp.dps - 5))
    prev_step = mp.mpf(1)
    for _ in range(500):
        r = bx(t) - x
        if r == 0:
            return t
        if r < 0:
            lo = t
        else:
            hi = t
        slope = bx.d(t)
        cand = t - r / slope if slope != 0 else None
        if cand is None or not (lo < cand < hi) or abs(cand - t) > prev_step / 2:
            cand = (lo + hi) / 2            # bisection fallback
        step = abs(cand - t)
        t = cand
        if step > 0:
            prev_step = step
        if step < tol or hi - lo < tol:
            return t
    return t  # only the (1,0,0,1) triple root gets here, still ~1e-20 accurate


def bezier_velocity(bx, by, t):
    """dy/dx = By'(t)/Bx'(t), with L'Hopital where both vanish; None if infinite."""
    tiny = mp.mpf("1e-30")
    for order in (1, 2, 3):
        dx, dy = bx.d(t, order), by.d(t, order)
        if abs(dx) > tiny:
            v = dy / dx
            return None if abs(v) > 1e15 else float(v)
        if abs(dy) > tiny:
            return None
    raise AssertionError("degenerate Bezier")


def bezier():
    cases, xs = bezier_cases()
    out = {"cases": []}
    with mp.workdps(60):
        for name, x1, y1, x2, y2 in cases:
            assert 0 <= x1 <= 1 and 0 <= x2 <= 1
            bx, by = Bezier(x1, x2), Bezier(y1, y2)
            ys, vs = [], []
            for x in xs:
                xm = mp.mpf(x)
                t = solve_bezier_t(bx, xm)
                assert abs(bx(t) - xm) < mp.mpf("1e-50"), (name, x)
                ys.append(float(by(t)))
                vs.append(bezier_velocity(bx, by, t))
            assert ys[0] == 0.0 and ys[400] == 1.0
            # Cross-check the velocity at interior points with a symmetric
            # difference quotient of the solved curve y(x).
            h = mp.mpf("1e-22")
            for i in range(7, 451, 23):
                if vs[i] is None:
                    continue
                xm = mp.mpf(xs[i])
                q = (by(solve_bezier_t(bx, xm + h)) - by(solve_bezier_t(bx, xm - h))) / (2 * h)
                assert abs(q - vs[i]) <= 1e-9 * max(1, abs(vs[i])), (name, xs[i], q, vs[i])
            nulls = [xs[i] for i, v in enumerate(vs) if v is None]
            if nulls:
                log(f"  bezier {name}: velocity null at x = {nulls}")
            out["cases"].append({"name": name, "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                                 "x": xs, "y": ys, "velocity": vs})
    return out


# =============================================================================
# 3. Springs
# =============================================================================

SETTLING_FRACTIONS = [1e-2, 1e-3, 1e-4]


def spring_cases():
    def zeta_c(zeta, k, m=1.0):
        return 2 * zeta * math.sqrt(k * m)

    cases = [
        ("coreAnimationDefault", 1.0, 100.0, 10.0, -1.0, 0.0),
        ("underdamped-zeta0.1", 1.0, 200.0, zeta_c(0.1, 200.0), -300.0, 0.0),
        ("zeta0.5-velocityToward", 1.0, 400.0, 20.0, -1.0, 5.0),
        ("zeta0.5-velocityAway", 1.0, 400.0, 20.0, -1.0, -5.0),
    ]
    for label, zeta in [("zeta0.999999", 0.999999), ("critical", 1.0),
                        ("zeta1.000001", 1.000001)]:
        c = zeta_c(zeta, 300.0)
        cases.append((f"{label}-fromRest", 1.0, 300.0, c, -1.0, 0.0))
        cases.append((f"{label}-moving", 1.0, 300.0, c, -300.0, 2000.0))
    cases += [
        ("overdamped-zeta3", 1.0, 100.0, 60.0, -1.0, 0.0),
        ("overdamped-zeta3-overshoot", 1.0, 100.0, 60.0, -1.0, 40.0),
        ("overdamped-zeta3-velocityAway", 1.0, 100.0, 60.0, -1.0, -10.0),
        ("mass2.5", 2.5, 180.0, 9.0, 50.0, -120.0),
        ("velocityOnly", 1.0, 250.0, 15.0, 0.0, 800.0),
        ("stiff", 1.0, 5000.0, 60.0, -0.01, 0.0),
    ]
    rng = np.random.default_rng(7)
    for i in range(12):
        m = float(rng.uniform(0.2, 5.0))
        k = float(rng.uniform(10.0, 2000.0))
        zeta = float(rng.uniform(0.05, 4.0))
        x0 = float(rng.uniform(-500.0, 500.0))
        v0 = float(rng.uniform(-3000.0, 3000.0))
        cases.append((f"random-{i:02d}", m, k, zeta_c(zeta, k, m), x0, v0))
    return cases


def integrate_spring(m, k, c, x0, v0, t_end, scale, stop_energy=None):
    def rhs(_t, y):
        return [y[1], -(c * y[1] + k * y[0]) / m]

    events = None
    if stop_energy is not None:
        def low_energy(_t, y):
            return 0.5 * (k * y[0] ** 2 + m * y[1] ** 2) - stop_energy
        low_energy.terminal = True
        low_energy.direction = -1
        events = low_energy
    # Without a step cap, DOP853 takes steps of ~1 s on slow overdamped cases,
    # close to its stability limit for the fast mode (rate < c/m), and the
    # global error grows to ~1e-9 * scale.  Capping the step at 1/20 of the
    # shorter of the undamped period and m/c keeps it near 1e-14 * scale.
    max_step = min(2 * math.pi * math.sqrt(m / k), m / c) / 20
    sol = solve_ivp(rhs, (0.0, t_end), [x0, v0], method="DOP853", rtol=1e-12,
                    atol=1e-12 * scale, dense_output=True, events=events,
                    max_step=max_step)
    assert sol.success, sol.message
    return sol


def spring():
    out = {"cases": []}
    for name, m, k, c, x0, v0 in spring_cases():
        omega0 = math.sqrt(k / m)
        scale = max(abs(x0), abs(v0) / omega0)
        assert scale > 0
        # Pass 1: find when the energy bound rules out any later crossing of
        # the smallest threshold (with a factor-4 margin).
        fmin = min(SETTLING_FRACTIONS)
        stop_energy = 0.5 * k * (fmin * scale / 4) ** 2
        first = integrate_spring(m, k, c, x0, v0, 1e5, scale, stop_energy)
        assert first.status == 1, f"{name}: energy threshold never reached"
        t_quiet = float(first.t_events[0][0])
        # Pass 2: the integration everything is read from.
        t_total = max(1.5 * t_quiet, 0.5)
        sol = integrate_spring(m, k, c, x0, v0, t_total, scale).sol

        # Scan |x| - f*scale on a grid no coarser than 1e-4 s or 1/50 of the
        # (undamped, hence shorter-than-damped) period.
        step = min(1e-4, 2 * math.pi / omega0 / 50)
        n = int(math.ceil(t_quiet / step))
        tg = np.linspace(0.0, n * step, n + 1)
        absx = np.abs(sol(tg)[0])
        settling = {}
        for f in SETTLING_FRACTIONS:
            thr = f * scale
            above = np.nonzero(absx >= thr)[0]
            if above.size == 0:
                settling[repr(f)] = 0.0
                continue
            i = int(above[-1])
            assert i < n, f"{name}: not settled at the end of the scan"
            ts = brentq(lambda t: abs(sol(t)[0]) - thr, tg[i], tg[i + 1], xtol=1e-12)
            settling[repr(f)] = float(ts)
        assert settling["0.01"] <= settling["0.001"] <= settling["0.0001"] <= t_quiet

        t_end = max(1.5 * settling["0.001"], 0.5)
        assert t_end <= t_total
        t = np.linspace(0.0, t_end, 401)
        xv = sol(t)
        xv[:, 0] = [x0, v0]  # the dense output reproduces these; make them exact
        out["cases"].append({
            "name": name, "mass": m, "stiffness": k, "damping": c, "x0": x0, "v0": v0,
            "t": [float(v) for v in t],
            "x": [float(v) for v in xv[0]],
            "v": [float(v) for v in xv[1]],
            "settling": {key: settling[key] for key in ("0.01", "0.001", "0.0001")},
        })
        log(f"  spring {name}: zeta={c / (2 * math.sqrt(k * m)):.6g} "
            f"settling={settling}")
    return out


# =============================================================================
# 4. Decay
# =============================================================================

DECAY_H = np.longdouble(1) / 100_000          # 1e-5 s, 100 sub-steps per ms
# Projection: run until |v| < 1e-18 |v0|.  (Stopping at the brief's 1e-12
# would truncate the projection by 1e-12 relative, and the remaining distance
# at fraction 1e-3 by 1e-9, visibly shifting the settling times.)
DECAY_STOP = np.longdouble("1e-18")


def longdouble_of(x):
    """An mpf rounded to 80-bit long double via a double-double split."""
    hi = float(x)
    lo = float(x - hi)
    return np.longdouble(hi) + np.longdouble(lo)


def substep_factor(rate, substeps=100):
    """r^(1/substeps) for the double value of r, to long double precision."""
    with mp.workdps(40):
        return longdouble_of(mp.power(mp.mpf(rate), mp.mpf(1) / substeps))


def simulate_decay(rate, v0, n_steps=None, substeps=100):
    """Step the recurrence.  Returns (v, dx): long double arrays of the
    velocities v_0..v_n and the trapezoid position increments
    dx_i = (v_i + v_{i+1}) h / 2; without n_steps, runs until
    |v| < 1e-18 |v0|."""
    q = substep_factor(rate, substeps)
    h = np.longdouble(1) / (1000 * substeps)
    v0 = np.longdouble(v0)
    chunk = 1000 * substeps          # one simulated second per chunk
    factors = [np.ones(1, dtype=np.longdouble)]
    last = np.longdouble(1)
    total = 0
    while True:
        seg = last * np.cumprod(np.full(chunk, q, dtype=np.longdouble))
        factors.append(seg)
        last = seg[-1]
        total += chunk
        if n_steps is not None and total >= n_steps:
            break
        if n_steps is None and last < DECAY_STOP:
            break
    ratio = np.concatenate(factors)                     # v_n / v0
    if n_steps is None:
        n_steps = int(np.argmax(ratio < DECAY_STOP))    # first index below stop
    ratio = ratio[: n_steps + 1]
    v = v0 * ratio
    return v, (v[:-1] + v[1:]) * (h / 2)


def trajectory(rate, v0, n_steps):
    """Positions (from x = 0) and velocities for steps 0..n_steps."""
    v, dx = simulate_decay(rate, v0, n_steps)
    return np.concatenate([np.zeros(1, dtype=np.longdouble), np.cumsum(dx)]), v


def projection(rate, v0, substeps=100):
    _, dx = simulate_decay(rate, v0, substeps=substeps)
    return np.sum(dx)        # numpy sums pairwise: more accurate than cumsum


def decay():
    out = {"cases": [], "landing": [], "settling": []}
    rates = [0.998, 0.99, 0.95]
    samples = 400                                   # t = 0, 0.01, ..., 4 s
    stride = 1000                                   # 0.01 s / 1e-5 s
    for rate in rates:
        for v0 in [1000.0, -2500.0, 300.0]:
            x, v = trajectory(rate, v0, samples * stride)
            proj = projection(rate, v0)
            out["cases"].append({
                "rate": rate, "v0": v0,
                "t": [k / 100 for k in range(samples + 1)],
                "x": [float(x[k * stride]) for k in range(samples + 1)],
                "v": [float(v[k * stride]) for k in range(samples + 1)],
                "projection": float(proj),
            })
        # Diagnostic: trapezoid error vs the continuous model, estimated by
        # halving the step (Richardson: error(h) ~ 4/3 (P_h - P_{h/2})).
        p_h = projection(rate, 1.0)
        p_h2 = projection(rate, 1.0, substeps=200)
        log(f"  decay r={rate}: projection/v0 = {float(p_h)!r}, estimated trapezoid "
            f"relative error {float(4 / 3 * (p_h - p_h2) / p_h2):.3g}")

    for rate in [0.998, 0.99]:
        unit = projection(rate, 1.0)
        for distance in [100.0, -240.0, 0.5]:
            guess = distance / float(unit)
            lo, hi = sorted([0.0, 2 * guess])
            v0 = brentq(lambda u: float(projection(rate, u)) - distance, lo, hi,
                        xtol=1e-300, rtol=1e-13, maxiter=200)
            assert abs(float(projection(rate, v0)) - distance) <= 1e-10 * abs(distance)
            assert abs(v0 - guess) <= 1e-12 * abs(guess)  # projection is linear in v0
            out["landing"].append({"rate": rate, "distance": distance, "v0": v0})

    for rate in rates:
        _, dx = simulate_decay(rate, 1.0)
        # remaining distance after step n = sum of the later increments;
        # summed from the tail (small terms first) to avoid cancellation.
        remaining = np.concatenate([np.cumsum(dx[::-1])[::-1],
                                    np.zeros(1, dtype=np.longdouble)])
        proj = remaining[0]
        for fraction in [1e-2, 1e-3]:
            target = np.longdouble(fraction) * proj
            n = int(np.argmax(remaining <= target))
            assert n > 0 and remaining[n - 1] > target
            # log(remaining) is (to rounding) linear within a step
            a, b = np.log(remaining[n - 1]), np.log(remaining[n])
            frac = (a - np.log(target)) / (a - b)
            time = (n - 1 + frac) * DECAY_H
            out["settling"].append({"rate": rate, "fraction": fraction,
                                    "time": float(time)})
    return out


# =============================================================================

def main():
    global OUT_DIR
    parser = argparse.ArgumentParser(description="Write Flight's golden reference files.")
    parser.add_argument("--output", type=pathlib.Path, default=OUT_DIR,
                        help="folder to write into (default: Tests/FlightEasingTests/Golden)")
    OUT_DIR = parser.parse_args().output
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    log("named curves ...")
    write_json("named-curves.json", named_curves())
    log("bezier ...")
    write_json("bezier.json", bezier())
    log("springs ...")
    write_json("springs.json", spring())
    log("decay ...")
    write_json("decay.json", decay())


if __name__ == "__main__":
    main()
