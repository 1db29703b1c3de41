/// Why rendering, encoding or decoding failed.
public enum CairoError: Error, Equatable, CustomStringConvertible {
    /// A Cairo or Pango call reported a failure status while doing `operation`.
    case cairo(operation: String, status: String)
    /// The scene's page can't become a pixel surface: its size or scale isn't usable.
    case invalidCanvas(reason: String)
    /// The tile height for PNG output is outside `1...32767`.
    case invalidTileHeight(Int)
    /// A raster image whose width, height and byte count disagree.
    case invalidRasterImage(width: Int, height: Int, byteCount: Int)
    /// The bytes are not a PNG file libpng can read.
    case pngDecoding(reason: String)
    /// libpng could not write the image.
    case pngEncoding(reason: String)
    /// The bytes are not a JPEG file TurboJPEG can read.
    case jpegDecoding(reason: String)
    /// An image is larger than this renderer decodes.
    case imageTooLarge(width: Int, height: Int)
    /// An element's image could not be decoded or drawn.
    case image(path: String, reason: String)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .cairo(let operation, let status):
            "Cairo failed to \(operation): \(status)"
        case .invalidCanvas(let reason):
            "Cannot render the scene: \(reason)"
        case .invalidTileHeight(let height):
            "The PNG tile height must be between 1 and 32767 pixels, not \(height)"
        case .invalidRasterImage(let width, let height, let byteCount):
            "A \(width)×\(height) RGBA image needs \(width)×\(height)×4 bytes, but has \(byteCount)"
        case .pngDecoding(let reason):
            "Cannot decode PNG data: \(reason)"
        case .pngEncoding(let reason):
            "Cannot encode PNG data: \(reason)"
        case .jpegDecoding(let reason):
            "Cannot decode JPEG data: \(reason)"
        case .imageTooLarge(let width, let height):
            "The image is \(width)×\(height) pixels, more than the \(Limits.maxImagePixels) pixels this renderer decodes"
        case .image(let path, let reason):
            "Cannot draw the image '\(path)': \(reason)"
        }
    }
}
