import WaterfallCore

/// The image data of a PNG without its chunks: what the animated PNG encoder puts in its IDAT and
/// fdAT chunks, filtered and deflated as every PNG the package writes is.
package enum PNGImageData {
    /// The zlib stream of the `width` × `height` rectangle of `image` whose top-left pixel is at
    /// (`x`, `y`), as rows of 8-bit RGB (PNG color type 2); `nil` when a pixel in it is not opaque.
    ///
    /// The same pixels give the same bytes on every run and every machine; rows are compressed in
    /// segments on all cores, as ``PNGCodec/encode(_:)`` does.
    package static func rgb(of image: PixelImage, x: Int, y: Int, width: Int, height: Int) throws -> [UInt8]? {
        try image.validate()
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= image.width, y + height <= image.height else {
            throw CairoError.pngEncoding(
                reason: "the rectangle \(width)×\(height) at (\(x), \(y)) is not inside the "
                    + "\(image.width)×\(image.height) image")
        }
        let stride = image.width * 4
        return try image.pixels.withUnsafeBufferPointer { source in
            let pixels = source.baseAddress! + y * stride + x * 4
            let writer = PNGWriter(width: width, height: height, colorType: .rgb)
            return try writer.zlibStream { row, target in
                PixelRows.rgb(fromRGBA: pixels + row * stride, width: width, into: target)
            }
        }
    }
}
