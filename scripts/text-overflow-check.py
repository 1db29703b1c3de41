#!/usr/bin/env python3
"""Opens Waterfall HTML pages in Chromium (Playwright, Debian's chromium) and checks that no text
box overflows: every `.text` box lies inside its element's box, and its text is no wider than the
box (scrollWidth <= clientWidth). Prints "text boxes: N checked, 0 overflowing" and exits 0, or
lists the overflowing boxes and exits 1.
    python3 scripts/text-overflow-check.py PAGE.html...
"""
import os
import sys

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("WATERFALL_CHROMIUM", "/usr/bin/chromium")
SCRIPT = """
() => [...document.querySelectorAll('.element')].flatMap(element => {
  const outer = element.getBoundingClientRect();
  return [...element.querySelectorAll('.text')].map(text => {
    const box = text.getBoundingClientRect();
    return {
      text: text.textContent,
      inside: box.left >= outer.left - 0.01 && box.right <= outer.right + 0.01
        && box.top >= outer.top - 0.01 && box.bottom <= outer.bottom + 0.01,
      fits: text.scrollWidth <= text.clientWidth,
    };
  });
})
"""

def main():
    checked = 0
    bad = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], timeout=60_000)
        try:
            page = browser.new_page()
            for path in sys.argv[1:]:
                page.goto("file://" + os.path.abspath(path), timeout=60_000)
                for box in page.evaluate(SCRIPT):
                    checked += 1
                    if not (box["inside"] and box["fits"]):
                        bad.append(f"{path}: {box['text']!r} inside={box['inside']} fits={box['fits']}")
        finally:
            browser.close()
    for line in bad:
        print(line)
    print(f"text boxes: {checked} checked, {len(bad)} overflowing")
    return 1 if bad or checked == 0 else 0

if __name__ == "__main__":
    sys.exit(main())
