#!/usr/bin/env python3
"""Capture golden reference values from a real browser (headless Chromium).

Two CSS algorithms are observed directly in the browser:

  (a) CSS Transforms Level 2 interpolation of matrix() / matrix3d() values
      (decompose -> interpolate -> recompose), via a paused Web Animation and
      getComputedStyle(el).transform.
      Output: Tests/FlightCoreTests/Golden/transforms.json

  (b) CSS Color 4/5 color-mix() in the oklab, srgb and srgb-linear
      interpolation spaces (premultiplied alpha), via getComputedStyle(el).color.
      Output: Tests/FlightCoreTests/Golden/colors.json

The same transform cases can be captured with WebKitGTK by the sibling script
capture_webkit.py (-> transforms-webkit.json), which imports the case list, the
page and transforms_document() from this file.

Requirements
------------
  * python3 (3.8+) with numpy   (apt-get install python3-numpy, or pip install numpy)
  * Chromium                     (apt-get install chromium)

Usage (from the repository root)
--------------------------------
  python3 Scripts/browser-golden/capture.py
  python3 Scripts/browser-golden/capture.py --chromium /path/to/chromium

The script writes a self-contained HTML page (inline JS) to a temporary
directory, runs

  chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=5000
           --dump-dom file:///.../page.html

extracts the JSON string the page writes into <pre id="out">, parses the
browser's serialized CSS strings into numbers and writes both golden files
deterministically (stable case order, json indent=1).  A run takes a couple of
seconds.  All inputs are generated from fixed seeds, so re-running with the same
Chromium produces byte-identical files.

Matrix convention
-----------------
Matrices are built in numpy as 4x4 arrays M acting on column vectors
(p' = M @ p, translation in M[0:3, 3], perspective(d) puts -1/d in M[3, 2]).
A list of CSS transform functions "f1 f2 f3" is the product M1 @ M2 @ M3.
The 16 numbers given to matrix3d() -- and stored in the JSON -- are M in
column-major order, i.e. M.T.flatten(): (m11, m12, m13, m14) is the first
column M[0:4, 0], and so on.  matrix(a, b, c, d, e, f) is
matrix3d(a, b, 0, 0,  c, d, 0, 0,  0, 0, 1, 0,  e, f, 0, 1).
Function matrices follow CSS Transforms 1/2 (rotate3d per the spec's formula,
which equals the Rodrigues formula for the normalized axis; skew(ax, ay) has
M[0, 1] = tan(ax) and M[1, 0] = tan(ay)).
"""

import argparse
import html
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT_DIR = os.path.join(REPO_ROOT, "Tests", "FlightCoreTests", "Golden")

FRACTIONS = [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.49, 0.5, 0.51, 0.6, 0.7, 0.75, 0.8, 0.9, 1]
COLOR_FRACTIONS = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]
COLOR_SPACES = ["oklab", "srgb", "srgb-linear"]


# --------------------------------------------------------------------------
# Number formatting
# --------------------------------------------------------------------------

def q12(x):
    """Round to 12 significant digits (the precision handed to the browser)."""
    v = float("%.12g" % float(x))
    if abs(v) < 1e-12:
        v = 0.0  # also normalizes -0.0
    return v


def fmt(x):
    s = "%.12g" % x
    return "0" if s in ("-0", "0") else s


# --------------------------------------------------------------------------
# CSS transform function matrices (4x4, column-vector convention)
# --------------------------------------------------------------------------

def identity():
    return np.eye(4)


def translate3d(tx, ty, tz=0.0):
    m = np.eye(4)
    m[0, 3], m[1, 3], m[2, 3] = tx, ty, tz
    return m


def scale3d(sx, sy, sz=1.0):
    return np.diag([float(sx), float(sy), float(sz), 1.0])


