/// Reads and writes PNG files as RGBA raster images, losslessly.
public enum PNGCodec {
    /// Decodes PNG bytes of any color type and depth to 8-bit RGBA; throws for anything else.
    public static func decode(_ bytes: [UInt8]) throws -> RasterImage {
        try LibPNG.decode(bytes)
    }

    /// Encodes `image` as PNG: RGB when every pixel is opaque, RGBA otherwise.
    public static func encode(_ image: RasterImage) throws -> [UInt8] {
        try image.validate()
        var isOpaque = true
        for index in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[index] != 255 {
            isOpaque = false
            break
        }
        guard isOpaque else {
            return try LibPNG.encode(width: image.width, height: image.height, pixels: image.pixels, hasAlpha: true)
        }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            rgb.append(contentsOf: image.pixels[index..<index + 3])
        }
        return try LibPNG.encode(width: image.width, height: image.height, pixels: rgb, hasAlpha: false)
    }
}
