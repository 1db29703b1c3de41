import WaterfallCairo
import WaterfallCore
import WaterfallRender

/// A scene's PNG tiles as pixels, the way `render` cuts them, and the PNG of a tile.
enum TileDrawing {
    /// Draws `scene` into the tiles `render --format png` writes, handing each to `body` with its
    /// name suffix and, where drawing gave them, its PNG bytes.
    static func draw(_ scene: Scene, _ body: (String, PixelImage, [UInt8]?) throws -> Void) throws {
        let count = try CairoRenderer.tileCount(scene)
        try CairoRenderer.renderPNG(scene) { index, png in
            let suffix = count > 1 ? "-\(index + 1)" : ""
            try body(suffix, try decode(png, name: "tile\(suffix)"), png)
        }
    }

    /// The PNG `render` writes for a tile of these pixels.
    static func encode(_ image: PixelImage) throws -> [UInt8] {
        try PNGCodec.encode(image)
    }

    /// The pixels of a PNG file; `name` is what an error calls it.
    static func decode(_ png: [UInt8], name: String) throws(PNGFileError) -> PixelImage {
        try PixelImage(png: png, name: name)
    }
}
