// libvips from the system (Debian: libvips-dev). Only VipsShim includes it; Swift code uses VipsShim's functions.
#include <vips/vips.h>
