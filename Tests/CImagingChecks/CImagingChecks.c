// CImaging copies the few declarations of libchafa and GLib it calls, so that building ghusers
// needs neither GLib's include paths nor linking them. This file includes the real chafa.h
// beside those copies and fails to compile if a value or a function type differs.
#include <chafa.h>
#include "CImaging.h"
#include "CImagingChecks.h"

#define SAME_VALUE(copy, real) _Static_assert((copy) == (real), #copy " differs from " #real)

SAME_VALUE(CIMAGING_CHAFA_CANVAS_MODE_TRUECOLOR, CHAFA_CANVAS_MODE_TRUECOLOR);
SAME_VALUE(CIMAGING_CHAFA_CANVAS_MODE_INDEXED_256, CHAFA_CANVAS_MODE_INDEXED_256);
SAME_VALUE(CIMAGING_CHAFA_CANVAS_MODE_INDEXED_8, CHAFA_CANVAS_MODE_INDEXED_8);
SAME_VALUE(CIMAGING_CHAFA_PIXEL_MODE_SYMBOLS, CHAFA_PIXEL_MODE_SYMBOLS);
SAME_VALUE(CIMAGING_CHAFA_PIXEL_MODE_SIXELS, CHAFA_PIXEL_MODE_SIXELS);
SAME_VALUE(CIMAGING_CHAFA_PIXEL_MODE_KITTY, CHAFA_PIXEL_MODE_KITTY);
SAME_VALUE(CIMAGING_CHAFA_PIXEL_MODE_ITERM2, CHAFA_PIXEL_MODE_ITERM2);
SAME_VALUE(CIMAGING_CHAFA_SYMBOL_TAG_SPACE, CHAFA_SYMBOL_TAG_SPACE);
SAME_VALUE(CIMAGING_CHAFA_SYMBOL_TAG_SOLID, CHAFA_SYMBOL_TAG_SOLID);
SAME_VALUE(CIMAGING_CHAFA_SYMBOL_TAG_STIPPLE, CHAFA_SYMBOL_TAG_STIPPLE);
SAME_VALUE(CIMAGING_CHAFA_SYMBOL_TAG_BLOCK, CHAFA_SYMBOL_TAG_BLOCK);
SAME_VALUE(CIMAGING_CHAFA_PIXEL_RGBA8_UNASSOCIATED, CHAFA_PIXEL_RGBA8_UNASSOCIATED);
SAME_VALUE(CIMAGING_CHAFA_TERM_SEQ_BEGIN_SIXELS, CHAFA_TERM_SEQ_BEGIN_SIXELS);
SAME_VALUE(CIMAGING_CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1);
SAME_VALUE(CIMAGING_CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE);

// chafa's enums have the size of the int or unsigned int the copies pass them as.
_Static_assert(sizeof(ChafaCanvasMode) == sizeof(unsigned int) && sizeof(ChafaPixelMode) == sizeof(unsigned int)
                   && sizeof(ChafaSymbolTags) == sizeof(unsigned int) && sizeof(ChafaPixelType) == sizeof(unsigned int)
                   && sizeof(ChafaTermSeq) == sizeof(unsigned int),
               "a chafa enum is not the size of an int");

/// The field has the type of a pointer to the function: the same parameter and result types
/// (gint is int, an enum is its underlying integer type; nullability annotations aside).
#define SAME_FUNCTION(field, function)                                                                     \
    _Static_assert(                                                                                        \
        __builtin_types_compatible_p(__typeof__(((struct cimaging_chafa *)0)->field), __typeof__(&function)), \
        "cimaging_chafa." #field " is not declared as " #function " is");

CIMAGING_CHAFA_FUNCTIONS(SAME_FUNCTION)

#define COUNT(field, function) +1

int cimaging_checks_chafa_functions(void) {
    return 0 CIMAGING_CHAFA_FUNCTIONS(COUNT);
}
