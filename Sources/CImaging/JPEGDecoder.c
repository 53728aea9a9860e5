// Decodes JPEG with libjpeg(-turbo), opened on demand (see CImaging.h).
#include "CImaging.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void error_exit(j_common_ptr info) {
    struct error_manager *manager = (struct error_manager *)info->err;
    (*info->err->format_message)(info, manager->message);
    longjmp(manager->jump, 1);
}

static void output_message(j_common_ptr info) {
    (void)info;  // warnings are not printed on stderr
}

int cimaging_jpeg_decode_rgba(
    const struct cimaging_jpeg *jpeg, const unsigned char *data, unsigned long size, unsigned int max_width,
    unsigned int max_height, unsigned char **pixels, unsigned int *width, unsigned int *height, char *message,
    size_t message_size)
{
    struct jpeg_decompress_struct info;
    struct error_manager errors;
    unsigned char *volatile buffer = NULL;
    *pixels = NULL;
    *width = 0;
    *height = 0;
    memset(&info, 0, sizeof info);
    info.err = jpeg->std_error(&errors.base);
    errors.base.error_exit = error_exit;
    errors.base.output_message = output_message;
    errors.message[0] = 0;
    if (setjmp(errors.jump)) {
        if (message_size > 0) {
            strncpy(message, errors.message, message_size - 1);
            message[message_size - 1] = 0;
        }
        jpeg->destroy_decompress(&info);
        free(buffer);
        return CJPEG_CORRUPT;
    }
    // What the jpeg_create_decompress macro expands to.
    jpeg->create_decompress(&info, JPEG_LIB_VERSION, sizeof info);
    jpeg->mem_src(&info, data, size);
    jpeg->read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (info.image_width > max_width || info.image_height > max_height) {
        jpeg->destroy_decompress(&info);
        return CJPEG_TOO_LARGE;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg->start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height);
    if (buffer == NULL) {
        jpeg->destroy_decompress(&info);
        return CJPEG_NO_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg->read_scanlines(&info, &row, 1);
    }
    jpeg->finish_decompress(&info);
    *width = info.output_width;
    *height = info.output_height;
    jpeg->destroy_decompress(&info);
    *pixels = buffer;
    return CJPEG_OK;
}
