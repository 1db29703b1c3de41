import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// Pages wider than a Cairo surface (a long horizontal feed): strips side by side, each cut into
/// tiles, that together hold the picture drawn whole (within 4 levels on a few edge pixels); PDF
/// pages of at most 14,400 points wide.
@Suite struct WideTilingTests {
    /// A scene whose cards, text and image straddle many strip boundaries.
    static func wideScene() throws -> Scene {
        let image = try SceneFixtures.pngImage([
            [SceneFixtures.red, SceneFixtures.green], [SceneFixtures.blue, SceneFixtures.yellow],
        ])
        var elements: [SceneElement] = [
            SceneElement(
                kind: .header, section: 0, item: nil, frame: Rect(x: 0, y: 0, width: 30, height: 90),
                fill: SceneFixtures.yellow, cornerRadius: 0)
        ]
        for item in 0..<8 {
            let row = Double(item % 2)
            let left = 34 + Double(item / 2) * 41.3 + row * 13.3
            elements.append(
                SceneFixtures.card(
                    Rect(x: left, y: 4 + row * 44, width: 38.5, height: 40),
                    fill: item.isMultiple(of: 2)
                        ? SceneFixtures.red : SceneFixtures.blue, text: "Card \(item) 卡片", item: item,
                    image: item == 3 ? image : nil))
        }
        return Scene(
            size: Size(width: 210, height: 92), background: SceneFixtures.background, scale: 1.5, elements: elements)
    }

    /// How two pictures differ, when any channel of any pixel differs by more than `tolerance` or
    /// more than 1 % of the pixels differ at all; `nil` when they agree.
    ///
    /// Row tiles are exact (`TilingTests`); Cairo's coverage of a few anti-aliased edge pixels of a
    /// strip drawn at another horizontal device offset differs by up to 4 levels.
    static func difference(_ a: PixelImage, _ b: PixelImage, tolerance: Int = 4) -> String? {
        guard a.width == b.width, a.height == b.height else {
            return "\(a.width)×\(a.height) vs \(b.width)×\(b.height)"
        }
        let most = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let differing = (0..<a.width * a.height).filter {
            a.pixels[$0 * 4..<$0 * 4 + 4] != b.pixels[$0 * 4..<$0 * 4 + 4]
        }
        guard most > tolerance || differing.count * 100 > a.width * a.height else { return nil }
        return "\(differing.count) pixels differ by up to \(most)"
    }

    @Test func stripsStitchToTheWholePicture() throws {
        for scale in [1, 1.5, 2.75] {
            var scene = try Self.wideScene()
            scene.scale = scale
            let whole = try CairoRenderer.rasterize(scene)
            for (width, height) in [(1, 32767), (13, 32767), (64, 50), (100, 7)] {
                let tiled = try CairoRenderer.rasterize(scene, maxTileHeight: height, maxTileWidth: width)
                #expect(Self.difference(tiled, whole) == nil, "scale \(scale), tiles \(width)×\(height)")
            }
        }
    }

    @Test func pngTilesAreStripsFromTheLeftEachCutTopToBottom() throws {
        let scene = try Self.wideScene()
        let whole = try CairoRenderer.rasterize(scene)
        #expect(whole.width == 315 && whole.height == 138)
        for encoder in [PNGEncoder.fast, .cairo] {
            var tiles: [PixelImage] = []
            let count = try CairoRenderer.renderPNG(scene, maxTileHeight: 100, maxTileWidth: 128, encoder: encoder) {
                index, bytes in
                #expect(index == tiles.count)
                tiles.append(try PNGCodec.decode(bytes))
            }
            #expect(count == 6)
            #expect(try CairoRenderer.tileCount(scene, maxTileHeight: 100, maxTileWidth: 128) == 6)
            #expect(tiles.map(\.width) == [128, 128, 128, 128, 59, 59])
            #expect(tiles.map(\.height) == [100, 38, 100, 38, 100, 38])
            var stitched = PixelImage(width: whole.width, height: whole.height, color: .white)
            for (index, tile) in tiles.enumerated() {
                let left = index / 2 * 128
                let top = index % 2 * 100
                for row in 0..<tile.height {
                    let target = ((top + row) * whole.width + left) * 4
                    stitched.pixels[target..<target + tile.width * 4] =
                        tile.pixels[row * tile.width * 4..<(row + 1) * tile.width * 4]
                }
            }
            #expect(Self.difference(stitched, whole) == nil, "\(encoder)")
        }
    }

    @Test func aPageWiderThanCairosSurfacesIsDrawnInStrips() throws {
        // 40,000 device pixels wide: refused before, two strips now.
        let card = SceneFixtures.card(
            Rect(x: 16_000, y: 2, width: 1_000, height: 30), fill: SceneFixtures.red, text: "Across", item: 0)
        let scene = Scene(
            size: Size(width: 20_000, height: 34), background: .white, scale: 2, elements: [card])
        var widths: [Int] = []
        var colors: [[UInt8]] = []
        try CairoRenderer.renderPNG(scene) { _, bytes in
            let tile = try PNGCodec.decode(bytes)
            widths.append(tile.width)
            // The card crosses the seam: its middle row is red on both sides of it.
            let x = widths.count == 1 ? tile.width - 1 : 0
            colors.append(Array(tile.pixels[(34 * tile.width + x) * 4..<(34 * tile.width + x) * 4 + 3]))
        }
        // Strips keep 32,763 columns: two more are drawn on each side of a seam and not kept.
        #expect(widths == [32763, 7237])
        let red = SceneFixtures.red
        #expect(colors == [[red.red, red.green, red.blue], [red.red, red.green, red.blue]])
    }

    @Test func wideContentIsSplitIntoPDFPagesOf14400Points() throws {
        var elements: [SceneElement] = []
        for item in 0..<30 {
            elements.append(
                SceneFixtures.card(
                    Rect(x: Double(item) * 1000 + 10, y: 10, width: 980, height: 80), fill: SceneFixtures.red,
                    text: "Card \(item)", item: item))
        }
        let scene = Scene(size: Size(width: 30_000, height: 100), background: .white, scale: 1, elements: elements)
        let pdf = String(decoding: try CairoRenderer.renderPDF(scene), as: UTF8.self)
        #expect(pdf.components(separatedBy: "/MediaBox [ 0 0 14400 100 ]").count - 1 == 2)
        #expect(pdf.components(separatedBy: "/MediaBox [ 0 0 1200 100 ]").count - 1 == 1)
        #expect(pdf.contains("/Count 3"))
    }
}
