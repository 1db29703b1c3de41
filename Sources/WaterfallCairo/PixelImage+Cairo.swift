import WaterfallCore

extension PixelImage {
    /// Checks that the sizes agree with the pixel count.
    func validate() throws {
        guard isWellFormed else {
            throw CairoError.invalidRasterImage(width: width, height: height, byteCount: pixels.count)
        }
    }
}
