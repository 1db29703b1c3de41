import WaterfallRender
import WaterfallSpec

/// A bitmap of 8-bit RGBA pixels, not premultiplied, row-major with no row padding.
public struct RasterImage: Sendable, Equatable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, top row first.
    public var pixels: [UInt8]

    /// Wraps pixels as they are; `pixels` must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one color.
    ///
    /// Sizes that are not positive or hold more pixels than the decoders accept (2^28) give an
    /// image with no pixels, which `PNGCodec.encode` and drawing refuse, rather than a trap.
    public init(width: Int, height: Int, color: Color) {
        let pixel = [color.red, color.green, color.blue, color.alpha]
        let count = (Limits.rgbaBytes(width: width, height: height) ?? 0) / 4
        self.init(width: width, height: height, pixels: Array([[UInt8]](repeating: pixel, count: count).joined()))
    }

    /// The color of the pixel at column `x` and row `y`, counted from the top-left.
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        let index = (y * width + x) * 4
        return Color(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
    }

    /// Whether the sizes agree with the pixel count.
    var isWellFormed: Bool {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return width > 0 && height > 0 && !overflow && area <= Int.max / 4 && pixels.count == area * 4
    }

    /// Checks that the sizes agree with the pixel count.
    func validate() throws {
        guard isWellFormed else {
            throw CairoError.invalidRasterImage(width: width, height: height, byteCount: pixels.count)
        }
    }
}
