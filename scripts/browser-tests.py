#!/usr/bin/env python3
"""Drives `waterfall serve` and a `check --report` page in headless Chromium (Playwright for Python).

    python3 scripts/browser-tests.py PATH/TO/waterfall

Checks that a spec page updates by itself after its spec is edited (keeping the scroll position),
that a broken spec's error stays in view after scrolling with the last page marked stale, that the
gallery shows a thumbnail of each spec, that Approve writes the baseline so the next `waterfall check`
passes, that a spec's declared variants are reviewed together and one Approve records them all, that a POST without the token is refused, that a script in a served HTML or SVG file or in
the spec's own templates can neither read the token, nor approve, nor frame the review page, and
that the static report has its full-size view, its boxes, its cause, its record command and its
folded region list, that a spec's declared clip plays on its page and is drawn again after an
edit, and that the subsets of a spec's own fonts that HTML and SVG embed load in Chromium and draw
the text. Every wait is bounded;
the server is started on a free loopback port and stopped here. Exits non-zero on any failure.
"""
import os
import pathlib
import re
import select
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("WATERFALL_CHROMIUM", "/usr/bin/chromium")
TIMEOUT_MS = 10_000


DARK_STYLE = """style:
  background: "#ffffff"
  dark: {background: "#111111", palette: ["#333333"]}
"""


def spec(title, first_height=120, style=""):
    return f"""width: 375
scale: 1
{style}defaults: {{columns: 2, lineSpacing: 10, interitemSpacing: 10, sectionInset: 10}}
sections:
  - items:
      - {{height: {first_height}, title: "{title}"}}
      - {{height: 160, title: Beta}}
      - {{height: 90, title: Gamma}}
      - {{height: 140, title: Delta}}
    generate: {{count: 40, minHeight: 80, maxHeight: 240, seed: 3}}
"""


