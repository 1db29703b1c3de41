#ifndef WF_PIXELS_H
#define WF_PIXELS_H

// The PNG writer's and readers' row loops, called only from WaterfallCairo (ZLib.swift and the
// PNG readers) and the benchmark. Each has a plain C version and, on x86-64, one compiled for AVX2
// that is picked at run time where the CPU has it; both give the same bytes.

#include <stddef.h>
#include <stdint.h>

/// Cairo's native-endian premultiplied ARGB words to RGB bytes; 0 if a pixel is not opaque
/// (unless `ignore_alpha`, for RGB24 surfaces), 1 otherwise.
int wf_rgb_from_argb(const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target);

/// `wf_rgb_from_argb` without vector shuffles: what the fast path is tested against.
int wf_rgb_from_argb_portable(const uint32_t *source, size_t width, int ignore_alpha, uint8_t *target);

/// Straight RGBA bytes to RGB bytes; 0 if a pixel is not opaque, 1 otherwise.
int wf_rgb_from_rgba(const uint8_t *source, size_t width, uint8_t *target);

/// Cairo's native-endian premultiplied ARGB words to straight RGBA bytes, rounded as Cairo's
/// own PNG writer does.
void wf_rgba_from_premultiplied_argb(const uint32_t *source, size_t width, uint8_t *target);

/// Whether all `count` straight RGBA pixels at `rgba` are opaque (1) or not (0).
int wf_rgba_is_opaque(const uint8_t *rgba, size_t count);

/// Straight RGBA bytes to Cairo's native-endian premultiplied ARGB words, each channel
/// `channel × alpha / 255` rounded as pixman does.
void wf_premultiplied_argb_from_rgba(const uint8_t *source, size_t width, uint32_t *target);

/// Filters `count` bytes of `row` with PNG filter `type` (0 to 4) into `target` and returns the
/// sum of the filtered bytes read as signed magnitudes. `row` and `above` must have `bpp`
/// readable bytes in front (zeros at the left edge).
size_t wf_png_filter(int type, const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *target);

/// Writes the filter type byte and `row` filtered with whichever of Sub, Up and Paeth has the
/// smallest estimated sum of magnitudes (ties to the first) to `out` (`count + 1` bytes).
void wf_png_filter_sub_up_paeth(const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *out);

/// `wf_png_filter_sub_up_paeth` without AVX2: what the fast path is tested against.
void wf_png_filter_sub_up_paeth_portable(
    const uint8_t *row, const uint8_t *above, size_t count, size_t bpp, uint8_t *out);

/// Undoes PNG row filters on `height` rows of `width` pixels of `channels` (3 or 4) 8-bit
/// samples, each row a filter type byte and its bytes, and writes straight RGBA (alpha 255 for
/// RGB) to `rgba`. `filtered` must have 4 readable bytes past its end; it may lie in `rgba`
/// itself as long as no row starts before the RGBA row it becomes. Returns 0 for an unknown
/// filter type, 1 otherwise.
int wf_png_unfilter_rgba(const uint8_t *filtered, size_t width, size_t height, size_t channels, uint8_t *rgba);

/// `wf_png_unfilter_rgba` for rows that continue an image (`above` not 0: its previous row is
/// the RGBA row just before `rgba`) or start it (`above` 0).
int wf_png_unfilter_rgba_rows(
    const uint8_t *filtered, size_t width, size_t height, size_t channels, uint8_t *rgba, int above);

#endif
