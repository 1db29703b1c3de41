#!/usr/bin/env python3
"""The cross-viewer test: every format shows the PNG's picture in every engine people open it with.

    python3 scripts/cross-viewer-test.py [--waterfall .build/debug/waterfall] [--only VIEWER]...
        [--json FILE] [--random N] [--seed S] [--work DIR]

Renders every `Examples/*.yaml` and N random specs written here from a seed (columns, widths and
scales varied; cards with and without the PNGs and JPEGs of `Examples/images`; titles in Latin,
digits, CJK and emoji with ZWJ sequences, skin tones, flags, keycaps, 🏴‍☠️ ❤️‍🔥 😮‍💨) with
`waterfall render --format png,svg,html,pdf --appearance both`, then compares each picture's PNG,
the reference, with what these viewers draw of its other formats:

    chromium  svg, html  Debian's chromium through Playwright for Python (one browser, launched with
                         --force-device-scale-factor=2; each page's context has the spec's scale)
    firefox   svg, html  Debian's firefox-esr, headless, through its own Marionette protocol on a
                         loopback port (one browser; layout.css.devPixelsPerPx = the spec's scale); a
                         page whose ready script times out is loaded once more (`reloaded` in the JSON)
    webkit    svg, html  WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb
                         display of this script's own (one browser at GDK_SCALE=2, the only scale a
                         WebKitGTK process has: a spec of another scale is compared with its PNG
                         rendered again with --scale 2; its window sized to each picture); a
                         picture over the target is taken once more in a session of its own that
                         waits longer, and that figure counts (`retaken` in the JSON)
    librsvg   svg        rsvg-convert -z SCALE, with the spec's own font files added to fontconfig
              svg-outlines  the SVG of each spec with `fonts:` written again with `--svg-text outlines`,
                         drawn by rsvg-convert on the machine's fontconfig alone (the spec's fonts
                         not added): text as outlines needs no font installed
    poppler   pdf        pdftoppm -r 72×SCALE, the first page

Each browser is started once for the whole run; the three run side by side, each on a thread.
What is compared: the top of each picture, its full width and its first 1,624 points (two
812-point screens), or all of it when it is shorter;
for a PNG written as tiles that region lies in the first tile. A picture's transparent pixels
are taken over white, as every viewer shows them. The region is cut in 8 × 8-pixel blocks (the
last row and column of blocks may be smaller); a block differs when any channel of its mean
colour differs by more than 40 levels, and a (viewer, format, picture) passes when at most 0.5 %
of its blocks differ. Prints a table of the shares, the worst and the median of each viewer and
format, and closes with "N passed, N failed"; exits 1 when any failed (or a viewer could not
draw a picture), 2 for bad arguments or a render that failed. `--work DIR` keeps the renders, the
screenshots and, for each failure, a picture of the reference, the viewer's and the differing
blocks side by side.

Under two minutes on a 2-core machine (105 s measured with a Swift build beside it) for the 19
examples and 6 random specs (30 pictures with the dark ones, a screen and two at accessibility3):
rendering 7 s, then Chromium 41 s, Firefox 62 s and WebKit 76 s side by side (one after the
other Chromium and Firefox took 22 and 19 s), librsvg and poppler beside them, comparing 19 s
on two processes. WebKit's processes and its Xvfb take about 45 CPU seconds (80 with one window
for all pages; see `webkit_shots`).
"""
import argparse
import base64
import concurrent.futures
import glob
import json
import os
import pathlib
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import numpy
from PIL import Image

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("WATERFALL_CHROMIUM", "/usr/bin/chromium")
FIREFOX = os.environ.get("WATERFALL_FIREFOX", "firefox-esr")
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))), "MiniBrowser")
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"

BLOCK = 8
LEVELS = 40
TARGET = 0.005
REGION_POINTS = 1624
WEBKIT_SCALE = 2
# (picture, viewer, format) of the pages loaded a second time after a time-out (`reloaded` in the JSON).
RELOADED = set()
CHROMIUM_SCALE = 2
# Room beside the widest page for a browser's scrollbar, outside the compared region.
WINDOW_MARGIN = 40

PAIRS = [
    ("chromium", "svg"),
    ("chromium", "html"),
    ("firefox", "svg"),
    ("firefox", "html"),
    ("webkit", "svg"),
    ("webkit", "html"),
    ("librsvg", "svg"),
    ("librsvg", "svg-outlines"),
    ("poppler", "pdf"),
]
VIEWERS = sorted({viewer for viewer, _ in PAIRS})

# Waits until a page's images are decoded, its fonts loaded and two frames drawn; the last
# argument is the WebDriver callback (Playwright passes none and awaits the promise).
READY_SCRIPT = """
const done = arguments.length ? arguments[arguments.length - 1] : null;
const ready = (async () => {
  const urls = new Set();
  for (const element of document.querySelectorAll('*')) {
    const background = getComputedStyle(element).backgroundImage || '';
    for (const match of background.matchAll(/url\\("?(.*?)"?\\)/g)) urls.add(match[1]);
    if (element.localName === 'image' || element.localName === 'img') {
      const href = element.getAttribute('href') || element.getAttribute('xlink:href') || element.getAttribute('src');
      if (href) urls.add(href);
    }
  }
  await Promise.all([...urls].map((url) => {
    const image = new Image();
    image.src = url;
    return image.decode().catch(() => null);
  }));
  // An SVG <image> decodes on its own (WebKit paints it a moment after the page is ready).
  await Promise.all([...document.querySelectorAll('image')].map((image) =>
    image.decode ? image.decode().catch(() => null) : null));
  if (document.fonts) await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return true;
})();
if (done) ready.then(done, () => done(false));
return ready;
"""


