import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// No glyph is cut and no ink leaves its element: headers, footers and cards, on every example
/// and on random specs (Latin with descenders, CJK, emoji, sizes 9–40).
///
/// Each scene's text is drawn alone, black on white, twice: as the scene says, and with every
/// run's box grown 40 points down and across (a left-aligned run to the right, a right-aligned one
/// to the left), where no clip can bite. The two pictures must be the same pixels, so no box cut
/// through a glyph, and every inked pixel must lie inside its element's frame.
@Suite(.onWaitingThreads, .tags(.browser)) struct GlyphInkTests {
    static let reach = 40.0

    /// The scene's text alone, black on a white page grown by ``reach``, with every run's box
    /// grown by `reach` where its text can go.
    static func textOnly(_ scene: Scene, reach: Double) -> Scene {
        var copy = scene
        copy.background = .white
        copy.size = Size(width: scene.size.width + Self.reach, height: scene.size.height + Self.reach)
        copy.elements = scene.elements.map { element in
            var element = element
            element.fill = Color(red: 0, green: 0, blue: 0, alpha: 0)
            element.image = nil
            element.imageFill = nil
            element.stroke = nil
            element.texts = element.texts.map { run in
                var run = run
                run.color = .black
                let box = run.frame
                let left = run.alignment == .right ? box.minX - reach : box.minX
                run.frame = Rect(x: left, y: box.minY, width: box.width + reach, height: box.height + reach)
                return run
            }
            return element
        }
        return copy
    }

    /// What went wrong with `scene`'s text, one line each; empty when nothing did.
    static func problems(_ scene: Scene) throws -> [String] {
        var problems: [String] = []
        for element in scene.elements {
            // A title taller than its header is drawn past it, and the scene says so (the audit
            // reports it): the one place text leaves its element.
            for run in element.texts where !element.overflowingTexts.contains(run.role ?? "") {
                let f = run.frame
                let e = element.frame
                if f.minX < e.minX - 1e-6 || f.maxX > e.maxX + 1e-6 || f.minY < e.minY - 1e-6
                    || f.maxY > e.maxY + 1e-6
                {
                    problems.append("\"\(run.text)\"'s box \(f) leaves its \(element.kind.rawValue) \(e)")
                }
            }
        }
        // The pixels are checked for the texts that keep to their elements.
        var scene = scene
        for index in scene.elements.indices where !scene.elements[index].overflowingTexts.isEmpty {
            let overflowing = scene.elements[index].overflowingTexts
            scene.elements[index].texts.removeAll { overflowing.contains($0.role ?? "") }
        }
        let clipped = try CairoRenderer.rasterize(textOnly(scene, reach: 0))
        let free = try CairoRenderer.rasterize(textOnly(scene, reach: reach))
        // The element frames in device pixels, each pixel they touch.
        var inside = [Bool](repeating: false, count: clipped.width * clipped.height)
        for element in scene.elements where !element.texts.isEmpty {
            let f = element.frame
            let left = max(0, Int((f.minX * scene.scale).rounded(.down)))
            let right = min(clipped.width, Int((f.maxX * scene.scale).rounded(.up)))
            let top = max(0, Int((f.minY * scene.scale).rounded(.down)))
            let bottom = min(clipped.height, Int((f.maxY * scene.scale).rounded(.up)))
            guard left < right, top < bottom else { continue }
            for y in top..<bottom { for x in left..<right { inside[y * clipped.width + x] = true } }
        }
        var cut = 0
        var outside = 0
        var firstCut: (Int, Int)?
        var firstOutside: (Int, Int)?
        let width = clipped.width
        // Three comparisons, not `min` of three: a variadic `min` makes an array for every pixel
        // in an unoptimized build, most of this check's time. The buffers' base pointers for the
        // same reason: a buffer's subscript is a call there, a pointer's is not.
        clipped.pixels.withUnsafeBufferPointer { a in
            free.pixels.withUnsafeBufferPointer { b in
                inside.withUnsafeBufferPointer { inside in
                    guard let a = a.baseAddress, let b = b.baseAddress, let inside = inside.baseAddress else { return }
                    for pixel in 0..<clipped.width * clipped.height {
                        let index = pixel * 4
                        if a[index] != b[index] || a[index + 1] != b[index + 1] || a[index + 2] != b[index + 2] {
                            cut += 1
                            if firstCut == nil { firstCut = (pixel % width, pixel / width) }
                        }
                        let inked = a[index] < 250 || a[index + 1] < 250 || a[index + 2] < 250
                        if inked, !inside[pixel] {
                            outside += 1
                            if firstOutside == nil { firstOutside = (pixel % width, pixel / width) }
                        }
                    }
                }
            }
        }
        if let (x, y) = firstCut { problems.append("\(cut) inked pixels cut by a text box, the first at (\(x), \(y))") }
        if let (x, y) = firstOutside {
            problems.append("\(outside) inked pixels outside every element, the first at (\(x), \(y))")
        }
        return problems
    }

    /// The scene `waterfall render` draws for `spec`, at 2 device pixels a point.
    static func scene(_ spec: Spec) throws -> Scene {
        try RenderPipeline(renderers: [], scale: 2).prepare(spec).scene
    }

    static let examples =
        (try? FileManager.default.contentsOfDirectory(atPath: Repository.path("Examples")))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 10)
    }

    @Test(arguments: examples)
    func noGlyphIsCutInAnExample(_ example: String) throws {
        let scene = try Self.scene(Spec.load(path: Repository.path("Examples/\(example)")))
        #expect(scene.elements.contains { !$0.texts.isEmpty }, "\(example) has text")
        let problems = try Self.problems(scene)
        #expect(problems.isEmpty, "\(example): \(problems.joined(separator: "; "))")
    }

    @Test func noGlyphIsCutInRandomSpecs() throws {
        var checked = 0
        for seed in UInt64(1)...24 {
            var random = TestRandom(seed: seed &* 104_729)
            let text = RandomSpec.yamlWithText(&random)
            let spec = try Spec.decode(text, file: "random.yaml")
            let scene = try Self.scene(spec)
            checked += scene.elements.reduce(0) { $0 + $1.texts.count }
            let problems = try Self.problems(scene)
            #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))\n\(text)")
        }
        #expect(checked > 100)
    }

    /// The check itself catches a cut glyph: a header run one point too short for its descenders.
    @Test func theCheckSeesACutDescender() throws {
        let problems = try Self.problems(ofAHeaderTitled: "gjpqy") { header in
            header.texts[0].frame.size.height = header.texts[0].fontSize * 0.9
        }
        #expect(problems.contains { $0.contains("cut by a text box") }, "\(problems)")
    }

    /// And ink where no element is: the header's frame moved off its title.
    @Test func theCheckSeesInkOutsideEveryElement() throws {
        let problems = try Self.problems(ofAHeaderTitled: "Title") { $0.frame.origin.x += 200 }
        #expect(problems.contains { $0.contains("inked pixels outside every element") }, "\(problems)")
    }

    /// What the check finds in a feed of one titled header and one card once `spoil` has changed
    /// the header.
    static func problems(ofAHeaderTitled title: String, spoil: (inout SceneElement) -> Void) throws -> [String] {
        let spec = try Spec.decode(
            "width: 300\nsections:\n  - header: {height: 40, title: \"\(title)\"}\n    items: [{height: 50}]\n",
            file: "spoiled.yaml")
        var scene = try Self.scene(spec)
        let index = try #require(scene.elements.firstIndex { !$0.texts.isEmpty })
        spoil(&scene.elements[index])
        return try Self.problems(scene)
    }
}

