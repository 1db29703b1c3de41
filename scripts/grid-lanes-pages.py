#!/usr/bin/env python3
"""The grid-lanes page shows the PNG's picture in Chromium, with and without `display: grid-lanes`.

    python3 scripts/grid-lanes-pages.py [--waterfall .build/debug/waterfall] [--examples GLOB]...
        [--json FILE] [--work DIR]

Renders the example specs as PNG and as the native grid-lanes page (`waterfall render --format
png,svg,html-grid-lanes --appearance both`) and screenshots each page in Debian's Chromium twice:

    fallback  without --enable-experimental-web-platform-features: `display: grid-lanes` is not
              supported, and the page's `@supports not` rules put every element at its frame
    native    with the flag: the browser places the cards; compared only for pages whose sections
              all say `data-placement="gridLanes"` (the browser places others by its own rule)

Each screenshot is compared with the PNG by scripts/cross-viewer-test.py's own code: the top
1,624 points, 8 × 8-pixel blocks, a block differs when a channel of its mean colour differs by
more than 40 levels, and a page passes when at most 0.5 % of its blocks differ. Checks first that
Chromium supports grid-lanes with the flag and not without it. Prints a line a page and "N passed,
N failed"; exits 1 when any failed, 2 when a render failed. `--work DIR` keeps the renders, the
screenshots and, for each failure, the reference, the page and the differing blocks side by side.
"""
import argparse
import concurrent.futures
import importlib.util
import json
import pathlib
import shutil
import sys
import tempfile
import time

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
FLAG = "--enable-experimental-web-platform-features"
# The examples with a feed of their own: 18-feed-clips is drawn as screens, which the page is not.
EXAMPLES = ["08-spans-banners", "10-photo-feed", "14-emoji-feed", "15-dark-sections", "16-web-feed"]


def load_cross_viewer():
    """scripts/cross-viewer-test.py as a module: its rendering, Chromium screenshots and block comparison."""
    spec = importlib.util.spec_from_file_location("cross_viewer", REPOSITORY / "scripts" / "cross-viewer-test.py")
    module = importlib.util.module_from_spec(spec)
    # Named, so that its comparison runs in the worker processes.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def supports_grid_lanes(cross, flags):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=cross.CHROMIUM, args=["--no-sandbox", *flags], timeout=60_000)
        try:
            return browser.new_page().evaluate("CSS.supports('display', 'grid-lanes')")
        finally:
            browser.close()


def native(picture):
    """Whether the browser places every section as `waterfall` does: all of them `gridLanes`."""
    text = picture.grid_lanes.read_text(encoding="utf-8")
    placements = [part.split('"', 1)[0] for part in text.split('data-placement="')[1:]]
    return bool(placements) and all(placement == "gridLanes" for placement in placements)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waterfall", default=str(REPOSITORY / ".build/debug/waterfall"))
    parser.add_argument("--examples", action="append", help="an example's name (repeatable); a few by default")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--work", help="keep renders, screenshots and diffs in this folder")
    arguments = parser.parse_args()
    cross = load_cross_viewer()
    started = time.monotonic()
    work = pathlib.Path(arguments.work or tempfile.mkdtemp(prefix="grid-lanes-pages-")).resolve()
    work.mkdir(parents=True, exist_ok=True)
    try:
        return run(cross, arguments, work, started)
    finally:
        if not arguments.work:
            shutil.rmtree(work, ignore_errors=True)


def run(cross, arguments, work, started):
    for flags, expected in (((), False), ((FLAG,), True)):
        if supports_grid_lanes(cross, flags) != expected:
            print(f"error: Chromium {'with' if flags else 'without'} {FLAG} "
                  f"{'does not support' if expected else 'supports'} display: grid-lanes", file=sys.stderr)
            return 2
    specs = [REPOSITORY / "Examples" / f"{name}.yaml" for name in arguments.examples or EXAMPLES]
    rendered = work / "render"
    files = cross.render(arguments.waterfall, specs, rendered, formats="png,svg,html-grid-lanes")
    pictures = cross.pictures_of(files, rendered)
    modes = {"fallback": (), "native": (FLAG,)}
    captured = {}
    versions = {}
    for mode, flags in modes.items():
        shots = work / mode
        shots.mkdir(exist_ok=True)
        chosen = [picture for picture in pictures if mode == "fallback" or native(picture)]
        versions[mode], out = cross.chromium_shots(chosen, ["grid-lanes"], shots, flags=flags)
        for (name, _), value in out.items():
            captured[(name, mode)] = value
    diffs = work / "diffs"
    diffs.mkdir(exist_ok=True)
    jobs = []
    for picture in pictures:
        shots = []
        for mode in modes:
            shot, scale = captured.get((picture.name, mode), (None, None))
            if shot is not None:
                diff = diffs / f"{picture.name}.{mode}.png" if arguments.work else None
                shots.append(((picture.name, mode), shot, scale, diff))
        regions = {scale: picture.region(scale) for scale in picture.references}
        jobs.append((picture.references, regions, shots))
    figures = {}
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        for found in pool.map(cross.compare_picture, jobs):
            for key, differing, blocks in found:
                figures[key] = (differing, blocks)

    results = []
    for picture in pictures:
        for mode in modes:
            key = (picture.name, mode)
            if key in figures:
                differing, blocks = figures[key]
                share = differing / blocks
                results.append({"picture": picture.name, "mode": mode, "differing": differing, "blocks": blocks,
                                "share": round(share, 6), "passed": share <= cross.TARGET})
            elif key in captured:
                results.append({"picture": picture.name, "mode": mode, "error": str(captured[key][1]), "passed": False})
    for result in results:
        if "error" in result:
            print(f"{result['picture']} {result['mode']}: error: {result['error']} ✗")
        else:
            print(f"{result['picture']} {result['mode']}: {result['differing']} of {result['blocks']} blocks differ, "
                  f"{result['share'] * 100:.2f} %" + ("" if result["passed"] else " ✗"))
    passed = sum(result["passed"] for result in results)
    failed = len(results) - passed
    counts = {mode: sum(result["mode"] == mode for result in results) for mode in modes}
    if arguments.json:
        pathlib.Path(arguments.json).write_text(json.dumps({
            "target": cross.TARGET, "versions": versions, "passed": passed, "failed": failed, "results": results,
        }, indent=1) + "\n", encoding="utf-8")
    print(f"grid-lanes pages: {counts['fallback']} fallback and {counts['native']} native screenshots "
          f"(target ≤ {cross.TARGET * 100:g} % of blocks), chromium {versions['fallback']}, "
          f"{time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