class Picture:
    """One rendered picture: its PNG (the reference, or its first tile) and its SVG, HTML and PDF."""

    def __init__(self, name, spec, folder, png):
        self.name = name
        self.spec = spec
        self.svg = folder / f"{name}.svg"
        self.html = folder / f"{name}.html"
        self.pdf = folder / f"{name}.pdf"
        # Written only when asked for (`--format html-grid-lanes`, scripts/grid-lanes-pages.py).
        self.grid_lanes = folder / f"{name}.grid-lanes.html"
        # The SVG with text as outlines, for a spec with `fonts:` (`--svg-text outlines`).
        self.outlines = None
        self.png = png
        text = self.svg.read_text(encoding="utf-8", errors="replace")[:2000]
        root = re.search(r"<svg\b[^>]*>", text).group(0)
        self.width = float(re.search(r'\bwidth="([0-9.]+)"', root).group(1))
        self.height = float(re.search(r'\bheight="([0-9.]+)"', root).group(1))
        with Image.open(png) as image:
            # The PNG is the page's width times the scale, rounded up to whole pixels.
            self.scale = round(image.width / self.width * 4) / 4
        self.references = {self.scale: png}

    def file(self, kind):
        return {"svg": self.svg, "html": self.html, "pdf": self.pdf, "grid-lanes": self.grid_lanes,
                "svg-outlines": self.outlines}[kind]

    def has(self, kind):
        """Whether the picture has a file of `kind` to compare: outlines only for a spec with `fonts:`."""
        return kind != "svg-outlines" or self.outlines is not None

    def region(self, scale):
        """The compared region in device pixels at `scale`: (width, height).

        Whole device pixels of the page only: a partly covered last row or column shows what lies
        beyond the page, which differs between viewers (an SVG's surroundings are white).
        """
        width = int(self.width * scale + 1e-6)
        height = int(min(self.height, REGION_POINTS) * scale + 1e-6)
        return width, height


def log(message):
    print(message, file=sys.stderr, flush=True)


# MARK: - Random specs

LATIN = ["Linen shirt", "Weekend brunch", "Crème brûlée", "Straße", "naïve café", "Quick fox", "Sale", "Spring picnic",
         "Desk setup", "Coffee", "Late night", "Hike", "Ideas", "Tokyo", "Paris"]
DIGITS = ["2024", "12.8k", "$39", "No. 7", "3/4", "100%", "0123456789", "¥199", "1.2k"]
CJK = ["春日野餐", "夜市美食", "周末徒步", "热门推荐", "東京", "カフェ", "한국어", "排队一小时也值得"]
EMOJI = ["😀", "🧋", "🌸", "☕", "✈️", "❤️", "👍🏽", "👍🏿", "💡", "🇯🇵", "🇫🇷", "🇧🇷", "🇺🇦", "1️⃣", "#️⃣", "*️⃣",
         "👩🏽‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑‍🚀", "🐻‍❄️", "🏴‍☠️", "❤️‍🔥", "😮‍💨"]
IMAGES = ["meadow.png", "night.png", "sunset.jpg", "fog.jpg"]
PALETTES = [["#ffd6a5", "#caffbf", "#9bf6ff"], ["#ffffff"], ["#e9ebef", "#bdb2ff"], ["#ffadad", "#fdffb6"]]


def random_title(rng):
    pieces = [rng.choice(LATIN)]
    for _ in range(rng.randint(1, 4)):
        pieces.append(rng.choice(rng.choice([LATIN, DIGITS, CJK, EMOJI, EMOJI])))
    rng.shuffle(pieces)
    return " ".join(pieces)


def random_spec(rng, index):
    """The text of one random spec (YAML in flow style; its strings are JSON's).

    Scales go 2, 3, 1, 2, … by the spec's index, so that every run has each of them.
    """
    q = lambda text: json.dumps(text, ensure_ascii=False)  # noqa: E731
    width = rng.choice([320, 375, 390, 393, 414, 430, 768])
    scale = [2, 3, 1][(index - 1) % 3]
    columns = rng.randint(1, 4 if width < 700 else 5)
    content = rng.choice(["below", "overlay"])
    lines = [
        f"width: {width}",
        f"scale: {scale}",
        f"defaults: {{columns: {columns}, sectionInset: {rng.choice([0, 8, 10, 12])}, "
        f"lineSpacing: {rng.choice([4, 8, 10])}, interitemSpacing: {rng.choice([4, 8, 10])}}}",
        "style:",
        f"  background: {q(rng.choice(['#f5f5f5', '#ffffff', '#f4f5f7', '#101014']))}",
        f"  textColor: {q(rng.choice(['#222222', '#1f2328', '#3a3a3c']))}",
        f"  fontSize: {rng.choice([12, 13, 15, 17])}",
        f"  cornerRadius: {rng.choice([0, 6, 8, 12])}",
        f"  palette: {json.dumps(rng.choice(PALETTES))}",
        f"  card: {{content: {content}, padding: 8, titleLines: {rng.choice([1, 2, 3])}, textSpacing: 4}}",
        "sections:",
    ]
    for _ in range(rng.randint(1, 2)):
        title = q(random_title(rng))
        align = rng.choice(["leading", "center"])
        lines.append(f"  - header: {{height: 44, title: {title}, align: {align}}}")
        lines.append("    items:")
        for _ in range(rng.randint(4, 10)):
            fields = []
            if rng.random() < 0.6:
                fields.append(f"image: images/{rng.choice(IMAGES)}")
                if content == "overlay" or rng.random() < 0.3:
                    fields.append(f"size: {{width: {rng.randint(300, 600)}, height: {rng.randint(300, 700)}}}")
            elif content == "below" and rng.random() < 0.5:
                fields.append("height: auto")
            else:
                fields.append(f"height: {rng.randint(60, 220)}")
            fields.append(f"title: {q(random_title(rng))}")
            if rng.random() < 0.6:
                fields.append(f"subtitle: {q(rng.choice(['❤️ ', '♥ ', '', '👍🏽 ']) + rng.choice(DIGITS))}")
            lines.append(f"      - {{{', '.join(fields)}}}")
        if rng.random() < 0.4:
            lines.append(f"    footer: {{height: 40, title: {q('Load more ⬇️ 加载更多')}, align: center}}")
    return "\n".join(lines) + "\n"


