// The image libraries ghusers draws avatars with (libpng, libjpeg-turbo, giflib, libchafa and
// GLib), opened with dlopen(3) the first time an avatar is decoded or drawn rather than linked.
//
// Linked, the dynamic loader mapped and relocated all of them (with PCRE2, which GLib needs) at
// every start, about 3 ms of `search`, although `search`, `list` and `--json` never draw an
// image (Docs/BENCHMARKS.md). Each cimaging_load_* function opens one library and fills a table of
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
#include <jpeglib.h>

// Each library's functions are listed once, as X(field, symbol): the field of its table and
// the symbol it is loaded from. The lists make the tables here, the loaders
// (ImageLibraries.c) and, for chafa, the checks against its header (Tests/CImagingChecks).

/// A table field with the type of `symbol`, as the library's own header declares it.
#define CIMAGING_DECLARED_FIELD(field, symbol) __typeof__(symbol) *_Nonnull field;

// MARK: - libpng (the simplified png_image API)

#define CIMAGING_PNG_FUNCTIONS(X)                                \
    X(begin_read_from_memory, png_image_begin_read_from_memory) \
    X(finish_read, png_image_finish_read)                        \
    X(free, png_image_free)

struct cimaging_png {
    CIMAGING_PNG_FUNCTIONS(CIMAGING_DECLARED_FIELD)
};

/// Opens libpng (`library`, e.g. "libpng16.so.16") and fills `table`. NULL on success, else what
/// went wrong (dlerror()'s message). On macOS, Homebrew's lib folders are tried too.
const char *_Nullable cimaging_load_png(const char *_Nonnull library, struct cimaging_png *_Nonnull table);

// MARK: - giflib (the low-level DGif reader)

#define CIMAGING_GIF_FUNCTIONS(X)                  \
    X(open, DGifOpen)                              \
    X(get_record_type, DGifGetRecordType)          \
    X(get_image_desc, DGifGetImageDesc)            \
    X(get_line, DGifGetLine)                       \
    X(get_extension, DGifGetExtension)             \
    X(get_extension_next, DGifGetExtensionNext)    \
    X(close_file, DGifCloseFile)                   \
    X(error_string, GifErrorString)

struct cimaging_gif {
    CIMAGING_GIF_FUNCTIONS(CIMAGING_DECLARED_FIELD)
};

/// Opens giflib and fills `table`, as cimaging_load_png does.
const char *_Nullable cimaging_load_gif(const char *_Nonnull library, struct cimaging_gif *_Nonnull table);

// MARK: - libjpeg(-turbo)

#define CIMAGING_JPEG_FUNCTIONS(X)                  \
    X(std_error, jpeg_std_error)                    \
    X(create_decompress, jpeg_CreateDecompress)     \
    X(mem_src, jpeg_mem_src)                        \
    X(read_header, jpeg_read_header)                \
    X(start_decompress, jpeg_start_decompress)      \
    X(read_scanlines, jpeg_read_scanlines)          \
    X(finish_decompress, jpeg_finish_decompress)    \
    X(destroy_decompress, jpeg_destroy_decompress)

struct cimaging_jpeg {
    CIMAGING_JPEG_FUNCTIONS(CIMAGING_DECLARED_FIELD)
};

/// Opens libjpeg and fills `table`, as cimaging_load_png does.
const char *_Nullable cimaging_load_jpeg(const char *_Nonnull library, struct cimaging_jpeg *_Nonnull table);

enum {
    CJPEG_OK = 0,
    CJPEG_CORRUPT = 1,
    CJPEG_TOO_LARGE = 2,
    CJPEG_NO_MEMORY = 3,
};

