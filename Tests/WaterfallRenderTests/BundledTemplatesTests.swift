import Foundation
import Testing
import WaterfallRender
import WaterfallTestSupport

/// The templates compiled into the binary are the ones in `Templates/`, byte for byte.
@Suite struct BundledTemplatesTests {
    @Test(arguments: ["page", "element", "gallery", "report"])
    func theBuiltInTemplateIsTheFileInTemplates(_ name: String) throws {
        let file = try String(contentsOfFile: Repository.path("Templates/\(name).mustache"), encoding: .utf8)
        #expect(TemplateSet.bundledText(name) == file, "run python3 scripts/bundle-templates.py")
    }

    @Test func everyTemplateFileIsBuiltIn() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Templates"))
            .filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) }.sorted()
        #expect(files == TemplateSet.bundledNames)
    }
}
