#!/usr/bin/env python3
"""Screenshots HTML pages in headless Chromium (Playwright for Python, Debian's chromium), the way
`chromium --headless --force-device-scale-factor=S --window-size=W,H --screenshot` takes them, but
with one browser for every page of a scale instead of one a page.

    python3 scripts/chromium-screenshots.py < JOBS

Each line of JOBS is `SCALE WIDTH HEIGHT PAGE.html OUT.png` (the window in CSS pixels). Chromium is
started once per scale with `--force-device-scale-factor=SCALE`, which lays the page out in
device pixels (LayoutUnit = 1/64 device pixel) as a real device does; Playwright's emulated
device scale factor alone lays out at 1× and scales, which snaps box edges differently, so the
page's context is given the same factor as the browser. Prints "screenshots: N written".
"""
import os
import sys

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("WATERFALL_CHROMIUM", "/usr/bin/chromium")
ARGUMENTS = ["--no-sandbox", "--hide-scrollbars", "--font-render-hinting=none", "--force-color-profile=srgb"]


def screenshot(browser, scale, width, height, page_path, out):
    """One page's screenshot in a context of its own.

    Chromium now and then answers a capture with "Unable to capture screenshot" (a compositor
    frame that was not ready, seen under load); the capture alone is tried again, twice at most,
    and any other error, or a third such answer, ends the run.
    """
    for attempt in range(3):
        context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=float(scale))
        try:
            page = context.new_page()
            page.goto("file://" + os.path.abspath(page_path), timeout=60_000)
            page.screenshot(path=out, timeout=60_000)
            return
        except PlaywrightError as error:
            if "Unable to capture screenshot" not in str(error) or attempt == 2:
                raise
            print(f"screenshot of {page_path} failed ({error.message.splitlines()[0]}); trying again", file=sys.stderr)
        finally:
            context.close()


def main():
    jobs = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        scale, width, height, page, out = line.split(maxsplit=4)
        jobs.setdefault(scale, []).append((int(width), int(height), page, out.strip()))
    written = 0
    with sync_playwright() as playwright:
        for scale, pages in jobs.items():
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=ARGUMENTS + [f"--force-device-scale-factor={scale}"], timeout=60_000
            )
            try:
                for width, height, page_path, out in pages:
                    screenshot(browser, scale, width, height, page_path, out)
                    written += 1
            finally:
                browser.close()
    print(f"screenshots: {written} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
