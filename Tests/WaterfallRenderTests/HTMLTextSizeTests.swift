import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallTestSupport

/// How the HTML page writes a text run's size and baseline: the size as it is, so that checkers
/// (axe-core), text zoom, find and copy read it right, and the baseline where the PNG has it in
/// WebKitGTK, Firefox and Chromium (docs/VIEWERS.md).
@Suite struct HTMLTextSizeTests {
    /// One run's style attribute, read back from the page.
    struct WrittenRun {
        var fontSize: Double
        var baseline: Double
        var style: String
        var width: Double
    }

    static func written(fontSize: Double, baseline: Double) throws -> WrittenRun {
        let run = TextRun(
            text: "Linen shirt", frame: Rect(x: 8, y: 10, width: 120, height: fontSize * 1.2),
            fontFamilies: ["DejaVu Sans"], fontSize: fontSize, weight: .bold, color: Color(red: 0, green: 0, blue: 0),
            baseline: baseline, role: "title")
        let element = SceneElement(
            kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 136, height: 400),
            fill: Color(red: 255, green: 255, blue: 255), cornerRadius: 0, texts: [run])
        let scene = Scene(
            size: Size(width: 136, height: 400), background: Color(red: 255, green: 255, blue: 255), scale: 2,
            elements: [element])
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        let style = try #require(html.firstMatch(of: /class="text"[^>]*? style="([^"]*)"/)?.1)
        func number(_ name: String) -> Double? {
            guard let range = style.range(of: name) else { return nil }
            return Double(style[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" })
        }
        return WrittenRun(
            fontSize: try #require(number("font-size: ")), baseline: try #require(number("--baseline: ")),
            style: String(style), width: try #require(number("width: ")))
    }

    /// Every size is written as it is, fractions included, and nothing scales the text: axe-core
    /// took a 14 px line written as 266 px and scaled down for large text, and asked 3:1 of it.
    @Test(arguments: [1, 9.5, 13, 14, 16.25, 40, 128, 255.75, 256, 300.5])
    func aSizeIsWrittenAsItIs(_ size: Double) throws {
        let written = try Self.written(fontSize: size, baseline: size * 0.93)
        #expect(written.fontSize == size)
        #expect(written.width == 120)
        #expect(written.baseline == size * 0.93)
        #expect(!written.style.contains("transform"), "\(written.style)")
    }

    /// Each text names what it is in its element, so that a checker's node maps to its place in
    /// the spec (`sections[0].items[0].title`).
    @Test func eachTextNamesItsRole() throws {
        let scene = try RenderFixtures.scene("01-shop-grid.yaml")
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        let texts = html.matches(of: /<div class="text"( data-role="([a-z]+)")? style=/)
        #expect(!texts.isEmpty)
        #expect(texts.allSatisfy { $0.output.2 != nil }, "a text without data-role")
        #expect(html.contains(#"<div class="text" data-role="title" style="#))
    }

    /// Words between emoji are in a `line` span as wide as Pango sets them, which the page
    /// justifies, so a viewer's own advances (WebKitGTK's hinted ones) do not add up along the
    /// line; the spaces at its ends and the emoji stay outside it.
    @Test func wordsAreInALineAsWideAsThePNGs() throws {
        let scene = try RenderFixtures.scene("12-tablet.yaml")
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(html.contains(".line { display: inline-block; line-height: normal; margin-block: -2em; "))
        let title = try #require(
            scene.elements.flatMap(\.texts).first { $0.text.hasPrefix("The long weekend issue") })
        let measurer = try PangoTextMeasurer()
        let width = measurer.width(
            of: title.text, fontFamilies: title.fontFamilies, fontSize: title.fontSize, weight: title.weight)
        let line = try #require(
            html.firstMatch(of: /<span class="line" style="width: ([0-9.]+)px">The long weekend issue/))
        #expect(abs(try #require(Double(line.1)) - width) < 0.01)
        // The text reads as it is written, at its own size.
        #expect(DrawnText.html(html).contains(title.text))
        let emoji = try RenderFixtures.text(.html(templates: .bundled), try RenderFixtures.scene("14-emoji-feed.yaml"))
        #expect(emoji.contains(#"</span> <span class="line" style="width: "#), "no line beside an emoji")
        #expect(emoji.matches(of: #/<span class="line"[^>]*> /#).isEmpty, "a line starts with a space")
        #expect(emoji.matches(of: #/<span class="line"[^>]*>[^<]* </span>/#).isEmpty, "a line ends with a space")
    }

    /// A scene made by hand has no text engine to measure lines: its text is written plain.
    @Test func aSceneWithoutTheTextEngineWritesNoLines() throws {
        let written = try Self.written(fontSize: 14, baseline: 13)
        #expect(written.fontSize == 14)
        let run = TextRun(
            text: "Linen shirt", frame: Rect(x: 0, y: 0, width: 120, height: 20), fontFamilies: ["DejaVu Sans"],
            fontSize: 14, weight: .regular, color: Color(red: 0, green: 0, blue: 0))
        let element = SceneElement(
            kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 136, height: 40),
            fill: Color(red: 255, green: 255, blue: 255), cornerRadius: 0, texts: [run])
        let scene = Scene(
            size: Size(width: 136, height: 40), background: Color(red: 255, green: 255, blue: 255), scale: 1,
            elements: [element])
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(html.contains(">Linen shirt</div>"))
        #expect(!html.contains("<span class=\"line\""))
    }

    /// The page's style sheet puts each line's baseline at `--baseline`, not where a browser's
    /// `line-height: normal` would.
    @Test func thePageSetsTheBaselineWithAStrut() throws {
        let scene = try RenderFixtures.scene("01-shop-grid.yaml")
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(html.contains("line-height: 0;"))
        #expect(html.contains(".text::before { content: \"\"; display: inline-block; height: var(--baseline); }"))
        // Only a `line` span is as tall as its font, and its negative margins keep that out of the line.
        #expect(html.components(separatedBy: "line-height: normal").count == 2)
        #expect(html.contains("line-height: normal; margin-block: -2em;"))
    }
}
