// SHA-256 from Nettle, the one digest the package takes: font files for the renderer
// fingerprint, image URLs for the cache's file names, inputs for the review's records.
#ifndef CWATERFALL_NETTLE_SHIM_H
#define CWATERFALL_NETTLE_SHIM_H

// A machine without the system libraries (or without pkg-config, which gives their folders) gets
// one line that says what to run, instead of clang's "file not found" for the first header.
#if !__has_include(<nettle/sha2.h>)
#error "Nettle's headers are missing (nettle/sha2.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#elif !__has_include(<nettle/version.h>)
#error "Nettle's headers are missing (nettle/version.h): run bash scripts/setup.sh (Debian/Ubuntu) or see README"
#else

#include <nettle/sha2.h>
#include <nettle/version.h>

static inline void wf_sha256_init(struct sha256_ctx *context) { nettle_sha256_init(context); }

static inline void wf_sha256_update(struct sha256_ctx *context, const uint8_t *bytes, size_t count) {
    nettle_sha256_update(context, count, bytes);
}

// Nettle 4 dropped the length argument of the digest functions; the digest is always 32 bytes.
static inline void wf_sha256_digest(struct sha256_ctx *context, uint8_t digest[SHA256_DIGEST_SIZE]) {
#if NETTLE_VERSION_MAJOR >= 4
    nettle_sha256_digest(context, digest);
#else
    nettle_sha256_digest(context, SHA256_DIGEST_SIZE, digest);
#endif
}

#endif  // the system libraries' headers are there

#endif