def rotate3d(x, y, z, deg):
    n = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / n, y / n, z / n
    a = math.radians(deg)
    sc = math.sin(a / 2) * math.cos(a / 2)
    sq = math.sin(a / 2) ** 2
    # CSS spec formula; mCR means column C, row R -> M[R-1, C-1].
    m = np.eye(4)
    m[0, 0] = 1 - 2 * (y * y + z * z) * sq
    m[1, 0] = 2 * (x * y * sq + z * sc)
    m[2, 0] = 2 * (x * z * sq - y * sc)
    m[0, 1] = 2 * (x * y * sq - z * sc)
    m[1, 1] = 1 - 2 * (x * x + z * z) * sq
    m[2, 1] = 2 * (y * z * sq + x * sc)
    m[0, 2] = 2 * (x * z * sq + y * sc)
    m[1, 2] = 2 * (y * z * sq - x * sc)
    m[2, 2] = 1 - 2 * (x * x + y * y) * sq
    return m


def rotate(deg):
    """2D rotate(); exact for multiples of 90 degrees."""
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    if deg % 90 == 0:
        c, s = float(round(c)), float(round(s))
    m = np.eye(4)
    m[0, 0], m[0, 1], m[1, 0], m[1, 1] = c, -s, s, c
    return m


def rotate_x(deg):
    return rotate3d(1, 0, 0, deg)


def rotate_y(deg):
    return rotate3d(0, 1, 0, deg)


def skew(ax_deg, ay_deg=0.0):
    m = np.eye(4)
    m[0, 1] = math.tan(math.radians(ax_deg))
    m[1, 0] = math.tan(math.radians(ay_deg))
    return m


def perspective(d):
    m = np.eye(4)
    m[3, 2] = -1.0 / d
    return m


def compose(*ms):
    out = np.eye(4)
    for m in ms:
        out = out @ m
    return out


def to_css16(m):
    """4x4 -> 16 numbers in matrix3d() order (column-major), 12 sig. digits."""
    return [q12(v) for v in np.asarray(m).T.flatten()]


def is_2d(v16):
    z = [2, 3, 6, 7, 8, 9, 11, 14]
    return all(v16[i] == 0 for i in z) and v16[10] == 1 and v16[15] == 1


def css_of(v16, dimension):
    if dimension == 2:
        a, b, c, d, e, f = v16[0], v16[1], v16[4], v16[5], v16[12], v16[13]
        assert is_2d(v16)
        return "matrix(%s)" % ", ".join(fmt(x) for x in (a, b, c, d, e, f))
    return "matrix3d(%s)" % ", ".join(fmt(x) for x in v16)


# --------------------------------------------------------------------------
# Transform cases
# --------------------------------------------------------------------------

