#!/usr/bin/env bash
# The fast tier: every suite not tagged `.process` (starts the waterfall binary), `.browser`
# (drives Chromium, Firefox, WebKit, librsvg or poppler) or `.slow` (the tags are in
# Tests/WaterfallTestSupport/Tags.swift). Under 2 minutes warm on a 2-core machine; the test
# command, scripts/test.sh, still runs everything.
#
# Swift 6.3's `swift test` cannot select tests by tag (`--skip tag:NAME` comes with a later
# toolchain), so the suites that carry those tags are read from the sources and skipped by name.
# Extra arguments go to `swift test` (`--filter WaterfallLayoutTests`, say).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t suites < <(python3 - <<'PY'
import pathlib, re
pattern = re.compile(r"@Suite\(([^\n]*?)\)\s+(?:final class|struct|enum|class)\s+(\w+)")
for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
    for arguments, name in pattern.findall(path.read_text(encoding="utf-8")):
        if re.search(r"\.tags\([^)]*\.(process|browser|slow)\b", arguments):
            print(name)
PY
)
skips=()
for suite in "${suites[@]}"; do skips+=(--skip "\\.${suite}(/|$)"); done
# `swift test` builds what it runs. A separate `swift build --build-tests` first would plan the
# build differently from `swift test`, and the next run of either compiles Hummingbird again
# (20 to 30 s on 2 cores).
swift test "${skips[@]}" "$@"
