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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.path("scripts/bundle-templates.py"), "--check"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(TemplateSet.bundledNames == ["element", "page", "style-fonts", "style-page", "style-svg"])
    }
}
