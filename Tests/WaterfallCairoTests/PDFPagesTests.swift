import Foundation
import Testing
import WaterfallCairo
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// PDF output: pages of at most 14,400 points, each distinct image embedded once.
@Suite struct PDFPagesTests {
    @Test func tallContentIsSplitIntoPagesOf14400Points() throws {
        var elements: [SceneElement] = []
        for item in 0..<30 {
            elements.append(
                SceneFixtures.card(
                    Rect(x: 10, y: Double(item) * 1000 + 10, width: 80, height: 980), fill: SceneFixtures.red,
                    text: "Card \(item)", item: item))
        }
        let scene = Scene(size: Size(width: 100, height: 30_000), background: .white, scale: 1, elements: elements)
        let pdf = String(decoding: try CairoRenderer.renderPDF(scene), as: UTF8.self)
        #expect(pdf.components(separatedBy: "/MediaBox [ 0 0 100 14400 ]").count - 1 == 2)
        #expect(pdf.components(separatedBy: "/MediaBox [ 0 0 100 1200 ]").count - 1 == 1)
        #expect(pdf.components(separatedBy: "/Type /Page %").count - 1 == 3)
        #expect(pdf.contains("/Count 3"))
    }

    @Test func eachDistinctImageIsEmbeddedOnce() throws {
        let shared = try SceneFixtures.pngImage(
            [[SceneFixtures.red, SceneFixtures.green], [SceneFixtures.blue, SceneFixtures.yellow]], path: "a.png")
        let other = try SceneFixtures.pngImage([[SceneFixtures.green]], path: "b.png")
        var elements: [SceneElement] = []
        // 600 cards over three pages; all but one show the same file.
        for item in 0..<600 {
            elements.append(
                SceneFixtures.card(
                    Rect(x: 4, y: Double(item) * 60, width: 50, height: 50), fill: SceneFixtures.red, text: "\(item)",
                    item: item, image: item == 300 ? other : shared))
        }
        let scene = Scene(size: Size(width: 60, height: 36_000), background: .white, scale: 1, elements: elements)
        let pdf = String(decoding: try CairoRenderer.renderPDF(scene), as: UTF8.self)
        #expect(pdf.components(separatedBy: "/Type /Page %").count - 1 == 3)
        #expect(pdf.components(separatedBy: "/Subtype /Image").count - 1 == 2, "one image object per file")
    }
}
