import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Cards as the app draws them: wrapped, measured text under the image, and heights that follow.
@Suite struct CardTests {
    let measurer: PangoTextMeasurer
    let fonts = SpecStyle.defaultFont

    init() throws { measurer = try PangoTextMeasurer() }

    func width(_ text: String, size: Double = 13, weight: TextRun.Weight = .bold) -> Double {
        measurer.width(of: text, fontFamilies: fonts, fontSize: size, weight: weight)
    }

    @Test(arguments: [
        "Weekend brunch in Dali, with a view over the lake and the mountains behind it",
        "大理周末早午餐，洱海边的小院子，阳光正好，适合发呆和拍照",
        "Mixed 中英文 text: 周末 brunch in 大理 with friends 和家人",
        "Averyveryverylongwordwithoutanyspacesthatmustbreakinsideitself",
    ])
    func everyLineFitsAndTheLinesAreTheText(_ text: String) {
        for lineWidth in [60.0, 97.5, 166.5, 300] {
            let lines = measurer.lines(
                text, width: lineWidth, maxLines: 100, fontFamilies: fonts, fontSize: 13, weight: .bold)
            #expect(!lines.isEmpty)
            for line in lines { #expect(width(line) <= lineWidth + 0.001, "\(line) at \(lineWidth)") }
            // With room for every line, the lines are the text itself, broken at spaces or between characters.
            #expect(lines.joined(separator: " ").filter { $0 != " " } == text.filter { $0 != " " })
        }
    }

    @Test func aTitleCutToItsLineLimitEndsWithAnEllipsis() {
        let text = String(repeating: "word ", count: 80)
        let lines = measurer.lines(text, width: 120, maxLines: 2, fontFamilies: fonts, fontSize: 13, weight: .bold)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…"))
        #expect(lines.allSatisfy { width($0) <= 120 })
    }

    /// A 6 MB title costs what its first lines cost.
    ///
    /// Pango wraps a prefix and fits the rest by a prefix that overflows, never the whole text.
    /// The measurer has no counter to read, so the time limit holds the promise.
    @Test(.onWaitingThreads, .timeLimit(.minutes(1))) func aSixMegabyteTitleIsCutLikeItsFirstLines() {
        let long = String(repeating: "长", count: 2_000_000)
        let lines = measurer.lines(long, width: 120, maxLines: 2, fontFamilies: fonts, fontSize: 13, weight: .bold)
        let short = measurer.lines(
            String(long.prefix(200)), width: 120, maxLines: 2, fontFamilies: fonts, fontSize: 13, weight: .bold)
        #expect(lines.count == 2)
        #expect(lines == short)
        #expect(lines.last?.hasSuffix("…") == true)
    }

    /// A one-card spec under its image; `title` and `titleLines` vary.
    func cardHeight(title: String, titleLines: Int? = nil) throws -> Double {
        var item = SpecItem(layout: .height(0), title: title, subtitle: "♥ 1.2k")
        item.fixedHeight = nil
        item.imageSize = Size(width: 1080, height: 1350)
        item.titleLines = titleLines
        var style = SpecStyle()
        style.card = CardStyle(content: .below)
        let spec = Spec(
            width: 375, style: style, sections: [SpecSection(settings: SectionSettings(columns: 2), items: [item])])
        let layout = try RenderPipeline(renderers: []).layout(spec)
        return try #require(layout.layoutAttributesForAllElements().first).frame.height
    }

    @Test func eachTitleLineAddsExactlyOneLineHeight() throws {
        let lineHeight = 13 * CardLayout.lineHeight
        let one = try cardHeight(title: "Linen shirt")
        let two = try cardHeight(title: "Weekend brunch in Dali with a view over the lake")
        let five = try cardHeight(
            title: String(repeating: "Weekend brunch in Dali with a view over the lake ", count: 3), titleLines: 5)
        let fiveCutToTwo = try cardHeight(
            title: String(repeating: "Weekend brunch in Dali with a view over the lake ", count: 3), titleLines: 2)
        #expect(two == one + lineHeight)
        #expect(five == one + 4 * lineHeight)
        #expect(fiveCutToTwo == two)
        // Image area (182.5 × 1350 / 1080), padding, title, spacing, subtitle, padding.
        #expect(one == 182.5 * 1350 / 1080 + 8 + lineHeight + 4 + 13 * 0.92 * CardLayout.lineHeight + 8)
    }

    static let feed = """
        width: 375
        style: {background: "#f5f5f5", palette: ["#ffffff"], card: {content: below}}
        sections:
          - columns: 2
            style: {background: "#fff4e8", textColor: "#222222"}
            header: {height: 44, title: 发现, align: center}
            items:
              - {image: images/meadow.png, title: "Weekend brunch in Dali, with a view over the lake", subtitle: "♥ 1.2k"}
              - {image: images/sunset.jpg, title: "大理周末早午餐，洱海边的小院子", subtitle: "♥ 856", meta: "¥199"}
              - {size: {width: 1080, height: 1350}, title: "An image area from size", meta: "¥59"}
              - {height: auto, title: "A text-only card sized to its text, long enough to wrap to two lines"}
              - {height: 60, title: "A fixed card too short for its long title and its subtitle", subtitle: "cut"}
              - {image: images/night.png, title: "Night", span: full}
        """

    @Test func layoutReportsTheHeightsEveryFormatDraws() throws {
        let spec = try Spec.decode(Self.feed, baseDirectory: Repository.path("Examples"))
        let pipeline = RenderPipeline(renderers: [.svg, .layoutJSON])
        let prepared = try pipeline.prepare(spec)
        let layout = try pipeline.layout(spec)
        let frames = layout.layoutAttributesForAllElements().map(\.frame)
        #expect(prepared.scene.elements.map(\.frame) == frames)
        let outputs = try pipeline.render(prepared)
        let json = String(decoding: outputs[1].bytes, as: UTF8.self)
        let dumped = LayoutDump.json(
            contentSize: layout.contentSize, elements: layout.layoutAttributesForAllElements(), pretty: true)
        #expect(json == dumped)
        #expect(frames[1].height > 0 && frames[4].height > 0)
    }

    @Test func textIsNeverDrawnOutsideItsCard() throws {
        let spec = try Spec.decode(Self.feed, baseDirectory: Repository.path("Examples"))
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        for element in scene.elements where element.kind == .cell {
            for run in element.texts {
                #expect(run.frame.minX >= element.frame.minX && run.frame.maxX <= element.frame.maxX)
                #expect(run.frame.minY >= element.frame.minY && run.frame.maxY <= element.frame.maxY + 1e-9)
            }
        }
        let fixed = try #require(scene.elements.first { $0.item == 4 })
        #expect(fixed.texts.count == 2, "the 60-point card keeps only the lines that fit: \(fixed.texts.map(\.text))")
        // In the PNG, every pixel outside the cards and the header is the page's background.
        let image = try CairoRenderer.rasterize(scene)
        let background = Color(hex: "#f5f5f5")!
        let boxes = scene.elements.map { $0.frame }
        for y in stride(from: 0, to: image.height, by: 3) {
            for x in stride(from: 0, to: image.width, by: 3) {
                let point = Point(x: (Double(x) + 0.5) / scene.scale, y: (Double(y) + 0.5) / scene.scale)
                guard !boxes.contains(where: { $0.insetBy(-1).contains(point) }) else { continue }
                #expect(image.color(x: x, y: y) == background, "(\(x), \(y))")
            }
        }
    }

    @Test func svgAndHTMLDrawTheSameLinesAsThePNG() throws {
        let spec = try Spec.decode(Self.feed, baseDirectory: Repository.path("Examples"))
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        let svg = String(decoding: try Renderer.svg.render(scene)[0].bytes, as: UTF8.self)
        let html = String(decoding: try Renderer.html(templates: .bundled).render(scene)[0].bytes, as: UTF8.self)
        // Each line once in each, emoji as pictures in the SVG and in spans in the HTML.
        let runs = scene.elements.flatMap(\.texts)
        let drawn = DrawnText.svg(svg)
        // Typed, each of them: in one `#expect` the closures took the type checker over a second.
        let withoutEmoji: [String] = runs.map { (run: TextRun) -> String in String(run.text.filter { !$0.isEmojiGlyph })
        }
        let emoji: [String] = runs.flatMap { (run: TextRun) -> [String] in
            run.text.filter(\.isEmojiGlyph).map { String($0) }
        }
        let escaped: [String] = runs.map { (run: TextRun) -> String in
            run.text.replacingOccurrences(of: "&", with: "&amp;")
        }
        #expect(drawn.texts == withoutEmoji.filter { !$0.isEmpty })
        #expect(drawn.emoji == emoji)
        #expect(DrawnText.html(html) == escaped)
    }
}

/// A section's background is a decoration element behind its cells, drawn by every format.
@Suite struct SectionBackgroundTests {
    static let spec = """
        width: 200
        scale: 1
        style: {background: "#ffffff"}
        sections:
          - header: {height: 30, title: Categories}
            sectionInset: 20
            style: {background: "#fff4e8"}
            items: [{height: 40, color: "#333333"}, {height: 60, color: "#333333"}]
          - {sectionInset: 20, items: [{height: 20}]}
        """