def write_random_specs(folder, count, seed):
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(REPOSITORY / "Examples" / "images", folder / "images", dirs_exist_ok=True)
    rng = random.Random(seed)
    specs = []
    for index in range(1, count + 1):
        path = folder / f"random-{seed}-{index}.yaml"
        text = f"# cross-viewer-test.py --seed {seed}, spec {index}\n" + random_spec(rng, index)
        path.write_text(text, encoding="utf-8")
        specs.append(path)
    return specs


# MARK: - Rendering


def render(waterfall, specs, output, formats="png,svg,html,pdf", extra=()):
    """Renders `specs`; returns {spec: [files]} from the lines `render` prints (on standard error)."""
    output.mkdir(parents=True, exist_ok=True)
    command = [waterfall, "render", *map(str, specs), "--format", formats, "--output", str(output),
               "--appearance", "both", *extra]
    result = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=REPOSITORY)
    if result.returncode != 0:
        log(f"error: {' '.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}")
        sys.exit(2)
    files = {}
    for line in (result.stdout + result.stderr).splitlines():
        # `rendered SPEC into FOLDER/: FILE, FILE, …`
        match = re.match(r"rendered (.*) into .*?/: (.*)$", line)
        if match:
            files[match.group(1)] = [name.strip() for name in match.group(2).split(",")]
    return files


def pictures_of(files, folder):
    pictures = []
    for spec, names in files.items():
        for name in names:
            if not name.endswith(".svg"):
                continue
            stem = name[: -len(".svg")]
            candidates = [f"{stem}.png", f"{stem}-1.png"]
            png = next((folder / candidate for candidate in candidates if candidate in names), None)
            if png is None:
                log(f"error: {spec}: no PNG beside {name}")
                sys.exit(2)
            pictures.append(Picture(stem, spec, folder, png))
    return sorted(pictures, key=lambda picture: picture.name)


def font_files(spec):
    """The font files a spec names (its `fonts:`), for librsvg, which reads no @font-face."""
    path = pathlib.Path(spec)
    if not path.is_absolute():
        path = REPOSITORY / path
    text = path.read_text(encoding="utf-8", errors="replace")
    found = []
    for match in re.finditer(r"[\w./-]+\.(?:otf|ttf|ttc|otc)\b", text):
        candidate = (path.parent / match.group(0)).resolve()
        if candidate.is_file() and candidate not in found:
            found.append(candidate)
    return found


# MARK: - Viewers


def window_size(pictures):
    return max(int(picture.width + 0.999) for picture in pictures) + WINDOW_MARGIN, REGION_POINTS


def page_size(picture):
    """The page area a window needs for `picture`: its width and room for a scrollbar, by the compared
    region's height (CSS pixels)."""
    return int(picture.width + 0.999) + WINDOW_MARGIN, min(int(picture.height + 0.999), REGION_POINTS)


def chromium_shots(pictures, kinds, shots, flags=()):
    """Screenshots of each picture's `kinds` in one Chromium, started with `flags` besides this script's own."""
    from playwright.sync_api import sync_playwright

    width, height = window_size(pictures)
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--hide-scrollbars", "--font-render-hinting=none", "--force-color-profile=srgb",
                  f"--force-device-scale-factor={CHROMIUM_SCALE}", *flags],
            timeout=60_000,
        )
        version = browser.version
        try:
            for scale in sorted({picture.scale for picture in pictures}):
                context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
                page = context.new_page()
                for picture in (p for p in pictures if p.scale == scale):
                    for kind in kinds:
                        target = shots / f"{picture.name}.chromium.{kind}.png"
                        try:
                            page.goto(picture.file(kind).resolve().as_uri(), timeout=60_000)
                            page.evaluate(f"function () {{ {READY_SCRIPT} }}")
                            page.screenshot(path=str(target), timeout=60_000)
                            out[(picture.name, kind)] = (target, scale)
                        except Exception as error:  # noqa: BLE001 - one page's failure is reported as that page's
                            out[(picture.name, kind)] = (None, f"{type(error).__name__}: {str(error).splitlines()[0]}")
                context.close()
        finally:
            browser.close()
    return version, out


