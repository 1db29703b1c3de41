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

# Two groups, so that the test command can install the second while it builds:
#   build  what compiling and rendering need: the system libraries, the pinned fonts, ffmpeg
#   tests  what only the tests and the benchmark's peers run: browsers, viewers, Python packages
# `bash scripts/setup.sh` installs both; `bash scripts/setup.sh build` or `tests` one of them.
group=${1:-all}
case "$group" in
  all | build | tests) ;;
  *)
    echo "setup: unknown group '$group' (expected build, tests or nothing for both)" >&2
    exit 2
    ;;
esac

build_packages=(
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
  # Image URLs through the system's libcurl (OpenSSL flavour); OpenSSL's libssl, which it brings,
  # for the fetch tests' TLS server, and the openssl program for its throwaway certificate.
  libcurl4-openssl-dev libssl-dev openssl
  # Clips (render --animate): libwebp's animation encoder, giflib with libimagequant's palettes,
  # and the ffmpeg program for MP4 (its ffprobe checks the clips in the tests, and it is the
  # benchmark's peer), its frames turned into YUV by libyuv.
  libwebp-dev libgif-dev libimagequant-dev ffmpeg libyuv-dev
)
test_packages=(
  # Chromium and librsvg for the cross-renderer tests.
  chromium librsvg2-bin
  # pdffonts, which the tests use to see which fonts a PDF embeds.
  poppler-utils
  # The peers of scripts/peer-benchmark.py (resvg comes from PyPI: pip install resvg-cli orjson),
  # and GNU time, which measures peak memory in the tests.
  libvips-tools imagemagick time
  # The other two browser engines of the cross-viewer test (scripts/cross-viewer-test.py): Gecko,
  # and WebKitGTK's MiniBrowser driven by WebKitWebDriver, which needs a display (Xvfb).
  firefox-esr webkit2gtk-driver xvfb
)
packages=()
[ "$group" = tests ] || packages+=("${build_packages[@]}")
[ "$group" = build ] || packages+=("${test_packages[@]}")

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  # The package lists are fetched once an hour at most: the test command installs its two
  # groups one after the other.
  if ! find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -60 2>/dev/null | grep -q .; then
    $sudo apt-get update -q
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
[ "$group" != build ] || exit 0

# The Python packages the tests use, each imported to see whether it is there, and the missing
# ones installed in one pip run:
#   Pillow                 decodes every frame of a clip (APNG, WebP, GIF) in the motion and
#                          encoder tests
#   playwright             drives Debian's chromium in the browser tests (scripts/browser-tests.py);
#                          it is told to use /usr/bin/chromium and never downloads browsers of its own
#   axe-playwright-python  axe-core as it bundles it: scripts/axe-audit-check.py runs its
#                          colour-contrast rule on the examples' HTML in chromium and holds it to
#                          `waterfall audit`
#   selenium, numpy        the cross-viewer test (scripts/cross-viewer-test.py): Selenium drives
#                          WebKitWebDriver, NumPy averages the screenshots' 8 × 8-pixel blocks
python_missing=()
for entry in PIL:Pillow playwright:playwright axe_playwright_python:axe-playwright-python \
  selenium:selenium numpy:numpy; do
  python3 -c "import ${entry%%:*}" 2>/dev/null || python_missing+=("${entry#*:}")
done
if [ ${#python_missing[@]} -gt 0 ]; then
  echo "setup: installing ${python_missing[*]} (Python)" >&2
  python3 -m pip install -q "${python_missing[@]}" ||
    python3 -m pip install -q --break-system-packages "${python_missing[@]}"
fi
