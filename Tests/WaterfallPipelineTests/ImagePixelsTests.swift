import Testing
import WaterfallCairo
import WaterfallPipeline
import WaterfallRender
import WaterfallTestSupport

/// The pipeline keeps decoded image pixels only for formats that draw them.
@Suite struct ImagePixelsTests {
    static let spec = Repository.path("Examples/06-local-images.yaml")

    /// Whether each distinct image of the prepared spec holds its pixels.
    static func held(_ pipeline: RenderPipeline) throws -> [Bool] {
        let scene = try pipeline.prepare(specAt: spec).scene
        var seen: Set<Int> = []
        return scene.elements.compactMap(\.image).filter { seen.insert($0.id).inserted }.map(\.decoded.isHeld)
    }

    @Test func textFormatsKeepNoPixels() throws {
        #expect(try Self.held(RenderPipeline(renderers: [.svg])) == [false, false, false, false])
        #expect(
            try Self.held(RenderPipeline(renderers: [.svg, .layoutJSON, .htmlGridLanes()])) == [
                false, false, false, false,
            ])
        #expect(try Self.held(RenderPipeline(renderers: [.svg, .png])) == [true, true, true, true])
        #expect(try Self.held(RenderPipeline(renderers: [.pdf])) == [true, true, true, true])
        // No renderer: the scene is drawn by other means, as before.
        #expect(try Self.held(RenderPipeline(renderers: [])) == [true, true, true, true])
        var drawnAside = RenderPipeline(renderers: [.svg])
        drawnAside.keepsImagePixels = true
        #expect(try Self.held(drawnAside) == [true, true, true, true])
    }

    @Test func theSVGIsTheSameEitherWay() throws {
        let kept = RenderPipeline(renderers: [.svg, .png])
        let notKept = RenderPipeline(renderers: [.svg])
        let a = try kept.render(try kept.prepare(specAt: Self.spec)).first { $0.format == .svg }
        let b = try notKept.render(try notKept.prepare(specAt: Self.spec)).first { $0.format == .svg }
        #expect(a?.bytes == b?.bytes)
        #expect(a?.bytes.isEmpty == false)
    }
}
