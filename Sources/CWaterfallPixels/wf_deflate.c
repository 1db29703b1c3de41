// The run-length deflate encoder of wf_deflate.h.
#include "wf_deflate.h"

#include <stdlib.h>
#include <string.h>

static const uint16_t wf_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                            31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t wf_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                            2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/// The order the code length code's lengths are written in (RFC 1951 §3.2.7).
static const uint8_t wf_code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// The length code (0 for 257 … 28 for 285) of each run length, 3 to 258 (0 to 2 unused).
static const uint8_t wf_length_codes[259] = {
    0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14,
    14, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18,
    18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20,
    20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 22, 22,
    22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 23, 24, 24, 24,
    24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
    24, 24, 24, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26,
    26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27,
    27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 27, 28};

static inline unsigned wf_length_code(unsigned length) { return wf_length_codes[length]; }

/// Grows the output so that `more` bytes fit; 0 if memory ran out.
static inline int wf_deflate_reserve(wf_deflater *d, size_t more) {
    if (d->failed) return 0;
    if (d->out_capacity - d->out_length >= more) return 1;
    size_t capacity = d->out_capacity ? d->out_capacity : 1 << 16;
    while (capacity - d->out_length < more) {
        if (capacity > SIZE_MAX / 2) {
            d->failed = 1;
            return 0;
        }
        capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(d->out, capacity);
    if (!grown) {
        d->failed = 1;
        return 0;
    }
    d->out = grown;
    d->out_capacity = capacity;
    return 1;
}

/// Appends `count` (at most 32) bits of `value`, least significant first. Room for them must
/// have been reserved.
static inline void wf_put_bits(wf_deflater *d, uint64_t value, unsigned count) {
    d->bits |= value << d->bit_count;
    d->bit_count += count;
    if (d->bit_count >= 32) {
        uint32_t word = (uint32_t)d->bits;
        uint8_t *p = d->out + d->out_length;
        p[0] = (uint8_t)word;
        p[1] = (uint8_t)(word >> 8);
        p[2] = (uint8_t)(word >> 16);
        p[3] = (uint8_t)(word >> 24);
        d->out_length += 4;
        d->bits >>= 32;
        d->bit_count -= 32;
    }
}

/// Writes the pending bits, padded with zeros to a byte boundary.
static inline void wf_align_to_byte(wf_deflater *d) {
    while (d->bit_count > 0) {
        d->out[d->out_length++] = (uint8_t)d->bits;
        d->bits >>= 8;
        d->bit_count = d->bit_count > 8 ? d->bit_count - 8 : 0;
    }
    d->bits = 0;
}

/// Minimum-redundancy code lengths, in place (Moffat and Katajainen, 1995): `a` holds `n` ≥ 2
/// weights in ascending order and gets their code lengths.
static inline void wf_code_lengths_in_place(uint32_t *a, int n) {
    a[0] += a[1];
    int root = 0, leaf = 2;
    for (int next = 1; next < n - 1; next++) {
        if (leaf >= n || a[root] < a[leaf]) {
            a[next] = a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] = a[leaf++];
        }
        if (leaf >= n || (root < next && a[root] < a[leaf])) {
            a[next] += a[root];
            a[root++] = (uint32_t)next;
        } else {
            a[next] += a[leaf++];
        }
    }
    a[n - 2] = 0;
    for (int next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    int available = 1, used = 0, depth = 0;
    root = n - 2;
    int next = n - 1;
    while (available > 0) {
        while (root >= 0 && a[root] == (uint32_t)depth) {
            used++;
            root--;
        }
        while (available > used) {
            a[next--] = (uint32_t)depth;
            available--;
        }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

/// Huffman code lengths of at most `limit` bits for `n` (≤ 286) symbol counts. At least two
/// symbols get a length, so the code is complete, as zlib's inflate wants of every code but a
/// lone distance code. Counts are halved until the longest code fits.
static inline void wf_huffman_lengths(const uint32_t *counts, int n, unsigned limit, uint8_t *lengths) {
    uint32_t weights[WF_DEFLATE_LITLEN_CODES];
    for (int i = 0; i < n; i++) weights[i] = counts[i];
    int used = 0;
    for (int i = 0; i < n; i++) used += weights[i] > 0;
    // A code of one symbol gets a second one, the first other symbol.
    for (int i = 0; used < 2 && i < n; i++) {
        if (weights[i] == 0) {
            weights[i] = 1;
            used++;
        }
    }
    for (;;) {
        // Symbols in ascending weight, ties by symbol: insertion sort by a packed key.
        uint64_t keys[WF_DEFLATE_LITLEN_CODES];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (weights[i] == 0) continue;
            uint64_t key = (uint64_t)weights[i] << 16 | (uint64_t)i;
            int j = m++;
            while (j > 0 && keys[j - 1] > key) {
                keys[j] = keys[j - 1];
                j--;
            }
            keys[j] = key;
        }
        uint32_t a[WF_DEFLATE_LITLEN_CODES];
        for (int j = 0; j < m; j++) a[j] = (uint32_t)(keys[j] >> 16);
        wf_code_lengths_in_place(a, m);
        unsigned longest = 0;
        for (int j = 0; j < m; j++) longest = a[j] > longest ? a[j] : longest;
        if (longest <= limit) {
            memset(lengths, 0, (size_t)n);
            for (int j = 0; j < m; j++) lengths[keys[j] & 0xFFFF] = (uint8_t)a[j];
            return;
        }
        for (int i = 0; i < n; i++)
            if (weights[i]) weights[i] = (weights[i] + 1) / 2;
    }
}

/// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed for writing least significant first.
static inline void wf_canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    uint16_t count[16] = {0}, next[16] = {0};
    for (int i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    uint16_t code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (uint16_t)((code + count[bits - 1]) << 1);
        next[bits] = code;
    }
    for (int i = 0; i < n; i++) {
        unsigned length = lengths[i];
        if (length == 0) {
            codes[i] = 0;
            continue;
        }
        uint16_t value = next[length]++, reversed = 0;
        for (unsigned b = 0; b < length; b++) reversed |= (uint16_t)(((value >> b) & 1) << (length - 1 - b));
        codes[i] = reversed;
    }
}

/// Writes the block's symbols with the given codes, then end-of-block. Distances are all 1:
/// distance code 0, `distance_bits` zero bits long.
static inline void wf_put_symbols(
    wf_deflater *d, const uint8_t *lengths, const uint16_t *codes, unsigned distance_bits) {
    for (size_t i = 0; i < d->symbol_count; i++) {
        unsigned symbol = d->symbols[i];
        if (symbol < 256) {
            wf_put_bits(d, codes[symbol], lengths[symbol]);
        } else {
            unsigned length = symbol - 256 + 3, code = wf_length_code(length);
            unsigned extra = wf_length_extra[code];
            uint64_t value = codes[257 + code] | (uint64_t)(length - wf_length_base[code]) << lengths[257 + code];
            wf_put_bits(d, value, lengths[257 + code] + extra + distance_bits);
        }
    }
    wf_put_bits(d, codes[256], lengths[256]);
}

/// Writes the pending symbols as one block, with its own Huffman codes or the fixed ones,
/// whichever is smaller (ties to the fixed).
static inline void wf_deflate_write_block(wf_deflater *d, int is_final) {
    uint32_t *counts = d->litlen_counts;
    counts[256] = 1;
    // Worst case: 15-bit codes, 5 extra bits and 1 distance bit a symbol, and the header.
    if (!wf_deflate_reserve(d, d->symbol_count * 3 + 1024)) return;

    uint8_t lengths[WF_DEFLATE_LITLEN_CODES];
    wf_huffman_lengths(counts, WF_DEFLATE_LITLEN_CODES, 15, lengths);
    int litlen_count = WF_DEFLATE_LITLEN_CODES;
    while (litlen_count > 257 && lengths[litlen_count - 1] == 0) litlen_count--;

    // The code lengths of both codes (the distance code: codes 0 and 1, one bit each), run-length coded.
    uint8_t all[WF_DEFLATE_LITLEN_CODES + 2];
    memcpy(all, lengths, (size_t)litlen_count);
    all[litlen_count] = 1;
    all[litlen_count + 1] = 1;
    int total = litlen_count + 2;
    uint8_t cl_symbols[WF_DEFLATE_LITLEN_CODES + 2], cl_extras[WF_DEFLATE_LITLEN_CODES + 2];
    int cl_count = 0;
    uint32_t cl_counts[19] = {0};
    for (int i = 0; i < total;) {
        int run = 1;
        while (i + run < total && all[i + run] == all[i]) run++;
        if (all[i] == 0 && run >= 3) {
            int take = run > 138 ? 138 : run;
            cl_symbols[cl_count] = take >= 11 ? 18 : 17;
            cl_extras[cl_count++] = (uint8_t)(take >= 11 ? take - 11 : take - 3);
            i += take;
        } else if (all[i] != 0 && run >= 4) {
            cl_symbols[cl_count] = all[i];
            cl_extras[cl_count++] = 0;
            int take = run - 1 > 6 ? 6 : run - 1;
            cl_symbols[cl_count] = 16;
            cl_extras[cl_count++] = (uint8_t)(take - 3);
            i += 1 + take;
        } else {
            cl_symbols[cl_count] = all[i];
            cl_extras[cl_count++] = 0;
            i++;
        }
    }
    for (int k = 0; k < cl_count; k++) cl_counts[cl_symbols[k]]++;
    uint8_t cl_lengths[19];
    wf_huffman_lengths(cl_counts, 19, 7, cl_lengths);
    int cl_written = 19;
    while (cl_written > 4 && cl_lengths[wf_code_length_order[cl_written - 1]] == 0) cl_written--;

    // Sizes in bits of both ways of coding the block.
    static const uint8_t extra_bits_of_cl[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 7};
    uint64_t dynamic_bits = 3 + 14 + 3 * (uint64_t)cl_written, fixed_bits = 3;
    for (int k = 0; k < cl_count; k++)
        dynamic_bits += cl_lengths[cl_symbols[k]] + extra_bits_of_cl[cl_symbols[k]];
    uint64_t runs = 0;
    for (int s = 0; s < WF_DEFLATE_LITLEN_CODES; s++) {
        if (!counts[s]) continue;
        unsigned extra = s >= 257 ? wf_length_extra[s - 257] : 0;
        unsigned fixed_length = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
        dynamic_bits += (uint64_t)counts[s] * (lengths[s] + extra);
        fixed_bits += (uint64_t)counts[s] * (fixed_length + extra);
        if (s >= 257) runs += counts[s];
    }
    dynamic_bits += runs;
    fixed_bits += runs * 5;

    if (fixed_bits <= dynamic_bits) {
        uint8_t fixed_lengths[288];
        uint16_t fixed_codes[288];
        for (int s = 0; s < 288; s++) fixed_lengths[s] = (uint8_t)(s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
        wf_canonical_codes(fixed_lengths, 288, fixed_codes);
        wf_put_bits(d, (uint64_t)(is_final ? 1 : 0) | 1u << 1, 3);
        wf_put_symbols(d, fixed_lengths, fixed_codes, 5);
    } else {
        uint16_t cl_codes[19], codes[WF_DEFLATE_LITLEN_CODES];
        wf_canonical_codes(cl_lengths, 19, cl_codes);
        wf_canonical_codes(lengths, WF_DEFLATE_LITLEN_CODES, codes);
        wf_put_bits(d, (uint64_t)(is_final ? 1 : 0) | 2u << 1, 3);
        wf_put_bits(d, (uint64_t)(litlen_count - 257) | 1u << 5 | (uint64_t)(cl_written - 4) << 10, 14);
        for (int k = 0; k < cl_written; k++) wf_put_bits(d, cl_lengths[wf_code_length_order[k]], 3);
        for (int k = 0; k < cl_count; k++) {
            unsigned symbol = cl_symbols[k];
            wf_put_bits(d, cl_codes[symbol], cl_lengths[symbol]);
            if (symbol >= 16) wf_put_bits(d, cl_extras[k], extra_bits_of_cl[symbol]);
        }
        wf_put_symbols(d, lengths, codes, 1);
    }
    d->symbol_count = 0;
    memset(d->litlen_counts, 0, sizeof d->litlen_counts);
}

/// A new encoder, or NULL if memory ran out. Free it with `wf_deflater_free`.
wf_deflater *wf_deflater_new(size_t expected_output) {
    wf_deflater *d = (wf_deflater *)calloc(1, sizeof(wf_deflater));
    if (!d) return NULL;
    d->previous = -1;
    d->symbols = (uint16_t *)malloc(WF_DEFLATE_BLOCK_SYMBOLS * sizeof(uint16_t));
    if (!d->symbols || !wf_deflate_reserve(d, expected_output > 1024 ? expected_output : 1024)) {
        free(d->symbols);
        free(d->out);
        free(d);
        return NULL;
    }
    return d;
}

void wf_deflater_free(wf_deflater *d) {
    if (!d) return;
    free(d->symbols);
    free(d->out);
    free(d);
}

/// How many of the (at most 258) bytes at `p` equal `byte`, eight at a time.
static inline size_t wf_run_length(const uint8_t *p, size_t limit, uint8_t byte) {
    uint64_t pattern = 0x0101010101010101ull * byte;
    size_t n = 0;
    while (n + 8 <= limit) {
        uint64_t word;
        memcpy(&word, p + n, 8);
        uint64_t differ = word ^ pattern;
        if (differ) return n + (size_t)(__builtin_ctzll(differ) >> 3);
        n += 8;
    }
    while (n < limit && p[n] == byte) n++;
    return n;
}

/// Compresses `count` bytes at `input`, runs of the previous byte as (length, distance 1)
/// pairs, writing a block whenever one is full. Returns 0 if memory ran out.
int wf_deflate_compress(wf_deflater *d, const uint8_t *input, size_t count) {
    if (d->failed) return 0;
    size_t i = 0;
    int previous = d->previous;
    uint16_t *symbols = d->symbols;
    uint32_t *counts = d->litlen_counts;
    while (i < count) {
        size_t run = 0;
        if (previous >= 0) {
            size_t limit = count - i < 258 ? count - i : 258;
            run = wf_run_length(input + i, limit, (uint8_t)previous);
        }
        if (run >= 3) {
            symbols[d->symbol_count++] = (uint16_t)(256 + run - 3);
            counts[257 + wf_length_code((unsigned)run)]++;
            i += run;
        } else {
            uint8_t byte = input[i++];
            symbols[d->symbol_count++] = byte;
            counts[byte]++;
            previous = byte;
        }
        if (d->symbol_count == WF_DEFLATE_BLOCK_SYMBOLS) {
            wf_deflate_write_block(d, 0);
            if (d->failed) return 0;
        }
    }
    d->previous = previous;
    return 1;
}

/// Ends the output on a byte boundary: `is_final` writes the pending symbols as the last block;
/// otherwise they are written as a block and followed by an empty stored block, as zlib's
/// Z_SYNC_FLUSH does, so that another stream's blocks can follow. Returns 0 if memory ran out.
int wf_deflate_flush(wf_deflater *d, int is_final) {
    if (d->failed) return 0;
    if (d->symbol_count > 0 || is_final) wf_deflate_write_block(d, is_final);
    if (!wf_deflate_reserve(d, 16)) return 0;
    if (!is_final) {
        wf_put_bits(d, 0, 3);
        wf_align_to_byte(d);
        static const uint8_t empty_stored[4] = {0x00, 0x00, 0xFF, 0xFF};
        memcpy(d->out + d->out_length, empty_stored, 4);
        d->out_length += 4;
    } else {
        wf_align_to_byte(d);
    }
    return !d->failed;
}
