import Foundation
import Testing
import WaterfallTestSupport

/// Whatever a message echoes from its input, it stays one line with no terminal control codes.
@Suite struct MessageEscapingTests {
    @Test func aFileNameWithANewlineAndAnEscapeCodeIsOneVisibleLine() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "bad\nname\u{1B}[31m.yaml"
        try "width: 100\nsections: [{items: [{height: -1}]}]\n".write(
            toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        let result = InProcess.run(["render", folder + "/" + name, "-o", folder + "/out"])
        #expect(result.status == 2)
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardError.hasPrefix("error: \(folder)/bad\\nname\\u{1B}[31m.yaml:"))
    }
}
