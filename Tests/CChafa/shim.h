// libchafa's real header, for Tests/CImagingChecks only.
#include <chafa.h>