class Marionette:
    """The few commands of Firefox's Marionette protocol this script needs (length:json packets)."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=120)
        self.buffer = b""
        self.counter = 0
        self.read()

    def read(self):
        while b":" not in self.buffer:
            self.receive()
        length, rest = self.buffer.split(b":", 1)
        self.buffer = rest
        while len(self.buffer) < int(length):
            self.receive()
        packet, self.buffer = self.buffer[: int(length)], self.buffer[int(length):]
        return json.loads(packet)

    def receive(self):
        data = self.socket.recv(1 << 20)
        if not data:
            raise ConnectionError("Firefox closed the Marionette connection")
        self.buffer += data

    def call(self, name, parameters=None):
        self.counter += 1
        data = json.dumps([0, self.counter, name, parameters or {}]).encode()
        self.socket.sendall(str(len(data)).encode() + b":" + data)
        while True:
            message = self.read()
            if message[0] == 1 and message[1] == self.counter:
                if message[2]:
                    raise RuntimeError(f"{name}: {message[2].get('message', message[2])}")
                return message[3]

    def script(self, source, asynchronous=False, chrome=False):
        if chrome:
            self.call("Marionette:SetContext", {"value": "chrome"})
        try:
            command = "WebDriver:ExecuteAsyncScript" if asynchronous else "WebDriver:ExecuteScript"
            return self.call(command, {"script": source, "args": []})["value"]
        finally:
            if chrome:
                self.call("Marionette:SetContext", {"value": "content"})


FIREFOX_PREFERENCES = {
    "marionette.port": 0,
    "layout.css.devPixelsPerPx": "1",
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "browser.startup.homepage_override.mstone": "ignore",
    "startup.homepage_welcome_url": "",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "browser.aboutwelcome.enabled": False,
    "app.update.disabledForTesting": True,
    "ui.prefersReducedMotion": 1,
}


def firefox_shots(pictures, kinds, shots, work):
    home = work / "firefox-home"
    profile = home / "profile"
    profile.mkdir(parents=True, exist_ok=True)
    (profile / "user.js").write_text(
        "".join(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n" for key, value in FIREFOX_PREFERENCES.items())
    )
    environment = dict(os.environ, HOME=str(home), MOZ_HEADLESS="1", XDG_CACHE_HOME=str(home / "cache"))
    environment.pop("DISPLAY", None)
    process = subprocess.Popen(
        [FIREFOX, "--headless", "--marionette", "-remote-allow-system-access", "--no-remote",
         "--profile", str(profile)],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    out = {}
    try:
        port_file = profile / "MarionetteActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("Firefox did not open its Marionette port")
            time.sleep(0.1)
        marionette = Marionette(int(port_file.read_text()))
        session = {"capabilities": {"alwaysMatch": {"pageLoadStrategy": "normal"}}}
        capabilities = marionette.call("WebDriver:NewSession", session)
        version = capabilities["capabilities"]["browserVersion"]
        marionette.call("WebDriver:SetTimeouts", {"script": 60_000, "pageLoad": 60_000})
        width, height = window_size(pictures)
        for scale in sorted({picture.scale for picture in pictures}):
            marionette.script(
                f"Services.prefs.setCharPref('layout.css.devPixelsPerPx', '{scale:g}'); return 1", chrome=True
            )
            # The window is sized in CSS pixels of the browser's own chrome: size it, see what the
            # page got, and size it again by the difference.
            marionette.call("WebDriver:SetWindowRect", {"width": width, "height": height})
            marionette.call("WebDriver:Navigate", {"url": "about:blank"})
            inner = marionette.script("return [window.innerWidth, window.innerHeight, window.devicePixelRatio]")
            marionette.call("WebDriver:SetWindowRect", {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})
            for picture in (p for p in pictures if p.scale == scale):
                for kind in kinds:
                    target = shots / f"{picture.name}.firefox.{kind}.png"
                    # A page whose ready script times out is loaded once more: in one fresh run of
                    # the test command, with both cores busy, Firefox never settled 17-brand-font's
                    # SVG (its fonts are data URLs) within the script's 60 s, and drew it at once the
                    # next time. Any other error, or a second time-out, is the page's result.
                    for attempt in range(2):
                        try:
                            marionette.call("WebDriver:Navigate", {"url": picture.file(kind).resolve().as_uri()})
                            marionette.script(READY_SCRIPT, asynchronous=True)
                            shot = marionette.call("WebDriver:TakeScreenshot", {"full": False})["value"]
                            target.write_bytes(base64.b64decode(shot))
                            out[(picture.name, kind)] = (target, scale)
                            break
                        except (RuntimeError, OSError) as error:
                            out[(picture.name, kind)] = (None, str(error).splitlines()[0])
                            if attempt > 0 or "Timed out" not in str(error):
                                break
                            log(f"cross-viewer: firefox timed out on {picture.name}.{kind}; loading it again")
                            RELOADED.add((picture.name, "firefox", kind))
        try:
            marionette.call("Marionette:Quit", {"flags": ["eForceQuit"]})
            process.wait(timeout=30)
        except (RuntimeError, OSError, subprocess.TimeoutExpired):
            pass
    finally:
        if process.poll() is None:
            stop(process, "Firefox")
    return version, out


def start_xvfb(width, height):
    """An X display of this script's own (Xvfb picks a free number and tells it through a pipe)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = b""
    with os.fdopen(read, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip():
        process.kill()
        raise RuntimeError("Xvfb did not start")
    return process, f":{number.decode().strip()}"


def webkit_shots(pictures, kinds, shots, work, only=None, patient=False):
    """Screenshots in one WebKit session: of every picture in each of `kinds`, or only of the
    (picture name, kind) pairs in `only`; `patient` waits longer for the page to settle and
    names the files `….retake.png`.

    The window is sized to each picture (`page_size`): a WebKitGTK screenshot is the whole page
    area, composited again (through Mesa's llvmpipe) and encoded as a PNG each time, and the
    window of the widest page at the region's full height costs up to three times as much a
    screenshot. `webkit_environment` tells the rest of what keeps WebKit's CPU time down."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    width, height = window_size(pictures)
    xvfb, display = start_xvfb((width + 200) * WEBKIT_SCALE, (height + 200) * WEBKIT_SCALE)
    out = {}
    try:
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        environment = webkit_environment(display, work)
        driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBKIT_DRIVER, env=environment))
        try:
            version = driver.capabilities.get("browserVersion", "?")
            driver.set_script_timeout(60)
            driver.set_page_load_timeout(60)
            driver.set_window_size(width, height)
            driver.get("about:blank")
            inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
            # What the window has around its page (MiniBrowser's toolbar), to size the page area.
            around = (width - inner[0], height - inner[1])
            current = None
            for picture in pictures:
                for kind in kinds:
                    if only is not None and (picture.name, kind) not in only:
                        continue
                    suffix = ".retake" if patient else ""
                    target = shots / f"{picture.name}.webkit.{kind}{suffix}.png"
                    try:
                        if page_size(picture) != current:
                            current = page_size(picture)
                            driver.set_window_size(current[0] + around[0], current[1] + around[1])
                        driver.get(picture.file(kind).resolve().as_uri())
                        # The page area is the size asked for before anything is taken: a resize
                        # that had not reached the page yet would leave part of the region out.
                        settle_page_area(driver, current)
                        driver.execute_async_script(READY_SCRIPT)
                        expected = (current[0] * WEBKIT_SCALE, current[1] * WEBKIT_SCALE)
                        shot = (settled_screenshot(driver, attempts=16, interval=0.5, first_wait=2, stable=3,
                                                   size=expected)
                                if patient else settled_screenshot(driver, size=expected))
                        target.write_bytes(shot)
                        out[(picture.name, kind)] = (target, WEBKIT_SCALE)
                    except Exception as error:  # noqa: BLE001 - one page's failure is reported as that page's
                        out[(picture.name, kind)] = (None, f"{type(error).__name__}: {str(error).splitlines()[0]}")
        finally:
            driver.quit()
    finally:
        stop(xvfb, "Xvfb")
    return version, out


def webkit_environment(display, work):
    """The environment of WebKitWebDriver and MiniBrowser (and so of WebKit's processes).

    - WEBKIT_SKIA_ENABLE_CPU_RENDERING: Skia paints the page's tiles on the CPU rather than
      through Mesa's llvmpipe (a fifth less of the web process's time); they are composited
      through llvmpipe all the same.
    - GTK's classic scrollbar (settings.ini in a folder of XDG_CONFIG_DIRS) beside a page taller
      than the window, outside the compared region: an overlay one shows after a load and fades
      away for seconds, each frame composited again, and a patient retake waited for it to end.

    MiniBrowser encodes each screenshot with cairo and libpng's defaults (zlib level 6, every
    row filter tried), most of its own time; a smaller window (`page_size`) is what cuts that.
    """
    settings = work / "webkit-config"
    (settings / "gtk-3.0").mkdir(parents=True, exist_ok=True)
    (settings / "gtk-3.0" / "settings.ini").write_text("[Settings]\ngtk-overlay-scrolling = false\n")
    folders = os.pathsep.join([str(settings), os.environ.get("XDG_CONFIG_DIRS") or "/etc/xdg"])
    environment = dict(os.environ, DISPLAY=display, GDK_SCALE=str(WEBKIT_SCALE), GDK_BACKEND="x11",
                       WEBKIT_SKIA_ENABLE_CPU_RENDERING="1", XDG_CONFIG_DIRS=folders)
    return environment


def settle_page_area(driver, size, seconds=20):
    """Waits until the page's viewport is at least `size` (CSS pixels) each way, as a window resize
    reaches it: WebDriver's resize returns before WebKit has laid the page out again, more so
    under load. (MiniBrowser's window is never narrower than its toolbar, 447 points here: a page
    area wider than asked for only shows more white beside the compared region.)"""
    deadline = time.monotonic() + seconds
    while True:
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if inner[0] >= size[0] and inner[1] >= size[1]:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the page area stayed {inner[0]}×{inner[1]}, smaller than {size[0]}×{size[1]}")
        time.sleep(0.05)


def png_size(data):
    """A PNG's width and height, from its header."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def settled_screenshot(driver, attempts=8, interval=0.25, first_wait=0.0, stable=1, size=None):
    """A WebDriver screenshot once `stable` more in a row, `interval` seconds apart, are the same,
    and, when `size` is given, at least `size` device pixels each way (up to 40 more tries, a
    quarter of a second apart, for a screenshot of the page area before a resize reached it).

    WebKit paints an SVG `<image>` (an emoji's picture) a moment after the page is ready, and
    a page's script cannot see when: its SVG image elements have no `complete` or `decode()`."""
    time.sleep(first_wait)
    shot = driver.get_screenshot_as_png()
    same = 0
    for _ in range(attempts):
        time.sleep(interval)
        again = driver.get_screenshot_as_png()
        if again == shot:
            same += 1
            if same >= stable:
                break
        else:
            same = 0
            shot = again
    for _ in range(40):
        width, height = png_size(shot)
        if size is None or (width >= size[0] and height >= size[1]):
            break
        time.sleep(0.25)
        shot = driver.get_screenshot_as_png()
    return shot


