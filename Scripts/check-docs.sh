#!/usr/bin/env bash
# Builds the DocC catalog of every library module with warnings as errors, so that broken
# symbol links and misspelled doc references fail CI. Uses the toolchain's own `docc`.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for module in FlightEasing FlightCore; do
    mkdir -p "$work/$module-symbols"
    swift build --target "$module" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$work/$module-symbols" >/dev/null
    docc convert "Sources/$module/Documentation.docc" \
        --additional-symbol-graph-dir "$work/$module-symbols" \
        --fallback-display-name "$module" --fallback-bundle-identifier "dev.flight.$module" \
        --output-dir "$work/$module.doccarchive" --warnings-as-errors
    echo "docs: $module OK"
done
