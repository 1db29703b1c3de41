#!/usr/bin/env python3
"""Waterfall beside its peers, in one run, alternating, on the same pictures.

    bash scripts/setup.sh && swift build -c release --static-swift-stdlib --product waterfall
    python3 scripts/peer-benchmark.py [--rounds 5] [--binary .build/release/waterfall] [--markdown]

Spec -> PNG (`waterfall render --format png`) against resvg, rsvg-convert and headless Chromium
converting Waterfall's own SVG and HTML of the same spec; `waterfall diff` against a vips pipeline
(`vips relational … noteq`, then `vips max` and `vips avg`) and ImageMagick `compare -metric AE`;
HTML against SVG time per item; `waterfall layout` of 1,000,000 items against Python's orjson
serializing the same elements. Three pages: 375 wide with 40 items, 1024 wide with 2,000 items,
1024 wide with 20,000 items (tiled). Every timing is the median of `--rounds` rounds, each round
running every tool once in turn; peak memory is `/usr/bin/time -v`'s maximum resident set size.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PAGES = {
    # name: (width, columns, items, min height, max height)
    "small": (375, 2, 40, 80, 260),
    "medium": (1024, 10, 2_000, 40, 80),
    "large": (1024, 10, 20_000, 40, 80),
}
SCALE = 2


def spec(width, columns, items, min_height, max_height, seed=1, bump=None):
    lines = [
        f"width: {width}",
        f"scale: {SCALE}",
        "defaults: {columns: %d, sectionInset: 8, lineSpacing: 8, interitemSpacing: 8}" % columns,
        "style: {cornerRadius: 6}",
        "sections:",
        "  - header: {height: 40, title: Feed}",
    ]
    if bump is not None:
        # One item taller at the top: the "new" picture for the diff.
        lines.append("    items:")
        lines.append(f"      - {{height: {bump}, title: Changed}}")
        items -= 1
    else:
        lines.append("    items:")
        lines.append(f"      - {{height: {min_height}, title: Changed}}")
        items -= 1
    lines.append(
        f"    generate: {{count: {items}, minHeight: {min_height}, maxHeight: {max_height}, seed: {seed}}}"
    )
    return "\n".join(lines) + "\n"


def run(argv, cwd=None, env=None, ok=(0,)):
    """Runs argv under /usr/bin/time -v: (seconds, peak KiB, exit status)."""
    start = time.perf_counter()
    completed = subprocess.run(
        ["/usr/bin/time", "-v"] + argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    seconds = time.perf_counter() - start
    peak = 0
    for line in completed.stderr.decode(errors="replace").splitlines():
        if "Maximum resident set size" in line:
            peak = int(line.rsplit(":", 1)[1])
    if completed.returncode not in ok:
        # The tool's own message comes before /usr/bin/time's report.
        lines = completed.stderr.decode(errors="replace").splitlines()
        own = [line.strip() for line in lines[: next(
            (i for i, line in enumerate(lines) if "Command being timed" in line), len(lines))] if line.strip()]
        return None, peak, completed.returncode, " ".join(own[-2:])
    return seconds, peak, completed.returncode, ""


class Table:
    def __init__(self):
        self.samples = {}  # (page, task, tool) -> [(seconds, kib)]
        self.failures = {}

    def add(self, key, result):
        seconds, peak, status, message = result
        if seconds is None:
            self.failures[key] = f"exit {status}: {message}"
            return
        self.samples.setdefault(key, []).append((seconds, peak))

    def median(self, key):
        values = self.samples.get(key)
        if not values:
            return None, None
        return statistics.median(v[0] for v in values), max(v[1] for v in values)


def executable(name):
    """The program itself, not a pyenv or asdf shim in front of it (a shell script that starts
    the interpreter's machinery first, adding tens of milliseconds to every run)."""
    path = shutil.which(name)
    if path and "/shims/" in path:
        try:
            real = subprocess.run(["pyenv", "which", name], capture_output=True, text=True, check=True).stdout.strip()
            if real:
                return real
        except (OSError, subprocess.CalledProcessError):
            pass
        scripts = os.path.join(os.path.dirname(os.path.realpath(sys.executable)), name)
        if os.access(scripts, os.X_OK):
            return scripts
    return path or name


def png_tools(binary, directory, name, width, height):
    svg, html = f"{name}.svg", f"{name}.html"
    out = os.path.join(directory, "peers")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    return {
        "waterfall": [binary, "render", f"{name}.yaml", "--format", "png", "--output", "out-png"],
        "resvg": [executable("resvg"), "-z", str(SCALE), svg, os.path.join(out, f"{name}-resvg.png")],
        "rsvg-convert": ["rsvg-convert", "-z", str(SCALE), svg, "-o", os.path.join(out, f"{name}-rsvg.png")],
        "chromium": [
            chromium or "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--force-device-scale-factor={SCALE}", f"--window-size={width},{height}",
            f"--screenshot={os.path.join(out, name + '-chromium.png')}", "file://" + os.path.join(directory, html),
        ],
    }


def diff_tools(binary, old, new):
    return {
        "waterfall": [binary, "diff", old, new],
        "vips": ["sh", "-c", f"vips relational {old} {new} d.v noteq && vips max d.v && vips avg d.v"],
        "imagemagick": ["compare", "-metric", "AE", old, new, "null:"],
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--binary", default=".build/release/waterfall")
    parser.add_argument("--pages", default="small,medium,large")
    parser.add_argument("--skip", default="", help="tools to leave out, e.g. chromium")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--layout-items", type=int, default=1_000_000)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    skip = set(filter(None, args.skip.split(",")))
    pages = args.pages.split(",")
    directory = tempfile.mkdtemp(prefix="waterfall-peers-")
    os.makedirs(os.path.join(directory, "peers"))
    # ImageMagick's Debian policy refuses pictures over 16K pixels a side; a private policy lifts that.
    policy = os.path.join(directory, "magick")
    os.makedirs(policy)
    with open(os.path.join(policy, "policy.xml"), "w") as f:
        f.write('<policymap><policy domain="resource" name="width" value="1MP"/>'
                '<policy domain="resource" name="height" value="1MP"/>'
                '<policy domain="resource" name="area" value="8GP"/>'
                '<policy domain="resource" name="memory" value="16GiB"/>'
                '<policy domain="resource" name="disk" value="16GiB"/></policymap>\n')
    env = dict(os.environ, MAGICK_CONFIGURE_PATH=policy)
    table = Table()
    sizes = {}

    for page in pages:
        width, columns, items, low, high = PAGES[page]
        with open(os.path.join(directory, f"{page}.yaml"), "w") as f:
            f.write(spec(width, columns, items, low, high))
        with open(os.path.join(directory, f"{page}-new.yaml"), "w") as f:
            f.write(spec(width, columns, items, low, high, bump=low + 30))
        subprocess.run([binary, "render", f"{page}.yaml", f"{page}-new.yaml", "--format", "svg,html,png,json",
                        "--output", "."], cwd=directory, check=True)
        with open(os.path.join(directory, f"{page}.layout.json"), "rb") as f:
            size = json.load(f)["contentSize"]
        sizes[page] = (width, size["height"])
        # The first tile (the whole picture when there is one) is the diff's pair.
        old = f"{page}.png" if os.path.exists(os.path.join(directory, f"{page}.png")) else f"{page}-1.png"
        new = old.replace(page, f"{page}-new", 1)
        shutil.copyfile(os.path.join(directory, old), os.path.join(directory, f"{page}-copy.png"))
        sizes[page + "-diff"] = old
        # The same pixels through libpng at zlib level 6 with adaptive filters (ImageMagick's writer).
        subprocess.run(["convert", old, "-define", "png:compression-level=6", "-define", "png:compression-filter=5",
                        "-define", "png:compression-strategy=0", f"PNG24:{page}-zlib6.png"], cwd=directory, env=env,
                       check=True)
        sizes[page + "-bytes"] = (os.path.getsize(os.path.join(directory, old)),
                                  os.path.getsize(os.path.join(directory, f"{page}-zlib6.png")))

    # 1,000,000 items for `waterfall layout`.
    with open(os.path.join(directory, "million.yaml"), "w") as f:
        per = args.layout_items // 5
        f.write("width: 1024\nsections:\n" + "".join(
            f"  - {{columns: {c}, header: {{height: 44}}, generate: {{count: {per}, minHeight: 40, maxHeight: 240, seed: {c}}}}}\n"
            for c in range(2, 7)))
    subprocess.run([binary, "layout", "million.yaml"], cwd=directory, check=True,
                   stdout=open(os.path.join(directory, "million.json"), "wb"))

    orjson_script = os.path.join(directory, "orjson_dump.py")
    with open(orjson_script, "w") as f:
        f.write(
            "import orjson, sys, time\n"
            "doc = orjson.loads(open('million.json', 'rb').read())\n"
            "start = time.perf_counter()\n"
            "out = orjson.dumps(doc)\n"
            "print(time.perf_counter() - start)\n"
        )

    for round_ in range(args.rounds):
        print(f"round {round_ + 1}/{args.rounds}, load {os.getloadavg()[0]:.2f}", file=sys.stderr)
        for page in pages:
            width, height = sizes[page]
            for tool, argv in png_tools(binary, directory, page, width, int(height)).items():
                if tool in skip:
                    continue
                if tool == "chromium" and height * SCALE > 32767:
                    continue  # Chromium's screenshot stops at its largest texture
                table.add((page, "png", tool), run(argv, cwd=directory, env=env))
            old = sizes[page + "-diff"]
            new = old.replace(page, f"{page}-new", 1)
            for tool, argv in diff_tools(binary, old, new).items():
                if tool in skip:
                    continue
                table.add((page, "diff", tool), run(argv, cwd=directory, env=env, ok=(0, 1)))
            # Commands of a few milliseconds, five times a round so that their medians hold still:
            # the byte-identical pair, what starting waterfall costs (`waterfall --version`), and
            # what starting any process costs (cmp(1) on the same pair).
            for _ in range(5):
                table.add((page, "diff-identical", "waterfall"), run([binary, "diff", old, f"{page}-copy.png"],
                                                                      cwd=directory))
                table.add((page, "start", "waterfall"), run([binary, "--version"], cwd=directory))
                table.add((page, "diff-identical", "cmp"), run(["cmp", old, f"{page}-copy.png"], cwd=directory))
            for fmt in ("svg", "html"):
                table.add((page, "markup", fmt), run([binary, "render", f"{page}.yaml", "--format", fmt,
                                                      "--output", "out-" + fmt], cwd=directory))
        table.add(("million", "layout", "waterfall"), run([binary, "layout", "million.yaml"], cwd=directory))
        completed = subprocess.run([sys.executable, orjson_script], cwd=directory, capture_output=True, check=True)
        table.samples.setdefault(("million", "layout", "orjson"), []).append((float(completed.stdout), 0))

    rows = []  # (figure, waterfall, peer, ratio, target, met)

    def ratio_row(figure, ours_key, peer_key, target=None):
        ours, ours_peak = table.median(ours_key)
        peer, peer_peak = table.median(peer_key)
        if ours is None or peer is None:
            why = table.failures.get(peer_key) or table.failures.get(ours_key) or "not run"
            rows.append((figure, ours, peer, None, target, why))
            return
        rows.append((figure, ours, peer, peer / ours, target, None))

    for page in pages:
        for peer, target in (("resvg", 3), ("rsvg-convert", 10), ("chromium", None)):
            target = target if page != "small" else None
            ratio_row(f"{page} spec→PNG vs {peer}", (page, "png", "waterfall"), (page, "png", peer), target)
        _, ours_peak = table.median((page, "png", "waterfall"))
        _, resvg_peak = table.median((page, "png", "resvg"))
        if ours_peak and resvg_peak:
            rows.append((f"{page} spec→PNG peak memory vs resvg (MiB)", ours_peak / 1024, resvg_peak / 1024,
                         resvg_peak / ours_peak, 1 if page != "small" else None, None))
        ratio_row(f"{page} diff vs vips", (page, "diff", "waterfall"), (page, "diff", "vips"), 3)
        ratio_row(f"{page} diff vs ImageMagick compare", (page, "diff", "waterfall"), (page, "diff", "imagemagick"))
        full, _ = table.median((page, "diff", "waterfall"))
        same, _ = table.median((page, "diff-identical", "waterfall"))
        if full and same:
            rows.append((f"{page} identical files vs full diff", same, full, full / same, 20, None))
        start, _ = table.median((page, "start", "waterfall"))
        if full and same and start:
            figure = f"{page} identical files vs full diff, both net of starting waterfall (--version)"
            if same > start:
                rows.append((figure, same - start, full - start, (full - start) / (same - start), 20, None))
            else:
                rows.append((figure, 0, full - start, None, 20, "yes: the answer is within the start's spread"))
        floor, _ = table.median((page, "diff-identical", "cmp"))
        if full and floor:
            rows.append((f"{page} cmp(1) on the identical files vs full diff (any process's floor)", floor, full,
                         full / floor, None, None))
        ours_bytes, zlib_bytes = sizes[page + "-bytes"]
        rows.append((f"{page} PNG bytes vs zlib 6 + adaptive filters (KiB)", ours_bytes / 1024, zlib_bytes / 1024,
                     zlib_bytes / ours_bytes, 1 / 1.2, None))
        html, _ = table.median((page, "markup", "html"))
        svg, _ = table.median((page, "markup", "svg"))
        if html and svg:
            rows.append((f"{page} HTML vs SVG time (render command)", html, svg, svg / html, 1 / 1.5, None))
    ratio_row("layout 1,000,000 items vs orjson.dumps", ("million", "layout", "waterfall"),
              ("million", "layout", "orjson"), 0.5)

    if args.json:
        print(json.dumps([dict(zip(("figure", "waterfall", "peer", "advantage", "target", "note"), r)) for r in rows]))
        return
    print(f"pictures: " + ", ".join(f"{p} {sizes[p][0] * SCALE}×{sizes[p][1] * SCALE:.0f} px" for p in pages))
    print(f"load average at the end: {os.getloadavg()}")
    print("| figure | waterfall | peer | advantage (peer ÷ waterfall) | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for figure, ours, peer, ratio, target, note in rows:
        def fmt(v):
            return "–" if v is None else f"{v:.3g}"
        met = "" if target is None or ratio is None else ("yes" if ratio >= target else "**no**")
        if note:
            met = note
        print(f"| {figure} | {fmt(ours)} | {fmt(peer)} | {fmt(ratio)}× | "
              f"{'' if target is None else '≥ ' + format(target, '.3g') + '×'} | {met} |")
    shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
