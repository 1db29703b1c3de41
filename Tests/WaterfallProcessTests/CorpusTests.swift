import Foundation
import Testing
import WaterfallTestSupport

/// The corpus of bad input in `Tests/Corpus`: each case is a folder with a `command` and the exact
/// `expected` standard error.
///
/// Every one must end in exit status 2, that one line, nothing on
/// standard output, and no file written.
@Suite struct CorpusTests {
    static let corpus = Repository.path("Tests/Corpus")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theCorpusHasAtLeastFortyCases() {
        #expect(Self.cases.count >= 40)
    }

    @Test(.onWaitingThreads, .tags(.process), arguments: cases)
    func badInputEndsInOneClearMessage(_ name: String) throws {
        let folder = Self.corpus + "/" + name
        let output = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = try String(contentsOfFile: folder + "/command", encoding: .utf8)
            .replacingOccurrences(of: "{case}", with: name)
            .replacingOccurrences(of: "{out}", with: output)
            .replacingOccurrences(of: "{templates}", with: Repository.path("Templates"))
        let arguments = command.split(whereSeparator: \.isWhitespace).map(String.init)
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        let result = try CommandRunner.run(arguments, currentDirectory: Self.corpus)
        let expected = try String(contentsOfFile: folder + "/expected", encoding: .utf8)
        #expect(result.status == 2, "\(name)")
        #expect(result.standardError == expected, "\(name)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1, "\(name): one line")
        #expect(result.standardOutput.isEmpty, "\(name)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output).isEmpty, "\(name): wrote into the output folder"
        )
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: folder).sorted() == before,
            "\(name): wrote beside its input")
    }
}
