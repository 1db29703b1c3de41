import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// A card sized by its text keeps a line of each text even when its box is narrower than the
/// first character: it never collapses to 0 points, and every format draws that line clipped.
@Suite struct NarrowCardTests {
    /// Fourteen columns of 26.8 points: 10.8 points of text box, narrower than "W" or "H…".
    static let narrow = """
        width: 375
        scale: 2
        style: {background: "#ffffff", palette: ["#eeeeee"], card: {content: below}}
        sections:
          - columns: 14
            interitemSpacing: 0
            items:
              - {height: auto, title: W}
              - {height: auto, title: Hello world}
              - {height: auto, title: W, subtitle: Hello world, meta: "¥199"}
              - {height: auto, title: "Hello world, in two lines", titleLines: 2}
        """

    /// 19 people joined by ZWJ: one character, far wider than a 300-point card.
    static let family = Array(repeating: "👩", count: 19).joined(separator: "\u{200D}")

    func expectedHeight(_ spec: Spec, roles: [TextRole]) -> Double {
        let style = spec.style
        let lines = roles.map { style.resolved($0).fontSize * style.resolved($0).lineHeight }
        return 2 * style.card.padding + lines.reduce(0, +) + style.card.textSpacing * Double(roles.count - 1)
    }

    @Test func aTextWiderThanItsBoxKeepsOneClippedLine() throws {
        let spec = try Spec.decode(Self.narrow)
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        let cells = scene.elements.filter { $0.kind == .cell }
        #expect(cells.count == 4)
        #expect(cells[0].frame.height == expectedHeight(spec, roles: [.title]))
        #expect(cells[1].frame.height == expectedHeight(spec, roles: [.title]))
        #expect(cells[2].frame.height == expectedHeight(spec, roles: [.title, .subtitle, .meta]))
        // Pango's own wrapping breaks between characters: a line, not zero.
        #expect(cells[3].frame.height >= expectedHeight(spec, roles: [.title]))
        #expect(cells[0].texts.map(\.text) == ["W"])
        #expect(cells[1].texts.map(\.text) == ["H"])
        #expect(cells[2].texts.map(\.text) == ["W", "H", "¥"])
        for cell in cells {
            #expect(!cell.texts.isEmpty)
            for run in cell.texts {
                #expect(run.frame.minX >= cell.frame.minX && run.frame.maxX <= cell.frame.maxX)
                #expect(run.frame.maxY <= cell.frame.maxY + 1e-9)
            }
        }
        // Every format draws the line: SVG and HTML name it, the PNG shows its ink in the box.
        let svg = String(decoding: try Renderer.svg.render(scene)[0].bytes, as: UTF8.self)
        let html = String(decoding: try Renderer.html(templates: .bundled).render(scene)[0].bytes, as: UTF8.self)
        let lines = cells.flatMap(\.texts).map(\.text)
        #expect(DrawnText.svg(svg).texts == lines)
        #expect(DrawnText.html(html) == lines)
        let image = try CairoRenderer.rasterize(scene)
        let run = cells[0].texts[0].frame
        var inked = 0
        for y in Int(run.minY * 2)..<Int(run.maxY * 2) {
            for x in Int(run.minX * 2)..<Int(run.maxX * 2) where image.color(x: x, y: y) != cells[0].fill {
                inked += 1
            }
        }
        #expect(inked > 0, "the clipped W is drawn")
    }

    /// A feed of only such cards used to be refused ("the page must have a positive size").
    @Test func aFeedOfOnlyTooNarrowCardsRenders() throws {
        let spec = try Spec.decode(
            """
            width: 20
            sections: [{columns: 1, items: [{height: auto, title: "\(Self.family)"}, {height: auto, title: W}]}]
            """)
        let pipeline = RenderPipeline(renderers: [.svg, .png])
        let prepared = try pipeline.prepare(spec)
        #expect(prepared.scene.size.height > 0)
        #expect(try pipeline.render(prepared).count == 2)
    }

    /// One character of any length makes a bounded line: the first 64 scalars of it.
    @Test func aLongZWJSequenceKeepsABoundedLine() throws {
        let spec = try Spec.decode(
            """
            width: 300
            sections: [{columns: 1, items: [{height: auto, title: "\(Self.family)"}]}]
            """)
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        let cell = try #require(scene.elements.first { $0.kind == .cell })
        #expect(cell.frame.height == expectedHeight(spec, roles: [.title]))
        let text = try #require(cell.texts.first?.text)
        #expect(text.unicodeScalars.first == "👩")
        #expect(text.unicodeScalars.count <= 64)

        let huge = Array(repeating: "👩", count: 5_000).joined(separator: "\u{200D}")
        let long = try Spec.decode(
            "width: 300\nsections: [{columns: 1, items: [{height: auto, title: \"\(huge)\"}]}]")
        let longCell = try #require(
            try RenderPipeline(renderers: []).prepare(long).scene.elements.first { $0.kind == .cell })
        #expect(longCell.texts.first.map { $0.text.unicodeScalars.count <= 64 } == true)
    }
}