def transform_cases():
    cases = []

    def add(name, dim, m_from, m_to):
        f16, t16 = to_css16(m_from), to_css16(m_to)
        if dim == 2:
            assert is_2d(f16) and is_2d(t16), name
        cases.append({
            "name": name,
            "dimension": dim,
            "from": f16,
            "to": t16,
            "fromCSS": css_of(f16, dim),
            "toCSS": css_of(t16, dim),
        })

    # ---- 2D -------------------------------------------------------------
    add("2d rotate 170deg -> rotate -170deg", 2, rotate(170), rotate(-170))
    add("2d rotate 0deg -> rotate 90deg", 2, rotate(0), rotate(90))
    add("2d rotate 45deg -> rotate 300deg", 2, rotate(45), rotate(300))
    add("2d rotate 10deg -> rotate 350deg", 2, rotate(10), rotate(350))
    add("2d identity -> rotate 180deg (exact)", 2, identity(), rotate(180))
    add("2d scale(-1, 1) -> rotate 90deg", 2, scale3d(-1, 1), rotate(90))
    add("2d scale(1, -1) -> scale(-1, 1)", 2, scale3d(1, -1), scale3d(-1, 1))
    add("2d translate(10px,20px) rotate(30deg) scale(2,0.5) -> "
        "translate(-40px,5px) rotate(-60deg) scale(0.5,3)", 2,
        compose(translate3d(10, 20), rotate(30), scale3d(2, 0.5)),
        compose(translate3d(-40, 5), rotate(-60), scale3d(0.5, 3)))
    add("2d skewX(30deg) -> identity", 2, skew(30), identity())
    add("2d singular scale(0, 1) -> rotate 45deg", 2, scale3d(0, 1), rotate(45))

    rng = random.Random(1234)

    def rand_affine2d():
        while True:
            a, b, c, d = (rng.uniform(-2, 2) for _ in range(4))
            if abs(a * d - b * c) >= 0.1:
                break
        e, f = rng.uniform(-300, 300), rng.uniform(-300, 300)
        m = np.eye(4)
        m[0, 0], m[1, 0], m[0, 1], m[1, 1], m[0, 3], m[1, 3] = a, b, c, d, e, f
        return m

    for i in range(12):
        m_from = rand_affine2d()
        m_to = rand_affine2d()
        add("2d random affine #%d (seed 1234)" % (i + 1), 2, m_from, m_to)

    # ---- 3D -------------------------------------------------------------
    add("3d rotateX(40deg) -> rotateY(70deg)", 3, rotate_x(40), rotate_y(70))
    add("3d rotate3d(1,1,0,30deg) -> rotate3d(0,1,1,120deg)", 3,
        rotate3d(1, 1, 0, 30), rotate3d(0, 1, 1, 120))
    add("3d rotateZ(170deg) rotateX(1deg) -> rotateZ(-170deg) rotateX(1deg)", 3,
        compose(rotate3d(0, 0, 1, 170), rotate_x(1)),
        compose(rotate3d(0, 0, 1, -170), rotate_x(1)))
    add("3d perspective(500px) rotateY(30deg) -> perspective(800px) rotateY(-20deg)", 3,
        compose(perspective(500), rotate_y(30)),
        compose(perspective(800), rotate_y(-20)))
    add("3d scale3d(1,2,3) translate3d(10px,20px,30px) -> "
        "scale3d(2,1,0.5) translate3d(-5px,0,40px)", 3,
        compose(scale3d(1, 2, 3), translate3d(10, 20, 30)),
        compose(scale3d(2, 1, 0.5), translate3d(-5, 0, 40)))
    add("3d rotate3d(0,0,1,10deg) -> rotate3d(1,0,0,200deg)", 3,
        rotate3d(0, 0, 1, 10), rotate3d(1, 0, 0, 200))
    # Designed so that the quaternions obtained with the spec's decomposition
    # (which yields w >= 0) have a clearly negative dot product (~ -0.86).
    add("3d negative quaternion dot: rotate3d(0.2,0,1,160deg) -> rotate3d(0,0.3,-1,160deg)", 3,
        rotate3d(0.2, 0, 1, 160), rotate3d(0, 0.3, -1, 160))
    add("3d singular scale3d(1,1,0) -> rotateX(30deg)", 3,
        scale3d(1, 1, 0), rotate_x(30))

    rng3 = random.Random(4321)

    def rand_3d():
        if rng3.random() < 0.5:
            p = np.eye(4)
            p[3, 0], p[3, 1], p[3, 2] = (rng3.uniform(-0.002, 0.002) for _ in range(3))
        else:
            p = np.eye(4)
        t = translate3d(*(rng3.uniform(-200, 200) for _ in range(3)))
        axis = [rng3.gauss(0, 1) for _ in range(3)]
        r = rotate3d(axis[0], axis[1], axis[2], rng3.uniform(-180, 180))
        sk = skew(rng3.uniform(-30, 30), rng3.uniform(-30, 30))
        s = []
        for _ in range(3):
            v = rng3.uniform(0.3, 2.5)
            if rng3.random() < 0.15:
                v = -v
            s.append(v)
        return compose(p, t, r, sk, scale3d(*s))

    for i in range(10):
        m_from = rand_3d()
        m_to = rand_3d()
        add("3d random perspective/translate/rotate/skew/scale #%d (seed 4321)" % (i + 1),
            3, m_from, m_to)

    return cases


# --------------------------------------------------------------------------
# Colour cases
# --------------------------------------------------------------------------

def rgb_css(r, g, b, alpha):
    return "rgb(%s %s %s / %s)" % (fmt(r), fmt(g), fmt(b), fmt(alpha))


