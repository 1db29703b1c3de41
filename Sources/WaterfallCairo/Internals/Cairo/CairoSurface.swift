import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// A Cairo surface: an ARGB32 pixel image or a one-page PDF document.
final class CairoSurface {
    /// The C object; used only by the files of this folder, never outside it.
    let pointer: OpaquePointer
    /// Where a PDF surface writes its document; `nil` for images.
    private let sink: ByteSink?

    private init(pointer: OpaquePointer, sink: ByteSink?) {
        self.pointer = pointer
        self.sink = sink
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// Takes ownership of `pointer`, destroying it and throwing if Cairo reports an error.
    private static func adopt(_ pointer: OpaquePointer?, sink: ByteSink?, _ operation: String) throws -> CairoSurface {
        guard let pointer else { throw CairoError.cairo(operation: operation, status: "no surface returned") }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw failure(status, operation)
        }
        return CairoSurface(pointer: pointer, sink: sink)
    }

    /// An unbounded recording surface: no pixels, and nothing drawn on it is culled as off the page
    /// (glyph outlines are taken from it, wherever the line is).
    static func recording() throws -> CairoSurface {
        try adopt(
            cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil), sink: nil, "create a recording surface")
    }

    /// A transparent ARGB32 image surface of `width` × `height` pixels.
    static func image(width: Int, height: Int) throws -> CairoSurface {
        let operation = "create a \(width)×\(height) image surface"
        guard (1...Limits.maxSurfaceSide).contains(width), (1...Limits.maxSurfaceSide).contains(height),
            let cWidth = Int32(exactly: width), let cHeight = Int32(exactly: height)
        else {
            throw CairoError.cairo(
                operation: operation, status: "each side must be 1 to \(Limits.maxSurfaceSide) pixels")
        }
        return try adopt(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cWidth, cHeight), sink: nil, operation)
    }

    /// An ARGB32 image surface holding `raster`'s pixels, premultiplied as Cairo wants them.
    static func image(from raster: PixelImage) throws -> CairoSurface {
        try raster.validate()
        let surface = try image(width: raster.width, height: raster.height)
        try surface.withPixels(operation: "fill an image surface") { data, stride in
            raster.pixels.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress else { return }
                for y in 0..<raster.height {
                    PixelRows.premultipliedARGB(
                        fromRGBA: source + y * raster.width * 4, width: raster.width, into: data + y * stride)
                }
            }
        }
        return surface
    }

    /// A PDF document whose first page is `width` × `height` points large, with fixed metadata dates.
    static func pdf(width: Double, height: Double) throws -> CairoSurface {
        try checkPDFPageSize(width: width, height: height)
        let sink = ByteSink()
        let pointer = cairo_pdf_surface_create_for_stream(
            ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), width, height)
        let surface = try adopt(pointer, sink: sink, "create a \(width)×\(height) pt PDF surface")
        // Cairo 1.16 stamps the current time as /CreationDate; a fixed date keeps bytes reproducible.
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface.pointer, CAIRO_PDF_METADATA_CREATOR, "Waterfall")
        try check(cairo_surface_status(surface.pointer), "set the PDF metadata")
        return surface
    }

    /// Sets the size of the next PDF page, before anything is drawn on it.
    func setPDFPageSize(width: Double, height: Double) throws {
        try Self.checkPDFPageSize(width: width, height: height)
        cairo_pdf_surface_set_size(pointer, width, height)
        try check(cairo_surface_status(pointer), "set the PDF page size to \(width)×\(height) pt")
    }

    /// Throws unless Cairo can make a PDF page of this size: positive, finite, 32-bit.
    private static func checkPDFPageSize(width: Double, height: Double) throws {
        let sides = 1.0 / 1024...Limits.maxPageSide
        guard sides.contains(width), sides.contains(height) else {
            throw CairoError.invalidCanvas(
                reason:
                    "a PDF page must be between 1/1024 and \(Int(Limits.maxPageSide)) points a side, not \(width)×\(height)"
            )
        }
    }

    /// Tags the surface with `id`, so a PDF embeds it once however many times it is drawn,
    /// across pages, even if the same image is decoded again into another surface.
    func setUniqueID(_ id: String) throws {
        let bytes = Array(id.utf8)
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        let status = cairo_surface_set_mime_data(
            pointer, CAIRO_MIME_TYPE_UNIQUE_ID, copy, UInt(bytes.count),
            { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            copy.deallocate()
            throw failure(status, "tag an image surface")
        }
    }

    /// The bytes of an image surface's pixels.
    var byteCount: Int { Int(cairo_image_surface_get_stride(pointer)) * height }

    /// Shifts where user space lands on the surface: device pixel = user pixel + offset.
    func setDeviceOffset(x: Double, y: Double) {
        cairo_surface_set_device_offset(pointer, x, y)
    }

    /// The width of an image surface in pixels.
    var width: Int { Int(cairo_image_surface_get_width(pointer)) }

    /// The height of an image surface in pixels.
    var height: Int { Int(cairo_image_surface_get_height(pointer)) }

    /// Runs `body` on the image surface's pixel memory and its row stride in bytes.
    private func withPixels(
        operation: String, _ body: (UnsafeMutableRawPointer, Int) throws -> Void
    ) throws {
        cairo_surface_flush(pointer)
        try check(cairo_surface_status(pointer), operation)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CairoError.cairo(operation: operation, status: "the surface has no pixel data")
        }
        try body(UnsafeMutableRawPointer(data), Int(cairo_image_surface_get_stride(pointer)))
        cairo_surface_mark_dirty(pointer)
        try check(cairo_surface_status(pointer), operation)
    }

    /// The image surface's pixels as straight (not premultiplied) RGBA.
    func rasterImage() throws -> PixelImage {
        let width = self.width
        let height = self.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try withPixels(operation: "read an image surface") { data, stride in
            pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    PixelRows.rgba(
                        fromPremultipliedARGB: data + y * stride, width: width,
                        into: target.baseAddress! + y * width * 4)
                }
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// The image surface as PNG bytes from our fast writer: RGB when every pixel is opaque, RGBA
    /// (unpremultiplied as Cairo does) otherwise, so it decodes to what `cairoPNGBytes()` gives.
    func pngBytes(tuning: PNGWriter.Tuning = .standard) throws -> [UInt8] {
        let format = cairo_image_surface_get_format(pointer)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return try cairoPNGBytes() }
        let ignoresAlpha = format == CAIRO_FORMAT_RGB24
        let width = self.width
        let height = self.height
        var bytes: [UInt8]?
        try withPixels(operation: "read an image surface") { data, stride in
            let pixels = UnsafeRawPointer(data)
            bytes = try PNGWriter(width: width, height: height, colorType: .rgb, tuning: tuning).encode { y, row in
                PixelRows.rgb(fromNativeARGB: pixels + y * stride, width: width, ignoringAlpha: ignoresAlpha, into: row)
            }
            if bytes == nil {
                bytes = try PNGWriter(width: width, height: height, colorType: .rgba, tuning: tuning).encode { y, row in
                    PixelRows.rgba(fromPremultipliedARGB: pixels + y * stride, width: width, into: row)
                    return true
                }
            }
        }
        return bytes ?? []
    }

    /// The image surface as PNG bytes written by Cairo (RGB when the surface is opaque).
    func cairoPNGBytes() throws -> [UInt8] {
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(pointer, ByteSink.write, Unmanaged.passUnretained(sink).toOpaque())
        }
        try check(status, "write a PNG stream")
        return sink.bytes
    }

    /// Finishes a PDF surface and returns the document.
    func finishDocument() throws -> [UInt8] {
        cairo_surface_finish(pointer)
        try check(cairo_surface_status(pointer), "finish the PDF document")
        return sink?.bytes ?? []
    }
}
