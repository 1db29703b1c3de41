import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// `rasterizeTiles` gives what decoding `renderPNG`'s files gives, tile for tile, and its tiles
/// encode to those very files; `renderPNG(tiles:)` draws some tiles alone with the same bytes.
@Suite struct RasterTileTests {
    /// A scene, how to tile it, and what to call it in messages.
    struct Case {
        var name: String
        var scene: Scene
        var maxTileHeight = 32767
        var maxTileWidth = 32767
    }

    /// A narrow scene tall enough for one tile to be drawn in several bands (deflate segments).
    static func bandedScene() -> Scene {
        var elements: [SceneElement] = []
        for item in 0..<40 {
            let column = Double(item % 2)
            elements.append(
                SceneFixtures.card(
                    Rect(x: 4 + column * 58, y: 4 + Double(item / 2) * 150 + column * 40, width: 54, height: 140),
                    fill: item.isMultiple(of: 3) ? SceneFixtures.red : SceneFixtures.blue, text: "Card \(item)",
                    item: item))
        }
        return Scene(
            size: Size(width: 120, height: 3060), background: SceneFixtures.background, scale: 1.5, elements: elements)
    }

    static func cases() throws -> [Case] {
        [
            Case(name: "one tile", scene: try SceneFixtures.tallScene()),
            Case(name: "row tiles", scene: try SceneFixtures.tallScene(), maxTileHeight: 50),
            Case(name: "one tile, row tiles of one row", scene: try SceneFixtures.tallScene(), maxTileHeight: 1),
            Case(name: "strips", scene: try WideTilingTests.wideScene(), maxTileHeight: 100, maxTileWidth: 128),
            Case(name: "strips of one tile", scene: try WideTilingTests.wideScene(), maxTileWidth: 64),
            Case(name: "bands", scene: Self.bandedScene()),
            Case(name: "bands in row tiles", scene: Self.bandedScene(), maxTileHeight: 2500),
        ]
    }

    /// `renderPNG`'s files for `scene`, in order.
    static func files(_ example: Case, tiles: Range<Int>? = nil) throws -> (count: Int, files: [(Int, [UInt8])]) {
        var files: [(Int, [UInt8])] = []
        let count = try CairoRenderer.renderPNG(
            example.scene, maxTileHeight: example.maxTileHeight, maxTileWidth: example.maxTileWidth, tiles: tiles
        ) { index, bytes in files.append((index, bytes)) }
        return (count, files)
    }

    @Test func tilesArePixelsOfThePNGFilesAndEncodeToThem() throws {
        for example in try Self.cases() {
            let (count, files) = try Self.files(example)
            var tiles: [RasterTile] = []
            let rasterCount = try CairoRenderer.rasterizeTiles(
                example.scene, maxTileHeight: example.maxTileHeight, maxTileWidth: example.maxTileWidth
            ) { tiles.append($0) }
            #expect(rasterCount == count, "\(example.name)")
            #expect(tiles.map(\.index) == files.map(\.0), "\(example.name)")
            #expect(tiles.allSatisfy { $0.count == count }, "\(example.name)")
            for (tile, (index, bytes)) in zip(tiles, files) {
                #expect(tile.image == (try PNGCodec.decode(bytes)), "\(example.name), tile \(index)")
                #expect(try tile.pngBytes() == bytes, "\(example.name), tile \(index)")
            }
        }
    }

    @Test func thereAreCasesOfEveryKind() throws {
        let counts = try Self.cases().map { try Self.files($0).count }
        #expect(counts == [1, 6, 255, 6, 5, 1, 2])
    }

    @Test func suffixesAreThoseOfThePNGRenderer() throws {
        for example in try Self.cases() where example.maxTileWidth == 32767 && example.maxTileHeight == 32767 {
            let files = try Renderer.png.render(example.scene)
            let tiles = try CairoRenderer.rasterizeTiles(example.scene)
            #expect(tiles.map(\.suffix) == files.map(\.suffix), "\(example.name)")
            #expect(try tiles.map { try $0.pngBytes() } == files.map(\.bytes), "\(example.name)")
        }
        #expect(CairoRenderer.tileSuffix(0, of: 1).isEmpty)
        #expect(CairoRenderer.tileSuffix(0, of: 3) == "-1")
        #expect(CairoRenderer.tileSuffix(2, of: 3) == "-3")
    }

    @Test func someTilesAloneHaveTheBytesTheyHaveAmongAll() throws {
        for example in try Self.cases() {
            let (count, all) = try Self.files(example)
            for range in [0..<1, 1..<3, count - 1..<count + 4, 7..<9] {
                let (partCount, part) = try Self.files(example, tiles: range)
                #expect(partCount == count, "\(example.name), \(range)")
                let expected = all.filter { range.contains($0.0) }
                #expect(part.map(\.0) == expected.map(\.0), "\(example.name), \(range)")
                #expect(part.map(\.1) == expected.map(\.1), "\(example.name), \(range)")
                let tiles = try CairoRenderer.rasterizeTiles(
                    example.scene, maxTileHeight: example.maxTileHeight, maxTileWidth: example.maxTileWidth,
                    tiles: range)
                #expect(try tiles.map { try $0.pngBytes() } == expected.map(\.1), "\(example.name), \(range)")
            }
        }
    }

    @Test func theFirstTileRendererWritesThePNGRenderersFirstFileAlone() throws {
        // 40,000 rows: a tile of 32,767 and one of the rest.
        let card = SceneFixtures.card(
            Rect(x: 1, y: 16_000, width: 8, height: 1_000), fill: SceneFixtures.red, text: "Low", item: 0)
        let tall = Scene(
            size: Size(width: 10, height: 20_000), background: SceneFixtures.background, scale: 2, elements: [card])
        for scene in [try SceneFixtures.tallScene(), tall, try WideTilingTests.wideScene()] {
            let all = try Renderer.png.render(scene)
            let first = try Renderer.firstPNGTile.render(scene)
            #expect(first.count == 1)
            #expect(first.first?.suffix == all.first?.suffix)
            #expect(first.first?.bytes == all.first?.bytes)
        }
        #expect(try CairoRenderer.tileCount(tall) == 2)
    }
}
