import Testing
@_spi(Testing) import WaterfallAudit
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallTestSupport

/// Contrast from the colours a text and what lies under it are drawn with: invisible text is
/// 1:1, and a text over several backgrounds is judged where it is worst.
@Suite struct TextContrastTests {
    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    static func run(
        _ text: String, at frame: Rect, color: String, size: Double = 16, weight: TextRun.Weight = .regular,
        role: String = "title"
    ) -> TextRun {
        TextRun(
            text: text, frame: frame, fontFamilies: ["sans-serif"], fontSize: size, weight: weight,
            color: Color(hex: color)!, role: role)
    }

    /// A white page holding one card of `fill` at (10, 10), 200 × 80 pt, with `texts`.
    static func card(
        fill: String, radius: Double = 0, texts: [TextRun], image: SceneImage? = nil, scale: Double = 2
    ) -> Scene {
        let element = SceneElement(
            kind: .cell, section: 0, item: 0, frame: Rect(x: 10, y: 10, width: 200, height: 80),
            fill: Color(hex: fill)!, cornerRadius: radius, image: image, texts: texts)
        return Scene(size: Size(width: 220, height: 100), background: .white, scale: scale, elements: [element])
    }

    static func contrast(_ scene: Scene, largeText: LargeTextRule = .ios) throws -> [Finding] {
        try Audit.findings(in: scene, largeText: largeText).filter { $0.kind == .contrast }
    }

    static let title = Rect(x: 20, y: 30, width: 180, height: 24)

