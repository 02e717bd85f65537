#!/usr/bin/env python3
"""Checks that FlightCore's folders follow its pipeline.

Each folder of Sources/FlightCore is a stage. A file may refer only to types declared in its own
stage or in stages below it; the portable stages (everything below Hosts) hold no `#if`, so
that platform code lives only in the host adapters. Prints every reference that runs up the
pipeline and exits 1 if there is one. Run from the package root: `Scripts/check-pipeline.py`.
"""
import os
import re
import sys

ROOT = "Sources/FlightCore"

# The stages, bottom first, and the folders (relative to ROOT) that hold them.
STAGES = [
    ("Diagnostics", ["Diagnostics", "Flight.swift"]),
    ("Values", ["Values"]),
    ("Motion", ["Motion"]),
    ("Properties", ["Properties"]),
    ("Frames", ["Frames"]),
    ("Resolve", ["Resolve"]),
    ("Animator", ["Animator"]),
    ("Progress", ["Progress"]),
    ("Hosts", ["Hosts"]),
]
PORTABLE_BELOW = "Hosts"

DECLARATION = re.compile(
    r"^(?:(?:open|public|package|internal|private|fileprivate|final|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z]\w*)",
    re.M,
)


def stage_of(relative):
    for rank, (name, folders) in enumerate(STAGES):
        for folder in folders:
            if relative == folder or relative.startswith(folder + "/"):
                return rank, name
    return None


def code_only(source):
    """The source without comments and string literals."""
    source = re.sub(r'"""(?:.|\n)*?"""', '""', source)
    source = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', source)
    source = re.sub(r"/\*(?:.|\n)*?\*/", "", source)
    return re.sub(r"//[^\n]*", "", source)


def main():
    files = {}
    problems = []
    for directory, _, names in os.walk(ROOT):
        for name in names:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, ROOT)
            stage = stage_of(relative)
            if stage is None:
                problems.append(f"{relative}: in no stage (add its folder to STAGES)")
                continue
            with open(path, encoding="utf-8") as handle:
                files[relative] = (stage, code_only(handle.read()))
    # Where each top-level type is declared.
    declared = {}
    for relative, (stage, code) in files.items():
        for match in DECLARATION.finditer(code):
            declared[match.group(1)] = (stage, relative)
    portable_limit = next(rank for rank, (name, _) in enumerate(STAGES) if name == PORTABLE_BELOW)
    for relative, ((rank, name), code) in sorted(files.items()):
        if rank < portable_limit and re.search(r"^\s*#if\b", code, re.M):
            problems.append(f"{relative}: `#if` in the portable stage {name} (platform code belongs in Hosts)")
        for symbol in sorted(set(re.findall(r"\b([A-Z]\w*)\b", code))):
            if symbol in declared:
                (other_rank, other_name), where = declared[symbol]
                if other_rank > rank:
                    problems.append(f"{relative} ({name}) refers to {symbol}, declared in {where} ({other_name})")
    for problem in problems:
        print(problem)
    print(f"pipeline: {len(files)} files in {len(STAGES)} stages, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
