import Testing
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

@testable import WaterfallCairo

/// The image cache is internal: it is tested through `@testable` for how often it decodes.
@Suite struct ImageCacheTests {
    @Test func eachImageIsDecodedOncePerRenderAndShared() throws {
        let shared = try SceneFixtures.pngImage([[SceneFixtures.red, SceneFixtures.green]], path: "a.png")
        // Same path and bytes in a different array: still the same image.
        let copy = SceneImage(
            path: "a.png", format: .png, data: Array(shared.data), pixelWidth: 2, pixelHeight: 1)
        let other = try SceneFixtures.pngImage([[SceneFixtures.blue, SceneFixtures.green]], path: "a.png")
        var elements: [SceneElement] = []
        for item in 0..<40 {
            elements.append(
                SceneFixtures.card(
                    Rect(x: 4, y: Double(item) * 30, width: 50, height: 25), fill: SceneFixtures.red, text: "",
                    item: item, image: item == 7 ? other : item.isMultiple(of: 2) ? copy : shared))
        }
        let scene = Scene(size: Size(width: 60, height: 1200), background: .white, scale: 2, elements: elements)
        let cache = ImageCache(scene: scene)
        #expect(cache.distinctImageCount == 2)
        let drawer = SceneDrawer(
            scene: scene, text: try TextEngine(), images: cache, mode: .raster(try PixelCanvas(scene)))
        let surface = try CairoSurface.image(width: 120, height: 2400)
        let context = try CairoContext(surface: surface)
        try context.scale(by: 2)
        try drawer.draw(in: context)
        #expect(cache.decodeCount == 2)
    }
}
