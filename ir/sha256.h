/* sha256.h: SHA-256 of memory and files (hex digests), for provenance headers. */
#ifndef FX_SHA256_H
#define FX_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct fx_sha256 {
  uint32_t h[8];
  uint64_t len;
  unsigned char buf[64];
  size_t fill;
} fx_sha256;

void fx_sha256_init(fx_sha256 *s);
void fx_sha256_update(fx_sha256 *s, const void *data, size_t n);
/* Finishes the digest: 64 lowercase hex digits and a NUL. */
void fx_sha256_hex(fx_sha256 *s, char out[65]);
/* The digest of a file's bytes; false if it cannot be read. */
bool fx_sha256_file(const char *path, char out[65]);

#endif
