// SHA-256 from OpenSSL's libcrypto (Debian: libssl-dev), through the EVP interface that
// OpenSSL 1.1 and 3 both keep (the SHA256_Init family is deprecated in 3.0). Linux only:
// on Apple platforms ScrollSimKit uses CommonCrypto, which ships with the SDK.
#ifndef SCROLLSIM_CRYPTO_SHIM_H
#define SCROLLSIM_CRYPTO_SHIM_H

#include <openssl/evp.h>
#include <stddef.h>

/// A new SHA-256 context, or NULL when libcrypto cannot make one.
static inline EVP_MD_CTX *scrollsim_sha256_new(void) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context != NULL && EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    return context;
}

static inline int scrollsim_sha256_update(EVP_MD_CTX *context, const void *bytes, size_t count) {
    return EVP_DigestUpdate(context, bytes, count);
}

/// Writes the 32-byte digest to `out`; the context is then spent.
static inline int scrollsim_sha256_final(EVP_MD_CTX *context, unsigned char *out) {
    unsigned int length = 0;
    return EVP_DigestFinal_ex(context, out, &length) == 1 && length == 32;
}

static inline void scrollsim_sha256_free(EVP_MD_CTX *context) {
    EVP_MD_CTX_free(context);
}

#endif
