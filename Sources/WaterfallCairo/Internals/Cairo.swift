// Every call into C (Cairo, Pango, libpng, TurboJPEG) lives in this file, zlib's in ZLib.swift,
// behind small Swift types that own their C objects. No C pointer leaves this file; every Cairo
// status is checked and becomes a `CairoError`.

import CWaterfallCairo
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Throws `CairoError.cairo` unless `status` is success.
private func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw failure(status, operation())
}

/// The error for a failed Cairo `status` while doing `operation`.
private func failure(_ status: cairo_status_t, _ operation: String) -> CairoError {
    .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
}

/// Collects the bytes Cairo writes to a stream (PDF or PNG).
private final class ByteSink {
    var bytes: [UInt8] = []

    /// A Cairo write callback whose closure argument is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if length > 0, let data {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
    }
}

// MARK: - Surfaces

/// A Cairo surface: an ARGB32 pixel image or a one-page PDF document.
final class CairoSurface {
    fileprivate let pointer: OpaquePointer
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

    /// A transparent ARGB32 image surface of `width` × `height` pixels.
    static func image(width: Int, height: Int) throws -> CairoSurface {
        let operation = "create a \(width)×\(height) image surface"
        guard let cWidth = Int32(exactly: width), let cHeight = Int32(exactly: height) else {
            throw CairoError.cairo(operation: operation, status: "the size does not fit Cairo's 32-bit integers")
        }
        return try adopt(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cWidth, cHeight), sink: nil, operation)
    }

    /// An ARGB32 image surface holding `raster`'s pixels, premultiplied as Cairo wants them.
    static func image(from raster: RasterImage) throws -> CairoSurface {
        try raster.validate()
        let surface = try image(width: raster.width, height: raster.height)
        try surface.withPixels(operation: "fill an image surface") { data, stride in
            raster.pixels.withUnsafeBufferPointer { source in
                for y in 0..<raster.height {
                    let row = data + y * stride
                    var index = y * raster.width * 4
                    for x in 0..<raster.width {
                        let alpha = UInt32(source[index + 3])
                        let red = premultiply(source[index], alpha)
                        let green = premultiply(source[index + 1], alpha)
                        let blue = premultiply(source[index + 2], alpha)
                        row.storeBytes(
                            of: alpha << 24 | red << 16 | green << 8 | blue, toByteOffset: x * 4, as: UInt32.self)
                        index += 4
                    }
                }
            }
        }
        return surface
    }

    /// A one-page PDF document `width` × `height` points large, with fixed metadata dates.
    static func pdf(width: Double, height: Double) throws -> CairoSurface {
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
    func rasterImage() throws -> RasterImage {
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
        return RasterImage(width: width, height: height, pixels: pixels)
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

/// `channel × alpha / 255`, rounded as pixman does.
private func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
    let product = UInt32(channel) * alpha + 128
    return (product + (product >> 8)) >> 8
}

// MARK: - Drawing

/// A Cairo drawing context on a surface.
final class CairoContext {
    fileprivate let pointer: OpaquePointer
    /// Keeps the target alive while drawing.
    private let surface: CairoSurface

    init(surface: CairoSurface) throws {
        guard let pointer = cairo_create(surface.pointer) else {
            throw CairoError.cairo(operation: "create a drawing context", status: "no context returned")
        }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw failure(status, "create a drawing context")
        }
        self.pointer = pointer
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws if any drawing call so far failed; Cairo ignores calls after the first failure.
    func checkStatus(_ operation: @autoclosure () -> String) throws {
        try check(cairo_status(pointer), operation())
    }

    /// Pushes the graphics state (transform, clip, source).
    func save() { cairo_save(pointer) }

    /// Pops the graphics state pushed by `save()`.
    func restore() { cairo_restore(pointer) }

    /// Moves the origin by (`x`, `y`) user units.
    func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }

    /// Scales user units by `factor` in both directions.
    func scale(by factor: Double) { cairo_scale(pointer, factor, factor) }

    /// Replaces every pixel of the target with `color`, made opaque.
    func paintOpaque(_ color: Color) {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// Makes `color` the source for fills and strokes.
    func setColor(_ color: Color) {
        cairo_set_source_rgba(
            pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
            Double(color.alpha) / 255)
    }

    /// Replaces the path with `rect`, its corners rounded by circular arcs of `radius`.
    func setRoundedRectPath(_ rect: Rect, radius: Double) {
        cairo_new_path(pointer)
        guard radius > 0 else {
            cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, rect.maxX - radius, rect.minY + radius, radius, -half, 0)
        cairo_arc(pointer, rect.maxX - radius, rect.maxY - radius, radius, 0, half)
        cairo_arc(pointer, rect.minX + radius, rect.maxY - radius, radius, half, 2 * half)
        cairo_arc(pointer, rect.minX + radius, rect.minY + radius, radius, 2 * half, 3 * half)
        cairo_close_path(pointer)
    }

    /// Fills the path with the source and clears it.
    func fill() { cairo_fill(pointer) }

    /// Narrows the clip to the path and clears it.
    func clip() { cairo_clip(pointer) }

    /// Strokes the path `width` user units wide with the source and clears it.
    func stroke(width: Double) {
        cairo_set_line_width(pointer, width)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(pointer, 4)
        cairo_stroke(pointer)
    }

    /// Paints `image` with its top-left at `origin`, each image pixel `scale` user units large,
    /// sampled with Cairo's good filter; `padEdges` repeats edge pixels instead of fading them.
    func paintImage(_ image: CairoSurface, at origin: Point, scale: Double, padEdges: Bool) throws {
        cairo_save(pointer)
        cairo_translate(pointer, origin.x, origin.y)
        cairo_scale(pointer, scale, scale)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, padEdges ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            try check(cairo_pattern_status(pattern), "set up an image pattern")
        }
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}

extension CairoContext {
    /// Paints `layer` unscaled with its top-left at page pixel (`x`, `y`), ignoring the current
    /// transform (only the surface's device offset applies), so no resampling happens.
    func paintPixels(_ layer: CairoSurface, atX x: Int, y: Int) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_source_surface(pointer, layer.pointer, Double(x), Double(y))
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}

// MARK: - Text

/// Lays out and draws text with Pango on a private font map and pinned font options, so the
/// result is the same on every run, whatever the locale or the user's font settings.
final class TextEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer

    init() throws {
        guard let fontMap = pango_cairo_font_map_new() else {
            throw CairoError.cairo(operation: "create a Pango font map", status: "no font map returned")
        }
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            throw CairoError.cairo(operation: "create a Pango context", status: "no context returned")
        }
        self.fontMap = fontMap
        self.context = context

        guard let options = cairo_font_options_create() else {
            throw CairoError.cairo(operation: "create font options", status: "no font options returned")
        }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        try check(cairo_font_options_status(options), "set up font options")
        pango_cairo_context_set_font_options(context, options)
        // 72 dpi makes a point one user unit; absolute sizes are in user units anyway.
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_language(context, pango_language_from_string("en-us"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Draws `run` into `target` on one line, clipped to its frame, starting at the frame's top-left.
    func draw(_ run: TextRun, in target: CairoContext) throws {
        let cr = target.pointer
        pango_cairo_update_context(cr, context)
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, run.frame.minX, run.frame.minY, run.frame.width, run.frame.height)
        cairo_clip(cr)
        target.setColor(run.color)
        cairo_move_to(cr, run.frame.minX, run.frame.minY)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
        try target.checkStatus("draw the text \"\(run.text.prefix(40))\"")
    }

    /// How many characters of `run` no installed font has a glyph for (drawn as boxes).
    func unknownGlyphCount(in run: TextRun) throws -> Int {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    /// The advance width of `run`'s text on one line, in points.
    func width(of run: TextRun) throws -> Double {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// How far below the top of the layout its first baseline sits, in points.
    func baseline(of run: TextRun) throws -> Double {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    }

    /// A layout of `run`'s text in its font, on one line.
    private func makeLayout(_ run: TextRun) throws -> OpaquePointer {
        guard let layout = pango_layout_new(context) else {
            throw CairoError.cairo(operation: "create a Pango layout", status: "no layout returned")
        }
        guard let font = pango_font_description_new() else {
            g_object_unref(UnsafeMutableRawPointer(layout))
            throw CairoError.cairo(operation: "create a font description", status: "no description returned")
        }
        defer { pango_font_description_free(font) }
        let families = run.fontFamilies.isEmpty ? "sans-serif" : run.fontFamilies.joined(separator: ",")
        pango_font_description_set_family(font, families)
        pango_font_description_set_absolute_size(font, run.fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, run.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)

        // Left-aligned whatever the script, as HTML's default `direction: ltr`.
        pango_layout_set_auto_dir(layout, 0)
        // One line, unwrapped: the scene builder already fitted the text to its box with this
        // same engine, so SVG and HTML can draw the very same line.
        pango_layout_set_single_paragraph_mode(layout, 1)
        // Pango wants NUL-free UTF-8; Swift strings are UTF-8 already.
        var utf8 = Array(run.text.utf8)
        utf8.removeAll { $0 == 0 }
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count))
            }
        }
        return layout
    }
}

