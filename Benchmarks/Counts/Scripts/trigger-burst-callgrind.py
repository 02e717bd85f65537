#!/usr/bin/env python3
"""Counts the instructions and allocations of one frame that fires a burst of triggers.

Runs the TriggerBurstCount probe (built in release) under callgrind, collecting only the
measured frame (`TriggerBurst.fire()`), and prints the totals and the figures per trigger.
Instruction counts do not depend on how busy the machine is, unlike times.

    cd Benchmarks/Counts
    swift build -c release --product TriggerBurstCount
    Scripts/trigger-burst-callgrind.py [--count 1000] [--binary PATH] [--top 25]

(`--binary` names the probe when it was built with another `--scratch-path`.)

Allocations are the calls made to malloc, calloc, realloc, posix_memalign and aligned_alloc
while the frame runs. The probe runs with SWIFT_DETERMINISTIC_HASHING set: with a seed drawn
at random for each run, look-ups by key path and in the keyframe cache collide differently from
run to run, and the count per trigger varies by about 1 k; with a fixed seed it is the same
every time (pass --random-seeds to draw one). `--top N` also lists the N functions with the most instructions
(inclusive), to see where they go.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from callgrind_counts import parse, print_top

MEASURED = "*TriggerBurstAAC4fireyyF"  # TriggerBurst.fire()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1000, help="triggers in the burst (default 1000)")
    parser.add_argument("--binary", default=os.path.join(here, "..", ".build", "release", "TriggerBurstCount"))
    parser.add_argument("--moments", default="progress,completion")
    parser.add_argument("--top", type=int, default=0, help="list the N costliest functions (inclusive)")
    parser.add_argument("--warm-followers", action="store_true",
                        help="followers have animated before: count what each started group needs")
    parser.add_argument("--varied-targets", action="store_true",
                        help="each fade has a target of its own: a few dozen keyframe fits are made")
    parser.add_argument("--random-seeds", action="store_true",
                        help="hash with a seed drawn at random, as apps do (counts vary by about 1 k per trigger)")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"no probe at {args.binary}: swift build -c release --product TriggerBurstCount")
    environment = dict(os.environ)
    if not args.random_seeds:
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    for moment in args.moments.split(","):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "callgrind.out")
            # Dumps before and after the measured frame split the run in three parts; the one
            # dumped after the frame holds the frame alone, its instructions and its calls.
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--compress-strings=no",
                 f"--dump-before={MEASURED}", f"--dump-after={MEASURED}", args.binary, str(args.count), moment]
                + (["--warm-followers"] if args.warm_followers else [])
                + (["--varied-targets"] if args.varied_targets else []),
                env=environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            frame = None
            for name in os.listdir(folder):
                with open(os.path.join(folder, name)) as file:
                    if any(line.startswith("desc: Trigger: --dump-after") for line in file):
                        frame = os.path.join(folder, name)
            if frame is None:
                sys.exit("callgrind did not see the measured frame (was TriggerBurst.fire() inlined?)")
            total, allocations, inclusive = parse(frame)
        variant = ", ".join(name for name, on in [("warm followers", args.warm_followers),
                                                  ("varied targets", args.varied_targets)] if on)
        warm = f" ({variant})" if variant else ""
        print(f"{args.count} {moment} triggers in one frame{warm}: {total:,} instructions, {allocations:,} allocations"
              f" = {total / args.count:,.0f} instructions and {allocations / args.count:.2f} allocations per trigger")
        if args.top:
            print_top(inclusive, args.count, args.top)


if __name__ == "__main__":
    main()
