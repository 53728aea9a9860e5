// giflib's low-level reader (DGifOpen with a read callback), so the first frame can be decoded
// without slurping every frame of an animation.
#include <gif_lib.h>
