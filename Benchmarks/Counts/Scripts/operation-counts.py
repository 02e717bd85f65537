#!/usr/bin/env python3
"""Counts the instructions and allocations of Flight's hot operations, one at a time.

Runs the OperationCounts probe (built in release) under callgrind for each operation, collecting
only the repetitions it measures (its set-up and warm-up are not counted), and prints the
instructions and allocations per operation. Instruction counts do not depend on how busy the
machine is, unlike times. Needs valgrind; without it, run the probe itself for wall times.

Each operation runs twice, with the given repetitions and with twice as many, and the figures are
the difference divided by the repetitions: what one more operation costs once everything has
settled. A short run alone over-counts: under callgrind the first measured calls record a few
hundred allocations that a native run does not make (a malloc interposer counts 13 per cached
`animate` from its first measured call, the short run under callgrind 42), and one-time costs
such as a cache's first growth fall on them too.

    cd Benchmarks/Counts
    swift build -c release --product OperationCounts
    Scripts/operation-counts.py [--repetitions 20] [--only NAME,NAME] [--top 10] [--binary PATH]

Allocations are the calls made to malloc, calloc, realloc, posix_memalign and aligned_alloc
while the measured repetitions run. The probe runs with SWIFT_DETERMINISTIC_HASHING set, so that
look-ups by key path collide alike from run to run.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from callgrind_counts import parse, print_top

MEASURED = "*OperationCounts8measured*"  # measured(_:)


def counted(binary, name, repetitions, environment):
    """Instructions, allocations, inclusive costs and notes of `repetitions` measured calls."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--compress-strings=no",
             "--collect-atstart=no", f"--toggle-collect={MEASURED}", binary, name, str(repetitions)],
            env=environment, check=True, capture_output=True, text=True)
        total, allocations, inclusive = parse(out)
    notes = [line[len("note: "):] for line in run.stdout.splitlines() if line.startswith("note: ")]
    return total, allocations, inclusive, notes


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(here, "..", ".build", "release", "OperationCounts"))
    parser.add_argument("--repetitions", type=int, default=20, help="measured calls per operation (default 20)")
    parser.add_argument("--only", default="", help="comma-separated operation names (default: all)")
    parser.add_argument("--top", type=int, default=0, help="list the N costliest functions (inclusive)")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"no probe at {args.binary}: swift build -c release --product OperationCounts")
    listing = subprocess.run([args.binary, "--list"], capture_output=True, text=True, check=True).stdout
    operations = [line.split("\t") for line in listing.splitlines() if line]
    wanted = set(filter(None, args.only.split(",")))
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    print(f"{'operation':<24} {'instructions':>14} {'allocations':>12}  (per operation)")
    for name, per_call, summary in operations:
        if wanted and name not in wanted:
            continue
        runs = [counted(args.binary, name, repetitions, environment)
                for repetitions in (args.repetitions, 2 * args.repetitions)]
        (short_total, short_allocations, short_inclusive, notes), (total, allocations, inclusive, _) = runs
        if short_total == 0 or total == 0:
            sys.exit(f"callgrind collected nothing for {name} (was measured(_:) inlined?)")
        total -= short_total
        allocations -= short_allocations
        inclusive.subtract(short_inclusive)
        count = args.repetitions * int(per_call)
        print(f"{name:<24} {total / count:>14,.0f} {allocations / count:>12,.2f}  {summary}")
        for note in notes:
            print(f"{'':<24} {note}")
        if args.top:
            print_top(inclusive, count, args.top)


if __name__ == "__main__":
    main()
