// zlib (Debian: zlib1g-dev; macOS: the SDK's libz), found through pkg-config's zlib: ScrollSimKit
// reads gzip-compressed traces (`trace.json.gz`) through it, decompressing as it reads.
#ifndef SCROLLSIM_ZLIB_SHIM_H
#define SCROLLSIM_ZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro (it passes zlib's version and the stream's size), which Swift cannot
/// call: this is it as a function. windowBits 15 + 16 reads the gzip format (RFC 1952) only.
static inline int scrollsim_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

#endif
