import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// A spec's own typeface (`fonts:`), in every format: drawn and measured in PNG and PDF,
/// embedded as subsets in SVG and HTML.
@Suite struct BrandFontTests {
    static let example = "17-brand-font.yaml"

    static func spec(font: String = "Inter, sans-serif", fonts: Bool = true) throws -> Spec {
        let text = """
            width: 320
            \(fonts ? "fonts: [fonts/Inter-Regular.otf, fonts/Inter-Bold.otf]" : "")
            style: {font: "\(font)", card: {content: below, padding: 8, titleLines: 3}}
            sections:
              - columns: 2
                items:
                  - {size: {width: 100, height: 60}, title: "Wide water, quiet mornings and a long walk", subtitle: "Saved by Ola"}
                  - {size: {width: 100, height: 80}, title: "Minimal wardrobe: twelve pieces, all seasons", subtitle: "Saved by Mo"}
            """
        return try Spec.decode(text, file: "brand.yaml", baseDirectory: Repository.path("Examples"))
    }

    static func scene(_ spec: Spec) throws -> Scene {
        try RenderPipeline(renderers: [], scale: 2).prepare(spec).scene
    }

    @Test func theBrandFamilyDrawsOtherPixelsAndBreaksLinesWhereItsOwnWidthsSay() throws {
        let brand = try Self.scene(Self.spec())
        let plain = try Self.scene(Self.spec(font: "DejaVu Sans", fonts: false))
        #expect(try CairoRenderer.rasterize(brand).pixels != CairoRenderer.rasterize(plain).pixels)
        let inter = try PangoTextMeasurer(fonts: try #require(brand.fonts))
        let dejaVu = try PangoTextMeasurer()
        var differs = false
        for (index, element) in brand.elements.enumerated() where element.kind == .cell {
            let titles = element.texts.filter { $0.weight == .bold }
            let run = try #require(titles.first)
            let title = try Self.spec().sections[0].items[element.item ?? 0].title ?? ""
            let width = element.frame.width - 16
            let measured = inter.lines(
                title, width: width, maxLines: 3, fontFamilies: run.fontFamilies, fontSize: run.fontSize,
                weight: .bold)
            #expect(titles.map(\.text) == measured, "card \(index)")
            let inDejaVu = dejaVu.lines(
                title, width: width, maxLines: 3, fontFamilies: run.fontFamilies, fontSize: run.fontSize,
                weight: .bold)
            if inDejaVu != measured { differs = true }
        }
        #expect(differs, "Inter breaks some title where DejaVu Sans would not")
    }

    /// Each `@font-face` of a document: its weights and the subset's bytes.
    static func faces(_ document: String) throws -> [(weights: String, data: [UInt8])] {
        let pattern = try NSRegularExpression(
            pattern: #"font-weight: ([0-9 ]+); font-style: normal; src: url\("data:font/otf;base64,([^"]+)"\)"#)
        let range = NSRange(document.startIndex..., in: document)
        return pattern.matches(in: document, range: range).map { match in
            let weights = String(document[Range(match.range(at: 1), in: document)!])
            let base64 = String(document[Range(match.range(at: 2), in: document)!])
            return (weights, [UInt8](Data(base64Encoded: base64) ?? Data()))
        }
    }

    @Test func svgAndHTMLEmbedTheGlyphsTheyDrawAndNoOthers() throws {
        let scene = try RenderFixtures.scene(Self.example)
        let fonts = try #require(scene.fonts)
        let svg = try RenderFixtures.text(.svg, scene)
        let html = try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)
        let svgFaces = try Self.faces(svg)
        let htmlFaces = try Self.faces(html)
        #expect(svgFaces.map(\.weights) == ["400", "700"])
        #expect(svgFaces.map(\.data) == htmlFaces.map(\.data))
        for (face, weight) in zip(svgFaces, [TextRun.Weight.regular, .bold]) {
            let file = fonts.files[weight == .regular ? 0 : 1]
            var drawn = Set<Unicode.Scalar>()
            for element in scene.elements {
                for run in element.texts where run.weight == weight {
                    for character in run.text where !character.isEmojiGlyph {
                        drawn.formUnion(character.unicodeScalars)
                    }
                }
            }
            let expected = drawn.intersection(AppFonts.characters(inFont: file.data))
            #expect(AppFonts.characters(inFont: face.data) == expected, "\(weight)")
            #expect(expected.count > 20)
            // A few kilobytes of a quarter-megabyte file.
            #expect(face.data.count * 10 < file.data.count, "\(weight): \(face.data.count) of \(file.data.count) bytes")
        }
        // The brand family first, then the pinned fallbacks, the emoji font last.
        #expect(html.contains("font-family: &#39;Inter&#39;, &#39;DejaVu Sans&#39;, &#39;Noto Sans CJK SC&#39;,"))
    }

    @Test func theSameSpecGivesTheSameBytesEveryRun() throws {
        let renderers: [Renderer] = [.svg, .html(templates: try RenderFixtures.templates), .pdf]
        let path = Repository.path("Examples/\(Self.example)")
        let first = try RenderPipeline(renderers: renderers).render(
            RenderPipeline(renderers: renderers).prepare(specAt: path))
        let second = try RenderPipeline(renderers: renderers).render(
            RenderPipeline(renderers: renderers).prepare(specAt: path))
        #expect(first.map(\.bytes) == second.map(\.bytes))
    }

    @Test func thePDFEmbedsTheBrandFont() throws {
        let scene = try RenderFixtures.scene(Self.example)
        let path = ExternalRenderers.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try CairoRenderer.renderPDF(scene)).write(to: URL(fileURLWithPath: path))
        let result = try CommandRunner.run([path], executable: "/usr/bin/pdffonts")
        #expect(result.status == 0, "pdffonts (poppler-utils, scripts/setup.sh installs it)")
        let lines = result.standardOutput.split(separator: "\n")
        for name in ["Inter-Regular", "Inter-Bold"] {
            #expect(lines.contains { $0.contains("+\(name) ") && $0.contains(" yes yes ") }, "\(name) embedded")
        }
    }
}
