#!/usr/bin/env python3
"""axe-core's colour-contrast verdicts on the examples' HTML, held to `waterfall audit`'s.

    python3 scripts/axe-audit-check.py [--waterfall .build/debug/waterfall] [--json FILE]
        [--work DIR] [SPEC]...

Renders every spec (default: `Examples/*.yaml`) with `waterfall render --format html
--appearance both`, audits the same specs with `waterfall audit --appearance both --json` (with
`--large-text wcag` when the binary has it: large text as WCAG and axe-core define it, 24 CSS px,
or 18.66 px bold), then opens each page in Debian's chromium through Playwright for Python (one
browser for all pages) and runs axe-core's `color-contrast` rule on it, axe-core as PyPI's
`axe-playwright-python` bundles it (`scripts/setup.sh` installs it).

Each text of a page is a `div class="text"` with `data-role` (title, subtitle, meta, header,
footer) inside its element's `div`, which carries `data-kind`, `data-section` and `data-item`:
every node axe reports is named by its place in the spec as the audit names it
(`sections[1].items[3].subtitle`, `sections[0].header.title`). The lines of one text are one
place; axe's verdict on a place is a violation when any of its nodes is one.

What is held, picture by picture:

- every place axe marks as a violation is a contrast finding of the audit, and
- every contrast finding of the audit at a place axe evaluated (passed or failed) is a violation
  for axe, and
- where both speak of a text, they ask the same ratio (4.5:1, or 3:1 for large text): axe's
  `expectedContrastRatio` and the audit's `required`, of findings and, when the audit's JSON lists
  every text (`texts`), of each text.

axe's `incomplete` (text over a picture or a gradient, which it cannot measure) is no
disagreement; they are counted and listed. Prints one line per disagreement, then a summary;
exits 1 on any disagreement, 2 when a render, the audit or the browser failed.

30 to 45 s for the 19 examples (24 pages) on a 2-core machine.
"""
import argparse
import glob
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("WATERFALL_CHROMIUM", "/usr/bin/chromium")
# A page taller than this is opened in a viewport this tall; axe places nodes by its own grid of
# the whole document, not the viewport.
MAX_VIEWPORT = 16384

# Runs axe's colour-contrast rule and names each node by its place in the spec.
AXE_SCRIPT = """
async () => {
  if (document.fonts) await document.fonts.ready;
  const results = await axe.run(document, {runOnly: {type: 'rule', values: ['color-contrast']}});
  const place = (target) => {
    const node = document.querySelector(target);
    const text = node && node.closest('.text');
    const element = text && text.closest('.element');
    if (!element) return null;
    const owner = `sections[${element.dataset.section}]`;
    switch (element.dataset.kind) {
      case 'cell': return `${owner}.items[${element.dataset.item || 0}].${text.dataset.role || 'text'}`;
      case 'header': return `${owner}.header.title`;
      case 'footer': return `${owner}.footer.title`;
      default: return owner;
    }
  };
  const nodes = [];
  for (const verdict of ['violations', 'passes', 'incomplete']) {
    for (const rule of results[verdict]) {
      for (const node of rule.nodes) {
        const data = (node.any[0] && node.any[0].data) || {};
        const check = node.any[0] || {};
        nodes.push({
          verdict, target: node.target.join(' '), place: place(node.target[0]),
          ratio: data.contrastRatio ?? null, expected: data.expectedContrastRatio ?? null,
          fg: data.fgColor ?? null, bg: data.bgColor ?? null, fontSize: data.fontSize ?? null,
          fontWeight: data.fontWeight ?? null, reason: data.messageKey ?? check.message ?? null,
        });
      }
    }
  }
  return {version: results.testEngine.version, nodes};
}
"""


def log(message):
    print(message, file=sys.stderr, flush=True)


def fail(message):
    log(f"error: {message}")
    sys.exit(2)


def run(command):
    result = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=REPOSITORY)
    return result


