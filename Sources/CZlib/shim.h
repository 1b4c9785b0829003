#ifndef FREMONT_ZLIB_SHIM_H
#define FREMONT_ZLIB_SHIM_H

// zlib, for the cache's item text (raw deflate): deflateInit2 and inflateInit2 are macros
// Swift cannot call, so these wrap them.
#include <zlib.h>

static inline int fremont_deflate_init_raw(z_stream *stream, int level, int window_bits, int mem_level) {
    return deflateInit2(stream, level, Z_DEFLATED, -window_bits, mem_level, Z_DEFAULT_STRATEGY);
}

static inline int fremont_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

#endif
