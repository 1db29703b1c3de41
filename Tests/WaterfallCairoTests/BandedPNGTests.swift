import Testing
@_spi(Testing) import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// PNG tiles drawn in bands against the same tiles drawn whole (Cairo's writer on one surface).
@Suite struct BandedPNGTests {
    /// 10 pixels wide: one deflate segment would be 33,825 rows, taller than a surface may be.
    @Test(arguments: [32767, 7001])
    func narrowTallPagesGiveTheWholeTilesPixels(maxTileHeight: Int) throws {
        var elements: [SceneElement] = []
        for item in 0..<40 {
            elements.append(
                SceneFixtures.card(
                    Rect(x: 0.5, y: Double(item) * 500.25, width: 4, height: 480.5),
                    fill: item.isMultiple(of: 2) ? SceneFixtures.red : SceneFixtures.blue, text: "\(item)", item: item))
        }
        let scene = Scene(
            size: Size(width: 5, height: 20_010), background: SceneFixtures.background, scale: 2, elements: elements)
        var banded: [PixelImage] = []
        var whole: [PixelImage] = []
        try CairoRenderer.renderPNG(scene, maxTileHeight: maxTileHeight) { _, bytes in
            banded.append(try PNGCodec.decode(bytes))
        }
        try CairoRenderer.renderPNG(scene, maxTileHeight: maxTileHeight, encoder: .cairo) { _, bytes in
            whole.append(try PNGCodec.decodeWithLibPNG(bytes))
        }
        #expect(banded.count == whole.count)
        #expect(banded == whole, "tiles of \(maxTileHeight) rows")
    }
}
