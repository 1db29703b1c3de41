// The PNG writer's and readers' row loops (see wf_pixels.h), compiled here by clang at the
// build's optimization for C, so an unoptimized Swift build runs them at the same speed: as
// `static inline` functions in a system library's header they were compiled with the Swift
// module that imported them, and without optimization in the test build.
#include "wf_pixels.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>

/// Whether this CPU and the system run AVX2 code (the OS saves the wide registers): the row
/// loops below are compiled twice, plain and for AVX2, and pick at run time. Both give the same bytes.
static inline int wf_has_avx2(void) {
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer >= 0) return answer;
    unsigned a, b, c, d;
    answer = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) && (c & bit_AVX)) {
        unsigned low, high;
        __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
        if ((low & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2)) answer = 1;
    }
    __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    return answer;
}
#define WF_AVX2 __attribute__((target("avx2")))
#endif

typedef uint8_t wf_u8x32 __attribute__((vector_size(32)));
typedef uint32_t wf_u32x8 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) int wf_rgb_from_argb_body(
    const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target, int wide) {
    uint32_t alphas = 0xFF000000u;
    size_t x = 0;
    if (wide) {
        // Eight pixels a step: each half's four pixels to 12 bytes, stored 16 bytes wide, so
        // a step stops 4 bytes short of the row's end.
        wf_u32x8 all = {~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u};
        for (; 3 * x + 28 <= 3 * width; x += 8) {
            wf_u8x32 pixels;
            memcpy(&pixels, source + x, 32);
            all &= (wf_u32x8)pixels;
            wf_u8x32 rgb = __builtin_shufflevector(
                pixels, pixels, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 18, 17, 16, 22, 21, 20, 26,
                25, 24, 30, 29, 28, -1, -1, -1, -1);
            memcpy(target + 3 * x, &rgb, 16);
            memcpy(target + 3 * x + 12, (const uint8_t *)&rgb + 16, 16);
        }
        for (int lane = 0; lane < 8; lane++) alphas &= all[lane];
    }
    for (; x < width; x++) {
        uint32_t argb = source[x];
        alphas &= argb;
        target[3 * x] = (uint8_t)(argb >> 16);
        target[3 * x + 1] = (uint8_t)(argb >> 8);
        target[3 * x + 2] = (uint8_t)argb;
    }
    return ignore_alpha || (alphas & 0xFF000000u) == 0xFF000000u;
}

#if defined(__x86_64__)
WF_AVX2 static inline int wf_rgb_from_argb_avx2(
    const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target) {
    return wf_rgb_from_argb_body(source, width, ignore_alpha, target, 1);
}
#endif

/// `wf_rgb_from_argb` without vector shuffles: what the fast path is tested against.
int wf_rgb_from_argb_portable(const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target) {
    return wf_rgb_from_argb_body(source, width, ignore_alpha, target, 0);
}

/// Cairo's native-endian premultiplied ARGB words to RGB bytes; 0 if a pixel is not opaque
/// (unless ignore_alpha, for RGB24 surfaces), 1 otherwise.
int wf_rgb_from_argb(const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target) {
#if defined(__x86_64__)
    if (wf_has_avx2()) return wf_rgb_from_argb_avx2(source, width, ignore_alpha, target);
#endif
    return wf_rgb_from_argb_body(source, width, ignore_alpha, target, 0);
}

static inline uint8_t wf_unpremultiply(uint32_t channel, uint32_t alpha) {
    channel &= 0xFF;
    if (alpha == 0) return 0;
    if (alpha == 255) return (uint8_t)channel;
    uint32_t value = (channel * 255 + alpha / 2) / alpha;
    return (uint8_t)(value > 255 ? 255 : value);
}

/// Straight RGBA bytes to RGB bytes; 0 if a pixel is not opaque, 1 otherwise.
int wf_rgb_from_rgba(const uint8_t *source, size_t width, uint8_t *target) {
    uint8_t alphas = 0xFF;
    for (size_t x = 0; x < width; x++) {
        target[3 * x] = source[4 * x];
        target[3 * x + 1] = source[4 * x + 1];
        target[3 * x + 2] = source[4 * x + 2];
        alphas &= source[4 * x + 3];
    }
    return alphas == 0xFF;
}

/// Cairo's native-endian premultiplied ARGB words to straight RGBA bytes, rounded as Cairo's
/// own PNG writer does.
void wf_rgba_from_premultiplied_argb(const uint32_t *source, size_t width, uint8_t *target) {
    for (size_t x = 0; x < width; x++) {
        uint32_t argb = source[x];
        uint32_t alpha = argb >> 24;
        target[4 * x] = wf_unpremultiply(argb >> 16, alpha);
        target[4 * x + 1] = wf_unpremultiply(argb >> 8, alpha);
        target[4 * x + 2] = wf_unpremultiply(argb, alpha);
        target[4 * x + 3] = (uint8_t)alpha;
    }
}

