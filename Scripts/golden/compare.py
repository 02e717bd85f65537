#!/usr/bin/env python3
"""Compares regenerated golden files with the committed ones.

Usage: compare.py REGENERATED_DIR COMMITTED_DIR

The same files, the same structure, the same strings and integers, and numbers equal to within
1e-10 of their magnitude (at least 1), the accuracy the tests hold Flight to: scipy's ODE
integrator and numpy's vectorised arithmetic differ in their last bits from one CPU to another
(25,610 spring values, by up to 2.4e-12 of their magnitude and 1e-14 of their spring's scale,
between two machines of this project). The named curves, Bézier and decay files match exactly.
Exits 1 on the first difference beyond that, printing where it is.
"""
import json
import os
import sys

TOLERANCE = 1e-10


def compare(a, b, path):
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return f"{path}: keys {sorted(set(a) ^ set(b))} differ"
        for key in a:
            problem = compare(a[key], b[key], f"{path}/{key}")
            if problem:
                return problem
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        for index, (x, y) in enumerate(zip(a, b)):
            problem = compare(x, y, f"{path}[{index}]")
            if problem:
                return problem
        return None
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            if abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b)):
                return None
        return f"{path}: {a!r} against {b!r}"
    return None if a == b else f"{path}: {a!r} against {b!r}"


def main(regenerated, committed):
    names = sorted(os.listdir(regenerated))
    if names != sorted(os.listdir(committed)):
        print(f"golden: files differ: {names} against {sorted(os.listdir(committed))}")
        return 1
    for name in names:
        with open(os.path.join(regenerated, name)) as a, open(os.path.join(committed, name)) as b:
            problem = compare(json.load(a), json.load(b), name)
        if problem:
            print(f"golden: {problem}")
            return 1
    print(f"golden: {len(names)} files match to within {TOLERANCE:g} of their magnitude")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
