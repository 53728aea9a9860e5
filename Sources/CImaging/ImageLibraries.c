// Opens the image libraries on demand (see CImaging.h).
#include "CImaging.h"
#include "JPEGFunctions.h"

#include <dlfcn.h>

/// dlopen()s `name`; on macOS also where Homebrew puts it, which is not searched by default.
static void *open_library(const char *name) {
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
#if defined(__APPLE__)
    static const char *const prefixes[] = {"/opt/homebrew/lib/", "/usr/local/lib/"};
    char path[256];
    for (size_t i = 0; handle == NULL && i < sizeof prefixes / sizeof *prefixes; i++) {
        snprintf(path, sizeof path, "%s%s", prefixes[i], name);
        handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
#endif
    return handle;
}

/// Stores the address of `symbol` in the function pointer at `slot`; 0 if it is missing.
static int resolve(void *handle, const char *symbol, void *slot) {
    void *address = dlsym(handle, symbol);
    if (address == NULL) return 0;
    // POSIX's way to turn a dlsym() result into a function pointer.
    *(void **)slot = address;
    return 1;
}

#define CIMAGING_OPEN(handle, name)                     \
    void *handle = open_library(name);                  \
    if (handle == NULL) return dlerror()

#define CIMAGING_RESOLVE(handle, table, field, symbol) \
    if (!resolve(handle, symbol, &(table)->field)) return dlerror()

const char *cimaging_load_png(const char *library, struct cimaging_png *table) {
    CIMAGING_OPEN(png, library);
    CIMAGING_RESOLVE(png, table, begin_read_from_memory, "png_image_begin_read_from_memory");
    CIMAGING_RESOLVE(png, table, finish_read, "png_image_finish_read");
    CIMAGING_RESOLVE(png, table, free, "png_image_free");
    return NULL;
}

struct cimaging_jpeg cimaging_jpeg_functions;

const char *cimaging_load_jpeg(const char *library) {
    struct cimaging_jpeg *table = &cimaging_jpeg_functions;
    CIMAGING_OPEN(jpeg, library);
    CIMAGING_RESOLVE(jpeg, table, std_error, "jpeg_std_error");
    CIMAGING_RESOLVE(jpeg, table, create_decompress, "jpeg_CreateDecompress");
    CIMAGING_RESOLVE(jpeg, table, mem_src, "jpeg_mem_src");
    CIMAGING_RESOLVE(jpeg, table, read_header, "jpeg_read_header");
    CIMAGING_RESOLVE(jpeg, table, start_decompress, "jpeg_start_decompress");
    CIMAGING_RESOLVE(jpeg, table, read_scanlines, "jpeg_read_scanlines");
    CIMAGING_RESOLVE(jpeg, table, finish_decompress, "jpeg_finish_decompress");
    CIMAGING_RESOLVE(jpeg, table, destroy_decompress, "jpeg_destroy_decompress");
    return NULL;
}

const char *cimaging_load_gif(const char *library, struct cimaging_gif *table) {
    CIMAGING_OPEN(gif, library);
    CIMAGING_RESOLVE(gif, table, open, "DGifOpen");
    CIMAGING_RESOLVE(gif, table, get_record_type, "DGifGetRecordType");
    CIMAGING_RESOLVE(gif, table, get_image_desc, "DGifGetImageDesc");
    CIMAGING_RESOLVE(gif, table, get_line, "DGifGetLine");
    CIMAGING_RESOLVE(gif, table, get_extension, "DGifGetExtension");
    CIMAGING_RESOLVE(gif, table, get_extension_next, "DGifGetExtensionNext");
    CIMAGING_RESOLVE(gif, table, close_file, "DGifCloseFile");
    CIMAGING_RESOLVE(gif, table, error_string, "GifErrorString");
    return NULL;
}

const char *cimaging_load_chafa(const char *library, struct cimaging_chafa *table) {
    CIMAGING_OPEN(chafa, library);
    CIMAGING_RESOLVE(chafa, table, canvas_config_new, "chafa_canvas_config_new");
    CIMAGING_RESOLVE(chafa, table, canvas_config_unref, "chafa_canvas_config_unref");
    CIMAGING_RESOLVE(chafa, table, canvas_config_set_geometry, "chafa_canvas_config_set_geometry");
    CIMAGING_RESOLVE(chafa, table, canvas_config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry");
    CIMAGING_RESOLVE(chafa, table, canvas_config_set_bg_color, "chafa_canvas_config_set_bg_color");
    CIMAGING_RESOLVE(chafa, table, canvas_config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode");
    CIMAGING_RESOLVE(chafa, table, canvas_config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode");
    CIMAGING_RESOLVE(chafa, table, canvas_config_set_symbol_map, "chafa_canvas_config_set_symbol_map");
    CIMAGING_RESOLVE(chafa, table, symbol_map_new, "chafa_symbol_map_new");
    CIMAGING_RESOLVE(chafa, table, symbol_map_unref, "chafa_symbol_map_unref");
    CIMAGING_RESOLVE(chafa, table, symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags");
    CIMAGING_RESOLVE(chafa, table, symbol_map_remove_by_tags, "chafa_symbol_map_remove_by_tags");
    CIMAGING_RESOLVE(chafa, table, canvas_new, "chafa_canvas_new");
    CIMAGING_RESOLVE(chafa, table, canvas_unref, "chafa_canvas_unref");
    CIMAGING_RESOLVE(chafa, table, canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels");
    CIMAGING_RESOLVE(chafa, table, canvas_print, "chafa_canvas_print");
    CIMAGING_RESOLVE(chafa, table, term_db_get_default, "chafa_term_db_get_default");
    CIMAGING_RESOLVE(chafa, table, term_db_detect, "chafa_term_db_detect");
    CIMAGING_RESOLVE(chafa, table, term_info_unref, "chafa_term_info_unref");
    CIMAGING_RESOLVE(chafa, table, term_info_have_seq, "chafa_term_info_have_seq");
    // GLib comes with libchafa: dlsym() searches a handle's dependencies too.
    CIMAGING_RESOLVE(chafa, table, g_string_free, "g_string_free");
    CIMAGING_RESOLVE(chafa, table, g_free, "g_free");
    return NULL;
}
