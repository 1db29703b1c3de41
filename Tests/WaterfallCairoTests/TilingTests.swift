import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec
import XCTest

final class TilingTests: XCTestCase {
    func testTilesStitchToTheWholePicture() throws {
        let scene = try SceneFixtures.tallScene()
        let whole = try CairoRenderer.rasterize(scene)
        XCTAssertEqual(whole.width, 180)
        XCTAssertEqual(whole.height, 255)

        var tiles: [PixelImage] = []
        let count = try CairoRenderer.renderPNG(scene, maxTileHeight: 50) { index, bytes in
            XCTAssertEqual(index, tiles.count)
            tiles.append(try PNGCodec.decode(bytes))
        }
        XCTAssertEqual(count, 6)
        XCTAssertEqual(tiles.map(\.height), [50, 50, 50, 50, 50, 5])
        XCTAssertTrue(tiles.allSatisfy { $0.width == 180 })
        let stitched = PixelImage(width: 180, height: 255, pixels: tiles.flatMap(\.pixels))
        XCTAssertTrue(stitched == whole, "\(differingPixels(stitched, whole)) pixels differ")

        let tiledRaster = try CairoRenderer.rasterize(scene, maxTileHeight: 7)
        XCTAssertTrue(tiledRaster == whole, "\(differingPixels(tiledRaster, whole)) pixels differ")
    }

    func testTilingIsExactAtOddScalesAndTileHeights() throws {
        for scale in [1, 1.37, 2, 2.75, 3] {
            var scene = try SceneFixtures.tallScene()
            scene.scale = scale
            let whole = try CairoRenderer.rasterize(scene)
            for tileHeight in [1, 13, 64] {
                let tiled = try CairoRenderer.rasterize(scene, maxTileHeight: tileHeight)
                XCTAssertTrue(
                    tiled == whole, "scale \(scale), tiles \(tileHeight): \(differingPixels(tiled, whole)) differ")
            }
        }
    }

    func testSmallScenesAreOneOpaqueTile() throws {
        let scene = try SceneFixtures.tallScene()
        var tiles: [[UInt8]] = []
        XCTAssertEqual(try CairoRenderer.renderPNG(scene) { _, bytes in tiles.append(bytes) }, 1)
        let decoded = try PNGCodec.decode(tiles[0])
        XCTAssertEqual(decoded, try CairoRenderer.rasterize(scene))
        // Color type 2 (RGB, no alpha) in the IHDR chunk: the output is opaque.
        XCTAssertEqual(tiles[0][25], 2)
    }

    private func differingPixels(_ a: PixelImage, _ b: PixelImage) -> Int {
        guard a.pixels.count == b.pixels.count else { return -1 }
        let diffs = stride(from: 0, to: a.pixels.count, by: 4).filter { a.pixels[$0..<$0 + 4] != b.pixels[$0..<$0 + 4] }
        return diffs.count
    }
}