def stop(process, name):
    """Ends a helper this script started: SIGTERM, then SIGKILL after ten seconds."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        log(f"cross-viewer: {name} did not end on SIGTERM; killing it")
        process.kill()
        process.wait()


def librsvg_shots(pictures, shots, work, kinds=("svg",)):
    version = subprocess.run(["rsvg-convert", "--version"], capture_output=True, text=True).stdout.split()[-1]
    out = {}
    for picture, kind in ((picture, kind) for picture in pictures for kind in kinds if picture.has(kind)):
        target = shots / f"{picture.name}.librsvg.{kind}.png"
        width, height = picture.region(picture.scale)
        environment = dict(os.environ)
        # Text as outlines is drawn without the spec's fonts: the machine's fontconfig as it is.
        fonts = font_files(picture.spec) if kind == "svg" else []
        if fonts:
            configuration = work / f"{picture.name}.fonts.conf"
            folders = sorted({str(font.parent) for font in fonts})
            configuration.write_text(
                '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n'
                '<include ignore_missing="no">/etc/fonts/fonts.conf</include>\n'
                + "".join(f"<dir>{folder}</dir>\n" for folder in folders) + "</fontconfig>\n"
            )
            environment["FONTCONFIG_FILE"] = str(configuration)
        # The page is the compared region: librsvg draws nothing below it.
        command = ["rsvg-convert", "-z", f"{picture.scale:g}", "--page-width", f"{width}px",
                   "--page-height", f"{height}px", str(picture.file(kind)), "-o", str(target)]
        result = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=300)
        drawn = result.returncode == 0
        out[(picture.name, kind)] = (target, picture.scale) if drawn else (None, result.stderr.strip())
    return version, out


def poppler_shots(pictures, shots):
    version = subprocess.run(["pdftoppm", "-v"], capture_output=True, text=True).stderr.split()[2]
    out = {}
    for picture in pictures:
        prefix = shots / f"{picture.name}.poppler.pdf"
        width, height = picture.region(picture.scale)
        command = ["pdftoppm", "-r", f"{72 * picture.scale:g}", "-f", "1", "-l", "1", "-x", "0", "-y", "0",
                   "-W", str(width), "-H", str(height), "-png", "-singlefile", str(picture.pdf), str(prefix)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=300)
        target = prefix.with_name(prefix.name + ".png")
        drawn = result.returncode == 0
        out[(picture.name, "pdf")] = (target, picture.scale) if drawn else (None, result.stderr.strip())
    return version, out


# MARK: - Comparing


def rgb(path, region):
    """The pixels of `region` (width, height) of the image at `path`, over white, as an array."""
    with Image.open(path) as image:
        image = image.crop((0, 0, min(region[0], image.width), min(region[1], image.height)))
        if image.mode in ("RGBA", "LA", "PA", "P") or "transparency" in image.info:
            white = Image.new("RGBA", image.size, (255, 255, 255, 255))
            image = Image.alpha_composite(white, image.convert("RGBA"))
        return numpy.asarray(image.convert("RGB"))


def block_means(pixels):
    height, width, _ = pixels.shape
    rows = numpy.arange(0, height, BLOCK)
    columns = numpy.arange(0, width, BLOCK)
    sums = numpy.add.reduceat(
        numpy.add.reduceat(pixels, rows, axis=0, dtype=numpy.int32), columns, axis=1, dtype=numpy.int32
    )
    counts = numpy.minimum(BLOCK, height - rows)[:, None] * numpy.minimum(BLOCK, width - columns)[None, :]
    return sums / counts[:, :, None]


def compare_picture(job):
    """Compares one picture's screenshots with its reference: [(key, differing, blocks)].

    `job` is (references {scale: png}, regions {scale: (w, h)}, [(key, shot, scale, diff path or None)]);
    a shot smaller than the region differs where it is missing.
    """
    references, regions, shots = job
    cached = {}
    figures = []
    for key, shot_path, scale, diff_path in shots:
        width, height = regions[scale]
        if scale not in cached:
            reference = rgb(references[scale], regions[scale])
            if reference.shape[:2] != (height, width):
                grown = numpy.full((height, width, 3), 255, numpy.uint8)
                grown[: reference.shape[0], : reference.shape[1]] = reference
                reference = grown
            cached[scale] = reference, block_means(reference)
        reference, reference_means = cached[scale]
        available = rgb(shot_path, (width, height))
        shot = 255 - reference
        shot[: available.shape[0], : available.shape[1]] = available
        differs = (numpy.abs(reference_means - block_means(shot)) > LEVELS).any(axis=2)
        if diff_path is not None and differs.any():
            save_diff(reference, shot, differs, diff_path)
        figures.append((key, int(differs.sum()), int(differs.size)))
    return figures


def save_diff(reference, shot, differs, path):
    """The reference, the viewer's picture and the differing blocks (red) side by side."""
    height, width, _ = reference.shape
    mask = numpy.repeat(numpy.repeat(differs, BLOCK, axis=0), BLOCK, axis=1)[:height, :width]
    marked = reference.copy()
    marked[mask] = (marked[mask] * 0.3 + numpy.array([255, 0, 0]) * 0.7).astype(numpy.uint8)
    side = Image.new("RGB", (3 * width + 20, height), "white")
    side.paste(Image.fromarray(reference), (0, 0))
    side.paste(Image.fromarray(shot), (width + 10, 0))
    side.paste(Image.fromarray(marked), (2 * width + 20, 0))
    side.save(path)


