import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Text as outlines (`--svg-text outlines`): librsvg, which reads no `@font-face`, draws an SVG of a
/// spec with `fonts:` in the spec's font without the font installed, as the PNG draws it.
@Suite struct SVGOutlinesTests {
    /// The cross-viewer test's limit (`scripts/cross-viewer-test.py`, `TARGET`): the share of 8 × 8
    /// blocks whose mean colour may differ from the PNG's by more than 40 levels.
    static let target = 0.005

    static let outlines = Renderer.svg(text: .outlines(CairoGlyphOutlines()))

    /// Inter (the brand font of `Examples/17-brand-font.yaml`), in lines of right-to-left text,
    /// CJK, emoji between words, a title cut short with an ellipsis and text with a shadow.
    static let mixed = """
        width: 320
        scale: 2
        fonts: [fonts/Inter-Regular.otf, fonts/Inter-Bold.otf]
        style: {font: "Inter, sans-serif", card: {content: below, padding: 8, titleLines: 1}}
        sections:
          - columns: 2
            items:
              - {height: 70, title: "שלום עולם", subtitle: "مرحبا 🌸 بالعالم 42"}
              - {height: 70, title: "春日野餐 周末徒步", subtitle: "東京 カフェ 한국어"}
              - {height: 70, title: "🧋 Bubble tea ❤️ 856", subtitle: "Tokyo 🇯🇵 → Paris 🇫🇷"}
              - {height: 70, title: "Wide water, quiet mornings and a long walk by the lake", subtitle: "Saved by Ola"}
          - columns: 1
            style: {card: {content: overlay, textShadow: true, scrim: none}}
            items:
              - {image: images/meadow.png, size: {width: 300, height: 120}, title: "Spring picnic, Wildflower Meadow", textColor: "#ffffff"}
        """

    static func scene(_ text: String) throws -> Scene {
        let spec = try Spec.decode(text, file: "outlines.yaml", baseDirectory: Repository.path("Examples"))
        return try RenderPipeline(renderers: [], scale: nil).prepare(spec).scene
    }

    static func document(_ renderer: Renderer, _ scene: Scene) throws -> String {
        let files = try renderer.render(scene)
        try #require(files.count == 1)
        return String(decoding: files[0].bytes, as: UTF8.self)
    }

    /// librsvg's picture of `document` on the machine's fonts alone (the spec's are not added).
    static func rsvg(_ document: String, scale: Double) throws -> PixelImage {
        let path = ExternalRenderers.temporaryPath("svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        return try PNGCodec.decode(Array(ExternalRenderers.rsvg(svgPath: path, scale: scale)))
    }

    /// The share of 8 × 8 blocks (the last row and column smaller) whose mean colour over white
    /// differs by more than 40 levels in a channel, as the cross-viewer test counts them.
    static func differingShare(_ reference: PixelImage, _ other: PixelImage) -> Double {
        let width = min(reference.width, other.width)
        let height = min(reference.height, other.height)
        func means(_ image: PixelImage, _ x0: Int, _ y0: Int) -> [Double] {
            var sums = [0.0, 0.0, 0.0]
            var count = 0.0
            for y in y0..<min(y0 + 8, height) {
                for x in x0..<min(x0 + 8, width) {
                    let index = (y * image.width + x) * 4
                    let alpha = Double(image.pixels[index + 3]) / 255
                    for channel in 0..<3 {
                        sums[channel] += Double(image.pixels[index + channel]) * alpha + 255 * (1 - alpha)
                    }
                    count += 1
                }
            }
            return sums.map { $0 / count }
        }
        var differing = 0
        var blocks = 0
        for y in stride(from: 0, to: height, by: 8) {
            for x in stride(from: 0, to: width, by: 8) {
                blocks += 1
                let (a, b) = (means(reference, x, y), means(other, x, y))
                if zip(a, b).contains(where: { abs($0 - $1) > 40 }) { differing += 1 }
            }
        }
        return blocks == 0 ? 1 : Double(differing) / Double(blocks)
    }

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: ["example", "mixed"])
    func librsvgDrawsOutlinesAsThePNGWithoutTheFontAndTextOtherwise(_ which: String) throws {
        let scene =
            which == "example"
            ? try Self.scene(String(contentsOfFile: Repository.path("Examples/17-brand-font.yaml"), encoding: .utf8))
            : try Self.scene(Self.mixed)
        #expect(scene.fonts != nil)
        let png = try CairoRenderer.rasterize(scene)
        let outlined = try Self.rsvg(Self.document(Self.outlines, scene), scale: scene.scale)
        let plain = try Self.rsvg(Self.document(.svg, scene), scale: scene.scale)
        #expect(outlined.width == png.width && outlined.height == png.height)
        let outlinedShare = Self.differingShare(png, outlined)
        let plainShare = Self.differingShare(png, plain)
        print("svg outlines \(which): librsvg without the font, outlines \(outlinedShare), text \(plainShare)")
        #expect(outlinedShare <= Self.target, "outlines: \(outlinedShare)")
        // The same setup drawn from `<text>` falls back to another font: the comparison can fail.
        #expect(plainShare > Self.target, "text: \(plainShare)")
    }

