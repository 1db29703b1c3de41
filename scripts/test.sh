#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite.
#
# Each step says how long it took (on standard error), so a slow one shows; CONTRIBUTING.md has
# the figures and the fast tier.
set -euo pipefail
cd "$(dirname "$0")/.."
step() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "test.sh: $name took $((SECONDS - start)) s" >&2
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
# The documentation: a DocC catalog per library module, with warnings as errors.
step docs bash scripts/docs.sh
# Dogfood: the rendered examples in Output/ are the baselines; any picture that changes fails here
# until it is re-recorded on purpose (swift run waterfall check Examples/*.yaml --baselines Output --record).
step dogfood "$(swift build --show-bin-path)/waterfall" check Examples/*.yaml --baselines Output \
  --report .build/check-report
# The benchmark's short mode: every group on its smallest workload, so a broken figure fails
# here; the figures themselves are read from a release build (docs/PERFORMANCE.md).
step benchmark "$(swift build --show-bin-path)/waterfall-benchmark" --short --json .build/benchmark.json
step tests swift test --skip-build
