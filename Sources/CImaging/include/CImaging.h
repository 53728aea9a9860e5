// The image libraries ghusers draws avatars with (libpng, libjpeg-turbo, giflib, libchafa and
// GLib), opened with dlopen(3) the first time an avatar is decoded or drawn rather than linked.
//
// Linked, the dynamic loader maps and relocates all of them (with PCRE2, which GLib needs) at
// every start, ~0.9 ms, although `search`, `list` and `--json` never draw an image
// (Docs/BENCHMARKS.md). Each cimaging_load_* function opens one library and fills a table of
// its functions, which Swift calls through (GHUsersKit's ImageLibraries does it once per process).
//
// libpng, libjpeg and giflib are declared by their own headers (their -dev packages). libchafa's
// header needs GLib's include paths, which only pkg-config knows, and pkg-config would link the
// libraries again; so the few chafa and GLib declarations used are copied below from chafa 1.12
// and GLib 2.74, and Tests/CImagingChecks compiles them against the real headers.
#ifndef CIMAGING_H
#define CIMAGING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <png.h>
#include <gif_lib.h>

// MARK: - libpng (the simplified png_image API)

struct cimaging_png {
    __typeof__(png_image_begin_read_from_memory) *_Nonnull begin_read_from_memory;
    __typeof__(png_image_finish_read) *_Nonnull finish_read;
    __typeof__(png_image_free) *_Nonnull free;
};

/// Opens libpng (`library`, e.g. "libpng16.so.16") and fills `table`. NULL on success, else what
/// went wrong (dlerror()'s message). On macOS, Homebrew's lib folders are tried too.
const char *_Nullable cimaging_load_png(const char *_Nonnull library, struct cimaging_png *_Nonnull table);

// MARK: - giflib (the low-level DGif reader)

struct cimaging_gif {
    __typeof__(DGifOpen) *_Nonnull open;
    __typeof__(DGifGetRecordType) *_Nonnull get_record_type;
    __typeof__(DGifGetImageDesc) *_Nonnull get_image_desc;
    __typeof__(DGifGetLine) *_Nonnull get_line;
    __typeof__(DGifGetExtension) *_Nonnull get_extension;
    __typeof__(DGifGetExtensionNext) *_Nonnull get_extension_next;
    __typeof__(DGifCloseFile) *_Nonnull close_file;
    __typeof__(GifErrorString) *_Nonnull error_string;
};

/// Opens giflib and fills `table`, as cimaging_load_png does.
const char *_Nullable cimaging_load_gif(const char *_Nonnull library, struct cimaging_gif *_Nonnull table);

// MARK: - libjpeg(-turbo)

enum {
    CJPEG_OK = 0,
    CJPEG_CORRUPT = 1,
    CJPEG_TOO_LARGE = 2,
    CJPEG_NO_MEMORY = 3,
};

/// Opens libjpeg for cimaging_jpeg_decode_rgba, as cimaging_load_png does.
const char *_Nullable cimaging_load_jpeg(const char *_Nonnull library);

/// Decodes a baseline or progressive JPEG into RGBA8 rows (libjpeg must be loaded). The header is
/// read first: an image wider than max_width or higher than max_height is refused before any
/// pixel is decoded, with its size in *width and *height. On CJPEG_OK, *pixels is malloc'ed
/// (free() it). libjpeg reports errors with longjmp, which Swift cannot do: this stays in C.
int cimaging_jpeg_decode_rgba(
    const unsigned char *_Nullable data, unsigned long size, unsigned int max_width, unsigned int max_height,
    unsigned char *_Nullable *_Nonnull pixels, unsigned int *_Nonnull width, unsigned int *_Nonnull height,
    char *_Nonnull message, size_t message_size);

// MARK: - libchafa and GLib (declarations copied from their headers)

typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;
typedef struct _GString GString;

