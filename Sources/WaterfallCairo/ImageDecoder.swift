import WaterfallCore
import WaterfallRender

/// Decodes a scene's embedded images to RGBA.
public enum ImageDecoder {
    /// The pixels of `image`, decoded once and shared.
    ///
    /// They are decoded from its bytes as its format says the first time, and shared with every
    /// later caller while the scene's pixel budget allows. Errors name the image's path.
    public static func decode(_ image: SceneImage) throws -> PixelImage {
        try image.decoded.pixels { try decodeBytes(image) }
    }

    /// Proves `image` whole as `decode` would, with the same errors, without keeping its pixels.
    ///
    /// For outputs that never draw pixels (SVG, HTML, layout JSON embed or skip the file): pixels
    /// already held are proof enough; a PNG is decoded by libpng as `decode` does and its pixels
    /// dropped; a JPEG is decoded at an eighth of its size, which reads and checks every byte of
    /// it as the full decode does (`ImageValidationTests`) without the inverse DCT at full size.
    public static func validate(_ image: SceneImage) throws {
        if image.decoded.isHeld { return }
        do {
            switch image.format {
            case .png: _ = try LibPNG.decode(image.data)
            case .jpeg: try TurboJPEG.validate(image.data)
            }
        } catch let error as CairoError {
            throw CairoError.image(path: image.path, reason: error.description)
        }
    }

    private static func decodeBytes(_ image: SceneImage) throws -> PixelImage {
        do {
            switch image.format {
            case .png: return try LibPNG.decode(image.data)
            case .jpeg: return try TurboJPEG.decode(image.data)
            }
        } catch let error as CairoError {
            throw CairoError.image(path: image.path, reason: error.description)
        }
    }
}
