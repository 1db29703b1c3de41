#ifndef CWATERFALLCAIRO_SHIM_H
#define CWATERFALLCAIRO_SHIM_H

// Cairo (raster + PDF surfaces), Pango on Cairo for text, libpng's simplified API for PNG
// decoding, zlib for our own fast PNG writer and TurboJPEG for JPEG. None of these use
// setjmp/longjmp across the Swift boundary.
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <turbojpeg.h>
#include <zlib.h>

#endif
