import WaterfallRender
import WaterfallSpec

/// Decodes a scene's embedded images to RGBA.
public enum ImageDecoder {
    /// Decodes `image.data` as its format says; errors name the image's path.
    public static func decode(_ image: SceneImage) throws -> RasterImage {
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