# MARK: - Main


def main():
    # A parent may have blocked signals (a test runner's thread); the helpers started here
    # (Xvfb, the browsers) inherit the mask, and must end on SIGTERM.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waterfall", default=str(REPOSITORY / ".build/debug/waterfall"))
    parser.add_argument("--only", action="append", choices=VIEWERS, help="a viewer to run (repeatable); all by default")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--random", type=int, default=6, help="random specs (default 6)")
    parser.add_argument("--seed", type=int, default=33, help="the seed of the random specs (default 33)")
    parser.add_argument("--examples", default="Examples/*.yaml", help="a glob of example specs, from the repository")
    parser.add_argument("--work", help="keep renders, screenshots and diffs in this folder")
    arguments = parser.parse_args()
    if not os.access(arguments.waterfall, os.X_OK):
        parser.error(f"no waterfall binary at {arguments.waterfall}")
    viewers = arguments.only or VIEWERS
    pairs = [(viewer, kind) for viewer, kind in PAIRS if viewer in viewers]
    started = time.monotonic()

    work = pathlib.Path(arguments.work or tempfile.mkdtemp(prefix="cross-viewer-")).resolve()
    work.mkdir(parents=True, exist_ok=True)
    try:
        return run(arguments, work, pairs, started)
    finally:
        if not arguments.work:
            shutil.rmtree(work, ignore_errors=True)


