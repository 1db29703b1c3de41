#!/usr/bin/env python3
"""Checks `placement: gridLanes` against Chromium's own CSS grid-lanes (Playwright for Python).

    python3 scripts/grid-lanes-tests.py PATH/TO/waterfall [--specs N] [--seed S]

Writes seeded random specs, lays each out with `waterfall layout`, renders each as a native
`display: grid-lanes` page (`--format html-grid-lanes`), loads them all into one page of Debian's
Chromium with `--enable-experimental-web-platform-features` and compares every header, cell and
footer's getBoundingClientRect() with the layout:

- gridLanes specs whose lengths are multiples of 1/64 px: every frame exactly;
- gridLanes specs with arbitrary decimals: the same column for every item and positions within
  1 px, except after a tie Chromium's rounding can flip (two candidate columns within 1/64 px of
  the tolerance's edge), which is reported and excuses the rest of that section;
- shortestColumn specs: compared (same columns, within 1 px) when the gridLanes rule resolves their
  ties the same way, which is checked by laying the spec out in both modes;
- renderDirection leftToRight specs against flow-tolerance: infinite;
- horizontal gridLanes feeds (a fifth of them mirrored), exactly.

On a difference it names the spec, the first differing element and both frames, and exits 1.
"""
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("WATERFALL_CHROMIUM", "/usr/bin/chromium")
UNIT = 1 / 64


def length(rng, low, high, mode):
    if mode == "exact":
        return rng.randint(int(low * 64), int(high * 64)) / 64
    if mode == "decimal":
        return round(rng.uniform(low, high), rng.choice([1, 2, 3]))
    return rng.randint(int(low), int(high))


def make_spec(rng, kind):
    """kind: exact | decimal (gridLanes), shortest (shortestColumn), ltr (leftToRight vs infinite)."""
    mode = {"exact": "exact", "decimal": "decimal", "horizontal": "exact"}.get(kind, rng.choice(["exact", "int"]))
    spec = {"width": length(rng, 200, 900, mode), "sections": []}
    if kind == "horizontal":
        # Rows along a fixed height, written as `writing-mode: vertical-lr` (vertical-rl when mirrored).
        spec = {"height": spec["width"], "scrollDirection": "horizontal", "sections": []}
    if rng.random() < 0.2:
        spec["layoutDirection"] = "rightToLeft"
    for _ in range(rng.randint(1, 3)):
        columns = rng.randint(2, 6)
        section = {
            "columns": columns,
            "lineSpacing": length(rng, 0, 16, mode),
            "interitemSpacing": length(rng, 0, 16, mode),
            "sectionInset": {side: length(rng, 0, 20, mode) for side in ("top", "left", "bottom", "right")},
            "spacingWithLastSection": length(rng, 0, 30, mode),
            "items": [],
        }
        if kind in ("exact", "decimal", "horizontal"):
            section["placement"] = "gridLanes"
            section["flowTolerance"] = rng.choice([0, 0, length(rng, 0, 40, mode), "infinite", "normal"])
        elif kind == "ltr":
            section["renderDirection"] = "leftToRight"
            section["flowTolerance"] = "infinite"
        if rng.random() < 0.5:
            section["header"] = {"height": length(rng, 10, 60, mode)}
            section["headerInset"] = {side: length(rng, 0, 12, mode) for side in ("top", "left", "bottom", "right")}
        if rng.random() < 0.4:
            section["footer"] = {"height": length(rng, 10, 50, mode)}
        # Heights from a few values, so that columns often end level: ties are what the rules differ on.
        palette = [length(rng, 5, 200, mode) for _ in range(rng.randint(2, 8))]
        for _ in range(rng.randint(3, 40)):
            # shortestColumn specs mostly avoid ties, so that most of them can be compared at all.
            repeats = 0.1 if kind == "shortest" else 0.7
            # At least 1 pt: a card under one device pixel is refused, as nobody could see it.
            item = {"height": rng.choice(palette) if rng.random() < repeats else length(rng, 1, 250, mode)}
            if kind != "ltr" and rng.random() < 0.15:
                item["span"] = "full" if rng.random() < 0.4 else rng.randint(2, columns)
            if kind == "horizontal":
                item["width"] = item.pop("height")
            section["items"].append(item)
        spec["sections"].append(section)
    return spec


def with_placement(spec, placement):
    copy = json.loads(json.dumps(spec))
    for section in copy["sections"]:
        section["placement"] = placement
    return copy


