#ifndef WF_DEFLATE_H
#define WF_DEFLATE_H

// A run-length deflate encoder (RFC 1951) for filtered PNG rows: the PNG writer's compressor.
//
// It finds what zlib's Z_RLE strategy finds (repeats of the previous byte, distance 1, 3 to 258
// long) but measures each run eight bytes at a time, where zlib compares byte by byte and keeps
// a hash table it never reads. Each block has its own Huffman codes (or the fixed ones, when
// they are smaller), built from the block's symbol counts. Called only from WaterfallCairo's
// ZLib.swift, through `Deflater`.

#include <stddef.h>
#include <stdint.h>

/// Symbols a block collects before it is written: long enough that a block's code tables cost
/// little, short enough that the codes follow the picture.
enum { WF_DEFLATE_BLOCK_SYMBOLS = 16384, WF_DEFLATE_LITLEN_CODES = 286 };

typedef struct wf_deflater {
    uint8_t *out;
    size_t out_length, out_capacity;
    uint64_t bits;
    unsigned bit_count;
    /// The block's symbols: a literal byte (0–255), or 256 + (length − 3) for a run.
    uint16_t *symbols;
    size_t symbol_count;
    uint32_t litlen_counts[WF_DEFLATE_LITLEN_CODES];
    /// The last byte compressed, or −1 before the first.
    int previous;
    /// Set when memory ran out; every later call does nothing.
    int failed;
} wf_deflater;

/// A new encoder, or NULL if memory ran out. Free it with `wf_deflater_free`.
wf_deflater *wf_deflater_new(size_t expected_output);

/// Frees `d` and its output (NULL does nothing).
void wf_deflater_free(wf_deflater *d);

/// Compresses `count` bytes at `input`, runs of the previous byte as (length, distance 1)
/// pairs, writing a block whenever one is full. Returns 0 if memory ran out.
int wf_deflate_compress(wf_deflater *d, const uint8_t *input, size_t count);

/// Ends the output on a byte boundary: `is_final` writes the pending symbols as the last block;
/// otherwise they are written as a block and followed by an empty stored block, as zlib's
/// Z_SYNC_FLUSH does, so that another stream's blocks can follow. Returns 0 if memory ran out.
int wf_deflate_flush(wf_deflater *d, int is_final);

#endif
