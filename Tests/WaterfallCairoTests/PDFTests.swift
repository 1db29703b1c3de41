import Testing
import WaterfallCairo
import WaterfallRender
import WaterfallSpec

/// PDF output is the same bytes on every render.
@Suite struct PDFTests {
    @Test func pdfIsReproducible() throws {
        let scene = try SceneFixtures.tallScene()
        let first = try CairoRenderer.renderPDF(scene)
        let second = try CairoRenderer.renderPDF(scene)
        #expect(Array(first.prefix(5)) == Array("%PDF-".utf8))
        #expect(first == second, "two renders differ")
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("/MediaBox [ 0 0 120 170 ]"), "page size is the scene size in points")
        #expect(text.contains("%%EOF"))
    }
}
