import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallSpec
import WaterfallTestSupport

/// Emoji in colour from the pinned Noto Color Emoji, each sequence one glyph, in every format.
@Suite(.onWaitingThreads, .tags(.browser)) struct EmojiTests {
    /// A ZWJ sequence, a skin tone, a flag, a keycap and a plain emoji.
    static let sequences = ["👩🏽‍💻", "👍🏿", "🇯🇵", "1️⃣", "🧋"]

    static func run(_ text: String, size: Double = 24, frame: Rect = Rect(x: 10, y: 10, width: 300, height: 40))
        -> TextRun
    {
        TextRun(text: text, frame: frame, fontFamilies: ["sans-serif"], fontSize: size, weight: .regular, color: .black)
    }

    /// A white page with one run of `text`.
    static func scene(_ text: String) -> Scene {
        let element = SceneElement(
            kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 320, height: 60),
            fill: Color(red: 0, green: 0, blue: 0, alpha: 0), cornerRadius: 0, texts: [run(text)])
        return Scene(size: Size(width: 320, height: 60), background: .white, scale: 2, elements: [element])
    }

    /// How many pixels are clearly coloured: channels more than 60 levels apart.
    static func colouredPixels(_ image: PixelImage) -> Int {
        var count = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let channels = image.pixels[index..<index + 3]
            if channels.max()! - channels.min()! > 60 { count += 1 }
        }
        return count
    }

    @Test func theEmojiFontIsPinnedAndEndsEveryChain() throws {
        #expect(FontSet.builtInFiles.contains("truetype/noto/NotoColorEmoji.ttf"))
        #expect(try FontSet.pinned.loadedFamilies().contains("Noto Color Emoji"))
        for families in [["Arial"], ["serif", "monospace"], ["DejaVu Sans Mono"], []] {
            let resolved = PinnedFamilies.resolved(families)
            let named = resolved.filter { !["sans-serif", "serif", "monospace"].contains($0) }
            #expect(named.last == "Noto Color Emoji", "\(families): \(resolved)")
        }
        // The fingerprint beside the baselines hashes the emoji font too.
        let fingerprint = try RendererFingerprint.current()
        #expect(fingerprint.fonts.contains { $0.file == "truetype/noto/NotoColorEmoji.ttf" && $0.sha256.count == 64 })
    }

    @Test(arguments: sequences)
    func everySequenceHasAGlyphAndMeasuresAsOne(_ sequence: String) throws {
        #expect(try CairoRenderer.unknownGlyphCount(in: Self.run(sequence + " tea 奶茶")) == 0)
        let measurer = try PangoTextMeasurer()
        let one = measurer.width(of: "🧋", fontFamilies: ["sans-serif"], fontSize: 24, weight: .regular)
        let width = measurer.width(of: sequence, fontFamilies: ["sans-serif"], fontSize: 24, weight: .regular)
        #expect(one > 20)
        #expect(abs(width - one) < 0.5, "\(sequence) is \(width) wide, one emoji \(one)")
    }

    @Test(arguments: sequences)
    func aSequenceIsWrappedAndCutWhole(_ sequence: String) throws {
        let measurer = try PangoTextMeasurer()
        let text = String(repeating: sequence, count: 9)
        let one = measurer.width(of: sequence, fontFamilies: ["sans-serif"], fontSize: 24, weight: .regular)
        // Cut with an ellipsis: whole sequences before it.
        let fitted = measurer.fitting(
            text, width: one * 3.5, fontFamilies: ["sans-serif"], fontSize: 24, weight: .regular)
        #expect(fitted.hasSuffix("…"))
        let kept = String(fitted.dropLast())
        #expect(!kept.isEmpty && kept == String(repeating: sequence, count: kept.count), "\(fitted)")
        // Wrapped: every line whole sequences, none lost.
        let lines = measurer.lines(
            text, width: one * 2.5, maxLines: 10, fontFamilies: ["sans-serif"], fontSize: 24, weight: .regular)
        #expect(lines.count >= 4)
        for line in lines {
            #expect(line == String(repeating: sequence, count: line.count), "\(lines)")
        }
        #expect(lines.joined() == text)
    }

    @Test func pngDrawsEmojiInColour() throws {
        let emoji = try CairoRenderer.rasterize(Self.scene("🧋 👩🏽‍💻 🇯🇵"))
        let plain = try CairoRenderer.rasterize(Self.scene("tea code flag"))
        #expect(Self.colouredPixels(plain) == 0)
        #expect(Self.colouredPixels(emoji) > 500)
    }

    @Test func pdfDrawsEmojiFromTheColourFont() throws {
        let emoji = String(decoding: try CairoRenderer.renderPDF(Self.scene("🧋 👩🏽‍💻 🇯🇵")), as: UTF8.self)
        let plain = String(decoding: try CairoRenderer.renderPDF(Self.scene("tea code flag")), as: UTF8.self)
        // Cairo draws a colour glyph as its bitmap: an image (with its alpha as a soft mask).
        #expect(emoji.contains("/Subtype /Image"))
        #expect(!plain.contains("/Subtype /Image"))
    }

    @Test func svgAndHTMLNameTheEmojiFontAndChromiumDrawsItInColour() throws {
        let scene = Self.scene("🧋 👩🏽‍💻 🇯🇵")
        // In SVG each emoji is a tspan of the emoji font, and the text's own list leaves it out
        // (librsvg takes digits from the emoji font whenever it is in the list).
        let svg = try RenderFixtures.text(.svg, scene)
        #expect(svg.contains("<tspan font-family=\"'Noto Color Emoji'\">🧋</tspan> "), "\(svg)")
        #expect(svg.contains("<tspan font-family=\"'Noto Color Emoji'\">🇯🇵</tspan>"), "\(svg)")
        #expect(!svg.contains("&#39;Noto Color Emoji&#39;"), "\(svg)")
        let html = try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)
        #expect(html.contains("&#39;Noto Color Emoji&#39;, sans-serif"))
        let path = ExternalRenderers.temporaryPath("html")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        let screenshot = try PNGCodec.decode(
            [UInt8](try ExternalRenderers.chromiumScreenshot(htmlPath: path, width: 320, height: 60, scale: 2)))
        #expect(Self.colouredPixels(screenshot) > 500)
    }

    /// A feed whose titles hold emoji, repeated, a keycap and a ZWJ sequence, as `render` builds it.
    static func feed() throws -> Scene {
        try RenderFixtures.scene(
            Spec.decode(
                """
                width: 320
                sections:
                  - items:
                      - {height: 60, title: "🔥 Hot 热门 🔥", subtitle: "❤️ 12"}
                      - {height: 60, title: "1️⃣ first 🏴‍☠️", subtitle: "❤️ 7"}
                      - {height: 60, title: "Plain title", subtitle: "❤️ 3"}
                """))
    }

    @Test func svgCarriesEachEmojiAsAColourPictureOnce() throws {
        let scene = try Self.feed()
        let svg = try RenderFixtures.text(.svg, scene)
        // One picture per emoji and size (🔥 🏴‍☠️ 1️⃣ in titles, ❤️ in subtitles), one rectangle per emoji drawn.
        let pictures = try Regex(#"<pattern id="glyph[0-9]+"[^>]*><image [^>]*href="data:image/png;base64,([^"]+)""#)
        let encoded = svg.matches(of: pictures).map { String($0.output[1].substring!) }
        #expect(encoded.count == 4)
        #expect(Set(encoded).count == 4)
        #expect(DrawnText.svg(svg).emoji == ["🔥", "🔥", "❤️", "1️⃣", "🏴‍☠️", "❤️", "❤️"])
        // Each has ink (🏴‍☠️ in black and white), and together they are in colour.
        var coloured = 0
        for data in encoded {
            let picture = try PNGCodec.decode([UInt8](try #require(Data(base64Encoded: data))))
            let ink = stride(from: 3, to: picture.pixels.count, by: 4).filter { picture.pixels[$0] > 128 }.count
            #expect(ink > 100)
            coloured += Self.colouredPixels(picture)
        }
        #expect(coloured > 300)
        // The text around them is the text's own, placed where the PNG sets it.
        #expect(DrawnText.svg(svg).texts.contains(" Hot 热门 "))
        // librsvg, which draws no colour glyphs from a font, shows them in colour.
        let path = ExternalRenderers.temporaryPath("svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        let drawn = try PNGCodec.decode([UInt8](try ExternalRenderers.rsvg(svgPath: path, scale: 2)))
        let png = try CairoRenderer.rasterize(scene)
        #expect(Self.colouredPixels(drawn) > Self.colouredPixels(png) * 9 / 10)
        // The same bytes every run.
        #expect(try RenderFixtures.text(.svg, Self.feed()) == svg)
    }

    @Test func piecesStartWhereTheTextEngineSetsThem() throws {
        let drawer = try CairoGlyphPictures().drawer(fonts: nil)
        let run = Self.run("ab🔥cd 1️⃣ 热门🏴‍☠️")
        let pieces = try drawer.pieces(of: run)
        #expect(pieces.map(\.text) == ["ab", "🔥", "cd ", "1️⃣", " 热门", "🏴‍☠️"])
        #expect(pieces.map(\.isEmoji) == [false, true, false, true, false, true])
        #expect(pieces[0].x == 0)
        for (piece, next) in zip(pieces, pieces.dropFirst()) {
            #expect(piece.width > 0 && abs(piece.x + piece.width - next.x) < 1e-9)
        }
        let measurer = try PangoTextMeasurer()
        let width = measurer.width(of: run.text, fontFamilies: run.fontFamilies, fontSize: 24, weight: .regular)
        #expect(abs(pieces.last!.x + pieces.last!.width - width) < 0.01)
        // Each emoji advances as the PNG sets it.
        let advance = try #require(measurer.emojiAdvance(fontSize: 24))
        for piece in pieces where piece.isEmoji { #expect(abs(piece.width - advance) < 0.01) }
    }

    @Test func htmlSetsEachEmojiInTheEmojiFontAtThePNGsAdvance() throws {
        let scene = try Self.feed()
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        let subtitle = try #require(scene.elements[0].texts.first { $0.text.hasPrefix("❤️") })
        let advance = try #require(subtitle.emojiAdvance)
        #expect(advance == (try PangoTextMeasurer()).emojiAdvance(fontSize: subtitle.fontSize))
        // The subtitle's size is written as it is, unscaled, and the emoji span as wide as the PNG's advance.
        #expect(html.contains("font-size: \(ShortestNumber.text(subtitle.fontSize))px;"))
        #expect(!html.contains("transform"))
        let span =
            "<span class=\"emoji\" style=\"display: inline-block; width: \(ShortestNumber.text(advance))px\">"
        #expect(html.contains(span + "❤️</span>"), "\(html)")
        #expect(html.contains(".emoji { font-family: \"Noto Color Emoji\"; }"))
        #expect(DrawnText.html(html).first == "🔥 Hot 热门 🔥")
    }
}