    @Test func outlinedTextKeepsItsWordsAsNamesAndHasNoTextOrFontFaces() throws {
        let scene = try Self.scene(Self.mixed)
        let document = try Self.document(Self.outlines, scene)
        #expect(!document.contains("<text"))
        #expect(!document.contains("@font-face"))
        for words in ["שלום עולם", "春日野餐 周末徒步", "🧋 Bubble tea ❤️ 856", "Spring picnic, Wildflower Meadow"] {
            #expect(document.contains("role=\"img\" aria-label=\"\(words)\""), "\(words)")
        }
        // Cut short as the PNG cuts it, the ellipsis in the name too.
        #expect(document.contains("aria-label=\"Wide water, quiet"))
        #expect(document.contains("…\">"))
        // Emoji are pictures; the shadow is the same path, moved.
        #expect(document.contains("fill=\"url(#glyph"))
        #expect(document.contains("<use href=\"#outline-text"))
        let texts = scene.elements.flatMap(\.texts).count
        #expect(document.components(separatedBy: "role=\"img\" aria-label=").count - 1 == texts)
    }

    @Test func outlinesAreTheSameBytesEveryRun() throws {
        let first = try Self.document(Self.outlines, Self.scene(Self.mixed))
        let second = try Self.document(Self.outlines, Self.scene(Self.mixed))
        #expect(first == second)
        #expect(first.count > 10_000)
    }

    @Test func rightAlignedOutlinesEndAtTheFrameEdgeAndEmptyRunsDrawNothing() throws {
        let run = TextRun(
            text: "Load more", frame: Rect(x: 10, y: 20, width: 200, height: 20), fontFamilies: ["DejaVu Sans"],
            fontSize: 15, weight: .regular, color: .black, alignment: .right)
        var scene = Scene(
            size: Size(width: 220, height: 60), background: .white, scale: 1,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 220, height: 60), fill: .white,
                    cornerRadius: 0, texts: [run])
            ])
        let outliner = try CairoGlyphOutlines().outliner(for: scene)
        let outline = try outliner.outline(of: run)
        #expect(outline.left > 10 && outline.left < 210)
        let xs = Self.points(outline.pathData).map(\.x)
        #expect((xs.max() ?? 0) <= 210 && (xs.max() ?? 0) > 200, "\(xs.max() ?? 0)")
        #expect(xs.min() ?? 0 >= outline.left)
        // Far down a long page at scale 3, beyond Cairo's fixed-point device space from the top.
        var far = run
        far.frame.origin.y = 3_000_000
        let farScene = Scene(size: Size(width: 220, height: 3_000_100), background: .white, scale: 3, elements: [])
        let farOutline = try CairoGlyphOutlines().outliner(for: farScene).outline(of: far)
        let ys = Self.points(farOutline.pathData).map(\.y)
        #expect(!ys.isEmpty && ys.allSatisfy { $0 > 3_000_000 && $0 < 3_000_020 }, "\(ys.min() ?? 0)…\(ys.max() ?? 0)")
        #expect(Self.points(farOutline.pathData).count == Self.points(outline.pathData).count)
        var empty = run
        empty.text = ""
        #expect(try outliner.outline(of: empty).pathData.isEmpty)
        scene.elements[0].texts = [empty]
        scene.elements[0].texts.append(
            TextRun(
                text: "   ", frame: run.frame, fontFamilies: ["DejaVu Sans"], fontSize: 15, weight: .regular,
                color: .black))
        let blank = try Self.document(Self.outlines, scene)
        #expect(!blank.contains("<path") && !blank.contains("aria-label"))
    }

    /// The points of path data, in page points, in order.
    static func points(_ data: String) -> [(x: Double, y: Double)] {
        let numbers = data.split(whereSeparator: { "MLCZ ".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (x: numbers[$0], y: numbers[$0 + 1]) }
    }

    @Test func pathDataRoundsToHundredthsOfAPoint() {
        var data = PathData()
        data.move(to: 1.004, -0.001)
        data.line(to: 2.5, 3)
        data.curve(0.125, 1e-9, -7.3333, 100, to: 12.346, .nan)
        data.close()
        #expect(data.text == "M1 0L2.5 3C0.13 0 -7.33 100 12.35 0Z")
        #expect(PathData.number(-0.004) == "0")
        #expect(PathData.number(-0.05) == "-0.05")
        #expect(PathData.number(3_000_000.126) == "3000000.13")
        #expect(PathData.number(375) == "375")
        #expect(PathData.number(.infinity) == "0")
    }
}
