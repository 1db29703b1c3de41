#!/usr/bin/env bash
# The test command: installs what the tests need, then runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Formatting is enforced, not suggested.
swift format lint --strict -r Sources Tests Package.swift
swift build
# The documentation: a DocC catalog per library module (Sources/*/Documentation.docc); a broken
# symbol link or an undocumented parameter fails here.
swift package generate-documentation --warnings-as-errors \
  --target WaterfallLayout --target WaterfallCore --target WaterfallSpec --target WaterfallRender \
  --target WaterfallCairo --target WaterfallFetch --target WaterfallPipeline --target WaterfallDiff \
  --target WaterfallReview --target WaterfallSnapshotTesting --target WaterfallMotion --target WaterfallServe
# Dogfood: the rendered examples in Output/ are the baselines; any picture that changes fails here
# until it is re-recorded on purpose (swift run waterfall check Examples/*.yaml --baselines Output --record).
swift run waterfall check Examples/*.yaml --baselines Output --report .build/check-report
swift test
