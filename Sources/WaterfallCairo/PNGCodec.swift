import WaterfallCore

/// Reads and writes PNG files as RGBA raster images, losslessly.
public enum PNGCodec {
    /// Decodes PNG bytes of any color type and depth to 8-bit RGBA; throws for anything else.
    public static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        try LibPNG.decode(bytes)
    }

    /// Encodes `image` as PNG: RGB when every pixel is opaque, RGBA otherwise.
    ///
    /// Uses the same fast writer as rendered tiles, so equal images give equal bytes.
    public static func encode(_ image: PixelImage) throws -> [UInt8] {
        try image.validate()
        let width = image.width
        let bytes = try image.pixels.withUnsafeBufferPointer { source -> [UInt8]? in
            let pixels = source.baseAddress!
            var isOpaque = true
            for index in stride(from: 3, to: source.count, by: 4) where pixels[index] != 255 {
                isOpaque = false
                break
            }
            let writer = PNGWriter(width: width, height: image.height, colorType: isOpaque ? .rgb : .rgba)
            return try writer.encode { y, row in
                let start = pixels + y * width * 4
                if isOpaque {
                    for x in 0..<width {
                        row[x * 3] = start[x * 4]
                        row[x * 3 + 1] = start[x * 4 + 1]
                        row[x * 3 + 2] = start[x * 4 + 2]
                    }
                } else {
                    row.update(from: start, count: width * 4)
                }
                return true
            }
        }
        guard let bytes else { throw CairoError.pngEncoding(reason: "the writer refused a row") }
        return bytes
    }
}
