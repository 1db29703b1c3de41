#!/usr/bin/env bash
# The documentation: each library module's DocC catalog (Sources/*/Documentation.docc) built with
# warnings as errors, so a broken symbol link or an undocumented parameter fails the test command.
#
# One `swift package dump-symbol-graph` extracts every module's symbols from the build that is
# already there, and the toolchain's `docc convert` builds the catalogs two at a time: what
# swift-docc-plugin's `generate-documentation --warnings-as-errors` does, in about a quarter of
# its time, with no plugin for a package that depends on this one to resolve. Archives go to
# .build/docs/MODULE.doccarchive.
#
#   bash scripts/docs.sh            both steps
#   bash scripts/docs.sh symbols    only the symbol graphs (this step takes the build folder's lock)
#   bash scripts/docs.sh catalogs   only the catalogs, from graphs already extracted
#   bash scripts/docs.sh catalogs FOLDER
#                                   the catalogs from the graphs the compiler wrote while building
#                                   (`-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir
#                                   -Xswiftc FOLDER`, as the test command builds): no dump, no lock,
#                                   so the test command runs this beside `swift test`
set -euo pipefail
phase=${1:-all}
emitted=${2:-}
case "$phase" in
  all | symbols | catalogs) ;;
  *) echo "docs.sh: unknown step '$phase' (all, symbols or catalogs)" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
modules=(
  WaterfallLayout WaterfallCore WaterfallSpec WaterfallRender WaterfallCairo WaterfallFetch WaterfallPipeline
  WaterfallDiff WaterfallAudit WaterfallBatch WaterfallReview WaterfallPages WaterfallSnapshotTesting WaterfallMotion
  WaterfallServe
)
work=".build/docs"
# Each module's graphs from the folder $1 into $work/graphs/MODULE.
collect() {
  rm -rf "$work"
  mkdir -p "$work"
  for module in "${modules[@]}"; do
    mkdir -p "$work/graphs/$module"
    [[ -f $1/$module.symbols.json ]] || { echo "docs: no symbol graph of $module in $1" >&2; exit 1; }
    # The module's own symbols and its extensions of other modules' types (MODULE@OTHER).
    cp "$1/$module.symbols.json" "$work/graphs/$module/"
    find "$1" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$work/graphs/$module/" \;
  done
}
if [[ $phase != catalogs ]]; then
  swift package dump-symbol-graph --minimum-access-level public >.build/dump-symbol-graph.log 2>&1 \
    || { cat .build/dump-symbol-graph.log >&2; exit 1; }
  collect "$(dirname "$(swift build --show-bin-path)")/symbolgraph"
elif [[ -n $emitted ]]; then
  collect "$emitted"
fi
[[ $phase == symbols ]] && { echo "docs: symbol graphs of ${#modules[@]} modules in $work/graphs/"; exit 0; }
[[ -d $work/graphs ]] || { echo "docs: no symbol graphs in $work/graphs; run bash scripts/docs.sh symbols" >&2; exit 2; }
rm -rf "$work"/*.doccarchive "$work"/*.log
printf '%s\n' "${modules[@]}" | xargs -P 2 -I {} sh -c '
  docc convert "Sources/{}/Documentation.docc" --additional-symbol-graph-dir ".build/docs/graphs/{}" \
    --fallback-display-name "{}" --fallback-bundle-identifier "{}" \
    --output-path ".build/docs/{}.doccarchive" --warnings-as-errors >".build/docs/{}.log" 2>&1 \
    || { cat ".build/docs/{}.log" >&2; echo "docs: {} has documentation warnings (above)" >&2; exit 255; }'
echo "docs: ${#modules[@]} catalogs built without warnings into $work/"
