import WaterfallCore

/// Reads and writes PNG files as RGBA raster images, losslessly.
public enum PNGCodec {
    /// Decodes PNG bytes of any color type and depth to 8-bit RGBA; throws for anything else.
    ///
    /// Plain 8-bit RGB and RGBA files (what Waterfall writes) are inflated by libdeflate and
    /// unfiltered in C, the rest go through libpng; both give the same pixels for the plain ones
    /// (`PNGDecodingPathTests`).
    public static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        PlainPNGDecoder.canDecode(bytes) ? try PlainPNGDecoder.decode(bytes) : try LibPNG.decode(bytes)
    }

    /// A reader of `bytes` a segment of rows at a time, or nil when it cannot be read so (see
    /// `PNGRowReader`); `decode` reads every PNG.
    public static func rowReader(_ bytes: [UInt8]) -> PNGRowReader? {
        PNGRowReader(bytes)
    }

    /// The width and height in a PNG's header, or `nil` when `bytes` does not start with a PNG
    /// signature and a well-formed IHDR chunk (its CRC included), does not end with IEND, or
    /// claims a size that decoding refuses.
    ///
    /// Reads 45 bytes: what a comparison of byte-equal files needs to know without decoding.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= PNGFormat.headerLength + PNGFormat.endChunk.count,
            bytes.suffix(PNGFormat.endChunk.count).elementsEqual(PNGFormat.endChunk),
            let header = try? PNGFormat.Header(file: bytes, crc: .libdeflate)
        else { return nil }
        let (width, height) = (header.width, header.height)
        // Sizes decoding refuses (libpng's 1,000,000 a side, our pixel limit) are left to it.
        guard (1...1_000_000).contains(width), (1...1_000_000).contains(height),
            Limits.rgbaBytes(width: width, height: height) != nil
        else { return nil }
        return (width, height)
    }

    /// Decodes with libpng only: the plain path `decode` is checked against.
    ///
    /// For tests, so not API (`@_spi(Testing) import WaterfallCairo`).
    @_spi(Testing)
    public static func decodeWithLibPNG(_ bytes: [UInt8]) throws -> PixelImage {
        try LibPNG.decode(bytes)
    }

    /// Encodes `image` as PNG: RGB when every pixel is opaque, RGBA otherwise.
    ///
    /// Uses the same fast writer as rendered tiles, so equal images give equal bytes.
    public static func encode(_ image: PixelImage) throws -> [UInt8] {
        try encode(image, tuning: .standard)
    }

    /// `image` as PNG, with `segmentRows` rows a deflate segment when given (those of the bands
    /// a tile was drawn in, for its very bytes).
    static func encode(_ image: PixelImage, tuning: PNGWriter.Tuning, segmentRows: Int? = nil) throws -> [UInt8] {
        try image.validate()
        let width = image.width
        let bytes = try image.pixels.withUnsafeBufferPointer { source -> [UInt8]? in
            let pixels = source.baseAddress!
            // The pixel loops in C (`PixelRows`): in Swift they went a pixel at a time through
            // generic code in the unoptimized test build.
            let isOpaque = PixelRows.areOpaque(rgba: pixels, count: width * image.height)
            let writer = PNGWriter(
                width: width, height: image.height, colorType: isOpaque ? .rgb : .rgba, tuning: tuning,
                rowsPerSegment: segmentRows)
            return try writer.encode { y, row in
                let start = pixels + y * width * 4
                if isOpaque {
                    _ = PixelRows.rgb(fromRGBA: start, width: width, into: row)
                } else {
                    UnsafeMutableRawPointer(row).copyMemory(from: start, byteCount: width * 4)
                }
                return true
            }
        }
        guard let bytes else { throw CairoError.pngEncoding(reason: "the writer refused a row") }
        return bytes
    }
}