def render(waterfall, specs, output):
    """Renders the specs' HTML; returns {picture: path} from the lines `render` prints."""
    command = [waterfall, "render", *specs, "--format", "html", "--output", str(output), "--appearance", "both"]
    result = run(command)
    if result.returncode != 0:
        fail(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    pages = {}
    for line in (result.stdout + result.stderr).splitlines():
        match = re.match(r"rendered (.*) into (.*?)/?: (.*)$", line)
        if not match:
            continue
        folder = pathlib.Path(match.group(2))
        if not folder.is_absolute():
            folder = REPOSITORY / folder
        for name in (name.strip() for name in match.group(3).split(",")):
            if name.endswith(".html"):
                pages[name[: -len(".html")]] = folder / name
    if not pages:
        fail(f"{' '.join(command)} wrote no HTML:\n{result.stdout}{result.stderr}")
    return pages


def audit(waterfall, specs, json_path):
    """The audit's JSON for the specs, and whether it was asked for WCAG's large text."""
    help_text = run([waterfall, "audit", "--help"]).stdout
    wcag = "--large-text" in help_text
    command = [waterfall, "audit", "--appearance", "both", "--json", str(json_path), *specs]
    if wcag:
        command[2:2] = ["--large-text", "wcag"]
    result = run(command)
    # 0: nothing found, 1: findings; anything else is an error.
    if result.returncode not in (0, 1) or not json_path.exists():
        fail(f"{' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return json.loads(json_path.read_text(encoding="utf-8")), wcag


def ratio_number(text):
    """`4.5:1` (axe's expectedContrastRatio) as 4.5; numbers pass through."""
    if text is None:
        return None
    if isinstance(text, (int, float)):
        return float(text)
    match = re.match(r"\s*([0-9.]+)", str(text))
    return float(match.group(1)) if match else None


def axe_pages(pages):
    """axe's nodes for each page: {picture: {"version": …, "nodes": […]}}."""
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    axe_script = Axe().axe_script
    found = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], timeout=60_000)
        try:
            for picture, path in sorted(pages.items()):
                text = path.read_text(encoding="utf-8", errors="replace")[:4000]
                width = re.search(r'<meta name="viewport" content="width=([0-9.]+)"', text)
                width = int(float(width.group(1)) + 0.999) if width else 1024
                page = browser.new_page(viewport={"width": width, "height": 800})
                try:
                    page.goto(path.resolve().as_uri(), wait_until="load")
                    height = page.evaluate("document.documentElement.scrollHeight")
                    page.set_viewport_size({"width": width, "height": max(1, min(int(height), MAX_VIEWPORT))})
                    page.evaluate(axe_script)
                    found[picture] = page.evaluate(AXE_SCRIPT)
                finally:
                    page.close()
        finally:
            browser.close()
    return found


