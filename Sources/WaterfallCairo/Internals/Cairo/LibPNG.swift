import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// PNG decoding through libpng's simplified API, which reports errors without longjmp.
/// (PNG encoding is `PNGWriter`, on zlib; plain 8-bit files are decoded by `PlainPNGDecoder`.)
enum LibPNG {
    /// Decodes any PNG to straight 8-bit RGBA (16-bit, palette, gray and gamma converted by libpng).
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
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
            guard let byteCount = Limits.rgbaBytes(width: width, height: height) else {
                throw CairoError.imageTooLarge(width: width, height: height)
            }
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            var pixels = [UInt8](repeating: 0, count: byteCount)
            let finished = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
            }
            guard finished != 0 else { throw CairoError.pngDecoding(reason: message(of: &image)) }
            return PixelImage(width: width, height: height, pixels: pixels)
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
