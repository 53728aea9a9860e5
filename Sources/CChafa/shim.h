// libchafa: RGBA pixels to terminal symbols, sixels, kitty or iTerm2 images.
#include <chafa.h>