int wf_rgba_is_opaque(const uint8_t *rgba, size_t count) {
    uint8_t alphas = 0xFF;
    for (size_t x = 0; x < count; x++) alphas &= rgba[4 * x + 3];
    return alphas == 0xFF;
}

/// `channel × alpha / 255`, rounded as pixman does.
static inline uint32_t wf_premultiply(uint32_t channel, uint32_t alpha) {
    uint32_t product = channel * alpha + 128;
    return (product + (product >> 8)) >> 8;
}

void wf_premultiplied_argb_from_rgba(const uint8_t *source, size_t width, uint32_t *target) {
    for (size_t x = 0; x < width; x++) {
        const uint8_t *pixel = source + 4 * x;
        uint32_t alpha = pixel[3];
        target[x] = alpha << 24 | wf_premultiply(pixel[0], alpha) << 16 | wf_premultiply(pixel[1], alpha) << 8
            | wf_premultiply(pixel[2], alpha);
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

// Always inlined, so no 32-byte vector is ever passed in a call: clang's warning that such an
// argument's ABI differs with and without AVX does not apply.
#pragma clang diagnostic ignored "-Wpsabi"
static inline __attribute__((always_inline)) wf_i16x16 wf_abs16(wf_i16x16 v) {
    wf_i16x16 sign = v >> 15;
    return (v ^ sign) - sign;
}

static inline __attribute__((always_inline)) wf_u8x16 wf_paeth16(wf_u8x16 left, wf_u8x16 above, wf_u8x16 upper_left) {
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
static inline __attribute__((always_inline)) size_t wf_png_filter_body(
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

/// Writes the filter type byte and `row` filtered with whichever of Sub (1), Up (2) and Paeth
/// (4) has the smallest estimated sum of magnitudes (ties to the first) to `out` (`count + 1`
/// bytes). The sums are taken together in one pass without writing, over every fourth block
/// of 16 bytes for rows of 256 bytes or more (all of them for shorter rows), then only the
/// chosen filter is written: estimating all three in full and writing each was a third of the
/// time of writing a page, for files within 1% of the same size. A row equal to the one above
/// is Up (all zeros) without estimating.
static inline __attribute__((always_inline)) void wf_png_filter_sub_up_paeth_body(
    const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *out) {
    if (memcmp(row, above, count) == 0) {
        out[0] = 2;
        memset(out + 1, 0, count);
        return;
    }
    wf_u32x16 sub_sums = {0}, up_sums = {0}, paeth_sums = {0};
    size_t step = count >= 256 ? 64 : 16;
    size_t i = 0;
    for (; i + 16 <= count; i += step) {
        wf_u8x16 x = wf_load16(row + i), a = wf_load16(row + i - bpp), b = wf_load16(above + i);
        wf_u8x16 c = wf_load16(above + i - bpp);
        wf_u8x16 values[3] = {x - a, x - b, x - wf_paeth16(a, b, c)};
        for (int k = 0; k < 3; k++) {
            wf_u8x16 value = values[k], negated = (wf_u8x16){0} - value;
            wf_u8x16 smaller = (wf_u8x16)(value < negated);
            wf_u32x16 magnitude = __builtin_convertvector((value & smaller) | (negated & ~smaller), wf_u32x16);
            if (k == 0) sub_sums += magnitude;
            else if (k == 1) up_sums += magnitude;
            else paeth_sums += magnitude;
        }
    }
    size_t sums[3] = {0, 0, 0};
    for (int lane = 0; lane < 16; lane++) {
        sums[0] += sub_sums[lane];
        sums[1] += up_sums[lane];
        sums[2] += paeth_sums[lane];
    }
    for (i = step == 16 ? i : count; i < count; i++) {
        int a = row[i - bpp], b = above[i], c = above[i - bpp];
        uint8_t values[3] = {(uint8_t)(row[i] - a), (uint8_t)(row[i] - b), (uint8_t)(row[i] - wf_paeth(a, b, c))};
        for (int k = 0; k < 3; k++) sums[k] += values[k] < 128 ? values[k] : 256 - values[k];
    }
    int type = 1;
    size_t best = sums[0];
    if (sums[1] < best) { type = 2; best = sums[1]; }
    if (sums[2] < best) { type = 4; }
    out[0] = (uint8_t)type;
    wf_png_filter_body(type, row, above, count, bpp, out + 1);
}

#if defined(__x86_64__)
WF_AVX2 static inline size_t wf_png_filter_avx2(
    int type, const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *target) {
    return wf_png_filter_body(type, row, above, count, bpp, target);
}

WF_AVX2 static inline void wf_png_filter_sub_up_paeth_avx2(
    const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *out) {
    wf_png_filter_sub_up_paeth_body(row, above, count, bpp, out);
}
#endif

/// `wf_png_filter_body`, for AVX2 where the CPU has it.
size_t wf_png_filter(
    int type, const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *target) {
#if defined(__x86_64__)
    if (wf_has_avx2()) return wf_png_filter_avx2(type, row, above, count, bpp, target);
#endif
    return wf_png_filter_body(type, row, above, count, bpp, target);
}

/// `wf_png_filter_sub_up_paeth_body` without AVX2: what the fast path is tested against.
void wf_png_filter_sub_up_paeth_portable(
    const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *out) {
    wf_png_filter_sub_up_paeth_body(row, above, count, bpp, out);
}

/// `wf_png_filter_sub_up_paeth_body`, for AVX2 where the CPU has it.
void wf_png_filter_sub_up_paeth(
    const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *out) {
#if defined(__x86_64__)
    if (wf_has_avx2()) {
        wf_png_filter_sub_up_paeth_avx2(row, above, count, bpp, out);
        return;
    }
#endif
    wf_png_filter_sub_up_paeth_body(row, above, count, bpp, out);
}

typedef int16_t wf_i16x4 __attribute__((vector_size(8)));

static inline wf_i16x4 wf_abs4(wf_i16x4 v) {
    wf_i16x4 sign = v >> 15;
    return (v ^ sign) - sign;
}

/// The 4 bytes at `p` as a little-endian word (PNG rows read as RGBA words).
static inline uint32_t wf_load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/// Four bytewise sums modulo 256, in one word.
static inline uint32_t wf_add_bytes(uint32_t x, uint32_t y) {
    return ((x & 0x7F7F7F7Fu) + (y & 0x7F7F7F7Fu)) ^ ((x ^ y) & 0x80808080u);
}

/// Whether the 4 pixels of `channels` samples at `sample` are all zero.
static inline int wf_zero_pixels4(const uint8_t *sample, size_t channels) {
    uint64_t head;
    uint32_t tail;
    memcpy(&head, sample, 8);
    memcpy(&tail, sample + 8, 4);
    if (channels == 3) return (head | tail) == 0;
    uint32_t last;
    memcpy(&last, sample + 12, 4);
    return (head | tail | last) == 0;
}

/// Whether the 16 pixels of `channels` samples at `sample` are all zero.
static inline int wf_zero_pixels16(const uint8_t *sample, size_t channels) {
    wf_u8x16 any = wf_load16(sample) | wf_load16(sample + 16) | wf_load16(sample + 32);
    if (channels == 4) any |= wf_load16(sample + 48);
    uint64_t halves[2];
    memcpy(halves, &any, 16);
    return (halves[0] | halves[1]) == 0;
}

/// Whether the 5 RGBA pixels at `pixels` are equal in the samples `mask` keeps.
static inline int wf_flat_pixels5(const uint8_t *pixels, uint32_t mask) {
    uint32_t first = wf_load32(pixels) & mask;
    for (size_t k = 1; k < 5; k++)
        if ((wf_load32(pixels + 4 * k) & mask) != first) return 0;
    return 1;
}

/// Undoes PNG row filters (RFC 2083 §6) on `height` rows of `width` pixels of `channels` (3 or
/// 4) 8-bit samples, each row a filter type byte and its bytes, as inflated from the IDAT
/// chunks, and writes straight RGBA (alpha 255 for RGB) to `rgba`. Works a pixel at a time in
/// the RGBA rows themselves (the row above is the previous output row), so RGB needs no second
/// pass; Up rows (most of a rendered page) add whole words, or copy the row above where the
/// filtered samples are zero. `filtered` must have 4 readable
/// bytes past its end; it may lie in `rgba` itself as long as no row starts before the RGBA
/// row it becomes. When `above` is not 0 the rows continue an image whose previous row is the
/// RGBA row just before `rgba`. Returns 0 for an unknown filter type, 1 otherwise.
static inline __attribute__((always_inline)) int wf_png_unfilter_rgba_n(
    const uint8_t *filtered, size_t width, size_t height, const size_t channels, uint8_t *rgba, int above) {
    size_t row_bytes = width * channels;
    const uint32_t mask = channels == 4 ? 0xFFFFFFFFu : 0x00FFFFFFu;
    const uint32_t alpha = channels == 4 ? 0 : 0xFF000000u;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *in = filtered + y * (row_bytes + 1) + 1;
        int type = in[-1];
        uint8_t *out = rgba + y * width * 4;
        if (type > 4) return 0;
        int first = y == 0 && !above;  // no row above
        if (first && type == 2) type = 0;  // Up over no row is None
        if (first && type == 4) type = 1;  // Paeth over no row is Sub
        if (type == 0) {
            for (size_t x = 0; x < width; x++) {
                uint32_t value = (wf_load32(in + x * channels) & mask) | alpha;
                memcpy(out + 4 * x, &value, 4);
            }
            continue;
        }
        if (type == 2) {
            const uint8_t *up = out - width * 4;
            size_t x = 0;
            while (x < width) {
                // A rendered page repeats the row above in long stretches, where every filtered
                // sample is zero: those are copied 16 pixels at a time (the samples are read
                // before the pixels are written, as below).
                size_t end = x + 16 <= width ? x + 16 : width;
                if (end == x + 16 && wf_zero_pixels16(in + x * channels, channels)) {
                    memcpy(out + 4 * x, up + 4 * x, 64);
                    x = end;
                    continue;
                }
                for (; x < end; x++) {
                    uint32_t value = wf_add_bytes(wf_load32(in + x * channels) & mask, wf_load32(up + 4 * x) & mask);
                    value |= alpha;
                    memcpy(out + 4 * x, &value, 4);
                }
            }
            continue;
        }
        // Sub, Average and Paeth: each sample from its left neighbour's, a byte at a time; the
        // first pixel (no left neighbour) and the first row (no row above) apart, so the loop
        // over the rest has no edge tests.
        const uint8_t *up = out - width * 4;
        for (size_t k = 0; k < 4; k++) {
            int b = first ? 0 : up[k];
            int prediction = type == 1 ? 0 : type == 3 ? b >> 1 : b;
            out[k] = k < channels ? (uint8_t)(in[k] + prediction) : 255;
        }
        for (size_t x = 1; x < width; x++) {
            const uint8_t *sample = in + x * channels;
            uint8_t *target = out + 4 * x;
            // Flat stretches (the page's background, a card's inside): four pixels whose filtered
            // samples are all zero, in a Sub row or in a Paeth row under four pixels equal to the
            // one before them (then Paeth predicts the left pixel), repeat the pixel on their left.
            // The inputs are read before any of the four is written, as the loop below does.
            if ((type == 1 || type == 4) && x + 4 <= width && wf_zero_pixels4(sample, channels)
                && (type == 1 || (!first && wf_flat_pixels5(up + 4 * x - 4, mask)))) {
                uint32_t left = wf_load32(target - 4);
                for (size_t k = 0; k < 4; k++) memcpy(target + 4 * k, &left, 4);
                x += 3;
                continue;
            }
            if (first) {
                for (size_t k = 0; k < channels; k++) {
                    int a = target[k - 4];
                    target[k] = (uint8_t)(sample[k] + (type == 3 ? a >> 1 : a));
                }
            } else if (type == 1) {
                for (size_t k = 0; k < channels; k++) target[k] = (uint8_t)(sample[k] + target[k - 4]);
            } else if (type == 3) {
                for (size_t k = 0; k < channels; k++)
                    target[k] = (uint8_t)(sample[k] + ((target[k - 4] + up[4 * x + k]) >> 1));
            } else {
                for (size_t k = 0; k < channels; k++) {
                    int a = target[k - 4], b = up[4 * x + k], c = up[4 * x - 4 + k];
                    int p = b - c, q = a - c;
                    int pa = p < 0 ? -p : p, pb = q < 0 ? -q : q, pc = p + q < 0 ? -(p + q) : p + q;
                    int prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                    target[k] = (uint8_t)(sample[k] + prediction);
                }
            }
            target[3] = channels == 3 ? 255 : target[3];
        }
    }
    return 1;
}

/// `wf_png_unfilter_rgba_n` compiled once for 3 and once for 4 channels, so that the loops over
/// a pixel's samples unroll (the three samples' Paeth chains then run side by side).
int wf_png_unfilter_rgba(
    const uint8_t *filtered, size_t width, size_t height, size_t channels, uint8_t *rgba) {
    return channels == 3 ? wf_png_unfilter_rgba_n(filtered, width, height, 3, rgba, 0)
                         : wf_png_unfilter_rgba_n(filtered, width, height, 4, rgba, 0);
}

/// `wf_png_unfilter_rgba` for rows that continue an image (`above` not 0: its previous row is
/// the RGBA row just before `rgba`) or start it (`above` 0).
int wf_png_unfilter_rgba_rows(
    const uint8_t *filtered, size_t width, size_t height, size_t channels, uint8_t *rgba, int above) {
    return channels == 3 ? wf_png_unfilter_rgba_n(filtered, width, height, 3, rgba, above)
                         : wf_png_unfilter_rgba_n(filtered, width, height, 4, rgba, above);
}
