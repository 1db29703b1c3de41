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
        let inter = try PangoTextMeasurer(fonts: brand.fonts)
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

    @Test(.onWaitingThreads, .tags(.externalProgram)) func thePDFEmbedsTheBrandFont() throws {
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

extension BrandFontTests {
    /// A collection (TTC) of `fonts`' bytes: each font's tables where they were, after a header
    /// that lists where each font's table directory starts.
    static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var bytes = Array("ttcf".utf8) + [0, 1, 0, 0] + be32(fonts.count)
        let header = bytes.count + 4 * fonts.count
        var starts: [Int] = []
        var offset = header
        for font in fonts {
            starts.append(offset)
            offset += (font.count + 3) / 4 * 4
        }
        for start in starts { bytes += be32(start) }
        for (font, start) in zip(fonts, starts) {
            var copy = font
            let tables = Int(font[4]) << 8 | Int(font[5])
            for index in 0..<tables {
                let record = 12 + 16 * index + 8
                let old = font[record..<record + 4].reduce(0) { $0 << 8 | Int($1) }
                copy.replaceSubrange(record..<record + 4, with: be32(old + start))
            }
            bytes += copy + [UInt8](repeating: 0, count: (4 - font.count % 4) % 4)
        }
        return bytes
    }

    /// TrueType outlines in a collection: the second face draws its family, and the documents
    /// embed that face's subset as `font/ttf`.
    @Test func aCollectionsSecondTrueTypeFaceIsDrawnAndEmbedded() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let faces = try ["DejaVuSansCondensed.ttf", "DejaVuSerifCondensed.ttf"].map { name in
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/\(name)")))
        }
        try Data(Self.collection(faces)).write(to: URL(fileURLWithPath: folder + "/Condensed.ttc"))
        let text = """
            width: 300
            fonts: [Condensed.ttc]
            style: {font: "dejavu serif condensed"}
            sections: [{items: [{height: 60, title: "Serif, condensed", subtitle: "from a collection"}]}]
            """
        let spec = try Spec.decode(text, file: "ttc.yaml", baseDirectory: folder)
        let scene = try Self.scene(spec)
        let fonts = try #require(scene.fonts)
        #expect(fonts.files[0].faces.map(\.index) == [0, 1])
        #expect(fonts.choices.contains { $0.family == "DejaVu Serif Condensed" && $0.face == 1 })
        let svg = try RenderFixtures.text(.svg, scene)
        // One face draws both weights: one rule stands for both.
        #expect(svg.contains("font-family: \"DejaVu Serif Condensed\"; font-weight: 400 700;"))
        #expect(svg.contains("font-family=\"&#39;DejaVu Serif Condensed&#39;, &#39;DejaVu Sans&#39;"))
        let rule = try #require(svg.firstRange(of: /font\/ttf;base64,([^"]+)"/))
        let base64 = String(svg[rule].dropFirst("font/ttf;base64,".count).dropLast())
        let subset = [UInt8](try #require(Data(base64Encoded: base64)))
        #expect(AppFonts.characters(inFont: subset) == Set("Serif, condensedfrom a collection".unicodeScalars))
        // Drawn in the serif: other pixels than the spec without the collection.
        let plain = try Self.scene(
            try Spec.decode(text.replacingOccurrences(of: "fonts: [Condensed.ttc]\n", with: ""), baseDirectory: folder))
        #expect(try CairoRenderer.rasterize(scene).pixels != CairoRenderer.rasterize(plain).pixels)
    }
}
