import Testing
import WaterfallCairo
import WaterfallLayout
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// The Pango measurer's fitting: the same lines as the protocol's plain bisection, in time
/// linear in what fits, and text Cairo can draw into every format.
@Suite struct TextFittingTests {
    /// The protocol's own `fitting` (bisection over the whole line) on Pango's widths: the twin.
    private struct PlainBisection: TextMeasuring {
        let measurer: PangoTextMeasurer
        func width(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
            measurer.width(of: text, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight)
        }
    }

    private let families = SceneFixtures.families

    @Test func fittingMatchesThePlainBisection() throws {
        let measurer = try PangoTextMeasurer()
        let twin = PlainBisection(measurer: measurer)
        let words = ["Linen", "shirt", "标题", "卡片", "  ", "naïve", "e\u{301}", "👩‍👩‍👧", "Ω", "—", "\n", "x"]
        var generator = SystemRandomNumberGenerator()
        var titles = ["", " ", "Linen shirt", "Load more   ", String(repeating: "wide ", count: 2000)]
        for _ in 0..<40 {
            titles.append((0..<Int.random(in: 1...30, using: &generator)).map { _ in words.randomElement()! }.joined())
        }
        for title in titles {
            for width in [0, 5, 40, 111.5, 300, 5000] {
                let fast = measurer.fitting(title, width: width, fontFamilies: families, fontSize: 13, weight: .bold)
                let plain = twin.fitting(title, width: width, fontFamilies: families, fontSize: 13, weight: .bold)
                #expect(fast == plain, "\(title.prefix(40).debugDescription) in \(width) pt")
            }
        }
    }

    /// The measurer has no counter to read, so the time limit holds the promise: a debug build
    /// took 94 s when the whole line reached Pango; now a few hundred characters do.
    @Test(.onWaitingThreads, .timeLimit(.minutes(1))) func aTenMegabyteTitleFitsInLinearTime() throws {
        let measurer = try PangoTextMeasurer()
        let title = String(repeating: "Linen shirt with a long name ", count: 350_000)
        #expect(title.utf8.count > 10_000_000)
        let fitted = measurer.fitting(title, width: 180, fontFamilies: families, fontSize: 13, weight: .regular)
        #expect(fitted.hasSuffix("…"), "\(fitted)")
        #expect(title.hasPrefix(fitted.dropLast()), "\(fitted)")
        #expect(
            fitted
                == PlainBisection(measurer: measurer).fitting(
                    String(title.prefix(5000)), width: 180, fontFamilies: families, fontSize: 13, weight: .regular))
    }

    /// The fitted line is the whole line Pango measured, so its 37 characters are the work done
    /// (36 s before, with every mark measured); drawing the raw text is held by the time limit.
    @Test(.onWaitingThreads, .timeLimit(.minutes(1))) func aHundredThousandCombiningMarksAreBounded() throws {
        let measurer = try PangoTextMeasurer()
        let title = "e" + String(repeating: "\u{301}", count: 100_000) + " shirt"
        let fitted = measurer.fitting(title, width: 300, fontFamilies: families, fontSize: 13, weight: .regular)
        // UAX #15's stream-safe limit: 30 marks kept after the letter.
        #expect(fitted == "e" + String(repeating: "\u{301}", count: 30) + " shirt")
        #expect(fitted.unicodeScalars.count == 37)

        let scene = Scene(
            size: Size(width: 300, height: 40), background: .white, scale: 1,
            elements: [textElement(title, width: 300)])
        #expect(try CairoRenderer.rasterize(scene).width == 300)
        #expect(try Array(CairoRenderer.renderPDF(scene).prefix(5)) == Array("%PDF-".utf8))
    }

    @Test func noncharactersDrawInPNGAndPDF() throws {
        let measurer = try PangoTextMeasurer()
        // Swift literals refuse noncharacters; spec files and `Unicode.Scalar` do not.
        let scalars: [UInt32] = [0x61, 0xFDD0, 0x62, 0xFFFE, 0x63, 0xFDEF, 0x64, 0x10FFFF, 0x65, 0x1FFFF]
        let title = String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! }))
        let fitted = measurer.fitting(title, width: 300, fontFamilies: families, fontSize: 13, weight: .regular)
        #expect(fitted == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}")
        // Both the fitted text and the raw one (a scene made by hand) draw in every Cairo format.
        for text in [fitted, title] {
            let scene = Scene(
                size: Size(width: 300, height: 40), background: .white, scale: 2,
                elements: [textElement(text, width: 300)])
            let pdf = try CairoRenderer.renderPDF(scene)
            #expect(Array(pdf.prefix(5)) == Array("%PDF-".utf8))
            let raster = try CairoRenderer.rasterize(scene)
            let inked = stride(from: 0, to: raster.pixels.count, by: 4).filter { raster.pixels[$0] < 128 }.count
            #expect(inked > 20, "the text was drawn")
        }
        // Ordinary text is left alone.
        #expect(
            measurer.fitting("Café 卡片 👩‍👩‍👧", width: 300, fontFamilies: families, fontSize: 13, weight: .regular)
                == "Café 卡片 👩‍👩‍👧")
    }

    private func textElement(_ text: String, width: Double) -> SceneElement {
        SceneElement(
            kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: width, height: 40), fill: .white,
            cornerRadius: 0,
            texts: [
                TextRun(
                    text: text, frame: Rect(x: 0, y: 0, width: width, height: 40), fontFamilies: families,
                    fontSize: 13, weight: .regular, color: .black)
            ])
    }
}
