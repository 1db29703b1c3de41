#!/usr/bin/env bash
# Installs the system packages Waterfall builds and tests with, when any is missing.
# Cairo and Pango (with libpng and TurboJPEG) for PNG and PDF output, fonts that every machine
# renders the same, Chromium and librsvg for the cross-renderer tests, and the peers the
# benchmark measures against.
set -euo pipefail

if [ "$(uname -s)" = "Darwin" ]; then
  # apt is Debian's; on macOS the same libraries come from Homebrew (see .github/workflows/ci.yml).
  echo "setup: macOS, skipping apt; install the libraries with: brew install pkg-config cairo pango libpng jpeg-turbo librsvg nettle webp giflib libimagequant libyuv ffmpeg curl openssl, and pip install Pillow" >&2
  exit 0
fi

packages=(
  pkg-config libcairo2-dev libpango1.0-dev libpng-dev libdeflate-dev libturbojpeg0-dev zlib1g-dev
  # SHA-256 of the pinned font files, for the renderer fingerprint beside the baselines.
  nettle-dev
  # A spec's own font files (`fonts:`): HarfBuzz's subsetter cuts them down for SVG and HTML.
  libharfbuzz-dev libharfbuzz-subset0
  fonts-dejavu-core fonts-noto-cjk
  # Colour emoji, last in every fallback chain (PNG and PDF draw its colour bitmaps; SVG and HTML name it).
  fonts-noto-color-emoji
  # Fonts the renders must not see (DejaVu Sans Condensed…): a test checks that a family only
  # they hold falls back to a pinned font.
  fonts-dejavu-extra
  chromium librsvg2-bin
  # pdffonts, which the tests use to see which fonts a PDF embeds.
  poppler-utils
  # Image URLs through the system's libcurl (OpenSSL flavour); OpenSSL's libssl, which it brings,
  # for the fetch tests' TLS server, and the openssl program for its throwaway certificate.
  libcurl4-openssl-dev libssl-dev openssl
  # Clips (render --animate): libwebp's animation encoder, giflib with libimagequant's palettes,
  # and the ffmpeg program for MP4 (and as the benchmark's peer).
  libwebp-dev libgif-dev libimagequant-dev ffmpeg
  # HarfBuzz's subsetter, for the spec's own fonts embedded in SVG and HTML.
  libharfbuzz-dev
  # The peers of scripts/peer-benchmark.py (resvg comes from PyPI: pip install resvg-cli orjson).
  libvips-tools imagemagick time
  # The clip encoders: libwebp's animation encoder, giflib and libimagequant, and ffmpeg for MP4
  # (its ffprobe checks the clips in the tests), its frames turned into YUV by libyuv.
  libwebp-dev libgif-dev libimagequant-dev ffmpeg libyuv-dev
  # The other two browser engines of the cross-viewer test (scripts/cross-viewer-test.py): Gecko,
  # and WebKitGTK's MiniBrowser driven by WebKitWebDriver, which needs a display (Xvfb).
  firefox-esr webkit2gtk-driver xvfb
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Pillow decodes every frame of a clip in the motion tests.
if ! python3 -c "import PIL" 2>/dev/null; then
  echo "setup: installing Pillow (Python)" >&2
  python3 -m pip install -q Pillow || python3 -m pip install -q --break-system-packages Pillow
fi

# Playwright for Python drives Debian's chromium in the browser tests (scripts/browser-tests.py);
# it is told to use /usr/bin/chromium and never downloads browsers of its own.
if ! python3 -c "import playwright" 2>/dev/null; then
  echo "setup: installing playwright (Python)" >&2
  python3 -m pip install -q playwright || python3 -m pip install -q --break-system-packages playwright
fi

# axe-core, as axe-playwright-python bundles it: scripts/axe-audit-check.py runs its colour-contrast
# rule on the examples' HTML in chromium and holds it to `waterfall audit`.
if ! python3 -c "import axe_playwright_python" 2>/dev/null; then
  echo "setup: installing axe-playwright-python (Python)" >&2
  python3 -m pip install -q axe-playwright-python || python3 -m pip install -q --break-system-packages axe-playwright-python
fi

# The cross-viewer test (scripts/cross-viewer-test.py): Selenium drives WebKitWebDriver, NumPy
# averages the screenshots' 8 × 8-pixel blocks.
if ! python3 -c "import selenium" 2>/dev/null; then
  echo "setup: installing selenium (Python)" >&2
  python3 -m pip install -q selenium || python3 -m pip install -q --break-system-packages selenium
fi
if ! python3 -c "import numpy" 2>/dev/null; then
  echo "setup: installing numpy (Python)" >&2
  python3 -m pip install -q numpy || python3 -m pip install -q --break-system-packages numpy
fi

# Pillow decodes the clips (APNG, WebP, GIF) in the encoder tests.
if ! python3 -c "import PIL" 2>/dev/null; then
  echo "setup: installing Pillow (Python)" >&2
  python3 -m pip install -q Pillow || python3 -m pip install -q --break-system-packages Pillow
fi
