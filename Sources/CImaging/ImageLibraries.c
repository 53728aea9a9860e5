// Opens the image libraries on demand (see CImaging.h).
#include "CImaging.h"

#include <dlfcn.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

/// One X(field, symbol) of a function list: load `symbol` into `table->field`.
#define CIMAGING_RESOLVE(field, symbol) \
    if (!resolve(handle, #symbol, &table->field)) return dlerror();

/// cimaging_load_NAME: opens `library` and resolves every function of FUNCTIONS into `table`.
/// dlsym() also searches a library's dependencies: GLib's functions come with libchafa.
#define CIMAGING_LOADER(name, FUNCTIONS)                                                      \
    const char *cimaging_load_##name(const char *library, struct cimaging_##name *table) { \
        void *handle = open_library(library);                                                 \
        if (handle == NULL) return dlerror();                                                 \
        FUNCTIONS(CIMAGING_RESOLVE)                                                           \
        return NULL;                                                                          \
    }

CIMAGING_LOADER(png, CIMAGING_PNG_FUNCTIONS)
CIMAGING_LOADER(gif, CIMAGING_GIF_FUNCTIONS)
CIMAGING_LOADER(jpeg, CIMAGING_JPEG_FUNCTIONS)
CIMAGING_LOADER(chafa, CIMAGING_CHAFA_FUNCTIONS)

void cimaging_unmap_large_buffers(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

void cimaging_give_back_free_heap(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
