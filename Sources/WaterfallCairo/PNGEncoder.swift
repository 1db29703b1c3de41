/// Who writes the bytes of rendered PNG tiles; both decode to the same pixels.
public enum PNGEncoder: Sendable, Equatable {
    /// Our zlib writer: cheap row filters, zlib level 1, rows compressed on all cores.
    /// Several times faster than Cairo's; files a little larger. The default.
    case fast
    /// Cairo's `cairo_surface_write_to_png_stream` (libpng: every filter tried, zlib level 6).
    case cairo
}