extension GlyphInkTests {
    /// The longest page Chromium draws, in points down the page: a longer example (the long feed,
    /// 116 million device pixels whole, two minutes of screenshots) is drawn in bands this long,
    /// each band that holds text.
    static let chromiumPageLength = 2_500.0

    /// The parts of `scene` Chromium draws: the whole page when it is at most
    /// ``chromiumPageLength`` long, else every band of that length that holds text (each element
    /// reaching into a band drawn whole there, clipped by the band's page).
    static func chromiumParts(_ scene: Scene) -> [Scene] {
        guard scene.size.height > chromiumPageLength else { return [scene] }
        let bands = Int((scene.size.height / chromiumPageLength).rounded(.up))
        return (0..<bands).map { band in
            let top = Double(band) * chromiumPageLength
            return scene.cropped(
                to: Rect(
                    x: 0, y: top, width: scene.size.width, height: min(chromiumPageLength, scene.size.height - top)))
        }.filter { part in part.elements.contains { !$0.texts.isEmpty } }
    }

    /// Chromium's screenshots of every example's text, part by part (``chromiumParts(_:)``), with
    /// the boxes as the scene says and grown by ``reach``: taken by one browser for the whole
    /// suite, not one a page.
    static let chromiumScreenshots: Result<[String: [(clipped: Data, free: Data)]], any Error> = Result {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pages: [ExternalRenderers.ChromiumPage] = []
        var partCounts: [Int] = []
        for (index, example) in examples.enumerated() {
            let parts = chromiumParts(try scene(Spec.load(path: Repository.path("Examples/\(example)"))))
            partCounts.append(parts.count)
            for (number, part) in parts.enumerated() {
                for reach in [0, Self.reach] {
                    let page = textOnly(part, reach: reach)
                    let path = "\(folder)/\(index)-\(number)-\(reach == 0 ? "clipped" : "free").html"
                    try Data(try Renderer.html(templates: RenderFixtures.templates).render(page)[0].bytes).write(
                        to: URL(fileURLWithPath: path))
                    pages.append(
                        ExternalRenderers.ChromiumPage(
                            htmlPath: path, width: Int(page.size.width.rounded(.up)),
                            height: Int(page.size.height.rounded(.up)), scale: 2))
                }
            }
        }
        var shots = try ExternalRenderers.chromiumScreenshots(pages)[...]
        var byExample: [String: [(clipped: Data, free: Data)]] = [:]
        for (example, count) in zip(examples, partCounts) {
            byExample[example] = (0..<count).map { _ in (shots.removeFirst(), shots.removeFirst()) }
        }
        return byExample
    }

