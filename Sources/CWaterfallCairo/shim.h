#ifndef CWATERFALLCAIRO_SHIM_H
#define CWATERFALLCAIRO_SHIM_H

// Cairo (raster + PDF surfaces), Pango on Cairo for text, libpng's simplified API for PNG
// decoding, libspng for fast decoding of plain 8-bit PNGs, zlib (with libdeflate's checksums) for our own fast PNG writer and TurboJPEG for JPEG. None of these use
// setjmp/longjmp across the Swift boundary.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <spng.h>
#include <turbojpeg.h>
#include <zlib.h>
#include <libdeflate.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

// Row loops of the PNG writer, in C so they stay fast in unoptimized (debug) Swift builds, where
// the same loops in Swift (SIMD types included) run fifty to a hundred times slower. Called only from WaterfallCairo's ZLib.swift.

/// Cairo's native-endian premultiplied ARGB words to RGB bytes; 0 if a pixel is not opaque
/// (unless ignore_alpha, for RGB24 surfaces), 1 otherwise.
static inline int wf_rgb_from_argb(const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target) {
    uint32_t alphas = 0xFF000000u;
    for (size_t x = 0; x < width; x++) {
        uint32_t argb = source[x];
        alphas &= argb;
        target[3 * x] = (uint8_t)(argb >> 16);
        target[3 * x + 1] = (uint8_t)(argb >> 8);
        target[3 * x + 2] = (uint8_t)argb;
    }
    return ignore_alpha || alphas == 0xFF000000u;
}

static inline uint8_t wf_unpremultiply(uint32_t channel, uint32_t alpha) {
    channel &= 0xFF;
    if (alpha == 0) return 0;
    if (alpha == 255) return (uint8_t)channel;
    uint32_t value = (channel * 255 + alpha / 2) / alpha;
    return (uint8_t)(value > 255 ? 255 : value);
}

/// Cairo's native-endian premultiplied ARGB words to straight RGBA bytes, rounded as Cairo's
/// own PNG writer does.
static inline void wf_rgba_from_premultiplied_argb(const uint32_t *source, size_t width, uint8_t *target) {
    for (size_t x = 0; x < width; x++) {
        uint32_t argb = source[x];
        uint32_t alpha = argb >> 24;
        target[4 * x] = wf_unpremultiply(argb >> 16, alpha);
        target[4 * x + 1] = wf_unpremultiply(argb >> 8, alpha);
        target[4 * x + 2] = wf_unpremultiply(argb, alpha);
        target[4 * x + 3] = (uint8_t)alpha;
    }
}

/// The Paeth predictor (PNG spec, filter type 4): whichever of left, above and upper-left is
/// closest to left + above - upper-left, ties in that order.
static inline uint8_t wf_paeth(int a, int b, int c) {
    int pa = b - c, pb = a - c, pc = a + b - 2 * c;
    pa = pa < 0 ? -pa : pa;
    pb = pb < 0 ? -pb : pb;
    pc = pc < 0 ? -pc : pc;
    return (uint8_t)((pa <= pb && pa <= pc) ? a : pb <= pc ? b : c);
}

// 16 bytes at a time with clang's vector extensions, which give vector code even unoptimized.
typedef uint8_t wf_u8x16 __attribute__((vector_size(16)));
typedef int8_t wf_i8x16 __attribute__((vector_size(16)));
typedef int16_t wf_i16x16 __attribute__((vector_size(32)));
typedef uint32_t wf_u32x16 __attribute__((vector_size(64)));

static inline wf_u8x16 wf_load16(const uint8_t *p) {
    wf_u8x16 v;
    memcpy(&v, p, 16);
    return v;
}

static inline wf_i16x16 wf_abs16(wf_i16x16 v) {
    wf_i16x16 sign = v >> 15;
    return (v ^ sign) - sign;
}

static inline wf_u8x16 wf_paeth16(wf_u8x16 left, wf_u8x16 above, wf_u8x16 upper_left) {
    wf_i16x16 a = __builtin_convertvector(left, wf_i16x16);
    wf_i16x16 b = __builtin_convertvector(above, wf_i16x16);
    wf_i16x16 c = __builtin_convertvector(upper_left, wf_i16x16);
    wf_i16x16 pa = wf_abs16(b - c), pb = wf_abs16(a - c), pc = wf_abs16(a + b - c - c);
    wf_i16x16 use_above = (wf_i16x16)(pb <= pc);
    wf_i16x16 use_left = (wf_i16x16)((pa <= pb) & (pa <= pc));
    wf_i16x16 predictor = (a & use_left) | (((b & use_above) | (c & ~use_above)) & ~use_left);
    return __builtin_convertvector(predictor, wf_u8x16);
}

/// Filters `count` bytes of `row` with PNG filter `type` (0 to 4) into `target` and returns the
/// sum of the filtered bytes read as signed magnitudes. `row` and `above` must have `bpp`
/// readable bytes in front (zeros at the left edge).
static inline size_t wf_png_filter(
    int type, const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *target) {
    wf_u32x16 sums = {0};
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        wf_u8x16 x = wf_load16(row + i), prediction;
        switch (type) {
        case 0: prediction = (wf_u8x16){0}; break;
        case 1: prediction = wf_load16(row + i - bpp); break;
        case 2: prediction = wf_load16(above + i); break;
        case 3: {
            wf_u8x16 a = wf_load16(row + i - bpp), b = wf_load16(above + i);
            prediction = (a & b) + ((a ^ b) >> 1);
            break;
        }
        default: prediction = wf_paeth16(wf_load16(row + i - bpp), wf_load16(above + i), wf_load16(above + i - bpp));
        }
        wf_u8x16 value = x - prediction;
        memcpy(target + i, &value, 16);
        wf_u8x16 negated = (wf_u8x16){0} - value;
        wf_u8x16 smaller = (wf_u8x16)(value < negated);
        sums += __builtin_convertvector((value & smaller) | (negated & ~smaller), wf_u32x16);
    }
    size_t sum = 0;
    for (int lane = 0; lane < 16; lane++) sum += sums[lane];
    for (; i < count; i++) {
        int a = row[i - bpp], b = above[i], c = above[i - bpp];
        int prediction = type == 0 ? 0 : type == 1 ? a : type == 2 ? b : type == 3 ? (a + b) >> 1 : wf_paeth(a, b, c);
        uint8_t value = (uint8_t)(row[i] - prediction);
        target[i] = value;
        sum += value < 128 ? value : 256 - value;
    }
    return sum;
}

#endif
