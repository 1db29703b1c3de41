import WaterfallLayout

extension CairoRenderer {
    /// The most device pixels one picture may have (2^32): a PNG with all its tiles, a screen, a
    /// check's drawing, an audit's.
    public static let maximumPicturePixels = Limits.maxPicturePixels

    /// Throws unless a page `size` points large, drawn at `scale` device pixels a point, is a
    /// picture this renderer draws: at most ``maximumPicturePixels`` device pixels, each side
    /// at most 2^31 - 1.
    ///
    /// These are the checks `renderPNG`, `rasterize` and `rasterizeTiles` make of a scene before
    /// drawing it, made from a size alone: a caller that knows the layout can refuse a picture
    /// too large before building its scene (measuring its text, reading its images).
    public static func checkPicture(size: Size, scale: Double) throws(CairoError) {
        _ = try PixelCanvas(size: size, scale: scale)
    }
}
