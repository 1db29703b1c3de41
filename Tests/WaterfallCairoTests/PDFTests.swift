import WaterfallCairo
import WaterfallRender
import WaterfallSpec
import XCTest

final class PDFTests: XCTestCase {
    func testPDFIsReproducible() throws {
        let scene = try SceneFixtures.tallScene()
        let first = try CairoRenderer.renderPDF(scene)
        let second = try CairoRenderer.renderPDF(scene)
        XCTAssertEqual(Array(first.prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(first == second, "two renders differ")
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertTrue(text.contains("/MediaBox [ 0 0 120 170 ]"), "page size is the scene size in points")
        XCTAssertTrue(text.contains("%%EOF"))
    }
}
