// libjpeg(-turbo) reports errors by calling error_exit, which must not return; the only safe
// way out is longjmp, which Swift cannot do. These few static functions keep the setjmp in C
// and give Swift a plain status code.
#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

enum {
    CJPEG_OK = 0,
    CJPEG_CORRUPT = 1,
    CJPEG_TOO_LARGE = 2,
    CJPEG_NO_MEMORY = 3,
};

struct cjpeg_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void cjpeg_error_exit(j_common_ptr info) {
    struct cjpeg_error_manager *manager = (struct cjpeg_error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->jump, 1);
}

static void cjpeg_output_message(j_common_ptr info) {
    (void)info;  // warnings are not printed on stderr
}

/// Decodes a baseline or progressive JPEG into RGBA8 rows. The header is read first: an image
/// wider than max_width or higher than max_height is refused before any pixel is decoded, with
/// its size in *width and *height. On CJPEG_OK, *pixels is malloc'ed (free() it).
static inline int cjpeg_decode_rgba(
    const unsigned char *data, unsigned long size, unsigned int max_width, unsigned int max_height,
    unsigned char **pixels, unsigned int *width, unsigned int *height, char *message, size_t message_size)
{
    struct jpeg_decompress_struct info;
    struct cjpeg_error_manager errors;
    unsigned char *volatile buffer = NULL;
    *pixels = NULL;
    *width = 0;
    *height = 0;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = cjpeg_error_exit;
    errors.base.output_message = cjpeg_output_message;
    errors.message[0] = 0;
    if (setjmp(errors.jump)) {
        if (message_size > 0) {
            strncpy(message, errors.message, message_size - 1);
            message[message_size - 1] = 0;
        }
        jpeg_destroy_decompress(&info);
        free(buffer);
        return CJPEG_CORRUPT;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (info.image_width > max_width || info.image_height > max_height) {
        jpeg_destroy_decompress(&info);
        return CJPEG_TOO_LARGE;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height);
    if (buffer == NULL) {
        jpeg_destroy_decompress(&info);
        return CJPEG_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    jpeg_destroy_decompress(&info);
    *pixels = buffer;
    return CJPEG_OK;
}

#endif
