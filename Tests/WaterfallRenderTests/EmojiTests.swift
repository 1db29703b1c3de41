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
@Suite struct EmojiTests {
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
}
