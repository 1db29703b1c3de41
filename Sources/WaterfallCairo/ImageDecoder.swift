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
