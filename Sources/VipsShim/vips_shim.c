#include "vips_shim.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>

static pthread_once_t kh_once = PTHREAD_ONCE_INIT;
static int kh_init_status = -1;
/// libvips keeps one error buffer for the whole process: one call at a time keeps each message with its call.
static pthread_mutex_t kh_lock = PTHREAD_MUTEX_INITIALIZER;
/// A small file may declare a huge image (a decompression bomb): refuse more than 50 megapixels before decoding.
static const double kh_max_pixels = 50e6;

/// libvips' own warnings (a truncated file, say) would go to stderr; the errors we report say enough.
static void kh_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static void kh_init(void) {
    kh_init_status = VIPS_INIT("kidneyhub");
    // No operation cache: inputs are caller buffers that are freed after each call.
    vips_cache_set_max(0);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, kh_quiet, NULL);
}

/// Copies libvips' pending error message (or `fallback`) into `err` and clears it.
static int kh_fail(const char *fallback, char *err, size_t errlen) {
    if (err != NULL && errlen > 0) {
        const char *message = vips_error_buffer();
        if (message == NULL || message[0] == '\0') message = fallback;
        snprintf(err, errlen, "%s", message);
        size_t n = strlen(err);
        while (n > 0 && (err[n - 1] == '\n' || err[n - 1] == ' ')) err[--n] = '\0';
    }
    vips_error_clear();
    return -1;
}

static int kh_ready(char *err, size_t errlen) {
    pthread_once(&kh_once, kh_init);
    return kh_init_status == 0 ? 0 : kh_fail("libvips could not start", err, errlen);
}

int kh_thumbnail_from_buffer(const void *buf, size_t len, int width, void **out, size_t *outlen, int *w, int *h,
                             char *err, size_t errlen) {
    if (kh_ready(err, errlen) != 0) return -1;
    pthread_mutex_lock(&kh_lock);
    int status = -1;
    // The header alone (libvips decodes lazily) says how big the image would be.
    VipsImage *header = vips_image_new_from_buffer(buf, len, "", NULL);
    if (header == NULL) {
        status = kh_fail("the image could not be decoded", err, errlen);
        pthread_mutex_unlock(&kh_lock);
        return status;
    }
    double pixels = (double)vips_image_get_width(header) * (double)vips_image_get_height(header);
    if (pixels > kh_max_pixels) {
        if (err != NULL && errlen > 0)
            snprintf(err, errlen, "the image is %dx%d pixels, more than the 50 megapixels accepted",
                     vips_image_get_width(header), vips_image_get_height(header));
        g_object_unref(header);
        vips_error_clear();
        pthread_mutex_unlock(&kh_lock);
        return -1;
    }
    g_object_unref(header);
    VipsImage *thumb = NULL;
    // fail_on=error: a truncated or damaged file is refused rather than thumbnailed with grey where data is missing.
    if (vips_thumbnail_buffer((void *)buf, len, &thumb, width, "height", width, "size", VIPS_SIZE_DOWN,
                              "option_string", "fail_on=error", NULL) != 0) {
        status = kh_fail("the image could not be decoded", err, errlen);
    } else {
        *w = vips_image_get_width(thumb);
        *h = vips_image_get_height(thumb);
        status = vips_image_write_to_buffer(thumb, ".png", out, outlen, NULL) == 0
                     ? 0
                     : kh_fail("the thumbnail could not be encoded", err, errlen);
        g_object_unref(thumb);
    }
    pthread_mutex_unlock(&kh_lock);
    return status;
}

int kh_test_png(int width, int height, void **out, size_t *outlen, char *err, size_t errlen) {
    if (kh_ready(err, errlen) != 0) return -1;
    VipsImage *xyz = NULL, *scaled = NULL, *rgb = NULL, *pixels = NULL;
    int status = -1;
    if (vips_xyz(&xyz, width, height, NULL) == 0 && vips_linear1(xyz, &scaled, 0.5, 10.0, NULL) == 0 &&
        vips_bandjoin_const1(scaled, &rgb, 128.0, NULL) == 0 &&
        vips_cast(rgb, &pixels, VIPS_FORMAT_UCHAR, NULL) == 0)
        status = vips_image_write_to_buffer(pixels, ".png", out, outlen, NULL);
    if (pixels) g_object_unref(pixels);
    if (rgb) g_object_unref(rgb);
    if (scaled) g_object_unref(scaled);
    if (xyz) g_object_unref(xyz);
    return status == 0 ? 0 : kh_fail("the test image could not be made", err, errlen);
}

void kh_free(void *buf) { g_free(buf); }
