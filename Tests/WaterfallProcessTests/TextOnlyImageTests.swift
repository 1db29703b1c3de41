import Foundation
import Testing
import WaterfallTestSupport

/// Outputs that never draw an image's pixels (SVG, HTML, layout JSON) prove each image whole
/// without keeping its pixels, and report a bad image at its item exactly as the PNG does: the
/// image cases of `Tests/Corpus`, asked for those formats alone.
@Suite(.onWaitingThreads, .tags(.process)) struct TextOnlyImageTests {
    static let cases = [
        "43-missing-image", "44-corrupt-image", "45-truncated-image", "46-enormous-image", "47-jpeg-without-frame",
        "48-not-an-image",
    ]

    @Test(arguments: cases)
    func aBadImageIsReportedAsForThePNG(_ name: String) throws {
        for format in ["svg", "html", "json", "svg,json"] {
            let output = ExternalRenderers.temporaryPath("dir")
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: output) }
            let arguments = [
                "render", "\(name)/spec.yaml", "--output", output, "--templates", Repository.path("Templates"),
                "--format", format,
            ]
            let result = try CommandRunner.run(arguments, currentDirectory: CorpusTests.corpus)
            let expected = try String(contentsOfFile: CorpusTests.corpus + "/\(name)/expected", encoding: .utf8)
            #expect(result.status == 2, "\(name), \(format)")
            #expect(result.standardError == expected, "\(name), \(format)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: output).isEmpty, "\(name), \(format)")
        }
    }
}