    @Test func theBackgroundIsDrawnInEveryFormat() throws {
        let scene = try RenderPipeline(renderers: []).prepare(Spec.decode(Self.spec)).scene
        let background = try #require(scene.elements.first { $0.kind == .background })
        // From where sectionInset.top begins (after the header) to where sectionInset.bottom ends.
        #expect(background.frame == Rect(x: 0, y: 30, width: 200, height: 20 + 60 + 20))
        #expect(background.fill == Color(hex: "#fff4e8"))
        #expect(scene.elements.firstIndex { $0.kind == .background }! < scene.elements.firstIndex { $0.kind == .cell }!)
        let svg = String(decoding: try Renderer.svg.render(scene)[0].bytes, as: UTF8.self)
        #expect(
            svg.contains(
                "<g data-kind=\"background\" data-section=\"0\">\n<rect x=\"0\" y=\"30\" width=\"200\" height=\"100\" fill=\"#fff4e8\"/>"
            ))
        let html = String(decoding: try Renderer.html(templates: .bundled).render(scene)[0].bytes, as: UTF8.self)
        #expect(
            html.contains(
                "data-kind=\"background\" data-section=\"0\" style=\"left: 0px; top: 30px; width: 200px; height: 100px; background: #fff4e8;\""
            ))
        let image = try CairoRenderer.rasterize(scene)
        #expect(image.color(x: 5, y: 35) == Color(hex: "#fff4e8"), "the inset beside the cells")
        #expect(image.color(x: 50, y: 60) == Color(hex: "#333333"), "a cell over the background")
        #expect(image.color(x: 5, y: 155) == Color(hex: "#ffffff"), "the next section has none")
    }
}