def color_pairs():
    pairs = [
        ((255, 0, 0, 1), (0, 0, 255, 1)),            # opaque red -> opaque blue
        ((255, 255, 255, 1), (0, 0, 0, 1)),          # white -> black
        ((255, 0, 0, 0.2), (0, 0, 255, 0.9)),        # alpha differs
        ((0, 255, 0, 0), (255, 0, 255, 1)),          # fully transparent green
        ((128, 128, 128, 1), (255, 165, 0, 1)),      # mid grey -> orange
    ]
    rng = random.Random(99)
    for i in range(10):
        translucent = (i % 2 == 0)  # even pairs: random alpha, odd pairs: opaque
        pair = []
        for _ in range(2):
            r, g, b = (rng.randint(0, 255) for _ in range(3))
            alpha = q12(round(rng.uniform(0, 1), 6)) if translucent else 1
            pair.append((r, g, b, alpha))
        pairs.append(tuple(pair))
    return pairs


def pct(x):
    s = "%.10g" % x
    return "0" if s == "-0" else s


def color_jobs():
    mixes = []
    inputs = []
    for a, b in color_pairs():
        a_css, b_css = rgb_css(*a), rgb_css(*b)
        for c in (a_css, b_css):
            if c not in inputs:
                inputs.append(c)
        for space in COLOR_SPACES:
            for p in COLOR_FRACTIONS:
                css = "color-mix(in %s, %s %s%%, %s %s%%)" % (
                    space, a_css, pct((1 - p) * 100), b_css, pct(p * 100))
                mixes.append({
                    "a": a_css,
                    "b": b_css,
                    "aComponents": [q12(v / 255) for v in a[:3]],
                    "aAlpha": float(a[3]),
                    "bComponents": [q12(v / 255) for v in b[:3]],
                    "bAlpha": float(b[3]),
                    "space": space,
                    "p": p,
                    "css": css,
                })
    conversions = []
    for c in inputs:
        conversions.append({
            "input": c,
            "css": {
                "oklab": "color-mix(in oklab, %s, %s)" % (c, c),
                "srgbLinear": "color-mix(in srgb-linear, %s, %s)" % (c, c),
                "srgb": "color-mix(in srgb, %s, %s)" % (c, c),
            },
        })
    return mixes, conversions


# --------------------------------------------------------------------------
# Browser page
# --------------------------------------------------------------------------

PAGE = r"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>flight golden capture</title>
<style>#el { display: block; width: 100px; height: 100px; transform-origin: 0 0; }</style>
</head><body><div id="el"></div><pre id="out"></pre>
<script>
const JOB = __JOB__;
const out = { userAgent: navigator.userAgent, transforms: [], mixes: [], conversions: [] };
const el = document.getElementById("el");

function typedTransform() {
  try {
    const v = el.computedStyleMap().get("transform");
    if (!(v instanceof CSSTransformValue)) return null;
    return Array.from(v.toMatrix().toFloat64Array());
  } catch (e) { return "error: " + e; }
}

for (const c of JOB.transforms) {
  const rec = { strings: [], typed: [], error: null };
  try {
    el.style.transform = "";
    const anim = el.animate([{ transform: c.fromCSS }, { transform: c.toCSS }],
                            { duration: 1000, fill: "both", easing: "linear" });
    anim.pause();
    for (const ms of JOB.times) {
      anim.currentTime = ms;
      rec.strings.push(getComputedStyle(el).transform);
      rec.typed.push(typedTransform());
    }
    anim.cancel();
  } catch (e) { rec.error = String(e); }
  out.transforms.push(rec);
}

function colorOf(css) {
  el.style.color = "";
  el.style.color = css;
  if (el.style.color === "") return "INVALID";
  return getComputedStyle(el).color;
}

