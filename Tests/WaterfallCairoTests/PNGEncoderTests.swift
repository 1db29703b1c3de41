import Foundation
import Testing
@_spi(Benchmark) import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// The fast PNG writer against Cairo's own: same pixels, stable bytes, any size.
@Suite struct PNGEncoderTests {
    @Test(arguments: [1.0, 2, 3])
    func fastPNGDecodesToCairosPixels(scale: Double) throws {
        var scene = try PNGEncoderFixtures.photoCards(height: 400)
        scene.scale = scale
        try expectSamePixels(scene, maxTileHeight: 32767, "scale \(scale)")
    }

    @Test func fastPNGDecodesToCairosPixelsForTiledRenders() throws {
        try expectSamePixels(try SceneFixtures.tallScene(), maxTileHeight: 50, "small tiles")
        // Full tiles hold 4.7 MB of filtered RGB, so each is cut into five 1 MiB deflate segments.
        var scene = try PNGEncoderFixtures.photoCards(height: 1500)
        scene.scale = 3
        try expectSamePixels(scene, maxTileHeight: 1379, "tiles of 1379 rows")
    }

    @Test func renderedPNGsAreTheSameBytesOnEveryRun() throws {
        var scene = try PNGEncoderFixtures.photoCards(height: 1200)
        scene.scale = 2
        let first = try tiles(scene, maxTileHeight: 32767, encoder: .fast)
        let second = try tiles(scene, maxTileHeight: 32767, encoder: .fast)
        #expect(first == second)
        let image = PNGEncoderFixtures.noise(width: 701, height: 2003, translucent: true)
        #expect(try PNGCodec.encode(image) == PNGCodec.encode(image))
    }

    /// The writer cuts rows into segments of about 1 MiB: the last three sizes make 5 to 7
    /// segments, the last of each shorter than the others.
    @Test(arguments: [(1, 1), (3, 1), (1, 3), (3, 7), (5, 300_001), (701, 2003), (2003, 701)])
    func oddSizesRoundTrip(width: Int, height: Int) throws {
        for translucent in [false, true] {
            let image = PNGEncoderFixtures.noise(width: width, height: height, translucent: translucent)
            let bytes = try PNGCodec.encode(image)
            #expect(bytes[25] == (translucent ? 6 : 2), "\(width)×\(height) color type")
            #expect(try PNGCodec.decode(bytes) == image, "\(width)×\(height), translucent: \(translucent)")
        }
    }

    @Test(arguments: [(1.0, 1.0), (3, 5), (3, 1000.5)])
    func tinyScenesRenderToCairosPixels(width: Double, height: Double) throws {
        let scene = Scene(
            size: Size(width: width, height: height), background: SceneFixtures.blue, scale: 1,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 0.5, y: 0.5, width: 2, height: height - 1),
                    fill: SceneFixtures.yellow, cornerRadius: 1)
            ])
        try expectSamePixels(scene, maxTileHeight: 333, "\(width)×\(height)")
    }

    @Test func comparisonReportsBothEncoders() throws {
        var scene = try PNGEncoderFixtures.photoCards(height: 300)
        scene.scale = 2
        let comparison = try PNGEncoderComparison.measure(scene, repetitions: 1, maxTileHeight: 500)
        #expect(comparison.width == 750)
        #expect(comparison.height == 500)
        #expect(comparison.samePixels)
        #expect(comparison.fastBytes > 0)
        #expect(comparison.cairoBytes > 0)
        #expect(comparison.fastSeconds > 0)
        #expect(comparison.cairoSeconds > 0)
    }

    private func tiles(_ scene: Scene, maxTileHeight: Int, encoder: PNGEncoder) throws -> [[UInt8]] {
        var tiles: [[UInt8]] = []
        try CairoRenderer.renderPNG(scene, maxTileHeight: maxTileHeight, encoder: encoder) { index, bytes in
            #expect(index == tiles.count)
            tiles.append(bytes)
        }
        return tiles
    }

    private func expectSamePixels(
        _ scene: Scene, maxTileHeight: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fast = try tiles(scene, maxTileHeight: maxTileHeight, encoder: .fast)
        let cairo = try tiles(scene, maxTileHeight: maxTileHeight, encoder: .cairo)
        #expect(fast.count == cairo.count, "\(message)", sourceLocation: sourceLocation)
        for (index, (fastBytes, cairoBytes)) in zip(fast, cairo).enumerated() {
            #expect(
                fastBytes[25] == 2, "\(message), tile \(index): opaque tiles are RGB", sourceLocation: sourceLocation)
            let expected = try PNGCodec.decode(cairoBytes)
            let actual = try PNGCodec.decode(fastBytes)
            #expect(actual == expected, "\(message), tile \(index) differs", sourceLocation: sourceLocation)
        }
    }
}

