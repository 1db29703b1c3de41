/// 8-bit RGBA pixels, not premultiplied, row-major, no padding.
public struct DiffImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, rows top to bottom.
    public var pixels: [UInt8]

    /// Wraps existing RGBA bytes; `pixels.count` must be at least `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
