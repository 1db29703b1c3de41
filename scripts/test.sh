#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite.
#
# Each step says how long it took (on standard error), so a slow one shows; CONTRIBUTING.md has
# the figures and the fast tier.
set -euo pipefail
cd "$(dirname "$0")/.."
step() {
  local name=$1 start=$SECONDS status=0
  shift
  # The command's status is the step's: under `||` (the tests, below) `set -e` does not stop a
  # function, and the echo after it would otherwise make a failing step pass.
  "$@" || status=$?
  echo "test.sh: $name took $((SECONDS - start)) s" >&2
  return "$status"
}
# A step that needs no build lock runs beside the tests, which leave part of two cores idle while
# they wait on browsers and servers: its output is kept in .build/test-steps/NAME.log and shown
# when it ends; `finish` waits for every one and fails when any failed.
steps=.build/test-steps
background=()
beside() {
  local name=$1
  shift
  mkdir -p "$steps"
  (
    start=$SECONDS
    status=0
    "$@" >"$steps/$name.log" 2>&1 || status=$?
    echo "test.sh: $name took $((SECONDS - start)) s (beside the tests), exit status $status" >>"$steps/$name.log"
    exit "$status"
  ) &
  background+=("$name:$!")
}
finish() {
  local failed=0 entry
  for entry in "${background[@]}"; do
    if ! wait "${entry#*:}"; then failed=1; fi
    cat "$steps/${entry%%:*}.log" >&2
  done
  return "$failed"
}
work=.build/test-build
mkdir -p "$steps"
# Three things run beside the steps that need them, each waited for by a step of its own:
# - the dependencies are resolved and checked out (about 20 s, mostly one core, on a fresh clone)
#   while the build's packages are installed; the build waits;
# - the three checks below run while the build loads the manifests and plans (on one core, about
#   half a minute); a check that fails says so at once, and the command fails after the build;
# - the tests' packages (browsers, viewers, Python's) are installed while the build compiles; the
#   tests wait. On a fresh machine the steps before the tests went from 4 min 25 s to 3 min 30 s:
#   the build's group took 22 s (62 s for both), and the rest ended within the build.
swift package --scratch-path "$work" resolve >"$steps/resolve.log" 2>&1 &
resolving=$!
awaited() {
  local pid=$1 log=$2 status=0
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] || cat "$log" >&2
  return "$status"
}
step setup bash scripts/setup.sh build
bash scripts/setup.sh tests >"$steps/setup-tests.log" 2>&1 &
installing=$!
checks() {
  # Formatting is enforced, not suggested.
  step format swift format lint --strict --parallel -r Sources Tests Package.swift &&
    # One home per utility (CONTRIBUTING.md): a second lock type, worker pool or encoder setting fails here.
    step one-home python3 scripts/one-home-check.py &&
    # Each product builds only what it uses (CONTRIBUTING.md, "Build closures"): a snapshot strategy
    # that reaches a server or an HTTP client, or a stale table, fails here.
    step closures python3 scripts/build-closures.py --check
}
(
  status=0
  checks >"$steps/checks.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    echo "test.sh: a check failed; the build goes on, and the command fails when it ends:" >&2
    cat "$steps/checks.log" >&2
  fi
  exit "$status"
) &
checking=$!
step resolve awaited "$resolving" "$steps/resolve.log"
# The build the tests run: unoptimized, with assertions and `@testable import`, as `swift build`'s
# debug build, but in SwiftPM's release configuration, so without `DEBUG` defined. In a debug
# build swift-argument-parser checks the whole command's definition at every parse (`#if DEBUG`),
# a tenth of a second of every `waterfall` start and every command run in process; without it the
# test run takes about a fifth less CPU (CONTRIBUTING.md, "Tiers and where the time goes"). Each
# module is compiled whole (one parse of its files, one job writing its swiftmodule), and the C code is
# optimized. `scripts/test-fast.sh` and `swift test` keep the debug build, and its checks. The
# build has a folder of its own, so `swift build -c release` (the binary people install) and this
# one never rebuild each other's. The compiler writes each module's symbol graph as it builds it,
# for the DocC step.
slowest=1500
graphs=$work/symbol-graphs
build=(
  --scratch-path "$work" --configuration release -Xswiftc -Onone -Xswiftc -enable-testing
  -Xswiftc -no-emit-module-separately-wmo
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
  -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=$slowest
)
mkdir -p "$graphs" "$steps"
# One build of the tools and every suite: building the tests in a second step would plan,
# compile and link again. An expression of our own whose type takes the compiler more than
# $slowest ms to check fails the step: one untyped list of cases once took 20 s, twice, a tenth of
# the whole build (CONTRIBUTING.md, "The test build").
build_and_check() {
  local log=$steps/build.log status=0 slow
  swift build "${build[@]}" --build-tests 2>&1 | tee "$log" || status=$?
  slow=$(grep -E "^$PWD/(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning: expression took [0-9]+ms to type-check" "$log" |
    sort -u) || true
  if [ -n "$slow" ]; then
    echo "test.sh: these expressions take over $slowest ms to type-check; give their values types:" >&2
    echo "$slow" >&2
    status=1
  fi
  return "$status"
}
status=0
step build build_and_check || status=$?
# The checks' lines (their times), or nothing more when one failed: it has said so already.
if wait "$checking"; then cat "$steps/checks.log" >&2; else status=1; fi
[ "$status" -eq 0 ] || exit "$status"
bin=$(swift build "${build[@]}" --show-bin-path)
# The tests' temporary files go to a folder of their own on a memory file system when the machine
# has one with room (/dev/shm, 4 GB free or more), removed when the command ends. The tests make
# and delete tens of thousands of files; on ext4, finding a free inode for each skips the recently
# deleted ones, about 20 CPU seconds of a run in the kernel (perf), and a run took 43 CPU s less
# this way (538 against 581, one after the other). Anything the tests leave there is named first.
if [ -d /dev/shm ] && [ -w /dev/shm ] &&
  [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')" -ge 4000000 ] 2>/dev/null; then
  temporary=$(mktemp -d /dev/shm/waterfall-tests.XXXXXX)
  left() {
    local entries
    entries=$(ls -A "$temporary" 2>/dev/null | head -20 | tr '\n' ' ') || true
    [ -z "$entries" ] || echo "test.sh: the tests left these in their temporary folder: $entries" >&2
    rm -rf "$temporary"
  }
  trap left EXIT
  export TMPDIR=$temporary
fi
# The documentation: a DocC catalog per library module, with warnings as errors, from the symbol
# graphs the build wrote.
beside docs bash scripts/docs.sh catalogs "$graphs"
# Dogfood: the rendered examples in Output/ are the baselines; any picture that changes fails here
# until it is re-recorded on purpose (swift run waterfall check Examples/*.yaml --baselines Output --record).
beside dogfood "$bin/waterfall" check Examples/*.yaml --baselines Output --report .build/check-report
# The benchmark's short mode: every group on its smallest workload, so a broken figure fails
# here; the figures themselves are read from an optimized release build (docs/PERFORMANCE.md).
beside benchmark "$bin/waterfall-benchmark" --short --json .build/benchmark.json
# Every suite, from the bundle the build linked, run as `swift test` runs it: XCTest's tests, then
# Swift Testing's. `swift test --skip-build` would first load and compile every package's manifest
# again (11 s after a `swift build`, before any test starts).
# What a failing snapshot writes (swift-snapshot-testing's artifacts, and the PNG strategy's
# reference, actual and difference) goes under .build/, not the system's temporary folder: the
# snapshot suites' known issues write some at every run.
tests() {
  local bundle="$bin/WaterfallPackageTests.xctest"
  export SNAPSHOT_ARTIFACTS=${SNAPSHOT_ARTIFACTS:-$PWD/.build/snapshot-artifacts}
  "$bundle" && "$bundle" --testing-library swift-testing
}
step setup-tests awaited "$installing" "$steps/setup-tests.log" || status=$?
[ "$status" -ne 0 ] || step tests tests || status=$?
finish || status=1
exit "$status"
