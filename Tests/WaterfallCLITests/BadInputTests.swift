import Foundation
import Testing
import WaterfallTestSupport

/// Bad input: one line on standard error naming the place, exit status 2, nothing on standard output.
@Suite final class BadInputTests {
    /// A folder of this test's own, removed after it.
    let folder = ExternalRenderers.temporaryPath("dir")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Runs `arguments` in process, or as the binary when the spec comes on standard input (`-`).
    func expectBadInput(_ arguments: [String], input: StandardInput? = nil, message: String) throws {
        let result = try input.map { try CommandRunner.run(arguments, input: $0) } ?? InProcess.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "error: \(message)\n")
    }

    @Test func missingFile() throws {
        try expectBadInput(["layout", "/nonexistent/spec.yaml"], message: "/nonexistent/spec.yaml: no such file")
    }

    @Test func directory() throws {
        try expectBadInput(["layout", folder], message: "\(folder): is a directory, not a spec file")
    }

    @Test func emptyFile() throws {
        let path = write("empty.yaml", [])
        try expectBadInput(["layout", path], message: "\(path): the file is empty")
    }

    @Test func notUTF8() throws {
        let path = write("latin1.yaml", Array("width: 3".utf8) + [0xE9, 0x0A])
        try expectBadInput(["layout", path], message: "\(path): is not UTF-8 text (bad byte at offset 8)")
    }

    @Test func malformedJSON() throws {
        let path = write("broken.json", Array("{\"width\": 375,\n \"sections\": [{\"items\": [}]}".utf8))
        try expectBadInput(
            ["layout", path],
            message: "\(path):2:26: this } does not close the [ opened at 2:25; ] does")
    }

    @Test(.onWaitingThreads, .tags(.process)) func unknownKeyWithSuggestion() throws {
        try expectBadInput(
            ["layout", "-"],
            input: "width: 300\nsections:\n  - {}\n  - items: [{height: 1}, {height: 2}, {height: 3}, {hieght: 4}]",
            message: "-:4:53: sections[1].items[3].hieght: unknown key (did you mean \"height\"?)")
    }

    @Test(.onWaitingThreads, .tags(.process)) func missingWidth() throws {
        try expectBadInput(["layout", "-"], input: "sections: []", message: "-:1:1: missing key \"width\"")
    }

    @Test(.onWaitingThreads, .tags(.process)) func itemWidthGoneAfterInsets() throws {
        try expectBadInput(
            ["layout", "-"], input: "width: 100\nsections: [{sectionInset: {left: 60, right: 60}}]",
            message: "-: sections[0].columns: item width is -15.0 after insets and spacing; it must be greater than 0")
    }

    @Test func badRectArgument() throws {
        let spec = Repository.path("Examples/04-grid-100.yaml")
        try expectBadInput(
            ["layout", spec, "--rect", "1,2,3"],
            message: "invalid value '1,2,3' for '--rect <x,y,width,height>'")
    }
}
