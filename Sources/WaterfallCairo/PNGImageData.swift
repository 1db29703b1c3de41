import WaterfallCore

/// The image data of a PNG without its chunks: what the animated PNG encoder puts in its IDAT and
/// fdAT chunks.
package enum PNGImageData {
    /// How hard the compressor tries.
    package enum Effort: Sendable {
        /// As every PNG the package writes: each row's best of Sub, Up and Paeth, deflated with runs
        /// only, in segments on all cores.
        case fast
        /// The smaller of the rows unfiltered and filtered, each deflated by libdeflate at
        /// ``smallLevel``, on the calling thread alone (a clip compresses several frames at once).
        case small
    }

    /// libdeflate's level for ``Effort/small``: on the examples' clips level 7 made files 1–2 %
    /// smaller than level 6 in 1.3 times its time; level 8 another 2 % smaller in twice the time of
    /// level 7.
    package static let smallLevel = 7

    /// The zlib stream of the `width` × `height` rectangle of `image` whose top-left pixel is at
    /// (`x`, `y`), as rows of 8-bit RGB (PNG color type 2); `nil` when a pixel in it is not opaque.
    ///
    /// The same pixels and effort give the same bytes on every run and every machine.
    package static func rgb(
        of image: PixelImage, x: Int, y: Int, width: Int, height: Int, effort: Effort = .fast
    ) throws -> [UInt8]? {
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
            let rows: PNGWriter.RowSource = { row, target in
                PixelRows.rgb(fromRGBA: pixels + row * stride, width: width, into: target)
            }
            switch effort {
            case .fast: return try writer.zlibStream(rows: rows)
            case .small: return try writer.smallestZlibStream(level: smallLevel, rows: rows)
            }
        }
    }
}
