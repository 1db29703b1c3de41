import Foundation
import Testing
@_spi(Testing) import WaterfallAudit
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// The audit of scenes the pipeline builds, as `audit`, `check` and the gallery see them.
@Suite struct AuditTests {
    static func scene(_ yaml: String, folder: String = ".") throws -> Scene {
        let spec = try Spec.decode(yaml, file: "feed.yaml", baseDirectory: folder)
        var pipeline = RenderPipeline(renderers: [])
        pipeline.keepsImagePixels = true
        return try pipeline.prepare(spec).scene
    }

    static func findings(_ yaml: String, folder: String = ".") throws -> [Finding] {
        try Audit.findings(in: try scene(yaml, folder: folder))
    }

    @Test func greyTextOnWhiteCardsIsMeasuredOnTheDrawnPixels() throws {
        let findings = try Self.findings(
            """
            width: 320
            scale: 2
            style: {fontSize: 14, palette: ["#ffffff"]}
            sections:
              - columns: 1
                items:
                  - {height: 60, title: "Fails grey", style: {title: {color: "#777777", fontWeight: regular}}}
                  - {height: 60, title: "Passes grey", style: {title: {color: "#767676", fontWeight: regular}}}
                  - {height: 60, title: "Light bold", style: {title: {color: "#aaaaaa"}}}
                  - {height: 60, title: "Dark card", color: "#333333", style: {title: {color: "#777777"}}}
            """)
        let contrast = findings.filter { $0.kind == .contrast }
        #expect(
            contrast.map(\.place) == [
                "sections[0].items[0].title", "sections[0].items[2].title", "sections[0].items[3].title",
            ])
        #expect(contrast[0].ratio == 4.48 && contrast[0].required == 4.5)
        #expect(contrast[0].colors == ["#777777", "#ffffff"])
        #expect(contrast[0].message.hasPrefix("4.48:1, #777777 on #ffffff"))
        // 14 pt bold is large text: 3:1 is asked, and 2.32 is short of it.
        #expect(contrast[1].ratio == 2.32 && contrast[1].required == 3)
        // Against the card's own fill, not the page: #777777 on #333333.
        #expect(contrast[2].colors == ["#777777", "#333333"])
        let expected = ContrastRatio.between(Color(hex: "#777777")!, Color(hex: "#333333")!)
        #expect(abs((contrast[2].ratio ?? 0) - expected) < 0.006)
    }

    /// A white title 4 pt from a dark card's 28 pt corner: its first letter lies partly on the
    /// light page, where it cannot be read; with room from the corner it reads.
    @Test func aTitleLosingLettersAtARoundedCornerIsFound() throws {
        let yaml = """
            width: 320
            scale: 2
            style: {cornerRadius: 28, fontSize: 15, card: {padding: 4}}
            sections:
              - columns: 1
                items:
                  - {height: 80, color: "#222222", title: "White title at the corner", style: {title: {color: "#ffffff"}}}
            """
        let corner = try Self.findings(yaml).filter { $0.kind == .contrast }
        #expect(corner.map(\.place) == ["sections[0].items[0].title"])
        #expect((corner.first?.ratio ?? 99) < 1.2)
        #expect(corner.first?.colors?.first == "#ffffff")
        let roomy = try Self.findings(yaml.replacingOccurrences(of: "padding: 4", with: "padding: 16"))
        #expect(roomy.filter { $0.kind == .contrast }.isEmpty)
    }

    @Test func textOverAPhotoIsMeasuredAgainstTheScrimAndThePhoto() throws {
        let folder = try TemporaryFolder()
        // A light photo, all #f0f0f0: white text on it needs the scrim to read.
        let pixels = [UInt8](repeating: 0xF0, count: 64 * 64 * 4).enumerated().map {
            $0.offset % 4 == 3 ? 255 : $0.element
        }
        try Data(PNGFixture.encodeStored(width: 64, height: 64, pixels: pixels)).write(
            to: URL(fileURLWithPath: folder.path + "/light.png"))
        let plain = """
            width: 200
            scale: 1
            style: {card: {content: overlay, scrim: none}}
            sections:
              - columns: 1
                items:
                  - {height: 100, image: light.png, title: "On a light photo"}
            """
        let bare = try Self.findings(plain, folder: folder.path).filter { $0.kind == .contrast }
        #expect(bare.count == 1)
        #expect((bare.first?.ratio ?? 99) < 1.2)
        let scrimmed = try Self.findings(
            plain.replacingOccurrences(of: "scrim: none", with: "scrim: gradient"), folder: folder.path
        ).filter { $0.kind == .contrast }
        // The scrim darkens what is behind the title, so its ratio is higher.
        #expect((scrimmed.first?.ratio ?? 99) > (bare.first?.ratio ?? 0) || scrimmed.isEmpty)
    }

    @Test func truncationIsFoundExactlyWhereAnEllipsisIsDrawn() throws {
        let titles = [
            "Short", "A title of middling length here", "A very long title that certainly cannot fit on one line",
            "Two", "Bubble tea crazy long title that goes on and on forever and ever",
        ]
        let items = titles.map { "      - {height: 50, title: \"\($0)\"}" }.joined(separator: "\n")
        let yaml = "width: 260\nscale: 1\nsections:\n  - columns: 2\n    items:\n" + items + "\n"
        let scene = try Self.scene(yaml)
        let findings = try Audit.findings(in: scene).filter { $0.kind == .truncation }
        for element in scene.elements where element.kind == .cell {
            let drawn = element.texts.filter { $0.role == "title" }.map(\.text).joined()
            let place = "sections[0].items[\(element.item!)].title"
            let finding = findings.first { $0.place == place }
            #expect(drawn.hasSuffix("…") == (finding != nil), "\(place): \(drawn)")
            if let finding {
                // Characters as people read them: grapheme clusters of the title as written, its
                // spaces included, up to the last one drawn.
                let title = titles[element.item!]
                let drawnLetters = drawn.dropLast().filter { !$0.isWhitespace }.count
                var letters = 0
                let shown = title.prefix {
                    if letters == drawnLetters { return false }
                    if !$0.isWhitespace { letters += 1 }
                    return true
                }
                #expect(finding.characters == [shown.count, title.count])
                #expect(finding.message.contains("\(shown.count) of \(title.count) characters show"))
                #expect(finding.message.contains("at large"))
            }
        }
        #expect(!findings.isEmpty)
    }

    @Test func linesLeftOutByTitleLinesAreFound() throws {
        let findings = try Self.findings(
            """
            width: 200
            scale: 1
            style: {card: {content: below, titleLines: 1}}
            sections:
              - columns: 1
                items:
                  - {size: {width: 100, height: 50}, title: "A long title that wraps onto a second line at least"}
                  - {size: {width: 100, height: 50}, title: "Fits", titleLines: 3}
            """
        ).filter { $0.kind == .truncation }
        #expect(findings.map(\.place) == ["sections[0].items[0].title"])
        #expect(findings.first?.message.contains("cut to 1 line") == true)
    }

    @Test func tapTargetsAreCardsFootersWithTitlesAndWhatIsMarked() throws {
        let findings = try Self.findings(
            """
            width: 300
            scale: 1
            sections:
              - columns: 2
                header: {height: 30, title: "Not a target"}
                footer: {height: 30, title: "Load more"}
                items:
                  - {height: 40}
                  - {height: 40, tappable: false}
                  - {height: 44}
              - columns: 1
                header: {height: 30, title: "See all", tappable: true}
                footer: {height: 20}
                items:
                  - {height: 100}
            """
        ).filter { $0.kind == .smallTarget }
        #expect(
            findings.map(\.place) == ["sections[0].items[0]", "sections[0].footer", "sections[1].header"])
        #expect(findings[0].message == "145 × 40 pt, under the 44 × 44 pt a tap target needs")
    }

    @Test func imagesDrawnLargerThanTheirPixelsAreBlurryByHowMuch() throws {
        let folder = try TemporaryFolder()
        let pixels = [UInt8](repeating: 200, count: 100 * 50 * 4)
        try Data(PNGFixture.encodeStored(width: 100, height: 50, pixels: pixels)).write(
            to: URL(fileURLWithPath: folder.path + "/small.png"))
        let findings = try Self.findings(
            """
            width: 220
            scale: 2
            sections:
              - columns: 1
                sectionInset: 10
                items:
                  - {image: small.png}
                  - {image: small.png, height: 20}
            """, folder: folder.path
        ).filter { $0.kind == .blurryImage }
        // 200 points wide at 2× is 400 device pixels over 100 pixels: 4×.
        #expect(findings.map(\.place) == ["sections[0].items[0].image", "sections[0].items[1].image"])
        #expect(findings.map(\.magnification) == [4, 4])
        #expect(
            findings[0].message == "drawn at 4.00× its pixels: 100 × 50 px spread over 400 × 200 device pixels at 2×")
    }

    /// The tiles measure what each text drawn alone measures: the same texts found, the same ratios.
    @Test(arguments: ["06-local-images.yaml", "11-shop-home.yaml", "15-dark-sections.yaml", "19-text-sizes.yaml"])
    func tilesMeasureWhatEachTextAloneMeasures(_ example: String) throws {
        let yaml = try String(contentsOfFile: Repository.path("Examples/" + example), encoding: .utf8)
        var spec = try Spec.decode(yaml, file: example, baseDirectory: Repository.path("Examples"))
        if example.hasPrefix("19") { spec = spec.inAppearance(.dark) }
        var pipeline = RenderPipeline(renderers: [])
        pipeline.keepsImagePixels = true
        let scene = try pipeline.prepare(spec).scene
        let tiled = try TextContrast.findings(in: scene)
        let plain = try TextContrast.plainFindings(in: scene)
        #expect(!plain.isEmpty, "\(example) has a text to measure under AA")
        #expect(tiled.keys.sorted() == plain.keys.sorted())
        for (element, findings) in plain {
            let fast = tiled[element] ?? []
            #expect(fast.map(\.place) == findings.map(\.place))
            for (a, b) in zip(fast, findings) {
                #expect(abs((a.ratio ?? 0) - (b.ratio ?? 0)) < 0.011, "\(a.line) vs \(b.line)")
            }
        }
    }

    @Test func theSameSceneGivesTheSameFindings() throws {
        let yaml = try String(contentsOfFile: Repository.path("Examples/11-shop-home.yaml"), encoding: .utf8)
        let first = try Self.findings(yaml, folder: Repository.path("Examples"))
        let second = try Self.findings(yaml, folder: Repository.path("Examples"))
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
