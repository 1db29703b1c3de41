import WaterfallCore

/// One tile of a scene's PNG output as pixels: exactly what decoding the PNG `renderPNG` writes
/// for it gives, without encoding or decoding anything.
///
/// Made by ``CairoRenderer/rasterizeTiles(_:maxTileHeight:maxTileWidth:tiles:body:)``, in the
/// order and with the names `renderPNG` and `Renderer.png` use. ``pngBytes()`` encodes it to the
/// very bytes `renderPNG` writes, for when a file is needed after all (a baseline recorded or
/// shown).
public struct RasterTile: Sendable {
    /// The tile's place among the picture's tiles, from 0: strips from the left, each top to bottom.
    public var index: Int
    /// How many tiles the picture has.
    public var count: Int
    /// The tile's pixels: straight RGBA, opaque wherever the page is.
    public var image: PixelImage
    /// The rows each deflate segment of the tile's PNG holds, as it was drawn in bands.
    let segmentRows: Int

    /// What the tile's file name adds before `.png`: `""` for a picture of one tile, `-1`, `-2`…
    /// otherwise, as `Renderer.png` names its files.
    public var suffix: String { CairoRenderer.tileSuffix(index, of: count) }

    /// The tile as the PNG file `renderPNG` writes for it, byte for byte.
    public func pngBytes() throws -> [UInt8] {
        try PNGCodec.encode(image, tuning: .standard, segmentRows: segmentRows)
    }
}