    @Test(arguments: [("#ffffff", "#ffffff"), ("#3366cc", "#3366cc")])
    func textInItsBackgroundsColourIsAOneToOneFinding(text: String, fill: String) throws {
        let findings = try Self.contrast(
            Self.card(fill: fill, texts: [Self.run("Hidden title", at: Self.title, color: text)]))
        #expect(findings.map(\.place) == ["sections[0].items[0].title"])
        #expect(findings.first?.ratio == 1)
        #expect(findings.first?.required == 4.5)
        #expect(findings.first?.colors == [text, fill])
        #expect(
            findings.first?.message
                == "1.00:1, \(text) on \(fill) (the text is invisible there), under the 4.5:1 WCAG 2.2 AA asks of 16 pt text"
        )
    }

    @Test func nearWhiteOnWhiteIsOnePointOhOne() throws {
        let findings = try Self.contrast(
            Self.card(fill: "#ffffff", texts: [Self.run("Faint title", at: Self.title, color: "#fefefe")]))
        #expect(findings.first?.ratio == 1.01)
        #expect(findings.first?.message.hasPrefix("1.01:1, #fefefe on #ffffff, under the 4.5:1") == true)
    }

    @Test(arguments: [
        (4.4999, 4.5, 4.49), (4.4783, 4.5, 4.48), (4.5, 4.5, 4.5), (4.504, 4.5, 4.5), (2.996, 3.0, 2.99),
        (1.00855, 4.5, 1.01), (21, 4.5, 21),
    ])
    func aFailingRatioNeverReadsAsItsThreshold(ratio: Double, required: Double, shown: Double) {
        #expect(Finding.shownRatio(ratio, required: required) == shown)
        #expect((Finding.shownRatio(ratio, required: required) >= required) == (ratio >= required))
    }

    @Test func aRatioJustUnderTheThresholdIsPrintedUnderIt() throws {
        // #6d6d6d on #efefef is 4.49995:1: to the nearest hundredth 4.50, which would read as passing.
        let exact = ContrastRatio.between(Color(hex: "#6d6d6d")!, Color(hex: "#efefef")!)
        #expect(exact < 4.5 && exact > 4.4999)
        let findings = try Self.contrast(
            Self.card(
                fill: "#efefef", texts: [Self.run("Grey", at: Self.title, color: "#6d6d6d", weight: .regular)]))
        #expect(findings.first?.ratio == 4.49)
        #expect(findings.first?.message.hasPrefix("4.49:1, #6d6d6d on #efefef, under the 4.5:1") == true)
    }

    /// A white title on a dark card: inside the card it reads (15.9:1); across the card's rounded
    /// corner, its first letters lie on the white page, and that is where it is judged.
    @Test func aTitleAcrossARoundedCornerIsJudgedOnThePage() throws {
        let inside = try Self.contrast(
            Self.card(
                fill: "#222222", radius: 30,
                texts: [Self.run("Wide title", at: Rect(x: 50, y: 40, width: 150, height: 24), color: "#ffffff")]))
        #expect(inside.isEmpty)
        let scene = Self.card(
            fill: "#222222", radius: 30,
            texts: [Self.run("WWide title", at: Rect(x: 10, y: 10, width: 190, height: 24), color: "#ffffff")])
        let corner = try Self.contrast(scene)
        #expect(corner.map(\.place) == ["sections[0].items[0].title"])
        #expect((corner.first?.ratio ?? 99) < 1.5)
        #expect(corner.first?.colors?.first == "#ffffff")
        // What lies under it there is the page, or the card's edge blended into it: light.
        let behind = Color(hex: corner.first?.colors?.last ?? "#000000")!
        #expect(ContrastRatio.luminance(behind) > 0.6)
        // Its part of the picture drawn alone says the same.
        #expect(try TextContrast.plainTexts(in: scene)[0]?.first?.ratio == corner.first?.ratio)
    }

    /// An image `width` × `height` of `base`, with `light` rows `lightRows` and a light speck.
    static func photo(
        width: Int = 400, height: Int = 160, base: UInt8 = 0x20, lightRows: Range<Int> = 0..<0,
        speck: (x: Int, y: Int)? = nil
    ) -> SceneImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let light = lightRows.contains(y) || speck.map { abs($0.x - x) <= 1 && abs($0.y - y) <= 1 } == true
                for channel in 0..<3 { pixels[(y * width + x) * 4 + channel] = light ? 0xF0 : base }
            }
        }
        let data = PNGFixture.encodeStored(width: width, height: height, pixels: pixels)
        return SceneImage(path: "photo.png", format: .png, data: data, pixelWidth: width, pixelHeight: height)
    }

    /// Over a dark photo, a white title reads; a light speck under a letter does not decide it, a
    /// light band across it does.
    @Test func aTextOverAPhotoIsJudgedWhereItIsWorst() throws {
        let title = Self.run("Over the photo", at: Rect(x: 20, y: 40, width: 180, height: 24), color: "#ffffff")
        // The image fills the card: 400 × 160 pixels over 200 × 80 pt at 2×, one pixel a device pixel.
        #expect(try Self.contrast(Self.card(fill: "#000000", texts: [title], image: Self.photo())).isEmpty)
        // A 3 × 3 speck under the first letters, at (30, 45) pt.
        let speck = Self.photo(speck: (40, 70))
        #expect(try Self.contrast(Self.card(fill: "#000000", texts: [title], image: speck)).isEmpty)
        // A band 8 pixels high across the middle of the line.
        let band = Self.photo(lightRows: 66..<74)
        let findings = try Self.contrast(Self.card(fill: "#000000", texts: [title], image: band))
        #expect(findings.first?.colors == ["#ffffff", "#f0f0f0"])
        let expected = ContrastRatio.between(.white, Color(hex: "#f0f0f0")!)
        #expect(abs((findings.first?.ratio ?? 0) - expected) < 0.011)
    }

    @Test func theWCAGReadingMakesTwentyPixelTextNormal() throws {
        // #888888 on white is 3.54:1: enough for large text, not for normal text.
        let scene = Self.card(
            fill: "#ffffff", texts: [Self.run("Twenty", at: Self.title, color: "#888888", size: 20, weight: .regular)])
        #expect(try Self.contrast(scene, largeText: .ios).isEmpty)
        let wcag = try Self.contrast(scene, largeText: .wcag)
        #expect(wcag.first?.required == 4.5)
        #expect(wcag.first?.ratio == 3.54)
        #expect(wcag.first?.message == "3.54:1, #888888 on #ffffff, under the 4.5:1 WCAG 2.2 AA asks of 20 px text")
        let report = try Audit.report(in: scene, largeText: .ios)
        #expect(report.texts.map(\.large) == [true])
        #expect(report.texts.map(\.passes) == [true])
        #expect(report.texts.first?.required == 3)
    }

    @Test func largeTextUnderEachReading() {
        #expect(ContrastRatio.required(fontSize: 20, bold: false, largeText: .wcag) == 4.5)
        #expect(ContrastRatio.required(fontSize: 24, bold: false, largeText: .wcag) == 3)
        #expect(ContrastRatio.required(fontSize: 23.98, bold: false, largeText: .wcag) == 4.5)
        #expect(ContrastRatio.required(fontSize: 18.66, bold: true, largeText: .wcag) == 3)
        #expect(ContrastRatio.required(fontSize: 18.65, bold: true, largeText: .wcag) == 4.5)
        #expect(ContrastRatio.required(fontSize: 14, bold: true, largeText: .wcag) == 4.5)
        #expect(ContrastRatio.required(fontSize: 18, bold: false, largeText: .ios) == 3)
        #expect(ContrastRatio.required(fontSize: 14, bold: true) == 3)
    }

    /// Every text is measured, passing or not, in document order.
    @Test func everyTextIsMeasured() throws {
        let scene = Self.card(
            fill: "#ffffff",
            texts: [
                Self.run("Title", at: Rect(x: 20, y: 20, width: 180, height: 22), color: "#000000"),
                Self.run(
                    "Subtitle", at: Rect(x: 20, y: 44, width: 180, height: 18), color: "#aaaaaa", size: 13,
                    weight: .regular, role: "subtitle"),
            ])
        let report = try Audit.report(in: scene)
        #expect(report.texts.map(\.place) == ["sections[0].items[0].title", "sections[0].items[0].subtitle"])
        #expect(report.texts.map(\.passes) == [true, false])
        #expect(report.texts.first?.ratio == 21)
        #expect(report.texts.first?.colors == ["#000000", "#ffffff"])
        #expect(report.findings.filter { $0.kind == .contrast }.map(\.place) == ["sections[0].items[0].subtitle"])
    }

    /// The tiles, with texts whose boxes overlap in separate masks and a text across the edge
    /// between two tiles, measure what each text drawn alone measures.
    @Test func tilesMeasureWhatEachTextAloneMeasures() throws {
        var elements: [SceneElement] = []
        for (index, top) in [20.0, 2030.0, 2100.0].enumerated() {
            let frame = Rect(x: 10, y: top, width: 300, height: 60)
            elements.append(
                SceneElement(
                    kind: .cell, section: 0, item: index, frame: frame, fill: Color(hex: "#3366cc")!,
                    cornerRadius: 20,
                    texts: [
                        Self.run("A corner title", at: Rect(x: 10, y: top, width: 290, height: 26), color: "#ffffff"),
                        // Its box overlaps the title's.
                        Self.run(
                            "Subtitle in grey", at: Rect(x: 14, y: top + 20, width: 290, height: 24), color: "#888888",
                            size: 14, weight: .regular, role: "subtitle"),
                        Self.run(
                            "Same blue", at: Rect(x: 20, y: top + 40, width: 200, height: 18), color: "#3366cc",
                            size: 12, weight: .regular, role: "meta"),
                    ]))
        }
        let scene = Scene(size: Size(width: 320, height: 2200), background: .white, scale: 1, elements: elements)
        let tiled = try TextContrast.texts(in: scene)
        let plain = try TextContrast.plainTexts(in: scene)
        #expect(tiled.keys.sorted() == [0, 1, 2])
        #expect(tiled.keys.sorted() == plain.keys.sorted())
        for (element, texts) in plain {
            let fast = tiled[element] ?? []
            #expect(fast.map(\.place) == texts.map(\.place))
            for (a, b) in zip(fast, texts) {
                #expect(abs(a.ratio - b.ratio) < 0.011, "\(a.place): \(a.ratio) vs \(b.ratio)")
                #expect(a.colors[0] == b.colors[0])
            }
            #expect(fast.last?.ratio == 1, "the meta line is invisible")
        }
    }
}
