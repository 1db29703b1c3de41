import Foundation
import Testing
import WaterfallRender
import WaterfallTestSupport

/// The templates compiled into the binary are the ones in `Templates/`, byte for byte.
@Suite struct BundledTemplatesTests {
    @Test(arguments: ["page", "element", "style-page", "style-fonts", "style-svg"])
    func theRenderersBuiltInTemplateIsTheFileInTemplates(_ name: String) throws {
        let file = try String(contentsOfFile: Repository.path("Templates/\(name).mustache"), encoding: .utf8)
        #expect(TemplateSet.bundledText(name) == file, "run python3 scripts/bundle-templates.py")
        #expect(TemplateSet.bundled.texts[name] == file)
    }

    /// The command line's pages are compiled into its own module; the script that writes both
    /// Swift files says whether either differs from `Templates/`.
    @Test(.onWaitingThreads, .tags(.externalProgram)) func everyTemplateFileIsBuiltIn() throws {
        let result = try CommandRunner.python("bundle-templates.py", ["--check"])
        #expect(result.status == 0, "\(result.output)")
        #expect(TemplateSet.bundledNames == ["element", "page", "style-fonts", "style-page", "style-svg"])
    }
}

/// A `--templates` folder written before the style sheets became partials still includes them
/// through its own page: a style partial it lacks is the built-in one, one it holds is its own.
@Suite struct TemplateFolderStyleTests {
    @Test func aStylePartialTheFolderLacksIsTheBuiltInOneAndItsOwnWins() throws {
        let folder = try TemporaryFolder()
        try "<style>{{> style-page}}</style>{{> style-svg}}".write(
            toFile: folder.path("page.mustache"), atomically: true, encoding: .utf8)
        let set = try TemplateSet(directory: folder.path)
        #expect(set.texts["style-page"] == TemplateSet.bundledText("style-page"))
        #expect(set.texts["style-page"]?.isEmpty == false)
        try "p { color: red }".write(toFile: folder.path("style-svg.mustache"), atomically: true, encoding: .utf8)
        let own = try TemplateSet(directory: folder.path, builtInStyles: ["style-gallery": "g { }"])
        #expect(own.texts["style-svg"] == "p { color: red }")
        #expect(own.texts["style-gallery"] == "g { }")
        #expect(own.texts["element"] == nil)
    }
}
