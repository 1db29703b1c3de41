import Foundation
import Testing
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// How the HTML page writes a text run's size and baseline, so that WebKitGTK, Firefox and
/// Chromium set the line where the PNG does (docs/VIEWERS.md).
@Suite struct HTMLTextSizeTests {
    /// One run's style attribute, read back from the page.
    struct WrittenRun {
        var fontSize: Double
        var scale: Double
        var baseline: Double
        var width: Double
    }

    static func written(fontSize: Double, baseline: Double) throws -> WrittenRun {
        let run = TextRun(
            text: "Linen shirt", frame: Rect(x: 8, y: 10, width: 120, height: fontSize * 1.2),
            fontFamilies: ["DejaVu Sans"], fontSize: fontSize, weight: .bold, color: Color(red: 0, green: 0, blue: 0),
            baseline: baseline)
        let element = SceneElement(
            kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 136, height: 400),
            fill: Color(red: 255, green: 255, blue: 255), cornerRadius: 0, texts: [run])
        let scene = Scene(
            size: Size(width: 136, height: 400), background: Color(red: 255, green: 255, blue: 255), scale: 2,
            elements: [element])
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        let style = try #require(html.firstMatch(of: /class="text[^"]*" style="([^"]*)"/)?.1)
        func number(_ name: String) -> Double? {
            guard let range = style.range(of: name) else { return nil }
            return Double(style[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" })
        }
        return WrittenRun(
            fontSize: try #require(number("font-size: ")), scale: number("transform: scale(") ?? 1,
            baseline: try #require(number("--baseline: ")), width: try #require(number("width: ")))
    }

    /// Up to 256 px a size is written above 256 px, a whole multiple of its whole part, and
    /// scaled back down: WebKitGTK sets smaller sizes at hinted, whole-pixel advances.
    @Test(arguments: [1, 9.5, 13, 14, 16.25, 40, 128, 255.75, 256])
    func aSizeUpTo256IsWrittenAboveItAndScaledDown(_ size: Double) throws {
        let written = try Self.written(fontSize: size, baseline: size * 0.93)
        let whole = size.rounded(.down)
        #expect(written.fontSize > 256)
        #expect(written.fontSize.truncatingRemainder(dividingBy: whole) == 0)
        #expect(abs(written.fontSize * written.scale - size) < 1e-9 * size)
        // The box and the baseline are in the run's own, unscaled pixels.
        #expect(abs(written.width * written.scale - 120) < 1e-9 * 120)
        #expect(abs(written.baseline * written.scale - size * 0.93) < 1e-9 * size)
    }

    @Test func aLargerWholeSizeIsWrittenAsItIsAndAFractionalOneFromItsWholePart() throws {
        let whole = try Self.written(fontSize: 300, baseline: 278)
        #expect(whole.fontSize == 300 && whole.scale == 1 && whole.baseline == 278)
        let fractional = try Self.written(fontSize: 300.5, baseline: 279)
        #expect(fractional.fontSize == 300)
        #expect(abs(fractional.scale * 300 - 300.5) < 1e-9)
    }

    /// The page's style sheet puts each line's baseline at `--baseline`, not where a browser's
    /// `line-height: normal` would.
    @Test func thePageSetsTheBaselineWithAStrut() throws {
        let scene = try RenderFixtures.scene("01-shop-grid.yaml")
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(html.contains("line-height: 0;"))
        #expect(html.contains(".text::before { content: \"\"; display: inline-block; height: var(--baseline); }"))
        #expect(!html.contains("line-height: normal"))
    }
}