def compare(pages, axe, report):
    """Holds axe's verdicts to the audit's; returns (disagreements, counts, incomplete, texts)."""
    audited = {picture["picture"]: picture for picture in report.get("pictures", [])}
    disagreements = []
    incomplete = []
    records = []
    counts = {"pictures": 0, "places": 0, "agreements": 0, "violations": 0, "findings": 0, "ratio_gap": 0.0}
    for picture in sorted(pages):
        if picture not in audited:
            disagreements.append(f"{picture}: rendered, but the audit has no such picture")
            continue
        counts["pictures"] += 1
        entry = audited[picture]
        findings = {
            finding["place"]: finding for finding in entry.get("findings", []) if finding.get("kind") == "contrast"
        }
        counts["findings"] += len(findings)
        # The audit's verdict on every text, when its JSON lists them.
        texts = {text["place"]: text for text in entry.get("texts", []) if "place" in text}
        places = {}
        for node in axe[picture]["nodes"]:
            if node["place"] is None:
                disagreements.append(f"{picture}: axe node {node['target']} is in no text of the page")
                continue
            places.setdefault(node["place"], []).append(node)
        for place, nodes in sorted(places.items()):
            evaluated = [node for node in nodes if node["verdict"] != "incomplete"]
            if not evaluated:
                incomplete.append(f"{picture} {place}: {nodes[0]['reason'] or 'incomplete'}")
                continue
            counts["places"] += 1
            violations = [node for node in evaluated if node["verdict"] == "violations"]
            node = min(evaluated, key=lambda node: ratio_number(node["ratio"]) or 0)
            expected = ratio_number(node["expected"])
            finding = findings.get(place)
            said = (
                f"axe {node['ratio']}:1 {node['fg']} on {node['bg']}, {node['fontSize']} "
                f"{node['fontWeight']}, asks {node['expected']}"
            )
            records.append({
                "picture": picture, "place": place, "axe": "violation" if violations else "pass",
                "ratio": node["ratio"], "expected": expected, "fontSize": node["fontSize"],
                "fontWeight": node["fontWeight"], "colors": [node["fg"], node["bg"]],
                "audit": {key: (finding or texts.get(place) or {}).get(key) for key in ("ratio", "required")},
            })
            if violations:
                counts["violations"] += 1
            text = texts.get(place)
            audit_fails = finding is not None or (text is not None and text.get("passes") is False)
            required = ratio_number((finding or text or {}).get("required"))
            if finding is None and text is not None and text.get("passes") is False:
                audit_said = f"{text.get('ratio')}:1 under the {text.get('required')}:1 it asks"
            else:
                audit_said = finding["message"] if finding else ""
            if violations and not audit_fails:
                disagreements.append(f"{picture} {place}: axe finds too little contrast ({said}); the audit none")
            elif audit_fails and not violations:
                disagreements.append(f"{picture} {place}: the audit finds {audit_said}; axe passes it ({said})")
            elif required is not None and required != expected:
                disagreements.append(f"{picture} {place}: the audit asks {required}:1, axe {expected}:1 ({said})")
            else:
                counts["agreements"] += 1
                audit_ratio = ratio_number((finding or text or {}).get("ratio"))
                if audit_ratio is not None and node["ratio"] is not None:
                    counts["ratio_gap"] = max(counts["ratio_gap"], abs(audit_ratio - float(node["ratio"])))
        for place, finding in sorted(findings.items()):
            if place not in places:
                # axe saw no text there: the audit names a text the page does not show as text.
                disagreements.append(f"{picture} {place}: the audit finds {finding['message']}; axe has no such text")
    return disagreements, counts, incomplete, records


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--waterfall", default=str(REPOSITORY / ".build" / "debug" / "waterfall"))
    parser.add_argument("--json", help="write the counts, disagreements and incomplete places here")
    parser.add_argument("--work", help="render into this folder and keep it")
    parser.add_argument("specs", nargs="*")
    arguments = parser.parse_args()
    waterfall = os.path.abspath(arguments.waterfall)
    if not os.access(waterfall, os.X_OK):
        fail(f"{waterfall}: no waterfall binary there (swift build, or --waterfall PATH)")
    specs = arguments.specs or sorted(glob.glob(str(REPOSITORY / "Examples" / "*.yaml")))
    specs = [os.path.abspath(spec) for spec in specs]
    with tempfile.TemporaryDirectory(prefix="waterfall-axe-") as temporary:
        work = pathlib.Path(arguments.work or temporary)
        work.mkdir(parents=True, exist_ok=True)
        pages = render(waterfall, specs, work / "html")
        report, wcag = audit(waterfall, specs, work / "audit.json")
        try:
            axe = axe_pages(pages)
        except Exception as error:  # noqa: BLE001 - any browser failure is the script's own
            fail(f"chromium through Playwright: {error}")
        disagreements, counts, incomplete, records = compare(pages, axe, report)
    for line in disagreements:
        print(f"DISAGREE {line}")
    for line in incomplete:
        print(f"incomplete {line}")
    version = next(iter(axe.values()), {}).get("version", "?")
    print(
        f"axe-core {version} against the audit{' (--large-text wcag)' if wcag else ''}: "
        f"{counts['pictures']} pictures, {counts['places']} texts evaluated, {counts['violations']} violations, "
        f"{counts['findings']} contrast findings; {counts['agreements']} agree, {len(disagreements)} disagree, "
        f"{len(incomplete)} incomplete; ratios of agreeing texts within {counts['ratio_gap']:.2f}")
    if arguments.json:
        summary = dict(counts, axe=version, wcag=wcag, disagreements=disagreements, incomplete=incomplete,
                       texts=records)
        pathlib.Path(arguments.json).write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
