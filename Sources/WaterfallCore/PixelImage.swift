/// A bitmap of 8-bit RGBA pixels, not premultiplied, row-major with no row padding.
///
/// The one pixel type of the package: the Cairo renderer draws into it, the PNG codec reads and
/// writes it, and the pixel diff compares two of them.
public struct PixelImage: Sendable, Equatable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, top row first.
    public var pixels: [UInt8]

    /// Whether the two images have the same size and the same bytes, compared as memory.
    public static func == (lhs: PixelImage, rhs: PixelImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels.hasSameBytes(as: rhs.pixels)
    }

    /// Wraps pixels as they are; `pixels` must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The most pixels an image of one color is made with: 2^28.
    public static let maximumPixels = 1 << 28

    /// An image of one color.
    ///
    /// Sizes that are not positive or hold more than ``maximumPixels`` give an image with no
    /// pixels, which encoding and drawing refuse, rather than a trap.
    public init(width: Int, height: Int, color: Color) {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        let count = width > 0 && height > 0 && !overflow && area <= Self.maximumPixels ? area : 0
        var pixels = [UInt8](repeating: 0, count: count * 4)
        for index in 0..<count {
            pixels[index * 4] = color.red
            pixels[index * 4 + 1] = color.green
            pixels[index * 4 + 2] = color.blue
            pixels[index * 4 + 3] = color.alpha
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The color of the pixel at column `x` and row `y`, counted from the top-left.
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        let index = (y * width + x) * 4
        return Color(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
    }

    /// Whether the sizes agree with the pixel count (and their product does not overflow).
    public var isWellFormed: Bool {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return width > 0 && height > 0 && !overflow && area <= Int.max / 4 && pixels.count == area * 4
    }
}
