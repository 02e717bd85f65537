"""Reading callgrind's output: instructions, allocations, and the costliest functions.

Shared by trigger-burst-callgrind.py and operation-counts.py.
"""

import collections
import subprocess

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}


def is_allocator(name):
    return name.split("@")[0].split("'")[0] in ALLOCATORS or name.startswith("_mid_memalign")


def parse(path):
    """Total instructions, allocations, and inclusive instructions per function of one dump."""
    total = 0
    allocations = 0
    inclusive = collections.Counter()
    self_cost = collections.Counter()
    function = callee = None
    pending_call = None  # (callee, count) waiting for its cost line
    with open(path) as file:
        for line in file:
            line = line.rstrip("\n")
            if line.startswith("fn="):
                function = line[3:]
                continue
            if line.startswith("cfn="):
                callee = line[4:]
                continue
            if line.startswith("calls="):
                pending_call = (callee, int(line[6:].split()[0]))
                continue
            if line.startswith("totals:") or line.startswith("summary:"):
                total = max(total, int(line.split()[1]))
                continue
            if line and (line[0].isdigit() or line[0] in "+-*"):
                parts = line.split()
                cost = int(parts[1]) if len(parts) > 1 else 0
                if pending_call:
                    callee, count = pending_call
                    pending_call = None
                    # An aligned allocation that goes on to malloc is one allocation, not two.
                    if is_allocator(callee) and not is_allocator(function):
                        allocations += count
                    if callee != function:
                        inclusive[callee] += cost
                else:
                    self_cost[function] += cost
    # Inclusive = self + calls out (recursive calls over-count; fine for a ranking).
    for name, cost in self_cost.items():
        inclusive[name] += cost
    return total, allocations, inclusive


def print_top(inclusive, per, top):
    """The `top` functions with the most instructions (inclusive), per `per` operations."""
    names = demangled([function for function, _ in inclusive.most_common(top)])
    for function, cost in inclusive.most_common(top):
        print(f"  {cost / per:>12,.0f}  {names.get(function, function)[:150]}")


def demangled(names):
    """The simplified Swift names of `names` (the names themselves where swift demangle fails)."""
    try:
        result = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                                capture_output=True, text=True, check=True)
        return dict(zip(names, result.stdout.splitlines()))
    except (OSError, subprocess.CalledProcessError):
        return {}
