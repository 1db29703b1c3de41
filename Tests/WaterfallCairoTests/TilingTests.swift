import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// PNG tiles and tiled rasters against the whole picture drawn at once.
@Suite struct TilingTests {
    @Test func tilesStitchToTheWholePicture() throws {
        let scene = try SceneFixtures.tallScene()
        let whole = try CairoRenderer.rasterize(scene)
        #expect(whole.width == 180)
        #expect(whole.height == 255)

        var tiles: [PixelImage] = []
        let count = try CairoRenderer.renderPNG(scene, maxTileHeight: 50) { index, bytes in
            #expect(index == tiles.count)
            tiles.append(try PNGCodec.decode(bytes))
        }
        #expect(count == 6)
        #expect(tiles.map(\.height) == [50, 50, 50, 50, 50, 5])
        #expect(tiles.allSatisfy { $0.width == 180 })
        let stitched = PixelImage(width: 180, height: 255, pixels: tiles.flatMap(\.pixels))
        #expect(stitched == whole, "\(differingPixels(stitched, whole)) pixels differ")

        let tiledRaster = try CairoRenderer.rasterize(scene, maxTileHeight: 7)
        #expect(tiledRaster == whole, "\(differingPixels(tiledRaster, whole)) pixels differ")
    }

    @Test(arguments: [1, 1.37, 2, 2.75, 3])
    func tilingIsExactAtOddScalesAndTileHeights(scale: Double) throws {
        var scene = try SceneFixtures.tallScene()
        scene.scale = scale
        let whole = try CairoRenderer.rasterize(scene)
        for tileHeight in [1, 13, 64] {
            let tiled = try CairoRenderer.rasterize(scene, maxTileHeight: tileHeight)
            #expect(tiled == whole, "scale \(scale), tiles \(tileHeight): \(differingPixels(tiled, whole)) differ")
        }
    }

    @Test func smallScenesAreOneOpaqueTile() throws {
        let scene = try SceneFixtures.tallScene()
        var tiles: [[UInt8]] = []
        #expect(try CairoRenderer.renderPNG(scene) { _, bytes in tiles.append(bytes) } == 1)
        let decoded = try PNGCodec.decode(try #require(tiles.first))
        #expect(try decoded == CairoRenderer.rasterize(scene))
        // Color type 2 (RGB, no alpha) in the IHDR chunk: the output is opaque.
        #expect(tiles[0][25] == 2)
    }

    private func differingPixels(_ a: PixelImage, _ b: PixelImage) -> Int {
        guard a.pixels.count == b.pixels.count else { return -1 }
        let diffs = stride(from: 0, to: a.pixels.count, by: 4).filter { a.pixels[$0..<$0 + 4] != b.pixels[$0..<$0 + 4] }
        return diffs.count
    }
}