/// Pages for the PNG writer: realistic cards with text and photos, and noise.
enum PNGEncoderFixtures {
    /// A two-column feed `height` points high at scale 1: rounded cards with a title and a
    /// price, every third one a photo from `Examples/images`.
    static func photoCards(height: Double) throws -> Scene {
        let photos = try ["sunset.jpg", "meadow.png", "fog.jpg", "night.png"].map { name in
            let data = Array(try Data(contentsOf: URL(fileURLWithPath: repository("Examples/images/\(name)"))))
            let raster = try ImageDecoder.decode(
                SceneImage(
                    path: name, format: name.hasSuffix("png") ? .png : .jpeg, data: data, pixelWidth: 1, pixelHeight: 1)
            )
            return SceneImage(
                path: name, format: name.hasSuffix("png") ? .png : .jpeg, data: data, pixelWidth: raster.width,
                pixelHeight: raster.height)
        }
        let palette = ["#ffd6a5", "#caffbf", "#9bf6ff", "#bdb2ff", "#ffc6ff", "#fdffb6"].compactMap { Color(hex: $0) }
        var columns = [8.0, 8.0]
        var elements: [SceneElement] = []
        var item = 0
        while let column = columns.indices.min(by: { columns[$0] < columns[$1] }), columns[column] < height {
            let cardHeight = 80 + Double((item * 7919) % 180)
            let frame = Rect(x: 8 + Double(column) * 183.5, y: columns[column], width: 175.5, height: cardHeight)
            let photo = item % 3 == 0 ? photos[item / 3 % photos.count] : nil
            elements.append(
                SceneElement(
                    kind: .cell, section: 0, item: item, frame: frame, fill: palette[item % palette.count],
                    cornerRadius: 8, image: photo,
                    texts: [
                        TextRun(
                            text: "Item \(item) · Linen shirt 亚麻衬衫",
                            frame: Rect(x: frame.minX + 8, y: frame.minY + 8, width: frame.width - 16, height: 16),
                            fontFamilies: SceneFixtures.families, fontSize: 13, weight: .bold,
                            color: photo == nil ? .black : .white),
                        TextRun(
                            text: "$\(item % 90 + 9).99",
                            frame: Rect(x: frame.minX + 8, y: frame.maxY - 24, width: 80, height: 16),
                            fontFamilies: SceneFixtures.families, fontSize: 13, weight: .regular,
                            color: photo == nil ? .black : .white),
                    ]))
            columns[column] += cardHeight + 8
            item += 1
        }
        return Scene(
            size: Size(width: 375, height: columns.max()!), background: Color(hex: "#f4f5f7")!, scale: 1,
            elements: elements)
    }

    /// The scene `waterfall render` draws for an example spec.
    static func example(_ name: String) throws -> Scene {
        let spec = try Spec.load(path: repository("Examples/\(name)"))
        return try SceneBuilder(measurer: PangoTextMeasurer()).scene(for: spec, layout: spec.layout())
    }

    /// Deterministic pseudo-random pixels, opaque or with every alpha.
    static func noise(width: Int, height: Int, translucent: Bool) -> PixelImage {
        var state: UInt32 = 0x9E37_79B9
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for index in 0..<buffer.count {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                // Mostly smooth with some noise, like a photo.
                let value = UInt8(truncatingIfNeeded: (index / 4 % width) / 3 + Int(state & 15))
                buffer[index] = translucent || index % 4 != 3 ? value : 255
            }
            count = buffer.count
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// A path inside this repository (this target does not link WaterfallTestSupport's `Repository`).
    static func repository(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(path).path
    }
}