def run(waterfall, *args, cwd):
    return subprocess.run([waterfall, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def start_server(waterfall, *args, cwd):
    server = subprocess.Popen(
        [waterfall, "serve", *args, "--port", "0"], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    line = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([server.stdout], [], [], 0.5)
        if ready:
            line = server.stdout.readline()
            break
        if server.poll() is not None:
            break
    text = line.decode().strip()
    if not text.startswith("serving http://127.0.0.1:"):
        server.kill()
        raise SystemExit(f"serve did not print its URL: {text!r} {server.stderr.read().decode()!r}")
    return server, text.split(" ", 1)[1]


def stop_server(server):
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print(f"ok: {message}")


def serve_tests(waterfall, work, browser):
    specs = work / "specs"
    baselines = work / "baselines"
    specs.mkdir()
    (specs / "alpha.yaml").write_text(spec("Alpha"))
    (specs / "beta.yaml").write_text(spec("Second", style=DARK_STYLE))
    recorded = run(waterfall, "check", "specs/alpha.yaml", "specs/beta.yaml", "--baselines", "baselines", "--record",
                   cwd=work)
    check(recorded.returncode == 0, f"baselines recorded ({recorded.stderr.strip()})")

    server, url = start_server(waterfall, "specs", "--baselines", "baselines", cwd=work)
    try:
        page = browser.new_page(viewport={"width": 800, "height": 500})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url)
        check(page.locator("a.spec", has_text="alpha").count() == 1, "the gallery lists alpha")
        page.wait_for_function(
            "[...document.querySelectorAll('.thumb img')].filter(i => i.complete && i.naturalWidth > 0).length == 2")
        check(page.locator(".thumb img[loading=lazy]").count() == 2, "the gallery shows a lazy thumbnail of each spec")

        # Live update: edit the spec, the frame changes, the page itself is not reloaded.
        page.goto(url + "spec/alpha")
        frame = page.frame_locator("#frame")
        frame.get_by_text("Alpha", exact=True).wait_for()
        page.evaluate("window.notReloaded = true; window.scrollTo(0, 300)")
        page.wait_for_function("window.scrollY > 0")
        scroll = page.evaluate("window.scrollY")
        time.sleep(0.5)  # let the event stream connect
        (specs / "alpha.yaml").write_text(spec("Omega"))
        frame.get_by_text("Omega", exact=True).wait_for(timeout=5_000)
        check(page.evaluate("window.notReloaded === true"), "the page updated after the spec was edited, without reload")
        check(page.evaluate("window.scrollY") == scroll, f"the scroll position was kept ({scroll})")

        # A broken spec shows its error message, in view at any scroll position, and the last good
        # render stays in the frame marked stale.
        page.evaluate("window.scrollTo(0, 900)")
        page.wait_for_function("window.scrollY > 800")
        (specs / "alpha.yaml").write_text("width: 375\nsections:\n  - items: [{height: }\n")
        page.locator("#error.shown").wait_for(timeout=5_000)
        check("alpha.yaml" in page.locator("#error").inner_text(), "a broken spec shows its error message")
        check(page.evaluate("window.scrollY") > 800, "the page is still scrolled down")
        box = page.locator("#error").bounding_box()
        check(box is not None and box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= 500,
              f"the error is in view after scrolling ({box})")
        check(page.evaluate("""(() => {
            const box = document.getElementById('error').getBoundingClientRect();
            const top = document.elementFromPoint(box.left + 20, box.top + box.height / 2);
            return document.getElementById('error').contains(top);
        })()"""), "nothing covers the error")
        status = page.locator("#status").inner_text()
        check("stale" in status and "updated" not in status, f"the status says the page is stale ({status!r})")
        check(frame.get_by_text("Omega", exact=True).count() == 1, "the last page that rendered stays in the frame")
        (specs / "alpha.yaml").write_text(spec("Omega"))
        page.locator("#error.shown").wait_for(state="hidden", timeout=5_000)
        check(page.locator("#error.shown").count() == 0, "the error goes away once the spec is fixed")
        check(page.locator("#status").inner_text().startswith("updated"), "the status reads updated again")

        # The width switcher renders at a preset width.
        page.goto(url + "spec/alpha?width=768")
        page.wait_for_function("document.getElementById('frame').width == 768")
        check(page.locator(".widths a.current").inner_text().startswith("768"), "the 768 preset renders at 768")

        # The light/dark switch: only for a spec with a dark style; dark draws the dark colors.
        check(page.locator("nav.appearances").count() == 0, "a spec without a dark style has no light/dark switch")
        page.goto(url + "spec/beta?width=430")
        page.locator("nav.appearances a", has_text="dark").click()
        page.wait_for_url("**appearance=dark**")
        page.frame_locator("#frame").locator(".page").wait_for()
        background = page.frame_locator("#frame").locator(".page").evaluate("e => getComputedStyle(e).backgroundColor")
        check(background == "rgb(17, 17, 17)", f"the dark switch draws the dark background ({background})")
        check(page.locator(".widths a.current", has_text="430").count() == 1, "the width is kept across the switch")
        light = page.locator("nav.appearances a", has_text="light").get_attribute("href")
        check("appearance" not in light and "width=430" in light, f"the light link keeps the width ({light})")

        # A POST without the token is refused, one with it from another origin too.
        refused = page.request.post(url + "approve-all")
        check(refused.status == 403, f"a POST without the token is refused ({refused.status})")
        token = None
        page.goto(url + "review")
        token = page.locator("input[name=token]").first.get_attribute("value")
        cross = page.request.post(url + "approve-all", headers={"Origin": "http://evil.example", "X-Waterfall-Token": token})
        check(cross.status == 403, f"a POST from another origin is refused ({cross.status})")

        # Approve writes the baseline; the next check passes.
        section = page.locator("section[data-spec=alpha]")
        check(section.get_attribute("data-status") == "changed", "the review shows alpha changed")
        check(page.locator("section[data-spec=beta]").get_attribute("data-status") == "passed", "beta passed")

        before = run(waterfall, "check", "specs/alpha.yaml", "--baselines", "baselines", cwd=work)
        check(before.returncode == 1, "check fails before approval")
        section.locator("button.approve").click()
        page.wait_for_load_state()
        page.locator("section[data-spec=alpha][data-status=passed]").wait_for()
        after = run(waterfall, "check", "specs/alpha.yaml", "specs/beta.yaml", "--baselines", "baselines", cwd=work)
        check(after.returncode == 0, f"Approve wrote the baseline and check passes ({after.stdout.strip()})")

        # The review's results are kept until a watched file changes or a baseline is approved:
        # a baseline changed behind the server's back shows only after "check again".
        (baselines / "alpha.png").write_bytes((baselines / "beta.png").read_bytes())
        page.goto(url + "review")
        check(page.locator("section[data-spec=alpha]").get_attribute("data-status") == "passed",
              "a second look at the review shows the kept results")
        page.locator("#check-again").click()
        page.locator("section[data-spec=alpha][data-status=changed]").wait_for()
        check(page.locator("section[data-spec=alpha]").get_attribute("data-status") == "changed",
              "check again compares anew and finds the changed baseline")
        page.close()
    finally:
        stop_server(server)


ATTACK = """(async () => {
  const log = [];
  let token = '';
  try {
    const page = await (await fetch('/review')).text();
    const found = page.match(/name="token" value="([0-9a-f]{64})"/);
    if (found) token = found[1];
    log.push('read-review');
  } catch (error) { log.push('review-unreadable'); }
  for (const path of ['/approve-all', '/approve/alpha']) {
    try {
      await fetch(path, {method: 'POST', headers: {'X-Waterfall-Token': token}, body: 'token=' + token});
      log.push('posted-with-header');
    } catch (error) { log.push('post-refused'); }
    try {
      await fetch(path, {method: 'POST', mode: 'no-cors', body: new URLSearchParams({token})});
      log.push('posted-form');
    } catch (error) { log.push('form-refused'); }
  }
  const frame = document.createElement('iframe');
  frame.src = '/review';
  document.documentElement.appendChild(frame);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  try { log.push('framed:' + frame.contentDocument.body.innerHTML.length); } catch (error) { log.push('frame-unreadable'); }
  try { log.push('parent:' + window.parent.document.title); } catch (error) { log.push('parent-unreadable'); }
  log.push('token:' + (token ? 'stolen' : 'none'));
  document.title = 'done ' + log.join(' ');
})();"""


def untrusted_files_tests(waterfall, work, browser):
    """A branch's files attack the review: a served HTML page, an SVG and the spec's own templates."""
    specs = work / "untrusted"
    baselines = work / "untrusted-baselines"
    specs.mkdir()
    (specs / "alpha.yaml").write_text(spec("Alpha"))
    recorded = run(waterfall, "check", "untrusted/alpha.yaml", "--baselines", "untrusted-baselines", "--record",
                   cwd=work)
    check(recorded.returncode == 0, f"untrusted: baselines recorded ({recorded.stderr.strip()})")
    (specs / "alpha.yaml").write_text(spec("Changed"))  # what an approval would write
    before = (baselines / "alpha.png").read_bytes()
    (specs / "evil.html").write_text(f"<!DOCTYPE html><title>evil</title><script>{ATTACK}</script>")
    (specs / "evil.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        f'<title>evil</title><script><![CDATA[{ATTACK}]]></script></svg>')
    templates = work / "untrusted-templates"
    templates.mkdir()
    root = pathlib.Path(__file__).resolve().parent.parent / "Templates"
    for template in root.glob("*.mustache"):
        (templates / template.name).write_text(template.read_text())
    page_template = (templates / "page.mustache").read_text()
    (templates / "page.mustache").write_text(page_template.replace("</body>", f"<script>{ATTACK}</script></body>"))

    server, url = start_server(waterfall, "untrusted", "--baselines", "untrusted-baselines", "--templates",
                               str(templates), cwd=work)
    try:
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        requests = []
        page.on("request", lambda request: requests.append(
            (request.method, request.url, request.headers.get("x-waterfall-token", ""), request.post_data or "")))
        for name in ["evil.html", "evil.svg"]:
            requests.clear()
            response = page.goto(url + "files/specs1/" + name)
            policy = response.headers.get("content-security-policy", "")
            check("sandbox" in policy and "frame-ancestors 'self'" in policy, f"{name} arrives sandboxed ({policy})")
            page.wait_for_function("document.title.startsWith('done')", timeout=15_000)
            title = page.title()
            check("review-unreadable" in title and "token:none" in title, f"{name}: its script cannot read the token ({title})")
            check("frame-unreadable" in title, f"{name}: its script cannot read a framed review page ({title})")
            posts = [r for r in requests if r[0] == "POST"]
            check(posts and all(token == "" and not re.search("[0-9a-f]{64}", body) for _, _, token, body in posts),
                  f"{name}: its {len(posts)} POSTs reached the server without the token")
        # The spec's own templates: the live page's frame runs no script of theirs.
        requests.clear()
        page.goto(url + "spec/alpha")
        page.frame_locator("#frame").get_by_text("Changed", exact=True).wait_for()
        time.sleep(2)
        titles = [frame.title() for frame in page.frames]
        check(len(titles) == 2 and not any(t.startswith("done") for t in titles),
              f"a template's script did not run in the live page or its frame ({titles})")
        check(not [r for r in requests if r[0] == "POST"], "a template's script made no POST")
        page.goto(url + "render/alpha")
        time.sleep(2)
        check(not page.title().startswith("done"), "a template's script does not run when its page is opened alone")
        check((baselines / "alpha.png").read_bytes() == before, "no baseline changed")
        page.close()
    finally:
        stop_server(server)


def variant_tests(waterfall, work, browser):
    """A spec reviewed at four variants: the review groups them, and approving one records all."""
    folder = work / "variants"
    specs = folder / "specs"
    specs.mkdir(parents=True)
    declared = "variants: {appearance: both, widths: [320, 375]}\n"
    (specs / "gamma.yaml").write_text(spec("Gamma", style=DARK_STYLE) + declared)
    recorded = run(waterfall, "check", "specs/gamma.yaml", "--baselines", "baselines", "--record", cwd=folder)
    check(recorded.returncode == 0, f"the variants' baselines recorded ({recorded.stderr.strip()})")
    baselines = folder / "baselines"
    names = sorted(path.name for path in baselines.glob("gamma*.png"))
    check(names == ["gamma@320.dark.png", "gamma@320.png", "gamma@375.dark.png", "gamma@375.png"],
          f"a baseline for each variant ({names})")
    before = {name: (baselines / name).read_bytes() for name in names}
    (specs / "gamma.yaml").write_text(spec("Gamma", first_height=200, style=DARK_STYLE) + declared)

    server, url = start_server(waterfall, "specs", "--baselines", "baselines", cwd=folder)
    try:
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url + "review")
        check(page.locator("section.check").count() == 4, "the review shows the four variants")
        check(page.locator("section.check[data-status=changed]").count() == 4, "each variant changed")
        check(page.locator("h2.spec-group").count() == 1, "the variants are grouped under their spec")
        failing = run(waterfall, "check", "specs/gamma.yaml", "--baselines", "baselines", cwd=folder)
        check(failing.returncode == 1, "check fails before approval")
        page.locator("section.check button.approve").first.click()
        page.wait_for_load_state()
        page.wait_for_function("document.querySelectorAll('section.check[data-status=passed]').length == 4")
        after = run(waterfall, "check", "specs/gamma.yaml", "--baselines", "baselines", cwd=folder)
        check(after.returncode == 0, f"check passes after one Approve ({after.stdout.strip()})")
        rewritten = [name for name in names if (baselines / name).read_bytes() != before[name]]
        check(rewritten == names, f"approving one variant recorded all four ({rewritten})")
        page.close()
    finally:
        stop_server(server)


def cause_tests(waterfall, work, browser):
    """A column count changed: serve's review page says so first, in the spec's terms."""
    folder = work / "causes"
    specs = folder / "specs"
    specs.mkdir(parents=True)
    (specs / "delta.yaml").write_text(spec("Delta"))
    recorded = run(waterfall, "check", "specs/delta.yaml", "--baselines", "baselines", "--record", cwd=folder)
    check(recorded.returncode == 0, f"baselines recorded ({recorded.stderr.strip()})")
    (specs / "delta.yaml").write_text(spec("Delta").replace("columns: 2", "columns: 3"))

    server, url = start_server(waterfall, "specs", "--baselines", "baselines", cwd=folder)
    try:
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url + "review")
        section = page.locator("section.check[data-spec=delta]")
        check(section.get_attribute("data-status") == "changed", "the column change is a change")
        first = section.locator("li.cause").first
        check(first.is_visible(), "the cause is shown, not folded")
        text = first.inner_text()
        check(text.startswith("defaults.columns: 2 → 3") and "44 cards moved into 3 columns" in text,
              f"the first cause names the column count and its consequence: {text}")
        # The cause comes before the pixel counts.
        cause_top = first.bounding_box()["y"]
        reason_top = section.locator("p.reason").bounding_box()["y"]
        check(cause_top < reason_top, f"the cause is read first ({cause_top} < {reason_top})")
        page.close()
    finally:
        stop_server(server)


def report_tests(waterfall, work, browser):
    (work / "specs" / "alpha.yaml").write_text(spec("Omega", first_height=121))
    result = run(waterfall, "check", "specs/alpha.yaml", "--baselines", "baselines", "--report", "report", cwd=work)
    check(result.returncode == 1, "check reports the change")
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto((work / "report" / "index.html").as_uri())
    section = page.locator("section[data-spec=alpha]")
    check(section.locator(".box").count() > 0, f"boxes drawn over the pictures ({section.locator('.box').count()})")
    check(section.locator(".reference-picture .box").count() > 0, "boxes over the reference")
    check(section.locator(".actual-picture .box").count() > 0, "boxes over the actual picture")
    cause = section.locator(".cause").inner_text()
    check(cause.startswith("sections[0].items[0].height: 120 → 121") and "Card 0 grew by 1 pt;" in cause
          and "below it moved down 1 pt" in cause, f"the cause is told: {cause}")
    command = section.locator(".record-command").inner_text()
    check("--record" in command and "alpha.yaml" in command, f"the record command is given: {command}")
    check(section.locator("details.regions").count() == 1, "the region list is folded away")
    check(not section.locator("details.regions pre").first.is_visible(), "the region list starts folded")
    thumbnail = section.locator("a.zoom").first
    target = thumbnail.get_attribute("href")
    check(not page.locator(target).is_visible(), "the full-size view starts hidden")
    thumbnail.click()
    page.locator(target).wait_for(state="visible")
    check(page.locator(target + " img").is_visible(), "clicking a picture shows it full size")
    page.close()


def clip_tests(waterfall, work, browser):
    """A spec that declares a clip: its page plays it, and draws it again after the spec is edited."""
    folder = work / "clips"
    specs = folder / "specs"
    specs.mkdir(parents=True)
    def clip_spec(seed):
        return ("width: 100\nscale: 1\ndefaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}\n"
                f"sections:\n  - generate: {{count: 16, minHeight: 30, maxHeight: 70, seed: {seed}}}\n"
                "variants: {viewport: {height: 90}, animate: scroll, clip: {fps: 5}}\n")
    (specs / "delta.yaml").write_text(clip_spec(2))
    server, url = start_server(waterfall, "specs", cwd=folder)
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(url + "spec/delta")
        page.wait_for_function("() => { const c = document.querySelector('img.clip'); return c && c.complete && c.naturalWidth > 0; }")
        size = page.evaluate("() => { const c = document.querySelector('img.clip'); return [c.naturalWidth, c.naturalHeight]; }")
        check(size == [100, 90], f"the clip plays at the screen's size ({size})")
        first = page.evaluate("() => document.querySelector('img.clip').src")
        (specs / "delta.yaml").write_text(clip_spec(3))
        page.wait_for_function(f"() => document.querySelector('img.clip').src !== {first!r}")
        page.wait_for_function("() => { const c = document.querySelector('img.clip'); return c.complete && c.naturalWidth > 0; }")
        check("&v=" in page.evaluate("() => document.querySelector('img.clip').src"),
              "the clip is drawn again after the spec changed")
        page.close()
    finally:
        stop_server(server)


def font_tests(waterfall, work, browser):
    """A spec's own fonts (`fonts:`): every @font-face of the HTML and the SVG loads in Chromium."""
    root = pathlib.Path(__file__).resolve().parent.parent
    folder = work / "brand"
    folder.mkdir()
    (folder / "fonts").mkdir()
    for name in ["Inter-Regular.otf", "Inter-Bold.otf"]:
        (folder / "fonts" / name).write_bytes((root / "Examples" / "fonts" / name).read_bytes())
    (folder / "brand.yaml").write_text(
        "width: 375\nfonts: [fonts/Inter-Regular.otf, fonts/Inter-Bold.otf]\nstyle: {font: Inter}\n"
        "sections:\n  - columns: 2\n    header: {height: 40, title: \"Brand 👋\"}\n"
        "    items: [{height: 80, title: Quick brown fox, subtitle: jumps over}, {height: 60, title: Lazy dog}]\n")
    rendered = run(waterfall, "render", "brand/brand.yaml", "--output", "brand/out", "--format", "html,svg", cwd=work)
    check(rendered.returncode == 0, f"a spec with its own fonts renders ({rendered.stderr.strip()})")
    for name in ["brand.html", "brand.svg"]:
        page = browser.new_page()
        page.goto((folder / "out" / name).as_uri())
        faces = page.evaluate(
            """async () => {
                await document.fonts.ready;
                await Promise.all([...document.fonts].map(face => face.load().catch(() => null)));
                return [...document.fonts].map(face => [face.family, face.weight, face.status]);
            }""")
        check(len(faces) == 2 and all(status == "loaded" for _, _, status in faces),
              f"{name}: both Inter faces load from their data URLs ({faces})")
        check(page.evaluate("document.fonts.check('bold 16px Inter', 'Quick brown fox')"),
              f"{name}: Chromium has Inter for the titles")
        page.close()


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    waterfall = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="waterfall-browser-") as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], timeout=60_000)
        try:
            work = pathlib.Path(folder)
            serve_tests(waterfall, work, browser)
            untrusted_files_tests(waterfall, work, browser)
            variant_tests(waterfall, work, browser)
            cause_tests(waterfall, work, browser)
            report_tests(waterfall, work, browser)
            clip_tests(waterfall, work, browser)
            font_tests(waterfall, work, browser)
        finally:
            browser.close()
    print("browser tests passed")


if __name__ == "__main__":
    main()
