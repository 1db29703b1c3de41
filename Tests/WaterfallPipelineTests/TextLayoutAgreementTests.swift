import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// What a card is measured for is what it draws: the lines `CardLayout` measures are the runs
/// the scene holds, over the card or under its image, in headers and footers, at every text size.
@Suite struct TextLayoutAgreementTests {
    let measurer: PangoTextMeasurer

    init() throws { measurer = try PangoTextMeasurer() }

    func scene(_ yaml: String, contentSize: ContentSizeCategory = .standard) throws -> (Spec, Scene) {
        let spec = try Spec.decode(yaml).atContentSize(contentSize)
        return (spec, try RenderPipeline(renderers: []).prepare(spec).scene)
    }

    func drawn(_ element: SceneElement, _ role: TextRole) -> [String] {
        element.texts.filter { $0.role == role.rawValue }.map(\.text)
    }

    @Test func theReadmesTextOnlyCardShowsItsWholeTitle() throws {
        let (_, scene) = try scene(
            """
            width: 375
            defaults: {columns: 2, sectionInset: 10, lineSpacing: 10, interitemSpacing: 10}
            sections:
              - items:
                  - {height: 120, title: Linen shirt, subtitle: "$39"}
                  - {height: auto, title: A text-only card sized to its text}
            """)
        let card = scene.elements.filter { $0.kind == .cell }[1]
        #expect(drawn(card, .title).joined(separator: " ") == "A text-only card sized to its text")
        #expect(drawn(card, .title).count == 2)
        #expect(card.cuts.isEmpty)
    }

    @Test func anAutoOverlayCardDrawsEveryMeasuredLineAndItsMeta() throws {
        let (spec, scene) = try scene(
            """
            width: 375
            defaults: {columns: 2}
            sections:
              - items:
                  - {height: auto, titleLines: 3, title: "An auto overlay card with three lines of title text and a great deal more text after them, cut", subtitle: Sub line, meta: "♥ 12"}
            """)
        let card = try #require(scene.elements.first { $0.kind == .cell })
        let layout = CardLayout.make(
            spec.sections[0].items[0], style: spec.style, width: card.frame.width, imageSize: nil, measurer: measurer)
        #expect(layout.rows.map(\.lines.count) == [3, 1, 1])
        #expect(abs(layout.height - card.frame.height) < 1e-9)
        #expect(drawn(card, .title) == layout.rows[0].lines)
        #expect(drawn(card, .subtitle) == ["Sub line"])
        #expect(drawn(card, .meta) == ["♥ 12"])
        // The title is cut by its line limit, and says so; the rest shows whole.
        #expect(card.cuts.map(\.role) == ["title"])
    }

    @Test func aShortOverlayCardEndsItsLastTitleLineWithAnEllipsisAndReportsWhatItLeftOut() throws {
        let (_, scene) = try scene(
            """
            width: 375
            defaults: {columns: 2}
            sections:
              - items:
                  - {height: 80, title: "A fixed card whose long title wraps as far as it can in the room it has", subtitle: Subtitle here, meta: Meta}
            """)
        let card = try #require(scene.elements.first { $0.kind == .cell })
        let title = drawn(card, .title)
        #expect(title.count >= 1)
        #expect(title.last?.hasSuffix("…") == true)
        // Every text left out or cut is a cut, with the lines that show.
        for role in [TextRole.title, .subtitle, .meta] where drawn(card, role).joined() != role.rawValue {
            if role == .title || drawn(card, role).isEmpty {
                #expect(card.cuts.contains { $0.role == role.rawValue }, "\(role)")
            }
        }
    }

    @Test(arguments: [ContentSizeCategory.large, .accessibility3, .accessibility5])
    func headersAndFootersSizedByTheirTitleShowEveryLine(_ size: ContentSizeCategory) throws {
        let (_, scene) = try scene(
            """
            width: 200
            sections:
              - header: {height: auto, title: "Near you, and a longer header that wraps", align: leading}
                footer: {height: auto, title: "Load more"}
                items: [{height: 40}]
            """, contentSize: size)
        for element in scene.elements where element.kind == .header || element.kind == .footer {
            #expect(!element.texts.isEmpty)
            #expect(element.cuts.isEmpty, "\(element.kind) at \(size): \(element.cuts)")
            for run in element.texts {
                #expect(run.frame.minY >= element.frame.minY - 1e-9 && run.frame.maxY <= element.frame.maxY + 1e-9)
            }
        }
        let header = try #require(scene.elements.first { $0.kind == .header })
        // Words break only where one alone is wider than the line (accessibility5's "longer").
        #expect(header.texts.map(\.text).joined().filter { $0 != " " } == "Nearyou,andalongerheaderthatwraps")
    }

    @Test func aTitleNeverVanishesFromAHeaderTooShortForIt() throws {
        let (_, scene) = try scene(
            """
            width: 375
            sections:
              - header: {height: 44, title: Near you}
                footer: {height: 36, title: Load more}
                items: [{height: 40}]
            """, contentSize: .accessibility5)
        for element in scene.elements where element.kind == .header || element.kind == .footer {
            #expect(element.texts.count == 1, "\(element.kind)")
        }
    }