/// Decodes a baseline or progressive JPEG into RGBA8 rows with the functions in `jpeg`. The
/// header is read first: an image wider than max_width or higher than max_height is refused
/// before any pixel is decoded, with its size in *width and *height. On CJPEG_OK, *pixels is
/// malloc'ed (free() it). libjpeg reports errors with longjmp, which Swift cannot do: this stays
/// in C.
int cimaging_jpeg_decode_rgba(
    const struct cimaging_jpeg *_Nonnull jpeg, const unsigned char *_Nullable data, unsigned long size,
    unsigned int max_width, unsigned int max_height, unsigned char *_Nullable *_Nonnull pixels,
    unsigned int *_Nonnull width, unsigned int *_Nonnull height, char *_Nonnull message, size_t message_size);

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
    CIMAGING_CHAFA_CANVAS_MODE_INDEXED_8 = 6,
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
    /// The character of the cell at x, y (a gunichar: guint32).
    uint32_t (*_Nonnull canvas_get_char_at)(ChafaCanvas *_Nullable canvas, int x, int y);
    /// The cell's colours as packed 0xRRGGBB whatever the canvas mode (in 256-colour mode the
    /// palette entry's RGB), -1 for transparent.
    void (*_Nonnull canvas_get_colors_at)(ChafaCanvas *_Nullable canvas, int x, int y, int *_Nullable fg_out, int *_Nullable bg_out);
    /// The cell's colours as the canvas keeps them: a palette index in the indexed modes (256
    /// colours), packed 0xRRGGBB in truecolor mode; negative for transparent.
    void (*_Nonnull canvas_get_raw_colors_at)(ChafaCanvas *_Nullable canvas, int x, int y, int *_Nullable fg_out, int *_Nullable bg_out);
    ChafaTermDb *_Nullable (*_Nonnull term_db_get_default)(void);
    ChafaTermInfo *_Nullable (*_Nonnull term_db_detect)(ChafaTermDb *_Nullable term_db, char *_Nullable *_Nullable envp);
    void (*_Nonnull term_info_unref)(ChafaTermInfo *_Nullable term_info);
    int (*_Nonnull term_info_have_seq)(const ChafaTermInfo *_Nullable term_info, unsigned int seq);
    /// GLib's: with free_segment 0, returns the characters (g_free them) and frees the rest.
    char *_Nullable (*_Nonnull g_string_free)(GString *_Nullable string, int free_segment);
    void (*_Nonnull g_free)(void *_Nullable mem);
};

#define CIMAGING_CHAFA_FUNCTIONS(X)                                           \
    X(canvas_config_new, chafa_canvas_config_new)                            \
    X(canvas_config_unref, chafa_canvas_config_unref)                        \
    X(canvas_config_set_geometry, chafa_canvas_config_set_geometry)          \
    X(canvas_config_set_cell_geometry, chafa_canvas_config_set_cell_geometry) \
    X(canvas_config_set_bg_color, chafa_canvas_config_set_bg_color)          \
    X(canvas_config_set_canvas_mode, chafa_canvas_config_set_canvas_mode)    \
    X(canvas_config_set_pixel_mode, chafa_canvas_config_set_pixel_mode)      \
    X(canvas_config_set_symbol_map, chafa_canvas_config_set_symbol_map)      \
    X(symbol_map_new, chafa_symbol_map_new)                                  \
    X(symbol_map_unref, chafa_symbol_map_unref)                              \
    X(symbol_map_add_by_tags, chafa_symbol_map_add_by_tags)                  \
    X(symbol_map_remove_by_tags, chafa_symbol_map_remove_by_tags)            \
    X(canvas_new, chafa_canvas_new)                                          \
    X(canvas_unref, chafa_canvas_unref)                                      \
    X(canvas_draw_all_pixels, chafa_canvas_draw_all_pixels)                  \
    X(canvas_print, chafa_canvas_print)                                      \
    X(canvas_get_char_at, chafa_canvas_get_char_at)                          \
    X(canvas_get_colors_at, chafa_canvas_get_colors_at)                      \
    X(canvas_get_raw_colors_at, chafa_canvas_get_raw_colors_at)              \
    X(term_db_get_default, chafa_term_db_get_default)                        \
    X(term_db_detect, chafa_term_db_detect)                                  \
    X(term_info_unref, chafa_term_info_unref)                                \
    X(term_info_have_seq, chafa_term_info_have_seq)                          \
    X(g_string_free, g_string_free)                                          \
    X(g_free, g_free)

/// Opens libchafa (which brings GLib) and fills `table`, as cimaging_load_png does.
const char *_Nullable cimaging_load_chafa(const char *_Nonnull library, struct cimaging_chafa *_Nonnull table);

// MARK: - Memory of decoded images

/// Makes glibc map every allocation of 128 KiB or more on its own and unmap it when freed (a
/// fixed M_MMAP_THRESHOLD, which also turns off glibc's raising of it after the first such free).
/// Decoded avatars (a 460-pixel header is 846 KB) then leave nothing behind in the heap when
/// they go: with the raised threshold, a long `browse` kept them as heap fragments and its RSS
/// kept rising (Docs/BENCHMARKS.md, "Where the time goes"). Does nothing
/// outside glibc.
void cimaging_unmap_large_buffers(void);

/// Gives the system the heap's free pages (malloc_trim): glibc itself trims only the top of each
/// arena, so a burst of small allocations freed (the search index's load: rows and strings) stays
/// resident. Does nothing outside glibc.
void cimaging_give_back_free_heap(void);

#endif