def run(arguments, work, pairs, started):
    specs = sorted(REPOSITORY.glob(arguments.examples))
    specs += write_random_specs(work / "random", arguments.random, arguments.seed)
    rendered = work / "render"
    pictures = pictures_of(render(arguments.waterfall, specs, rendered), rendered)
    log(f"cross-viewer: {len(pictures)} pictures from {len(specs)} specs rendered ({time.monotonic() - started:.0f} s)")
    if any(viewer == "webkit" for viewer, _ in pairs):
        others = [picture for picture in pictures if picture.scale != WEBKIT_SCALE]
        if others:
            again = work / f"render-x{WEBKIT_SCALE}"
            render(arguments.waterfall, sorted({picture.spec for picture in others}), again,
                   formats="png", extra=["--scale", str(WEBKIT_SCALE)])
            log(f"cross-viewer: {len(others)} pictures rendered again at scale {WEBKIT_SCALE} for WebKit "
                f"({time.monotonic() - started:.0f} s)")
            for picture in others:
                tile = picture.png.name
                picture.references[WEBKIT_SCALE] = again / tile

    if ("librsvg", "svg-outlines") in pairs:
        with_fonts = sorted({picture.spec for picture in pictures if font_files(picture.spec)})
        if with_fonts:
            outlined = work / "render-outlines"
            render(arguments.waterfall, with_fonts, outlined, formats="svg", extra=["--svg-text", "outlines"])
            for picture in pictures:
                if picture.spec in with_fonts and (outlined / f"{picture.name}.svg").exists():
                    picture.outlines = outlined / f"{picture.name}.svg"
            log(f"cross-viewer: {len(with_fonts)} specs with fonts: rendered again with text as outlines "
                f"({time.monotonic() - started:.0f} s)")

    shots = work / "shots"
    diffs = work / "diffs"
    shots.mkdir(exist_ok=True)
    diffs.mkdir(exist_ok=True)
    viewers = []
    for viewer, _ in pairs:
        if viewer not in viewers:
            viewers.append(viewer)
    def draw(viewer):
        kinds = [kind for name, kind in pairs if name == viewer]
        begun = time.monotonic()
        try:
            if viewer == "chromium":
                version, out = chromium_shots(pictures, kinds, shots)
            elif viewer == "firefox":
                version, out = firefox_shots(pictures, kinds, shots, work)
            elif viewer == "webkit":
                version, out = webkit_shots(pictures, kinds, shots, work)
            elif viewer == "librsvg":
                version, out = librsvg_shots(pictures, shots, work, kinds)
            else:
                version, out = poppler_shots(pictures, shots)
        except Exception as error:  # noqa: BLE001 - a viewer that cannot start fails all its pictures
            reason = f"{viewer} did not run: {type(error).__name__}: {error}"
            version, out = "?", {(picture.name, kind): (None, reason) for picture in pictures for kind in kinds}
        log(f"cross-viewer: {viewer} {version}: {len(out)} pictures in {time.monotonic() - begun:.0f} s")
        return version, out

    # Each browser on a thread of its own (each is one process for all its pages), side by side,
    # so that the script is not one long line of browsers that ends a test run alone; librsvg and
    # poppler, one command a picture, one after the other on one more thread.
    local = [viewer for viewer in viewers if viewer in ("librsvg", "poppler")]
    browsers = [viewer for viewer in viewers if viewer not in local]
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(browsers) + 1) as threads:
        drawing = {viewer: threads.submit(draw, viewer) for viewer in browsers}
        drawing_locally = threads.submit(lambda: {viewer: draw(viewer) for viewer in local})
        done = {viewer: future.result() for viewer, future in drawing.items()}
        done.update(drawing_locally.result())
    versions = {}
    captured = {}
    for viewer in viewers:
        version, out = done[viewer]
        versions[viewer] = version
        for (name, kind), value in out.items():
            captured[(name, viewer, kind)] = value

    # One job a picture, so that its reference is decoded once; two processes (the machine's cores).
    jobs = []
    for picture in pictures:
        shots_of_picture = []
        for viewer, kind in pairs:
            shot, scale = captured.get((picture.name, viewer, kind), (None, "no screenshot"))
            if shot is not None and shot.exists():
                diff = diffs / f"{picture.name}.{viewer}.{kind}.png" if arguments.work else None
                shots_of_picture.append(((picture.name, viewer, kind), shot, scale, diff))
        regions = {scale: picture.region(scale) for scale in picture.references}
        jobs.append((picture.references, regions, shots_of_picture))
    figures = {}
    begun = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        for found in pool.map(compare_picture, jobs):
            for key, differing, blocks in found:
                figures[key] = (differing, blocks)
    log(f"cross-viewer: {len(figures)} comparisons in {time.monotonic() - begun:.0f} s")

    # A WebKit picture over the target is taken once more, in a session of its own that waits
    # two seconds and then for 1.5 s of unchanged screenshots: under load WebKit has painted an
    # SVG pattern's image (an emoji's picture) after two equal screenshots a quarter of a second
    # apart (14-emoji-feed's SVG at 1.33 %, its emoji missing, in about one run of three). The
    # retake's figure is the one reported, marked `retaken`; a picture drawn wrong stays wrong.
    retake = {(name, kind) for (name, viewer, kind), (differing, blocks) in figures.items()
              if viewer == "webkit" and differing / blocks > TARGET}
    retaken = set()
    if retake:
        kinds = sorted({kind for _, kind in retake})
        chosen = [picture for picture in pictures if any(picture.name == name for name, _ in retake)]
        _, out = webkit_shots(chosen, kinds, shots, work, only=retake, patient=True)
        again_jobs = []
        for picture in chosen:
            found = []
            for kind in kinds:
                shot, scale = out.get((picture.name, kind), (None, None))
                if (picture.name, kind) in retake and shot is not None and shot.exists():
                    diff = diffs / f"{picture.name}.webkit.{kind}.retake.png" if arguments.work else None
                    found.append(((picture.name, "webkit", kind), shot, scale, diff))
                    captured[(picture.name, "webkit", kind)] = (shot, scale)
            regions = {scale: picture.region(scale) for scale in picture.references}
            again_jobs.append((picture.references, regions, found))
        for found in map(compare_picture, again_jobs):
            for key, differing, blocks in found:
                figures[key] = (differing, blocks)
                retaken.add(key)
        log(f"cross-viewer: {len(retaken)} WebKit pictures over the target taken again: "
            + ", ".join(f"{name}.{kind}" for name, _, kind in sorted(retaken)))

    results = []
    for picture in pictures:
        for viewer, kind in pairs:
            if not picture.has(kind):
                continue
            key = (picture.name, viewer, kind)
            result = {"picture": picture.name, "spec": picture.spec, "viewer": viewer, "format": kind,
                      "specScale": picture.scale}
            if key not in figures:
                result.update(error=str(captured.get(key, (None, "no screenshot"))[1]), passed=False)
            else:
                differing, blocks = figures[key]
                scale = captured[key][1]
                share = differing / blocks
                result.update(scale=scale, region=list(picture.region(scale)), blocks=blocks, differing=differing,
                              share=round(share, 6), passed=share <= TARGET)
                if key in retaken:
                    result["retaken"] = True
                if key in RELOADED:
                    result["reloaded"] = True
            results.append(result)

    print_table(pictures, pairs, results)
    elapsed = time.monotonic() - started
    passed = sum(result["passed"] for result in results)
    failed = len(results) - passed
    if arguments.json:
        figures = {
            "target": TARGET, "blockPixels": BLOCK, "levels": LEVELS, "regionPoints": REGION_POINTS,
            "seed": arguments.seed, "randomSpecs": arguments.random, "seconds": round(elapsed, 1),
            "versions": versions, "passed": passed, "failed": failed, "results": results,
        }
        text = json.dumps(figures, indent=1, ensure_ascii=False) + "\n"
        pathlib.Path(arguments.json).write_text(text, encoding="utf-8")
    print(f"cross-viewer: {len(pictures)} pictures, {len(pairs)} viewer formats, {elapsed:.0f} s; "
          + ", ".join(f"{viewer} {version}" for viewer, version in versions.items()))
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def print_table(pictures, pairs, results):
    """Rows are pictures, columns (viewer, format): the share of differing blocks in per cent."""
    by_key = {(result["picture"], result["viewer"], result["format"]): result for result in results}
    headers = [f"{viewer}/{kind}" for viewer, kind in pairs]
    name_width = max(len("picture"), *(len(picture.name) for picture in pictures))
    column_width = max(11, *(len(header) for header in headers))
    print("Share of 8×8 blocks whose mean colour differs from the PNG's by more than 40 levels "
          f"(target ≤ {TARGET * 100:g} %; ✗ over it)")
    print("picture".ljust(name_width) + "".join(header.rjust(column_width + 1) for header in headers))
    for picture in pictures:
        cells = []
        for viewer, kind in pairs:
            result = by_key.get((picture.name, viewer, kind))
            if result is None:
                cells.append("–  ")
            elif "error" in result:
                cells.append("error ✗")
            else:
                cells.append(f"{result['share'] * 100:.2f} %" + (" ✗" if not result["passed"] else "  "))
        print(picture.name.ljust(name_width) + "".join(cell.rjust(column_width + 1) for cell in cells))
    print()
    for viewer, kind in pairs:
        mine = [result for result in results if result["viewer"] == viewer and result["format"] == kind]
        shares = [result["share"] for result in mine if "error" not in result]
        failures = [result for result in mine if not result["passed"]]
        line = f"{viewer}/{kind}: {len(mine) - len(failures)} of {len(mine)} within the target"
        if shares:
            worst = max((result for result in mine if "error" not in result), key=lambda result: result["share"])
            median = statistics.median(shares)
            line += f"; median {median * 100:.2f} %, worst {worst['share'] * 100:.2f} % ({worst['picture']})"
        print(line)
    for result in results:
        if "error" in result:
            print(f"error: {result['viewer']}/{result['format']} {result['picture']}: {result['error']}")


if __name__ == "__main__":
    sys.exit(main())