for (const m of JOB.mixes) out.mixes.push(colorOf(m));
for (const c of JOB.conversions) {
  const r = {};
  for (const k of Object.keys(c)) r[k] = colorOf(c[k]);
  out.conversions.push(r);
}
document.getElementById("out").textContent = JSON.stringify(out);
</script></body></html>
"""


def find_chromium(explicit):
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        p = shutil.which(name)
        if p:
            return p
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    sys.exit("Chromium not found; install it with `apt-get install chromium` or pass --chromium")


def browser_version(chromium):
    """Full version string (the user agent only says e.g. HeadlessChrome/156.0.0.0)."""
    try:
        proc = subprocess.run([chromium, "--version"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, timeout=60)
        return proc.stdout.decode("utf-8", "replace").strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def run_browser(chromium, job):
    tmp = tempfile.mkdtemp(prefix="flight-golden-")
    try:
        page = os.path.join(tmp, "page.html")
        with open(page, "w", encoding="utf-8") as fh:
            fh.write(PAGE.replace("__JOB__", json.dumps(job)))
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
               "--no-first-run", "--no-default-browser-check",
               "--user-data-dir=" + os.path.join(tmp, "profile"),
               "--virtual-time-budget=5000", "--dump-dom", "file://" + page]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=120)
        dom = proc.stdout.decode("utf-8", "replace")
        m = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
        if not m or not m.group(1).strip():
            sys.stderr.write(proc.stderr.decode("utf-8", "replace")[-4000:])
            sys.exit("could not find the result JSON in Chromium's --dump-dom output")
        return json.loads(html.unescape(m.group(1)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --------------------------------------------------------------------------
# Parsing the browser's serializations
# --------------------------------------------------------------------------

NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def parse_transform(s):
    s = s.strip()
    if s == "none":
        return None
    m = re.fullmatch(r"(matrix|matrix3d)\((.*)\)", s)
    if not m:
        raise ValueError("unexpected transform serialization: %r" % s)
    nums = [float(x) for x in m.group(2).split(",")]
    if m.group(1) == "matrix":
        assert len(nums) == 6, s
        a, b, c, d, e, f = nums
        return [a, b, 0.0, 0.0, c, d, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, e, f, 0.0, 1.0]
    assert len(nums) == 16, s
    return nums


def parse_num(tok):
    tok = tok.strip()
    if tok == "none":
        return None
    if tok.endswith("%"):
        return float(tok[:-1]) / 100.0
    return float(tok)


def parse_color(s):
    """Parse a computed colour serialization into {space, components, alpha}.

    Spaces: "oklab", "srgb", "srgb-linear", ... (from color()/oklab()), or
    "rgb" for legacy rgb()/rgba() -- whose components stay in 0..255.
    `none` components are recorded as null."""
    s = s.strip()
    m = re.fullmatch(r"(rgba?)\((.*)\)", s)
    if m:
        body = m.group(2)
        if "," in body:
            parts = [p for p in body.split(",")]
        else:
            body = body.replace("/", " ")
            parts = body.split()
        vals = [parse_num(p) for p in parts]
        alpha = vals[3] if len(vals) > 3 else 1.0
        return {"space": "rgb", "components": vals[:3], "alpha": alpha}
    m = re.fullmatch(r"(oklab|oklch|lab|lch|hsl|hwb)\((.*)\)", s)
    if m:
        space, body = m.group(1), m.group(2)
    else:
        m = re.fullmatch(r"color\(\s*([a-z0-9-]+)\s+(.*)\)", s)
        if not m:
            raise ValueError("unexpected colour serialization: %r" % s)
        space, body = m.group(1), m.group(2)
    if "/" in body:
        comps, alpha = body.split("/")
        alpha = parse_num(alpha)
    else:
        comps, alpha = body, 1.0
    vals = [parse_num(t) for t in comps.split()]
    assert len(vals) == 3, s
    return {"space": space, "components": vals, "alpha": alpha}


# --------------------------------------------------------------------------

def dump(path, obj):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=1, ensure_ascii=False)
        fh.write("\n")


def transforms_document(tcases, records, browser, version, note):
    """Build the transforms JSON document from the page's per-case records.

    Shared by capture.py (Chromium) and capture_webkit.py (WebKitGTK).  Returns
    (document, max relative deviation between the string and typed-OM results)."""
    if len(records) != len(tcases):
        raise RuntimeError("browser returned %d transform records for %d cases"
                           % (len(records), len(tcases)))
    out_cases = []
    max_dev = 0.0
    for c, r in zip(tcases, records):
        if r["error"]:
            raise RuntimeError("%s: browser error %s" % (c["name"], r["error"]))
        results = [parse_transform(s) for s in r["strings"]]
        typed = []
        for s16, t in zip(results, r["typed"]):
            if isinstance(t, str):
                raise RuntimeError("%s: typed OM error %s" % (c["name"], t))
            if (s16 is None) != (t is None):
                raise RuntimeError("%s: typed OM / string mismatch" % c["name"])
            if t is not None:
                for x, y in zip(s16, t):
                    dev = abs(x - y) / max(1.0, abs(y))
                    max_dev = max(max_dev, dev)
                    if dev > 1e-5:
                        raise RuntimeError("%s: typed OM %r vs string %r" % (c["name"], t, s16))
            typed.append(t)
        out_cases.append({
            "name": c["name"],
            "dimension": c["dimension"],
            "from": c["from"],
            "to": c["to"],
            "fromCSS": c["fromCSS"],
            "toCSS": c["toCSS"],
            "fractions": FRACTIONS,
            "results": results,
            "serialized": r["strings"],
            "resultsTypedOM": typed,
        })
    doc = {
        "browser": browser,
        "browserVersion": version,
        "note": note,
        "cases": out_cases,
    }
    return doc, max_dev


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chromium", help="path to the Chromium binary")
    ap.add_argument("--out", default=OUT_DIR, help="output directory")
    args = ap.parse_args()
    chromium = find_chromium(args.chromium)

    tcases = transform_cases()
    mixes, conversions = color_jobs()
    times = [int(round(f * 1000)) for f in FRACTIONS]
    job = {
        "times": times,
        "transforms": [{"fromCSS": c["fromCSS"], "toCSS": c["toCSS"]} for c in tcases],
        "mixes": [m["css"] for m in mixes],
        "conversions": [c["css"] for c in conversions],
    }
    res = run_browser(chromium, job)
    browser = res["userAgent"]
    version = browser_version(chromium)

    # ---- transforms.json --------------------------------------------------
    transforms_doc, max_dev = transforms_document(
        tcases, res["transforms"], browser, version,
        "results: getComputedStyle(el).transform parsed into 16 numbers in matrix3d() "
        "(column-major) order, null for 'none'; Chromium serializes 6 significant "
        "digits. resultsTypedOM: same computed value read through "
        "el.computedStyleMap().get('transform').toMatrix().toFloat64Array() (double "
        "precision for the linear part; translation entries are float32-rounded by "
        "Chromium).")
    out_cases = transforms_doc["cases"]
    dump(os.path.join(args.out, "transforms.json"), transforms_doc)

    # ---- colors.json -------------------------------------------------------
    out_mixes = []
    for m, s in zip(mixes, res["mixes"]):
        if s == "INVALID":
            raise RuntimeError("browser rejected %s" % m["css"])
        rec = {k: m[k] for k in ("a", "b", "aComponents", "aAlpha", "bComponents", "bAlpha",
                                 "space", "p", "css")}
        rec["serialized"] = s
        rec["result"] = parse_color(s)
        out_mixes.append(rec)
    out_conv = []
    for c, r in zip(conversions, res["conversions"]):
        for k, s in r.items():
            if s == "INVALID":
                raise RuntimeError("browser rejected %s" % c["css"][k])
        out_conv.append({
            "input": c["input"],
            "oklab": parse_color(r["oklab"]),
            "srgbLinear": parse_color(r["srgbLinear"]),
            "srgb": parse_color(r["srgb"]),
            "serialized": r,
        })
    dump(os.path.join(args.out, "colors.json"), {
        "browser": browser,
        "browserVersion": version,
        "note": ("Inputs are rgb(r g b / alpha) with integer r,g,b in 0..255; aComponents/"
                 "bComponents are r/255 etc. Each mix is color-mix(in SPACE, A (1-p)*100%, "
                 "B p*100%) read back via getComputedStyle(el).color; Chromium serializes 6 "
                 "significant digits. 'none' components would be null. Conversions are "
                 "color-mix(in SPACE, A, A)."),
        "mixes": out_mixes,
        "conversions": out_conv,
    })

    print("browser: %s (%s)" % (browser, version))
    print("transform cases: %d x %d fractions; colour mixes: %d; conversions: %d"
          % (len(out_cases), len(FRACTIONS), len(out_mixes), len(out_conv)))
    print("max relative deviation string vs typed OM: %.3g" % max_dev)
    print("wrote %s" % os.path.join(args.out, "transforms.json"))
    print("wrote %s" % os.path.join(args.out, "colors.json"))


if __name__ == "__main__":
    main()
