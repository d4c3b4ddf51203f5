// cairo (vector drawing to PDF, PNG and SVG surfaces) and pango (text layout) from the system
// (Debian: libcairo2-dev, libpango1.0-dev). Only the Reports module imports it.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
