// The libjpeg functions JPEGDecoder.c calls, filled by cimaging_load_jpeg (ImageLibraries.c).
#ifndef CIMAGING_JPEG_FUNCTIONS_H
#define CIMAGING_JPEG_FUNCTIONS_H

#include <stdio.h>
#include <jpeglib.h>

struct cimaging_jpeg {
    __typeof__(jpeg_std_error) *std_error;
    __typeof__(jpeg_CreateDecompress) *create_decompress;
    __typeof__(jpeg_mem_src) *mem_src;
    __typeof__(jpeg_read_header) *read_header;
    __typeof__(jpeg_start_decompress) *start_decompress;
    __typeof__(jpeg_read_scanlines) *read_scanlines;
    __typeof__(jpeg_finish_decompress) *finish_decompress;
    __typeof__(jpeg_destroy_decompress) *destroy_decompress;
};

extern struct cimaging_jpeg cimaging_jpeg_functions;

#endif
