import Foundation
import Testing
import WaterfallCairo
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// SVG and HTML compared as text, line by line, with recorded copies of the examples' renders in
/// `Tests/WaterfallRenderTests/Fixtures` (re-record with WATERFALL_RECORD=1).
@Suite struct TextOutputTests {
    static let examples = [
        "04-grid-100.yaml", "05-goods-list.yaml", "06-local-images.yaml", "07-chinese.yaml", "08-spans-banners.yaml",
    ]
    static let record = ProcessInfo.processInfo.environment["WATERFALL_RECORD"] == "1"

    func compare(_ text: String, fixture: String) throws {
        let path = Repository.path("Tests/WaterfallRenderTests/Fixtures/\(fixture)")
        let recorded = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if Self.record, recorded != text {
            // As swift-snapshot-testing does: a run that wrote its fixture compared nothing, so it fails.
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("\(fixture): recorded; look at it, then run again without WATERFALL_RECORD")
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == expected.count, "\(fixture): line count")
        for (index, (line, want)) in zip(lines, expected).enumerated() where line != want {
            Issue.record("\(fixture):\(index + 1): got \(line.prefix(200)) expected \(want.prefix(200))")
            break
        }
    }

    @Test(arguments: examples)
    func svgMatchesTheRecordedFile(_ example: String) throws {
        let scene = try RenderFixtures.scene(example)
        try compare(RenderFixtures.text(.svg, scene), fixture: example.replacingOccurrences(of: ".yaml", with: ".svg"))
    }

    @Test(arguments: examples)
    func htmlMatchesTheRecordedFile(_ example: String) throws {
        let scene = try RenderFixtures.scene(example)
        try compare(
            RenderFixtures.text(.html(templates: RenderFixtures.templates), scene),
            fixture: example.replacingOccurrences(of: ".yaml", with: ".html"))
    }

    @Test func largePagesAreWrittenInPiecesThatJoinToTheWholeDocument() throws {
        let spec = try Spec.decode("width: 375\nsections: [{columns: 3, generate: {count: 10000, seed: 5}}]")
        let scene = try RenderFixtures.scene(spec)
        for renderer in [Renderer.svg, .html(templates: try RenderFixtures.templates)] {
            var pieces: [RenderedFile] = []
            try renderer.render(scene) { pieces.append($0) }
            // Bounded pieces: a few thousand elements each, never the whole page at once.
            #expect(pieces.count >= 3, "\(renderer.format)")
            #expect(Set(pieces.map(\.suffix)) == [""])
            let joined = pieces.flatMap(\.bytes)
            let whole = try renderer.render(scene)
            #expect(whole.count == 1)
            #expect(whole[0].bytes == joined)
            #expect(pieces.map(\.bytes.count).max()! < joined.count / 2)
        }
    }

    @Test func outputIsTheSameBytesEveryRun() throws {
        let first = try RenderFixtures.scene("06-local-images.yaml")
        let second = try RenderFixtures.scene("06-local-images.yaml")
        for renderer in [Renderer.svg, .html(templates: try RenderFixtures.templates), .png, .pdf] {
            #expect(
                try renderer.render(first).map(\.bytes) == renderer.render(second).map(\.bytes), "\(renderer.format)")
        }
    }

    @Test func svgIsOneStandaloneDocumentWithDataAttributes() throws {
        let svg = try RenderFixtures.text(.svg, RenderFixtures.scene("06-local-images.yaml"))
        #expect(
            svg.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"375\" height=\"505.875\" viewBox=\"0 0 375 505.875\">"
            ))
        #expect(svg.contains("<g data-kind=\"header\" data-section=\"0\">"))
        #expect(svg.contains("<g data-kind=\"cell\" data-section=\"0\" data-item=\"5\">"))
        #expect(svg.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
        #expect(svg.contains("href=\"data:image/jpeg;base64,/9j/"))
        #expect(!svg.contains("images/"))
    }

    @Test func textIsEscaped() throws {
        let spec = try Spec.decode(
            "width: 300\nsections: [{header: {height: 40, title: \"<b>&'\\\"</b>\"}, items: [{height: 100, title: \"</text><script>x</script>\"}]}]"
        )
        let scene = try RenderFixtures.scene(spec)
        let svg = try RenderFixtures.text(.svg, scene)
        let html = try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)
        for output in [svg, html] {
            #expect(!output.contains("<script>"))
            #expect(!output.contains("<b>"))
            #expect(output.contains("&lt;"))
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