    /// Chromium's view of the HTML: the text drawn with its boxes as the scene says and with the
    /// boxes grown gives the same pixels, so no `.text` box (overflow hidden) cuts a glyph.
    ///
    /// Every example, every text of it: Chromium sets a line as Pango does (spaces in the first
    /// family, emoji at whole-point advances, a spec's own fonts from their `@font-face` subsets).
    @Test(arguments: examples)
    func noGlyphIsCutInChromium(_ example: String) throws {
        let parts = try #require(try Self.chromiumScreenshots.get()[example])
        #expect(!parts.isEmpty, "\(example) has text")
        var differing = 0
        var inked = 0
        for shots in parts {
            let clipped = try PNGCodec.decode([UInt8](shots.clipped))
            let free = try PNGCodec.decode([UInt8](shots.free))
            #expect(clipped.width == free.width && clipped.height == free.height)
            clipped.pixels.withUnsafeBufferPointer { a in
                free.pixels.withUnsafeBufferPointer { b in
                    // Pixel by pixel over a range of Ints: an unoptimized build walks a `stride` through
                    // its unspecialized generic iterator.
                    for pixel in 0..<min(a.count, b.count) / 4 {
                        let index = pixel * 4
                        if a[index] != b[index] || a[index + 1] != b[index + 1] || a[index + 2] != b[index + 2] {
                            differing += 1
                        }
                        if a[index] < 128 { inked += 1 }
                    }
                }
            }
        }
        #expect(inked > 1000, "\(example): Chromium drew the text")
        #expect(differing == 0, "\(example): \(differing) pixels of glyphs cut by a text box in Chromium")
    }
}
