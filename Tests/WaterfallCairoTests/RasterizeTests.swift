import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Scenes drawn into pixels: fills, corners, strokes, images, text and errors.
@Suite struct RasterizeTests {
    typealias F = SceneFixtures

    @Test func fillsBackgroundAndRoundedCorners() throws {
        let translucent = Color(red: 0, green: 0, blue: 255, alpha: 128)
        let scene = Scene(
            size: Size(width: 100, height: 80), background: F.background, scale: 2,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 10, y: 10, width: 30, height: 30),
                    fill: F.red, cornerRadius: 8),
                SceneElement(
                    kind: .cell, section: 0, item: 1, frame: Rect(x: 50, y: 10, width: 40, height: 60),
                    fill: translucent, cornerRadius: 100),
                SceneElement(
                    kind: .footer, section: 0, item: nil, frame: Rect(x: 10, y: 50, width: 30, height: 20),
                    fill: F.green, cornerRadius: 0),
            ])
        let image = try CairoRenderer.rasterize(scene)
        #expect(image.width == 200)
        #expect(image.height == 160)
        #expect(image.pixels.count == 200 * 160 * 4)
        expectColor(image.color(x: 0, y: 0), F.background)
        expectColor(image.color(x: 199, y: 159), F.background)
        expectColor(image.color(x: 50, y: 50), F.red)
        expectColor(image.color(x: 50, y: 120), F.green)
        // Blue at half alpha over the background: premultiplied OVER.
        expectColor(image.color(x: 140, y: 80), Color(red: 120, green: 120, blue: 248), tolerance: 1)
        // The rounded corner leaves the background showing at the frame's corner pixel...
        expectColor(image.color(x: 20, y: 20), F.background)
        // ...and the radius is clamped to half the width: a capsule.
        expectColor(image.color(x: 102, y: 22), F.background)
        // The square footer fills its corner pixel.
        expectColor(image.color(x: 20, y: 100), F.green)
    }

    @Test func strokeLiesInsideTheFrame() throws {
        let scene = Scene(
            size: Size(width: 40, height: 40), background: F.background, scale: 1,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 10, y: 10, width: 20, height: 20),
                    fill: F.red, cornerRadius: 0, stroke: Stroke(color: F.blue, width: 4))
            ])
        let image = try CairoRenderer.rasterize(scene)
        expectColor(image.color(x: 9, y: 20), F.background)
        expectColor(image.color(x: 10, y: 20), F.blue)
        expectColor(image.color(x: 13, y: 20), F.blue)
        expectColor(image.color(x: 14, y: 20), F.red)
        expectColor(image.color(x: 29, y: 29), F.blue)
        expectColor(image.color(x: 30, y: 30), F.background)
    }

    @Test func pNGImageIsDrawnAspectFillAndClipped() throws {
        // Four columns; aspect-fill into a square shows only the middle two.
        let image = try F.pngImage([[F.green, F.red, F.blue, F.green], [F.green, F.red, F.blue, F.green]])
        let scene = Scene(
            size: Size(width: 60, height: 60), background: F.background, scale: 2,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 10, y: 10, width: 40, height: 40),
                    fill: F.yellow, cornerRadius: 6, image: image)
            ])
        let raster = try CairoRenderer.rasterize(scene)
        // Column centers: image x 1.5 and 2.5 land on device x 40 and 80.
        expectColor(raster.color(x: 40, y: 60), F.red, tolerance: 3)
        expectColor(raster.color(x: 80, y: 60), F.blue, tolerance: 3)
        expectColor(raster.color(x: 40, y: 21), F.red, tolerance: 3)
        // The image is clipped to the frame and its rounded corners.
        expectColor(raster.color(x: 19, y: 60), F.background)
        expectColor(raster.color(x: 100, y: 60), F.background)
        expectColor(raster.color(x: 20, y: 20), F.background)
    }

    @Test func jPEGImageShowsItsColors() throws {
        let decoded = try ImageDecoder.decode(
            SceneImage(path: "halves.jpg", format: .jpeg, data: JPEGFixture.twoHalves, pixelWidth: 16, pixelHeight: 16))
        #expect(decoded.width == 16)
        #expect(decoded.height == 16)
        expectColor(decoded.color(x: 3, y: 8), Color(red: 220, green: 40, blue: 40), tolerance: 4)
        expectColor(decoded.color(x: 12, y: 8), Color(red: 40, green: 60, blue: 220), tolerance: 4)

        let scene = Scene(
            size: Size(width: 40, height: 40), background: F.background, scale: 1,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 40, height: 40),
                    fill: .white, cornerRadius: 0,
                    image: SceneImage(
                        path: "halves.jpg", format: .jpeg, data: JPEGFixture.twoHalves, pixelWidth: 16,
                        pixelHeight: 16))
            ])
        let raster = try CairoRenderer.rasterize(scene)
        expectColor(raster.color(x: 8, y: 20), Color(red: 220, green: 40, blue: 40), tolerance: 4)
        expectColor(raster.color(x: 32, y: 20), Color(red: 40, green: 60, blue: 220), tolerance: 4)
    }

    @Test func chineseTextRendersRealGlyphs() throws {
        let box = Rect(x: 10, y: 10, width: 100, height: 30)
        let run = TextRun(
            text: "你好，世界", frame: box, fontFamilies: F.families, fontSize: 16, weight: .regular,
            color: .black)
        let scene = Scene(
            size: Size(width: 120, height: 50), background: .white, scale: 2,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: box, fill: .white, cornerRadius: 0, texts: [run])
            ])
        let raster = try CairoRenderer.rasterize(scene)
        var inked = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width where raster.color(x: x, y: y) != .white {
                #expect(x >= 20 && x < 220 && y >= 20 && y < 80, "ink at (\(x), \(y)) is outside the text box")
                inked += 1
            }
        }
        #expect(inked > 500)
        #expect(try CairoRenderer.unknownGlyphCount(in: run) == 0, "some characters would show as boxes")
    }

    @Test func longTextIsClippedToItsBox() throws {
        let box = Rect(x: 5, y: 5, width: 50, height: 20)
        let run = TextRun(
            text: String(repeating: "Waterfall 瀑布流 layout ", count: 20), frame: box, fontFamilies: F.families,
            fontSize: 12, weight: .bold, color: .black)
        let scene = Scene(
            size: Size(width: 60, height: 60), background: .white, scale: 1,
            elements: [
                SceneElement(kind: .cell, section: 0, item: 0, frame: box, fill: .white, cornerRadius: 0, texts: [run])
            ])
        let raster = try CairoRenderer.rasterize(scene)
        for y in 0..<raster.height {
            for x in 0..<raster.width where raster.color(x: x, y: y) != .white {
                #expect(
                    box.minX <= Double(x) && Double(x) < box.maxX && box.minY <= Double(y) && Double(y) < box.maxY,
                    "ink at (\(x), \(y)) is outside the text box")
            }
        }
    }

    @Test func renderingIsDeterministic() throws {
        let scene = try F.tallScene()
        #expect(try CairoRenderer.rasterize(scene) == CairoRenderer.rasterize(scene))
        var first: [[UInt8]] = []
        var second: [[UInt8]] = []
        try CairoRenderer.renderPNG(scene) { _, bytes in first.append(bytes) }
        try CairoRenderer.renderPNG(scene) { _, bytes in second.append(bytes) }
        #expect(first == second)
    }

    @Test func invalidScenesThrowReadableErrors() throws {
        let empty = Scene(size: Size(width: 0, height: 10), background: .white, scale: 1, elements: [])
        let emptyError = #expect(throws: (any Error).self) { try CairoRenderer.rasterize(empty) }
        if let emptyError { #expect("\(emptyError)".contains("positive size"), "\(emptyError)") }
        // Pages wider than a surface are drawn in strips (WideTilingTests), up to 2^31 - 1 device pixels.
        let wide = Scene(size: Size(width: 2e9, height: 10), background: .white, scale: 2, elements: [])
        let wideError = #expect(throws: (any Error).self) { try CairoRenderer.rasterize(wide) }
        if let wideError { #expect("\(wideError)".contains("4000000000 device pixels wide"), "\(wideError)") }
        let small = Scene(size: Size(width: 10, height: 10), background: .white, scale: 1, elements: [])
        #expect(throws: CairoError.invalidTileHeight(0)) {
            try CairoRenderer.renderPNG(small, maxTileHeight: 0) { _, _ in }
        }
    }

    @Test func brokenImageNamesItsPath() throws {
        let scene = Scene(
            size: Size(width: 20, height: 20), background: .white, scale: 1,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 20, height: 20),
                    fill: .white, cornerRadius: 0,
                    image: SceneImage(
                        path: "photos/broken.jpg", format: .jpeg, data: [0xFF, 0xD8, 0x00, 0x01, 0x02],
                        pixelWidth: 1, pixelHeight: 1))
            ])
        let error = #expect(throws: (any Error).self) { try CairoRenderer.rasterize(scene) }
        if let error {
            let text = "\(error)"
            #expect(text.contains("photos/broken.jpg") && text.contains("JPEG"), "\(text)")
        }
    }
}
