import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Issue 10: bad sizes give a clear `CairoError`, never a trap, and memory stays bounded.
@Suite(.tags(.slow)) struct NeverBreaksTests {
    @Test(
        arguments: [
            (0xFFFF_FFFF, 0xFFFF_FFFF, "Cannot decode PNG data: "),
            (0x7FFF_FFFF, 0x7FFF_FFFF, "Cannot decode PNG data: "),
            (65536, 65536, "The image is 65536×65536 pixels, more than the 268435456 pixels this renderer decodes"),
            (1_000_000, 1_000_000, "The image is 1000000×1000000 pixels"),
        ] as [(UInt32, UInt32, String)])
    func aPNGHeaderClaimingHugeSizesIsRefusedWithoutOverflow(width: UInt32, height: UInt32, message: String) {
        let bytes = Self.pngHeader(width: width, height: height)
        let decoding = #expect(throws: (any Error).self, "\(width)×\(height)") { try PNGCodec.decode(bytes) }
        if let decoding { #expect("\(decoding)".hasPrefix(message), "\(width)×\(height): \(decoding)") }
        let image = SceneImage(
            path: "huge.png", format: .png, data: bytes, pixelWidth: Int(width), pixelHeight: Int(height))
        let drawing = #expect(throws: (any Error).self) { try ImageDecoder.decode(image) }
        if let drawing {
            #expect("\(drawing)".hasPrefix("Cannot draw the image 'huge.png': \(message)"), "\(drawing)")
        }
    }

    @Test func rasterImagesOfImpossibleSizesAreRefusedNotTrapped() {
        let image = PixelImage(width: Int.max, height: 3, color: .white)
        #expect(image.pixels.isEmpty)
        #expect(throws: CairoError.invalidRasterImage(width: Int.max, height: 3, byteCount: 0)) {
            try PNGCodec.encode(image)
        }
    }

    @Test(arguments: [1e-300, 1e-170])
    func aScaleCairoCannotInvertIsAClearError(scale: Double) throws {
        var scene = try SceneFixtures.tallScene()
        scene.scale = scale
        #expect(
            throws: CairoError.invalidCanvas(reason: "the scale \(scale) is too small for Cairo to draw at"),
            "\(scale)"
        ) { try CairoRenderer.rasterize(scene) }
        #expect(throws: (any Error).self) {
            try CairoRenderer.renderPNG(scene) { _, _ in Issue.record("wrote a tile") }
        }
    }

    @Test(arguments: [1e300, 1e12, Double(Int32.max) + 1])
    func hugePagesAreErrorsNotTraps(height: Double) throws {
        let scene = Scene(
            size: Size(width: 100, height: height), background: .white, scale: 1,
            elements: [
                SceneFixtures.card(Rect(x: 0, y: 0, width: 100, height: 50), fill: .black, text: "A", item: 0)
            ])
        let pdf = #expect(throws: (any Error).self) { try CairoRenderer.renderPDF(scene) }
        if let pdf { #expect("\(pdf)".contains("points; at most 2147483647 a side"), "\(pdf)") }
        let tiles = #expect(throws: (any Error).self) { try CairoRenderer.tileCount(scene) }
        if let tiles { #expect("\(tiles)".contains("device pixels high; at most 2147483647"), "\(tiles)") }
        #expect(throws: (any Error).self) { try CairoRenderer.renderPNG(scene) { _, _ in } }
    }

    @Test func hugeWholePicturesAreErrorsNotTraps() {
        let wide = Scene(size: Size(width: 1e300, height: 10), background: .white, scale: 1, elements: [])
        let wideError = #expect(throws: (any Error).self) { try CairoRenderer.rasterize(wide) }
        if let wideError {
            #expect(
                "\(wideError)"
                    == "Cannot render the scene: the page is 1e+300 device pixels wide; at most 2147483647 are drawn")
        }
        // A whole picture of 32767 × 100,000 pixels is not held in memory; tiles are still drawn.
        let tall = Scene(size: Size(width: 32767, height: 100_000), background: .white, scale: 1, elements: [])
        let tallError = #expect(throws: (any Error).self) { try CairoRenderer.rasterize(tall) }
        if let tallError { #expect("\(tallError)".contains("render PNG tiles instead"), "\(tallError)") }
    }

    @Test func picturesOfMoreThan2To32DevicePixelsAreRefusedBeforeAnyIsDrawn() throws {
        // 65,536 × 65,536 is 2^32 exactly: planned into tiles. One row more is refused.
        let atLimit = Scene(size: Size(width: 32768, height: 32768), background: .white, scale: 2, elements: [])
        #expect(try CairoRenderer.tileCount(atLimit) > 1)
        let over = Scene(size: Size(width: 32768, height: 32768.5), background: .white, scale: 2, elements: [])
        for attempt in [
            { _ = try CairoRenderer.tileCount(over) }, { try CairoRenderer.renderPNG(over) { _, _ in } },
            { try CairoRenderer.rasterizeTiles(over) { _ in } },
        ] {
            let error = #expect(throws: CairoError.self) { try attempt() }
            if let error {
                #expect("\(error)".contains("65536×65537 device pixels; at most 4294967296 (2^32)"), "\(error)")
            }
        }
    }

    @Test func elementsFarOutsideThePageAreClampedNotTrapped() throws {
        let image = try SceneFixtures.pngImage([[SceneFixtures.red, SceneFixtures.green]])
        func scene(_ frame: Rect) throws -> Scene {
            var scene = try SceneFixtures.tallScene()
            scene.elements.append(
                SceneElement(
                    kind: .cell, section: 0, item: 9, frame: frame, fill: SceneFixtures.red, cornerRadius: 0,
                    image: image))
            return scene
        }
        // Its device pixels (-2e6) are clamped to the page: the top-left corner is drawn.
        let far = try CairoRenderer.rasterize(try scene(Rect(x: -1e6, y: -1e6, width: 1e6 + 60, height: 1e6 + 60)))
        #expect(far.width == 180)
        #expect(far.color(x: 1, y: 1) != SceneFixtures.background)
        // Past Int's range (1e300 device pixels): clamped in raster output; in a PDF the image's
        // own scale is beyond Cairo, which is a clear error.
        let absurd = try scene(Rect(x: -1e300, y: -1e300, width: 1e300 + 60, height: 1e300 + 60))
        #expect(try CairoRenderer.rasterize(absurd).color(x: 1, y: 1) != SceneFixtures.background)
        let error = #expect(throws: (any Error).self) { try CairoRenderer.renderPDF(absurd) }
        if let error { #expect("\(error)".hasPrefix("Cairo failed to "), "\(error)") }
    }

    @Test func widePagesGetTilesOfAtMost256MiB() throws {
        func scene(width: Double, height: Double, scale: Double) -> Scene {
            Scene(
                size: Size(width: width, height: height), background: .white, scale: scale,
                elements: [
                    SceneFixtures.card(
                        Rect(x: 10, y: 10, width: width - 20, height: height - 20), fill: SceneFixtures.blue,
                        text: "Wide", item: 0)
                ])
        }
        // 2000 points at scale 16: 32,000 pixels a row, so 2,097 rows a tile (268,416,000 bytes).
        #expect(try CairoRenderer.tileCount(scene(width: 2000, height: 2000, scale: 16)) == 16)
        // Up to 2,048 pixels wide, tiles keep their 32,767 rows, as before.
        #expect(try CairoRenderer.tileCount(scene(width: 1024, height: 20_000, scale: 2)) == 2)
        #expect(try CairoRenderer.tileCount(scene(width: 375, height: 16_383, scale: 2)) == 1)
        #expect(try CairoRenderer.tileCount(scene(width: 1025, height: 16_384, scale: 2)) == 2)

        // 8,192 pixels wide: 8,192 rows a tile.
        let page = scene(width: 8192, height: 8300, scale: 1)
        var heights: [Int] = []
        let count = try CairoRenderer.renderPNG(page) { _, bytes in
            let tile = try PNGCodec.decode(bytes)
            #expect(tile.width == 8192)
            #expect(tile.width * tile.height * 4 <= 256 << 20)
            // The card runs on across the tile edge.
            #expect(tile.color(x: 4096, y: tile.height / 2) == SceneFixtures.blue)
            heights.append(tile.height)
        }
        #expect(count == 2)
        #expect(heights == [8192, 108])
    }

    @Test func anImageTooLargeToKeepIsDrawnPerTileWithTheSamePixels() throws {
        // The card's image layer would be 8,172 × 8,280 pixels (270 MB), more than the 256 MiB
        // kept between tiles, so it is cut into bands of 2,048 page rows, the same whatever the tiles.
        let image = try SceneFixtures.pngImage(
            [[SceneFixtures.red, SceneFixtures.green], [SceneFixtures.blue, SceneFixtures.yellow]])
        let page = Scene(
            size: Size(width: 8192, height: 8300), background: .white, scale: 1,
            elements: [
                SceneFixtures.card(
                    Rect(x: 10, y: 10, width: 8172, height: 8280), fill: SceneFixtures.blue, text: "Big", item: 0,
                    image: image)
            ])
        let eightThousandRows = try CairoRenderer.rasterize(page)
        let threeThousandRows = try CairoRenderer.rasterize(page, maxTileHeight: 3000)
        #expect(eightThousandRows == threeThousandRows, "tiles cut at other rows give other pixels")
        #expect(eightThousandRows.color(x: 100, y: 100) == SceneFixtures.red)
        #expect(eightThousandRows.color(x: 8000, y: 8000) == SceneFixtures.yellow)
    }

    /// A PNG signature and IHDR chunk (with its CRC) claiming `width` × `height` RGBA pixels.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        let header = PNGFormat.Header(width: Int(width), height: Int(height), bitDepth: 8, colorType: 6)
        // 8-bit RGBA, deflate, no filter, no interlace; an empty compressed stream; the end.
        return PNGFormat.signature + PNGFormat.chunk("IHDR", header.data)
            + PNGFormat.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + PNGFormat.endChunk
    }
}