def layout(waterfall, path):
    result = subprocess.run([waterfall, "layout", str(path)], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SystemExit(f"waterfall layout {path} failed: {result.stderr.strip()}")
    return json.loads(result.stdout)["elements"]


def render(waterfall, paths, formats, out):
    result = subprocess.run(
        [waterfall, "render", *map(str, paths), "--format", formats, "--output", str(out)],
        capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise SystemExit(f"waterfall render failed: {result.stderr.strip()[:2000]}")


def element_name(element):
    name = f"{element['kind']} of section {element['section']}"
    if "item" in element:
        name = f"item {element['item']} of section {element['section']}"
    return name


def key(element):
    return (element["kind"], element["section"], element.get("item", -1))


def column_tops(elements, section, before, spacing):
    """Each column's next position before item `before`, from the layout's own frames."""
    tops = {}
    for element in elements:
        if element["kind"] != "cell" or element["section"] != section or element["item"] >= before:
            continue
        frame = element["frame"]
        tops[(frame["x"], frame["width"])] = max(tops.get((frame["x"], frame["width"]), 0), frame["y"] + frame["height"] + spacing)
    return tops


def near_tie(spec, elements, element):
    """Whether a 1/64 px rounding could flip where `element` goes: two window tops, or a window top and
    the tolerance's edge, within 1/64 px."""
    section = spec["sections"][element["section"]]
    spacing = section["lineSpacing"]
    bottoms = sorted({round(f["frame"]["y"] + f["frame"]["height"] + spacing, 9) for f in elements
                      if f["kind"] == "cell" and f["section"] == element["section"] and f["item"] < element["item"]})
    bottoms = [0.0] + bottoms
    for i, a in enumerate(bottoms):
        for b in bottoms[i + 1:]:
            if abs(b - a) <= UNIT * 1.5:
                return True
    tolerance = section.get("flowTolerance", 0)
    if isinstance(tolerance, (int, float)) and tolerance > 0:
        for a in bottoms:
            for b in bottoms:
                if abs(abs(b - a) - tolerance) <= UNIT * 1.5:
                    return True
    return False


def compare(spec, name, ours, theirs, exact, report):
    """The first difference, or None. `theirs` maps keys to [x, y, w, h]."""
    excused_sections = set()
    for element in ours:
        if element["kind"] == "background" or element["section"] in excused_sections:
            continue
        rect = theirs.get("%s/%d/%d" % key(element))
        frame = element["frame"]
        mine = [frame["x"], frame["y"], frame["width"], frame["height"]]
        if rect is None:
            return f"{name}: {element_name(element)} is missing from the page"
        if exact:
            if mine != rect:
                return f"{name}: {element_name(element)}: waterfall {mine}, chromium {rect}"
            continue
        same_column = abs(mine[0] - rect[0]) < 1 and abs(mine[2] - rect[2]) < 1
        if not same_column and element["kind"] == "cell" and near_tie(spec, ours, element):
            report.append(f"{name}: {element_name(element)} excused: a tie within 1/64 px")
            excused_sections.add(element["section"])
            continue
        if not same_column:
            return f"{name}: {element_name(element)} is in another column: waterfall {mine}, chromium {rect}"
        if any(abs(a - b) > 1 for a, b in zip(mine, rect)):
            return f"{name}: {element_name(element)} is more than 1 px away: waterfall {mine}, chromium {rect}"
    return None


def same_columns(a, b):
    """Whether every cell is in the same columns in both layouts (their x and width within 1 px:
    the gridLanes twin's lengths are rounded to 1/64 px)."""
    cells = lambda elements: [e["frame"] for e in elements if e["kind"] == "cell"]
    return all(abs(p["x"] - q["x"]) < 1 and abs(p["width"] - q["width"]) < 1 for p, q in zip(cells(a), cells(b)))


MEASURE = """() => [...document.querySelectorAll('.spec')].map(spec => {
  const page = spec.querySelector('.page').getBoundingClientRect();
  const rects = {};
  for (const e of spec.querySelectorAll('.element')) {
    const r = e.getBoundingClientRect();
    rects[e.dataset.kind + '/' + e.dataset.section + '/' + (e.dataset.item ?? -1)] =
      [r.x - page.x, r.y - page.y, r.width, r.height];
  }
  return rects;
})"""


def main():
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    waterfall = os.path.abspath(args[0])
    count = int(args[args.index("--specs") + 1]) if "--specs" in args else 1000
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 23
    rng = random.Random(seed)
    started = time.monotonic()
    kinds = ["exact"] * (count // 2) + ["decimal"] * (count - count // 2) + ["shortest"] * 300 + ["ltr"] * 100 + ["horizontal"] * 100
    with tempfile.TemporaryDirectory(prefix="waterfall-grid-lanes-") as folder:
        work = pathlib.Path(folder)
        cases = []
        for index, kind in enumerate(kinds):
            spec = make_spec(rng, kind)
            path = work / f"{index:04d}-{kind}.json"
            path.write_text(json.dumps(spec))
            case = {"kind": kind, "spec": spec, "path": path, "name": path.name}
            if kind == "shortest":
                twin = work / f"{index:04d}-twin.json"
                twin.write_text(json.dumps(with_placement(spec, "gridLanes")))
                case["twin"] = twin
            cases.append(case)
        # One process renders every spec's native page and its layout JSON (`render --format json`
        # writes what `waterfall layout` prints, checked below on a sample).
        out = work / "pages"
        render(waterfall, [c["path"] for c in cases], "html-grid-lanes,json", out)
        render(waterfall, [c["twin"] for c in cases if "twin" in c], "json", out)
        read = lambda path: json.loads((out / (path.stem + ".layout.json")).read_text())["elements"]
        layouts = [read(c["path"]) for c in cases]
        twins = [read(c["twin"]) if "twin" in c else None for c in cases]
        sample = cases[:: max(1, len(cases) // 40)]
        with ThreadPoolExecutor(max_workers=2) as pool:
            printed = list(pool.map(lambda c: layout(waterfall, c["path"]), sample))
        for case, elements in zip(sample, printed):
            if elements != layouts[cases.index(case)]:
                raise SystemExit(f"{case['name']}: waterfall layout and render --format json disagree")
        bodies = []
        head = None
        for case in cases:
            text = (out / (case["path"].stem + ".grid-lanes.html")).read_text()
            start, end = text.index('<div class="page"'), text.rindex("</body>")
            head = head or text[: text.index("<body>")]
            # Every spec at the page's origin, on top of each other: getBoundingClientRect() is in floats,
            # which hold 1/64 px exactly only near the origin.
            bodies.append(f'<div class="spec" style="position: absolute; left: 0; top: 0">{text[start:end]}</div>')
        page_file = work / "all.html"
        page_file.write_text(head + "<body>\n" + "\n".join(bodies) + "\n</body>\n</html>\n")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--enable-experimental-web-platform-features", "--no-sandbox"],
                timeout=60_000)
            try:
                page = browser.new_page(viewport={"width": 1000, "height": 800})
                page.goto(page_file.as_uri())
                supported = page.evaluate("CSS.supports('display', 'grid-lanes') && CSS.supports('flow-tolerance', 'infinite')")
                if not supported:
                    raise SystemExit("this Chromium does not support display: grid-lanes with flow-tolerance")
                measured = page.evaluate(MEASURE)
                version = browser.version
            finally:
                browser.close()
        report = []
        counts = {"horizontal": 0, "exact": 0, "decimal": 0, "decimal-exact": 0, "shortest": 0, "shortest-skipped": 0, "ltr": 0}
        failures = []
        for case, ours, twin, theirs in zip(cases, layouts, twins, measured):
            kind = case["kind"]
            if kind == "shortest" and not same_columns(ours, twin):
                counts["shortest-skipped"] += 1
                continue
            failure = compare(case["spec"], case["name"], ours, theirs, kind in ("exact", "horizontal"), report)
            if failure:
                failures.append(failure)
            else:
                counts[kind] += 1
                if kind == "decimal":
                    inexact = compare(case["spec"], case["name"], ours, theirs, True, [])
                    if inexact is None:
                        counts["decimal-exact"] += 1
                    elif case["spec"].get("layoutDirection") != "rightToLeft":
                        # Only a mirror about a width that is not whole 1/64ths may be off, by less than 1/64.
                        failures.append("not exact, not mirrored: " + inexact)
                    elif os.environ.get("WATERFALL_GRID_LANES_VERBOSE"):
                        print("not exact: " + inexact)
        for line in report:
            print(line)
        elapsed = time.monotonic() - started
        print(f"chromium {version}, seed {seed}: {counts['exact']} exact (1/64 px) specs, {counts['decimal']} decimal specs"
              f" agree ({counts['decimal-exact']} of them exactly); {counts['shortest']} shortestColumn specs resolving ties alike agree"
              f" ({counts['shortest-skipped']} resolve them differently, not compared);"
              f" {counts['ltr']} leftToRight specs agree with flow-tolerance: infinite;"
              f" {counts['horizontal']} horizontal gridLanes specs agree exactly;"
              f" {len(report)} ties excused; {elapsed:.1f} s")
        print(f"gridLanes specs compared: {counts['exact'] + counts['decimal']}")
        if not failures and counts["exact"] + counts["decimal"] < count:
            failures.append(f"only {counts['exact'] + counts['decimal']} of {count} gridLanes specs were compared")
        if failures:
            for failure in failures[:10]:
                print("FAIL " + failure)
            for case in cases:
                if case["name"] in failures[0]:
                    print("first failing spec: " + json.dumps(case["spec"]))
                    break
            raise SystemExit(f"{len(failures)} specs differ from Chromium")
        print("grid-lanes tests passed")


if __name__ == "__main__":
    main()
