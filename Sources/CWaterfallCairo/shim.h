#ifndef CWATERFALLCAIRO_SHIM_H
#define CWATERFALLCAIRO_SHIM_H

// A machine without the system libraries (or without pkg-config, which gives their folders) gets
// one line that says what to run, instead of clang's "file not found" for the first header.
#if !__has_include(<cairo.h>)
#error "Cairo's headers are missing (cairo.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<cairo-pdf.h>)
#error "Cairo's PDF's headers are missing (cairo-pdf.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<pango/pangocairo.h>)
#error "Pango's headers are missing (pango/pangocairo.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<pango/pangofc-fontmap.h>)
#error "Pango's headers are missing (pango/pangofc-fontmap.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<fontconfig/fontconfig.h>)
#error "Fontconfig's headers are missing (fontconfig/fontconfig.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<hb.h>)
#error "HarfBuzz's headers are missing (hb.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<hb-subset.h>)
#error "HarfBuzz's subsetter's headers are missing (hb-subset.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<ft2build.h>)
#error "FreeType's headers are missing (ft2build.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<png.h>)
#error "libpng's headers are missing (png.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<turbojpeg.h>)
#error "TurboJPEG's headers are missing (turbojpeg.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<zlib.h>)
#error "zlib's headers are missing (zlib.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<libdeflate.h>)
#error "libdeflate's headers are missing (libdeflate.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#else

// Cairo (raster + PDF surfaces), Pango on Cairo for text, libpng's simplified API for PNG
// decoding, libdeflate to inflate plain 8-bit PNGs fast, zlib (with libdeflate's checksums) for
// our own fast PNG writer and TurboJPEG for JPEG. None of these use setjmp/longjmp across the
// Swift boundary. Fontconfig (through Pango's FreeType font map) for the private font
// configuration, HarfBuzz, FreeType and fontconfig for their versions, and Nettle for SHA-256
// of the font files: the renderer's fingerprint. FreeType, fontconfig's FreeType query and
// HarfBuzz read a spec's own font files (`fonts:`), and HarfBuzz's subsetter cuts them down to
// what an SVG or HTML document draws.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-subset.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fcfreetype.h>
#include <png.h>
#include <turbojpeg.h>
#include <zlib.h>
#include <libdeflate.h>

#endif  // the system libraries' headers are there

#endif