// Values of chafa's enums, as its header defines them.
enum {
    CIMAGING_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
    CIMAGING_CHAFA_CANVAS_MODE_INDEXED_256 = 1,
    CIMAGING_CHAFA_PIXEL_MODE_SYMBOLS = 0,
    CIMAGING_CHAFA_PIXEL_MODE_SIXELS = 1,
    CIMAGING_CHAFA_PIXEL_MODE_KITTY = 2,
    CIMAGING_CHAFA_PIXEL_MODE_ITERM2 = 3,
    CIMAGING_CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
    CIMAGING_CHAFA_SYMBOL_TAG_SOLID = 1 << 1,
    CIMAGING_CHAFA_SYMBOL_TAG_STIPPLE = 1 << 2,
    CIMAGING_CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
    CIMAGING_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
    CIMAGING_CHAFA_TERM_SEQ_BEGIN_SIXELS = 40,
    CIMAGING_CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1 = 43,
    CIMAGING_CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE = 47,
};

// chafa's enum parameters are C enums: unsigned int, or int for ChafaSymbolTags, which has
// negative values.
struct cimaging_chafa {
    ChafaCanvasConfig *_Nullable (*_Nonnull canvas_config_new)(void);
    void (*_Nonnull canvas_config_unref)(ChafaCanvasConfig *_Nullable config);
    void (*_Nonnull canvas_config_set_geometry)(ChafaCanvasConfig *_Nullable config, int width, int height);
    void (*_Nonnull canvas_config_set_cell_geometry)(ChafaCanvasConfig *_Nullable config, int cell_width, int cell_height);
    void (*_Nonnull canvas_config_set_bg_color)(ChafaCanvasConfig *_Nullable config, uint32_t bg_color_packed_rgb);
    void (*_Nonnull canvas_config_set_canvas_mode)(ChafaCanvasConfig *_Nullable config, unsigned int mode);
    void (*_Nonnull canvas_config_set_pixel_mode)(ChafaCanvasConfig *_Nullable config, unsigned int pixel_mode);
    void (*_Nonnull canvas_config_set_symbol_map)(ChafaCanvasConfig *_Nullable config, const ChafaSymbolMap *_Nullable symbol_map);
    ChafaSymbolMap *_Nullable (*_Nonnull symbol_map_new)(void);
    void (*_Nonnull symbol_map_unref)(ChafaSymbolMap *_Nullable symbol_map);
    void (*_Nonnull symbol_map_add_by_tags)(ChafaSymbolMap *_Nullable symbol_map, int tags);
    void (*_Nonnull symbol_map_remove_by_tags)(ChafaSymbolMap *_Nullable symbol_map, int tags);
    ChafaCanvas *_Nullable (*_Nonnull canvas_new)(const ChafaCanvasConfig *_Nullable config);
    void (*_Nonnull canvas_unref)(ChafaCanvas *_Nullable canvas);
    void (*_Nonnull canvas_draw_all_pixels)(
        ChafaCanvas *_Nullable canvas, unsigned int src_pixel_type, const uint8_t *_Nullable src_pixels, int src_width,
        int src_height, int src_rowstride);
    GString *_Nullable (*_Nonnull canvas_print)(ChafaCanvas *_Nullable canvas, ChafaTermInfo *_Nullable term_info);
    ChafaTermDb *_Nullable (*_Nonnull term_db_get_default)(void);
    ChafaTermInfo *_Nullable (*_Nonnull term_db_detect)(ChafaTermDb *_Nullable term_db, char *_Nullable *_Nullable envp);
    void (*_Nonnull term_info_unref)(ChafaTermInfo *_Nullable term_info);
    int (*_Nonnull term_info_have_seq)(const ChafaTermInfo *_Nullable term_info, unsigned int seq);
    /// GLib's: with free_segment 0, returns the characters (g_free them) and frees the rest.
    char *_Nullable (*_Nonnull g_string_free)(GString *_Nullable string, int free_segment);
    void (*_Nonnull g_free)(void *_Nullable mem);
};

/// Opens libchafa (which brings GLib) and fills `table`, as cimaging_load_png does.
const char *_Nullable cimaging_load_chafa(const char *_Nonnull library, struct cimaging_chafa *_Nonnull table);

#endif
