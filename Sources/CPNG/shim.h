// libpng's simplified API (png_image_*): no setjmp/longjmp error handling to bridge.
#include <png.h>