/// In Chromium, no text box of a card page overflows its card or its own box.
@Suite(.serialized, .onWaitingThreads, .tags(.browser)) struct CardTextInChromiumTests {
    func runCheck(_ pages: [String]) throws -> (status: Int32, output: String) {
        let result = try CommandRunner.python("text-overflow-check.py", pages)
        return (result.status, result.output)
    }

    #if os(Linux)
    @Test func noTextBoxOverflowsInChromium() throws {
        var pages: [String] = []
        defer { for page in pages { try? FileManager.default.removeItem(atPath: page) } }
        let specs =
            try ["10-photo-feed.yaml", "11-shop-home.yaml", "12-tablet.yaml"].map {
                try Spec.load(path: Repository.path("Examples/\($0)"))
            } + [try Spec.decode(CardTests.feed, baseDirectory: Repository.path("Examples"))]
        for spec in specs {
            let pipeline = RenderPipeline(renderers: [.html(templates: .bundled)])
            let page = ExternalRenderers.temporaryPath("html")
            try Data(try pipeline.render(pipeline.prepare(spec))[0].bytes).write(to: URL(fileURLWithPath: page))
            pages.append(page)
        }
        let result = try runCheck(pages)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(" 0 overflowing"), "\(result.output)")
        // The check can fail: a box too narrow for its text is caught.
        let overflowing = ExternalRenderers.temporaryPath("html")
        defer { try? FileManager.default.removeItem(atPath: overflowing) }
        try """
        <div class="element" style="position:absolute;left:0;top:0;width:40px;height:20px;overflow:hidden">\
        <div class="text" style="position:absolute;white-space:pre;overflow:hidden;width:30px">far too long a line</div></div>
        """.write(toFile: overflowing, atomically: true, encoding: .utf8)
        let failing = try runCheck([overflowing])
        #expect(failing.status == 1, "\(failing.output)")
    }
    #endif
}
