import WaterfallCairo
import WaterfallCore
import WaterfallRender

/// A scene's PNG tiles as pixels, the way `render` cuts them, and the PNG of a tile.
enum TileDrawing {
    /// Draws `scene` into the tiles `render --format png` writes, one at a time.
    static func draw(_ scene: Scene, _ body: (RasterTile) throws -> Void) throws {
        try CairoRenderer.rasterizeTiles(scene, body: body)
    }

    /// The PNG `render` writes for `tile` with the pixels `image` (equal to the tile's own).
    static func encode(_ tile: RasterTile, pixels image: PixelImage) throws -> [UInt8] {
        var tile = tile
        tile.image = image
        return try tile.pngBytes()
    }

    /// `tile` without its pixels: what encoding it again needs besides them.
    static func withoutPixels(_ tile: RasterTile) -> RasterTile {
        var tile = tile
        tile.image = PixelImage(width: 0, height: 0, pixels: [])
        return tile
    }
}
