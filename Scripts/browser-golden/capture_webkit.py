#!/usr/bin/env python3
"""Capture the transform golden values with a second engine: WebKitGTK.

Runs exactly the transform cases of capture.py (same case list, same order, same
fractions, same HTML page -- everything is imported from capture.py, nothing is
redefined here) in a WebKit2GTK WebView and writes

    Tests/FlightCoreTests/Golden/transforms-webkit.json

with the same schema as transforms.json.  Colours are not captured.

Requirements (Debian 12)
------------------------
  apt-get update
  apt-get install gir1.2-webkit2-4.1 python3-gi xvfb python3-numpy

  * gir1.2-webkit2-4.1 + python3-gi: WebKit2GTK (2.50.x) and its Python bindings.
    python3-gi installs into the *system* Python (/usr/bin/python3), which may not
    be the python3 first on PATH (e.g. a pyenv build).
  * xvfb: WebKitGTK needs an X display; the driver is started under
    `xvfb-run -a` unless --no-xvfb is given (then $DISPLAY must be usable).
  * numpy: for the case generation in capture.py, in whichever python runs this
    script (python3-numpy for /usr/bin/python3, or pip install numpy).

Usage (from the repository root)
--------------------------------
  python3 Scripts/browser-golden/capture_webkit.py
  # options: --gi-python /usr/bin/python3   python with python3-gi (default)
  #          --no-xvfb                      use the current $DISPLAY
  #          --out some/dir                 output directory

How it works
------------
The script (any python3 with numpy) builds the cases and the page with
capture.py's functions, writes the page to a temporary directory and starts
itself in "driver" mode as

  xvfb-run -a /usr/bin/python3 capture_webkit.py --driver page.html result.json

The driver needs only python3-gi (no numpy): it puts a WebKit2.WebView in a
Gtk.OffscreenWindow, loads file:///.../page.html, waits for
WebKit2.LoadEvent.FINISHED (the page's inline script has run synchronously by
then), reads <pre id="out"> back with WebView.evaluate_javascript() and writes
that JSON string, plus the WebKitGTK version, to result.json.  The parent then
parses the serialized strings with capture.py's transforms_document() -- the
same code that writes transforms.json -- and writes transforms-webkit.json.
A run takes a few seconds and is deterministic for a given WebKitGTK.

Precision: WebKit serializes computed transform entries as fixed-point numbers
with at most 6 digits after the decimal point (trailing zeros dropped; no
exponent), so e.g. -0.00336127 becomes "-0.003361" and 162.0727738 becomes
"162.072774" -- unlike Chromium's 6 significant digits.  WebKit also supports
el.computedStyleMap(); its toMatrix() values are stored in resultsTypedOM exactly
as for Chromium (checked against the strings to 1e-5) and are full doubles,
translation included.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


# --------------------------------------------------------------------------
# Driver (runs under the system python with python3-gi; no numpy needed)
# --------------------------------------------------------------------------

def driver(page, result_path, timeout_s=120):
    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    from gi.repository import GLib, Gtk, WebKit2

    state = {}

    win = Gtk.OffscreenWindow()
    view = WebKit2.WebView()
    win.add(view)
    win.set_default_size(800, 600)
    win.show_all()

    def finished(obj, result, *unused):
        try:
            value = view.evaluate_javascript_finish(result)
            state["out"] = value.to_string()
        except Exception as exc:  # GLib.Error from a JS exception
            state["error"] = "evaluate_javascript failed: %s" % exc
        Gtk.main_quit()

    def load_changed(v, event):
        if event == WebKit2.LoadEvent.FINISHED:
            view.evaluate_javascript('document.getElementById("out").textContent',
                                     -1, None, None, None, finished, None)

    def load_failed(v, event, uri, error):
        state["error"] = "load failed for %s: %s" % (uri, error)
        Gtk.main_quit()
        return True

    def timed_out():
        state["error"] = "timed out after %d s" % timeout_s
        Gtk.main_quit()
        return False

    view.connect("load-changed", load_changed)
    view.connect("load-failed", load_failed)
    GLib.timeout_add_seconds(timeout_s, timed_out)
    view.load_uri("file://" + os.path.abspath(page))
    Gtk.main()

    if "error" in state:
        sys.exit("WebKit driver: " + state["error"])
    if not state.get("out"):
        sys.exit("WebKit driver: the page wrote no result into <pre id=\"out\">")
    with open(result_path, "w", encoding="utf-8") as fh:
        json.dump({
            "webkitVersion": "%d.%d.%d" % (WebKit2.get_major_version(),
                                           WebKit2.get_minor_version(),
                                           WebKit2.get_micro_version()),
            "page": json.loads(state["out"]),
        }, fh)


# --------------------------------------------------------------------------
# Main (any python3 with numpy)
# --------------------------------------------------------------------------

def run_webkit(job, gi_python, use_xvfb):
    import capture
    tmp = tempfile.mkdtemp(prefix="flight-golden-webkit-")
    try:
        page = os.path.join(tmp, "page.html")
        with open(page, "w", encoding="utf-8") as fh:
            fh.write(capture.PAGE.replace("__JOB__", json.dumps(job)))
        result = os.path.join(tmp, "result.json")
        cmd = [gi_python, os.path.abspath(__file__), "--driver", page, result]
        if use_xvfb:
            if not shutil.which("xvfb-run"):
                sys.exit("xvfb-run not found; apt-get install xvfb (or pass --no-xvfb)")
            cmd = ["xvfb-run", "-a"] + cmd
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=300)
        if proc.returncode != 0 or not os.path.exists(result):
            sys.stderr.write(proc.stdout.decode("utf-8", "replace")[-2000:])
            sys.stderr.write(proc.stderr.decode("utf-8", "replace")[-4000:])
            sys.exit("WebKit driver failed (exit %d); is gir1.2-webkit2-4.1 installed "
                     "for %s?" % (proc.returncode, gi_python))
        with open(result, encoding="utf-8") as fh:
            return json.load(fh)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", nargs=2, metavar=("PAGE", "RESULT"),
                    help=argparse.SUPPRESS)
    ap.add_argument("--gi-python", default="/usr/bin/python3",
                    help="python interpreter that has python3-gi (default /usr/bin/python3)")
    ap.add_argument("--no-xvfb", action="store_true",
                    help="do not wrap the driver in xvfb-run -a; use $DISPLAY")
    ap.add_argument("--out", default=None, help="output directory")
    args = ap.parse_args()

    if args.driver:
        driver(*args.driver)
        return

    sys.dont_write_bytecode = True  # keep Scripts/browser-golden free of __pycache__
    sys.path.insert(0, HERE)
    import capture

    out_dir = args.out or capture.OUT_DIR
    tcases = capture.transform_cases()
    job = {
        "times": [int(round(f * 1000)) for f in capture.FRACTIONS],
        "transforms": [{"fromCSS": c["fromCSS"], "toCSS": c["toCSS"]} for c in tcases],
        "mixes": [],
        "conversions": [],
    }
    res = run_webkit(job, args.gi_python, not args.no_xvfb)
    page = res["page"]
    browser = page["userAgent"]
    version = "WebKitGTK %s" % res["webkitVersion"]

    doc, max_dev = capture.transforms_document(
        tcases, page["transforms"], browser, version,
        "results: getComputedStyle(el).transform in WebKitGTK parsed into 16 numbers in "
        "matrix3d() (column-major) order, null for 'none'; WebKit serializes fixed-point "
        "numbers with at most 6 digits after the decimal point. resultsTypedOM: same "
        "computed value read through "
        "el.computedStyleMap().get('transform').toMatrix().toFloat64Array() (full double "
        "precision, translation included). Same cases, "
        "order and fractions as transforms.json (Chromium); see "
        "Scripts/browser-golden/capture_webkit.py.")
    path = os.path.join(out_dir, "transforms-webkit.json")
    capture.dump(path, doc)

    print("browser: %s (%s)" % (browser, version))
    print("transform cases: %d x %d fractions" % (len(doc["cases"]), len(capture.FRACTIONS)))
    print("max relative deviation string vs typed OM: %.3g" % max_dev)
    print("wrote %s" % path)


if __name__ == "__main__":
    main()
