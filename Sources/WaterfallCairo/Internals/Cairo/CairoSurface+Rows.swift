import CWaterfallCairo

extension CairoSurface {
    /// The image surface's pixel memory and row stride in bytes, after Cairo has finished
    /// drawing into it; valid until the next drawing call.
    ///
    /// For readers on other threads (the banded PNG encoder), which must not draw meanwhile.
    func finishedPixels() throws -> (data: UnsafeRawPointer, stride: Int) {
        cairo_surface_flush(pointer)
        try check(cairo_surface_status(pointer), "read an image surface")
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError.cairo(operation: "read an image surface", status: "the surface has no pixel data")
        }
        return (UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(pointer)))
    }
}
