import Foundation
import Testing
import WaterfallTestSupport

/// `render --templates` with a hostile page: sections nested thousands deep (which overflowed
/// the parser's stack) or lists repeated inside each other (whose time doubled with each level)
/// end with one line naming the file and line, and exit 2, without writing the page.
@Suite struct TemplateBoundsCommandTests {
    static let twoCards = """
        width: 375
        sections:
          - items:
              - {height: 150, title: Linen shirt, subtitle: "$39"}
              - {height: 190, title: Canvas tote, subtitle: "$18"}

        """

    /// A folder with the repository's `element` and `gallery` templates and `changes`, and a spec of two cards.
    func fixture(_ changes: [String: String]) throws -> (folder: String, spec: String) {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["element", "gallery"] {
            try FileManager.default.copyItem(
                atPath: Repository.path("Templates/\(name).mustache"), toPath: "\(folder)/\(name).mustache")
        }
        for (name, text) in changes {
            try text.write(toFile: "\(folder)/\(name).mustache", atomically: true, encoding: .utf8)
        }
        let spec = "\(folder)/two-cards.yaml"
        try Self.twoCards.write(toFile: spec, atomically: true, encoding: .utf8)
        return (folder, spec)
    }

    func render(_ changes: [String: String]) throws -> (result: CommandResult, folder: String) {
        let (folder, spec) = try fixture(changes)
        let output = "\(folder)/out"
        let result = InProcess.run(["render", spec, "--output", output, "--templates", folder, "--format", "html"])
        #expect(!FileManager.default.fileExists(atPath: "\(output)/two-cards.html"))
        return (result, folder)
    }

    /// `depth` sections over `name` around `inner`, after a first line.
    static func nested(_ name: String, depth: Int, inner: String) -> String {
        "<html>\n" + String(repeating: "{{#\(name)}}", count: depth) + inner
            + String(repeating: "{{/\(name)}}", count: depth) + "\n</html>\n"
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func sectionsNested5000DeepAreRefusedWithTheirLine() throws {
        let (result, folder) = try render(["page": Self.nested("elements", depth: 5_000, inner: "{{> element}}")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: \(folder)/page.mustache:2: sections nest 5000 deep; at most 32 are allowed\n")
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func sectionsNested40DeepAreRefused() throws {
        let (result, folder) = try render(["page": Self.nested("elements", depth: 40, inner: "{{kind}}")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(result.status == 2)
        #expect(
            result.standardError == "error: \(folder)/page.mustache:2: sections nest 40 deep; at most 32 are allowed\n")
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func elementsRepeatedInsideEachOtherStopAtTheAllowance() throws {
        // 30 levels over the cards: 2³⁰ repetitions of the innermost without the bound.
        let (result, folder) = try render(["page": Self.nested("elements", depth: 30, inner: "{{kind}}")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "error: \(folder)/page.mustache:2: section \"elements\" repeats too often: the page would pass its limit of "
            ))
        #expect(result.standardError.count { $0 == "\n" } == 1)
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func anElementTemplateRepeatingItsTextsStopsAcrossThePage() throws {
        // The elements are rendered one by one, from one allowance for the page.
        let element =
            "<div>\n" + String(repeating: "{{#texts}}", count: 30) + "{{{html}}}"
            + String(repeating: "{{/texts}}", count: 30) + "</div>\n"
        let (result, folder) = try render([
            "page": Self.nested("elements", depth: 1, inner: "{{> element}}"), "element": element,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "error: \(folder)/element.mustache:2: section \"texts\" repeats too often: the page would pass its limit of "
            ))
    }

    @Test func theRepositorysTemplatesStillRenderTheSpec() throws {
        let (folder, spec) = try fixture([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(
            atPath: Repository.path("Templates/page.mustache"), toPath: "\(folder)/page.mustache")
        let output = "\(folder)/out"
        let result = InProcess.run(["render", spec, "--output", output, "--templates", folder, "--format", "html"])
        #expect(result.status == 0, "\(result.standardError)")
        let page = try String(contentsOfFile: "\(output)/two-cards.html", encoding: .utf8)
        #expect(page.components(separatedBy: "class=\"element\"").count - 1 >= 2)
    }
}
