#!/usr/bin/env bash
# The fast tier: every suite and test not tagged `.process` (starts the waterfall binary),
# `.browser` (drives Chromium, Firefox or WebKit), `.slow` or `.externalProgram` (starts python3,
# ffmpeg, rsvg-convert, openssl...; the tags are in Tests/WaterfallTestSupport/Tags.swift). Under
# 2 minutes warm on a 2-core machine; the test command, scripts/test.sh, still runs everything.
#
# Swift 6.3's `swift test` cannot select tests by tag (`--skip tag:NAME` comes with a later
# toolchain), so the suites and tests that carry those tags are read from the sources and skipped
# by name (a test by its top-level type and function name).
# Extra arguments go to `swift test` (`--filter WaterfallLayoutTests`, say).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t patterns < <(python3 - <<'PY'
import pathlib, re
tagged = re.compile(r"\.tags\([^)]*\.(process|browser|slow|externalProgram)\b")
suite = re.compile(r"@Suite\(([^\n]*?)\)\s+(?:final class|struct|enum|class)\s+(\w+)")
top = re.compile(r"^(?:@\w+(?:\([^\n]*?\))?\s+)?(?:final class|struct|enum|class|extension)\s+(\w+)", re.M)
test = re.compile(r"@Test\((.*?)\bfunc\s+(\w+)", re.S)
for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
    text = path.read_text(encoding="utf-8")
    for arguments, name in suite.findall(text):
        if tagged.search(arguments):
            print(rf"\.{name}(/|$)")
    for match in test.finditer(text):
        owners = [owner.group(1) for owner in top.finditer(text, 0, match.start())]
        if owners and tagged.search(match.group(1)):
            print(rf"\.{owners[-1]}/(.*/)?{match.group(2)}\(")
PY
)
skips=()
for pattern in "${patterns[@]}"; do skips+=(--skip "$pattern"); done
# `swift test` builds what it runs. A separate `swift build --build-tests` first would plan the
# build differently from `swift test`, and the next run of either compiles Hummingbird again
# (20 to 30 s on 2 cores).
# A failing snapshot's artifacts under .build/, as in test.sh.
export SNAPSHOT_ARTIFACTS=${SNAPSHOT_ARTIFACTS:-$PWD/.build/snapshot-artifacts}
swift test "${skips[@]}" "$@"
