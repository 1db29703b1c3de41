#ifndef CWATERFALLMOTION_SHIM_H
#define CWATERFALLMOTION_SHIM_H

// A machine without the system libraries (or without pkg-config, which gives their folders) gets
// one line that says what to run, instead of clang's "file not found" for the first header.
#if !__has_include(<webp/encode.h>)
#error "libwebp's headers are missing (webp/encode.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<webp/mux.h>)
#error "libwebp's muxer's headers are missing (webp/mux.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<gif_lib.h>)
#error "giflib's headers are missing (gif_lib.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<libimagequant.h>)
#error "libimagequant's headers are missing (libimagequant.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<libyuv/convert.h>)
#error "libyuv's headers are missing (libyuv/convert.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#else

// The clip encoders' C libraries: libwebp's encoder and muxer, giflib's encoder, libimagequant's
// palettes and libyuv's colour conversion (an MP4's frames, before ffmpeg). None of them use
// setjmp/longjmp across the Swift boundary. Called only from WaterfallMotion's Encoders/.
#include <webp/encode.h>
#include <webp/mux.h>
#include <gif_lib.h>
#include <libimagequant.h>
#include <libyuv/convert.h>

#include <dlfcn.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// Makes libimagequant's OpenMP loops run on the calling thread alone, where it was built with
/// OpenMP (Debian's is; the symbol is then in the process through libimagequant's libgomp).
///
/// Its k-means sums each thread's share of the colours and then adds the shares up, in an order
/// and a grouping that depend on the number of threads (and on which finishes first), and the
/// number of threads also decides whether it makes a dither map (`liq_set_speed`): on one thread
/// the same frames give the same palette on every run and every machine. The setting belongs to
/// the calling thread, so it is made before each call.
static inline void wf_liq_single_thread(void) {
    static void (*set_threads)(int) = 0;
    static int looked = 0;
    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        void *program = dlopen(0, RTLD_LAZY);
        void (*found)(int) = program ? (void (*)(int))dlsym(program, "omp_set_num_threads") : 0;
        __atomic_store_n(&set_threads, found, __ATOMIC_RELAXED);
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    void (*set)(int) = __atomic_load_n(&set_threads, __ATOMIC_RELAXED);
    if (set) set(1);
}

/// The 4 bytes at `p` as one word, for comparing a pixel at a time.
static inline uint32_t wf_pixel(const uint8_t *p) {
    uint32_t value;
    memcpy(&value, p, 4);
    return value;
}

/// The smallest rectangle holding every pixel in which two RGBA images of `width` × `height`
/// differ, as its left, top, right and bottom edges (right and bottom exclusive) in `edges`;
/// returns 0 when they are equal. Rows are compared with memcmp, the columns of changed rows a
/// pixel at a time from each end.
static inline int wf_changed_rect(const uint8_t *a, const uint8_t *b, size_t width, size_t height, size_t edges[4]) {
    size_t stride = width * 4;
    size_t top = 0;
    while (top < height && memcmp(a + top * stride, b + top * stride, stride) == 0) top++;
    if (top == height) return 0;
    size_t bottom = height;
    while (memcmp(a + (bottom - 1) * stride, b + (bottom - 1) * stride, stride) == 0) bottom--;
    size_t left = width, right = 0;
    for (size_t y = top; y < bottom; y++) {
        const uint8_t *rowA = a + y * stride, *rowB = b + y * stride;
        size_t x = 0;
        while (x < left && wf_pixel(rowA + 4 * x) == wf_pixel(rowB + 4 * x)) x++;
        if (x < left) left = x;
        size_t end = width;
        while (end > right && wf_pixel(rowA + 4 * (end - 1)) == wf_pixel(rowB + 4 * (end - 1))) end--;
        if (end > right) right = end;
    }
    edges[0] = left;
    edges[1] = top;
    edges[2] = right;
    edges[3] = bottom;
    return 1;
}

/// Copies the `width` × `height` rectangle at (`x`, `y`) of an RGBA image `stride` bytes a row
/// into `target`, packed.
static inline void wf_copy_rect(
    const uint8_t *source, size_t stride, size_t x, size_t y, size_t width, size_t height, uint8_t *target) {
    for (size_t row = 0; row < height; row++) {
        memcpy(target + row * width * 4, source + (y + row) * stride + x * 4, width * 4);
    }
}

/// Tells glibc's malloc to keep blocks of up to 32 MiB in its heaps and to give free memory back
/// to the system only past 64 MiB, for the rest of the process: a clip's frames (a few MB each,
/// one made and freed for every frame) are then reused, where by default each would be mapped
/// afresh and fault in every page it touches. Does nothing on other C libraries.
static inline void wf_keep_frames_in_heap(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

/// Bytes giflib writes into memory (`wf_gif_open_memory`), grown as needed; `failed` once memory
/// ran out.
typedef struct wf_gif_memory {
    uint8_t *bytes;
    size_t count, capacity;
    int failed;
} wf_gif_memory;

/// giflib's output function for `wf_gif_memory`: appends what it is given to the file's `UserData`.
static inline int wf_gif_memory_write(GifFileType *gif, const GifByteType *bytes, int count) {
    wf_gif_memory *memory = (wf_gif_memory *)gif->UserData;
    if (memory->failed || count < 0) return 0;
    if (memory->capacity - memory->count < (size_t)count) {
        size_t capacity = memory->capacity ? memory->capacity : 1 << 16;
        while (capacity - memory->count < (size_t)count) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(memory->bytes, capacity);
        if (!grown) {
            memory->failed = 1;
            return 0;
        }
        memory->bytes = grown;
        memory->capacity = capacity;
    }
    memcpy(memory->bytes + memory->count, bytes, (size_t)count);
    memory->count += (size_t)count;
    return count;
}

/// Frees what `memory` holds.
static inline void wf_gif_memory_free(wf_gif_memory *memory) {
    free(memory->bytes);
    memory->bytes = 0;
    memory->count = memory->capacity = 0;
}

/// A giflib encoder writing into `memory`, which must outlive it.
static inline GifFileType *wf_gif_open_memory(wf_gif_memory *memory, int *error) {
    return EGifOpen(memory, wf_gif_memory_write, error);
}

/// Copies every `step`-th pixel of every `step`-th row of an RGBA image of `width` × `height`
/// pixels into `target`, packed: ceil(width / step) × ceil(height / step) pixels.
static inline void wf_sample_pixels(
    const uint8_t *source, size_t width, size_t height, size_t step, uint8_t *target) {
    for (size_t y = 0; y < height; y += step) {
        const uint8_t *row = source + y * width * 4;
        for (size_t x = 0; x < width; x += step) {
            memcpy(target, row + x * 4, 4);
            target += 4;
        }
    }
}

/// Makes transparent (0) each pixel of a WebP picture's ARGB words (`argb_stride` words a row)
/// whose RGBA pixel in `current` equals the one in `previous` (both `stride` bytes a row), over a
/// `width` × `height` rectangle: what a blended frame leaves of the canvas.
static inline void wf_clear_unchanged(
    uint32_t *argb, size_t argb_stride, const uint8_t *current, const uint8_t *previous, size_t stride,
    size_t width, size_t height) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *now = current + y * stride, *before = previous + y * stride;
        uint32_t *row = argb + y * argb_stride;
        for (size_t x = 0; x < width; x++) {
            if (wf_pixel(now + 4 * x) == wf_pixel(before + 4 * x)) row[x] = 0;
        }
    }
}

#endif  // the system libraries' headers are there

#endif
