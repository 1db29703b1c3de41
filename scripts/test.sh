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
step setup bash scripts/setup.sh
# Formatting is enforced, not suggested.
step format swift format lint --strict -r Sources Tests Package.swift
# One home per utility (CONTRIBUTING.md): a second lock type, worker pool or encoder setting fails here.
step one-home python3 scripts/one-home-check.py
# Each product builds only what it uses (CONTRIBUTING.md, "Build closures"): a snapshot strategy that
# reaches a server or an HTTP client, or a stale table, fails here.
step closures python3 scripts/build-closures.py --check
# One build of the tools and every suite: building the tests in a second step would plan,
# compile and link again.
step build swift build --build-tests
# The documentation: a DocC catalog per library module, with warnings as errors. The symbol graphs
# come from the build (its lock held); the catalogs are built beside the tests.
step symbols bash scripts/docs.sh symbols
beside docs bash scripts/docs.sh catalogs
# Dogfood: the rendered examples in Output/ are the baselines; any picture that changes fails here
# until it is re-recorded on purpose (swift run waterfall check Examples/*.yaml --baselines Output --record).
beside dogfood "$(swift build --show-bin-path)/waterfall" check Examples/*.yaml --baselines Output \
  --report .build/check-report
# The benchmark's short mode: every group on its smallest workload, so a broken figure fails
# here; the figures themselves are read from a release build (docs/PERFORMANCE.md).
beside benchmark "$(swift build --show-bin-path)/waterfall-benchmark" --short --json .build/benchmark.json
status=0
step tests swift test --skip-build || status=$?
finish || status=1
exit "$status"
