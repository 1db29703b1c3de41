import WaterfallCairo
import WaterfallCore
import WaterfallDiff

extension PixelImage {
    /// The pixels of a PNG file; `name` is what an error calls it.
    init(png bytes: [UInt8], name: String) throws(CLIError) {
        do {
            let image = try PNGCodec.decode(bytes)
            self.init(width: image.width, height: image.height, pixels: image.pixels)
        } catch {
            throw CLIError.io(path: name, message: "is not a readable PNG (\(error))")
        }
    }

    /// The image as PNG bytes; `name` is what an error calls it.
    func pngBytes(name: String) throws(CLIError) -> [UInt8] {
        do {
            return try PNGCodec.encode(PixelImage(width: width, height: height, pixels: pixels))
        } catch {
            throw CLIError.io(path: name, message: "cannot encode the diff image: \(error)")
        }
    }
}
