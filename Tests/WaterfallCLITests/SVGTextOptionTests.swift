import Foundation
import Testing
import WaterfallTestSupport

/// `waterfall render --svg-text text|outlines`, run in process (``InProcess``).
@Suite struct SVGTextOptionTests {
    @Test func renderWritesOutlinesWhenAskedTextByDefaultAndRefusesAnythingElse() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = Repository.path("Examples/17-brand-font.yaml")
        let outlined = InProcess.run(
            ["render", spec, "--format", "svg", "--svg-text", "outlines", "--output", "\(folder)/outlines"])
        let plain = InProcess.run(["render", spec, "--format", "svg", "--output", "\(folder)/text"])
        #expect(outlined.status == 0, "\(outlined.output)")
        #expect(plain.status == 0, "\(plain.output)")
        let outlines = try String(contentsOfFile: "\(folder)/outlines/17-brand-font.svg", encoding: .utf8)
        let text = try String(contentsOfFile: "\(folder)/text/17-brand-font.svg", encoding: .utf8)
        #expect(!outlines.contains("<text") && !outlines.contains("@font-face"))
        #expect(outlines.contains("role=\"img\" aria-label=\"✨ Fresh picks for you\""))
        #expect(text.contains("<text") && text.contains("@font-face"))

        let bad = InProcess.run(
            ["render", spec, "--format", "svg", "--svg-text", "glyphs", "--output", "\(folder)/bad"])
        #expect(bad.status == 2)
        let lines = bad.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("'--svg-text <text|outlines>'"), "\(bad.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/bad/17-brand-font.svg"))
    }
}