    @Test func aWordBreaksOnlyWhenItAloneIsWiderThanItsLine() {
        for width in [80.0, 120, 170] {
            let lines = measurer.lines(
                "Bubble tea crawl: five shops", width: width, maxLines: 100, fontFamilies: SpecStyle.defaultFont,
                fontSize: 22, weight: .bold)
            let words = ["Bubble", "tea", "crawl:", "five", "shops"]
            for word in words {
                let fits =
                    measurer.width(of: word, fontFamilies: SpecStyle.defaultFont, fontSize: 22, weight: .bold) <= width
                #expect(
                    !fits || lines.contains { $0.split(separator: " ").contains(Substring(word)) },
                    "\(word) at \(width)")
            }
        }
    }

    /// Random feeds at random text sizes: every run's ink inside its box and its element, and a
    /// card or header sized by its text draws exactly the lines it was measured for.
    @Test(arguments: 0..<64)
    func randomFeedsDrawWhatTheyMeasure(_ seed: Int) throws {
        var random = TestRandom(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let words = [
            "Bubble", "tea", "crawl:", "five", "shops", "in", "one", "afternoon", "大理", "周末早午餐", "Plants",
            "Averyveryverylongwordwithoutanyspaces", "♥", "1.2k", "🍜", "Ceramics", "class",
        ]
        func text(_ range: ClosedRange<Int>) -> String {
            (0..<Int.random(in: range, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
        }
        let content = Bool.random(using: &random) ? "overlay" : "below"
        var yaml = """
            width: \([320, 375, 414].randomElement(using: &random)!)
            defaults: {columns: \(Int.random(in: 1...3, using: &random)), interitemSpacing: 8, lineSpacing: 8}
            style: {card: {content: \(content), padding: \([4, 8, 12].randomElement(using: &random)!)}}
            sections:
              - header: {height: auto, title: "\(text(1...6))"}
                footer: {height: auto, title: "\(text(1...3))"}
                items:

            """
        for _ in 0..<8 {
            var keys = ["title: \"\(text(1...10))\""]
            if Bool.random(using: &random) { keys.append("subtitle: \"\(text(1...4))\"") }
            if Bool.random(using: &random) { keys.append("meta: \"\(text(1...2))\"") }
            if Bool.random(using: &random) { keys.append("titleLines: \(Int.random(in: 1...4, using: &random))") }
            if content == "below" || Bool.random(using: &random) {
                keys.append("height: auto")
                if content == "below" { keys.append("size: {width: 4, height: 3}") }
            } else {
                keys.append("height: \(Int.random(in: 30...160, using: &random))")
            }
            yaml += "      - {\(keys.joined(separator: ", "))}\n"
        }
        let size = [ContentSizeCategory.large, .xxxLarge, .accessibility3, .accessibility5].randomElement(
            using: &random)!
        let (spec, scene) = try scene(yaml, contentSize: size)
        var index = 0
        for element in scene.elements {
            for run in element.texts {
                let metrics = measurer.lineMetrics(
                    of: run.text, fontFamilies: run.fontFamilies, fontSize: run.fontSize, weight: run.weight)
                let width = measurer.width(
                    of: run.text, fontFamilies: run.fontFamilies, fontSize: run.fontSize, weight: run.weight)
                #expect(run.frame.width == 0 || width <= run.frame.width + 1e-6, "seed \(seed): \(run.text)")
                #expect(run.frame.minY + metrics.inkBottom <= run.frame.maxY + 1e-6, "seed \(seed): \(run.text)")
                if element.overflowingTexts.contains(run.role ?? "") {
                    // A card or header shorter than one line draws that line alone, past its edges.
                    #expect(element.texts.count == 1 && run.frame.height > element.frame.height, "seed \(seed)")
                    continue
                }
                #expect(run.frame.minY + min(0, metrics.inkTop) >= element.frame.minY - 1e-6, "seed \(seed)")
                #expect(run.frame.maxY <= element.frame.maxY + 1e-6, "seed \(seed): \(run.text)")
            }
            // Every title is drawn: none vanishes, at any size.
            #expect(
                element.kind == .background
                    || element.texts.contains { $0.role == "title" || $0.role == "header" || $0.role == "footer" },
                "seed \(seed) at \(size): \(element.kind)")
            switch element.kind {
            case .cell:
                let item = spec.sections[0].items[index]
                index += 1
                guard item.isSizedByContent(in: spec.style) else { continue }
                let layout = CardLayout.make(
                    item, style: spec.style, width: element.frame.width,
                    imageSize: content == "below" ? item.imageSize : nil, measurer: measurer)
                for row in layout.rows {
                    #expect(
                        drawn(element, row.role) == row.lines,
                        "seed \(seed) at \(size): \(row.role) in \(element.frame), measured \(layout.height): \(yaml)")
                }
            case .header, .footer:
                let role: TextRole = element.kind == .header ? .header : .footer
                let title = (element.kind == .header ? spec.sections[0].header : spec.sections[0].footer)?.title
                let layout = CardLayout.supplementary(
                    title: title ?? "", role: role, style: spec.style, width: element.frame.width,
                    maxLines: CardLayout.allLines, measurer: measurer)
                #expect(drawn(element, role) == layout.rows.first?.lines, "seed \(seed) at \(size): \(role)")
                #expect(element.cuts.isEmpty, "seed \(seed) at \(size): \(role)")
            case .background:
                break
            }
        }
    }
}
