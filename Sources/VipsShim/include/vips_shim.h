#ifndef KIDNEYHUB_VIPS_SHIM_H
#define KIDNEYHUB_VIPS_SHIM_H

#include <stddef.h>

/// Non-variadic wrappers around the libvips calls KidneyHub needs (Swift cannot call C variadic functions).
/// Each returns 0 on success; on failure it returns -1 and copies libvips' message into `err` (NUL-terminated).
/// A buffer returned through `out` is freed with `kh_free`.

/// Decodes the image in `buf`, scales it to fit `width` x `width` (aspect ratio kept, never enlarged) and encodes
/// the result as PNG. `w` and `h` receive the thumbnail's size.
int kh_thumbnail_from_buffer(const void *buf, size_t len, int width, void **out, size_t *outlen, int *w, int *h,
                             char *err, size_t errlen);

/// Encodes a `width` x `height` RGB gradient as PNG (for tests).
int kh_test_png(int width, int height, void **out, size_t *outlen, char *err, size_t errlen);

/// Frees a buffer returned by the functions above.
void kh_free(void *buf);

#endif
