#!/usr/bin/env bash
# The documentation: each library module's DocC catalog (Sources/*/Documentation.docc) built with
# warnings as errors, so a broken symbol link or an undocumented parameter fails the test command.
#
# One `swift package dump-symbol-graph` extracts every module's symbols from the build that is
# already there, and the toolchain's `docc convert` builds the catalogs two at a time: what
# swift-docc-plugin's `generate-documentation --warnings-as-errors` does, in about a quarter of
# its time, with no plugin for a package that depends on this one to resolve. Archives go to
# .build/docs/MODULE.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(
  WaterfallLayout WaterfallCore WaterfallSpec WaterfallRender WaterfallCairo WaterfallFetch WaterfallPipeline
  WaterfallDiff WaterfallAudit WaterfallBatch WaterfallReview WaterfallPages WaterfallSnapshotTesting WaterfallMotion
  WaterfallServe
)
swift package dump-symbol-graph --minimum-access-level public >.build/dump-symbol-graph.log 2>&1 \
  || { cat .build/dump-symbol-graph.log >&2; exit 1; }
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
work=".build/docs"
rm -rf "$work"
mkdir -p "$work"
for module in "${modules[@]}"; do
  mkdir -p "$work/graphs/$module"
  # The module's own symbols and its extensions of other modules' types (MODULE@OTHER).
  cp "$graphs/$module.symbols.json" "$work/graphs/$module/"
  find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$work/graphs/$module/" \;
done
printf '%s\n' "${modules[@]}" | xargs -P 2 -I {} sh -c '
  docc convert "Sources/{}/Documentation.docc" --additional-symbol-graph-dir ".build/docs/graphs/{}" \
    --fallback-display-name "{}" --fallback-bundle-identifier "{}" \
    --output-path ".build/docs/{}.doccarchive" --warnings-as-errors >".build/docs/{}.log" 2>&1 \
    || { cat ".build/docs/{}.log" >&2; echo "docs: {} has documentation warnings (above)" >&2; exit 255; }'
echo "docs: ${#modules[@]} catalogs built without warnings into $work/"
