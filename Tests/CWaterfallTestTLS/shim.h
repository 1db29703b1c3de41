#ifndef CWATERFALLTESTTLS_SHIM_H
#define CWATERFALLTESTTLS_SHIM_H

// OpenSSL's libssl for the fetch tests' TLS server: a server context from a PEM certificate
// and key, and a TLS session over an accepted socket.
#if !__has_include(<openssl/ssl.h>)
#error "OpenSSL's headers are missing (openssl/ssl.h): run bash scripts/setup.sh (Debian/Ubuntu: libssl-dev) or brew install openssl"
#else

#include <openssl/ssl.h>
#include <openssl/err.h>

/// A server context presenting `certificate` (a PEM chain) with `key` (PEM); NULL when either
/// cannot be read or they do not match.
static inline SSL_CTX *wf_tls_server_context(const char *certificate, const char *key) {
    SSL_CTX *context = SSL_CTX_new(TLS_server_method());
    if (context == NULL) return NULL;
    if (SSL_CTX_use_certificate_chain_file(context, certificate) != 1
        || SSL_CTX_use_PrivateKey_file(context, key, SSL_FILETYPE_PEM) != 1
        || SSL_CTX_check_private_key(context) != 1) {
        SSL_CTX_free(context);
        return NULL;
    }
    return context;
}

#endif
#endif