// MARK: - Codecs

/// PNG decoding through libpng's simplified API, which reports errors without longjmp.
/// (PNG encoding is `PNGWriter`, on zlib.)
enum LibPNG {
    /// Decodes any PNG to straight 8-bit RGBA (16-bit, palette, gray and gamma converted by libpng).
    static func decode(_ bytes: [UInt8]) throws -> RasterImage {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        // libpng reads from `bytes` until `png_image_finish_read`, so both happen in here.
        return try bytes.withUnsafeBytes { source in
            guard png_image_begin_read_from_memory(&image, source.baseAddress, source.count) != 0 else {
                throw CairoError.pngDecoding(reason: message(of: &image))
            }
            let width = Int(image.width)
            let height = Int(image.height)
            guard width * height <= Limits.maxImagePixels else {
                throw CairoError.imageTooLarge(width: width, height: height)
            }
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
            }
            guard finished != 0 else { throw CairoError.pngDecoding(reason: message(of: &image)) }
            return RasterImage(width: width, height: height, pixels: pixels)
        }
    }

    /// The message libpng left in `image`.
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}

/// JPEG through TurboJPEG, which reports errors as return codes.
enum TurboJPEG {
    /// Decodes a baseline or progressive JPEG to RGBA with accurate DCT and smooth upsampling.
    ///
    /// Recoverable damage (such as a truncated file) decodes what is there, as browsers do.
    static func decode(_ bytes: [UInt8]) throws -> RasterImage {
        guard let handle = tjInitDecompress() else {
            throw CairoError.jpegDecoding(reason: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        func failure() -> CairoError { .jpegDecoding(reason: String(cString: tjGetErrorStr2(handle))) }

        return try bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress, !source.isEmpty else {
                throw CairoError.jpegDecoding(reason: "the data is empty")
            }
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard
                tjDecompressHeader3(
                    handle, base, UInt(source.count), &width, &height, &subsampling, &colorspace) == 0
            else { throw failure() }
            guard width > 0, height > 0 else {
                throw CairoError.jpegDecoding(reason: "the header gives no image size")
            }
            guard Int(width) * Int(height) <= Limits.maxImagePixels else {
                throw CairoError.imageTooLarge(width: Int(width), height: Int(height))
            }
            var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
            let result = pixels.withUnsafeMutableBufferPointer {
                tjDecompress2(
                    handle, base, UInt(source.count), $0.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), TJFLAG_ACCURATEDCT)
            }
            if result != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
                throw failure()
            }
            return RasterImage(width: Int(width), height: Int(height), pixels: pixels)
        }
    }
}
