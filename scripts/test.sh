#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Formatting is enforced, not suggested.
swift format lint --strict -r Sources Tests Package.swift
swift build
# Dogfood: the rendered examples in Output/ are the baselines; any picture that changes fails here
# until it is re-recorded on purpose (swift run waterfall check Examples/*.yaml --baselines Output --record).
swift run waterfall check Examples/*.yaml --baselines Output --report .build/check-report
swift test
