#!/usr/bin/env bash
# Fuzzes the spec decoder and the layout with libFuzzer for a given number of minutes.
# Usage: bash scripts/fuzz.sh [MINUTES]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-5}"
root="$(pwd)"
work="$root/.build-fuzz"
mkdir -p "$work/package/Sources" "$work/corpus" "$root/Fuzz/crashes"
# A package of its own, so the sanitizer flags touch nothing else; it names this repository by a
# fixed link so the dependency's name does not depend on the clone's folder name.
ln -sfn "$root" "$work/waterfall"
ln -sfn "$root/Fuzz/Sources/WaterfallFuzzer" "$work/package/Sources/WaterfallFuzzer"
cat > "$work/package/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WaterfallFuzz",
    dependencies: [.package(path: "../waterfall")],
    targets: [
        .executableTarget(
            name: "WaterfallFuzzer",
            dependencies: [
                .product(name: "WaterfallSpec", package: "waterfall"),
                .product(name: "WaterfallLayout", package: "waterfall"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    ]
)
SWIFT
swift build -c release --package-path "$work/package" --scratch-path "$work/build" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xlinker --export-dynamic
cp -n "$root"/Examples/*.yaml "$work/corpus/" 2>/dev/null || true
for spec in "$root"/Tests/Corpus/*/spec.*; do
  cp -n "$spec" "$work/corpus/$(basename "$(dirname "$spec")")-$(basename "$spec")" 2>/dev/null || true
done
"$work/build/release/WaterfallFuzzer" "$work/corpus" \
  -max_total_time=$((minutes * 60)) -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
  -artifact_prefix="$root/Fuzz/crashes/"
