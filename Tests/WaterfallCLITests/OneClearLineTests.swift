import Foundation
import Testing
import WaterfallTestSupport

/// Mistakes at the command line, each one line with a suggestion where there is one, in process.
@Suite final class OneClearLineTests {
    /// A folder of this test's own, removed after it.
    let folder = ExternalRenderers.temporaryPath("dir")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "width: 300\nsections:\n  - items: [{height: 40}]\n".write(
            toFile: folder + "/feed.yaml", atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test(arguments: [
        (["help", "rendr"], "error: no command rendr; did you mean render?\n"),
        (
            ["help", "zzzzzz"],
            "error: no command zzzzzz; the commands are examples, layout, render, diff, check, audit, serve, merge-reports\n"
        ),
        (["help", "render", "rendr"], "error: no command render rendr\n"),
    ])
    func helpForACommandThatDoesNotExist(_ arguments: [String], _ message: String) {
        let run = InProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardError == message)
        #expect(run.standardOutput.isEmpty)
    }

    @Test func helpForACommandThatExistsStillPrintsIt() {
        let run = InProcess.run(["help", "render"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: waterfall render"))
    }

    @Test func aMisspeltFormatGetsTheClosestOne() {
        let run = InProcess.run(["render", folder + "/feed.yaml", "--format", "pgn", "--output", folder + "/out"])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "error: unknown format \"pgn\"; did you mean png? the formats are svg, html, html-grid-lanes, png, pdf, json\n"
        )
    }

    @Test func aMisspeltClipFormatGetsTheClosestOne() {
        let run = InProcess.run([
            "render", folder + "/feed.yaml", "--viewport", "200", "--animate", "scroll", "--format", "wbep",
            "--output", folder + "/out",
        ])
        #expect(run.status == 2)
        #expect(run.standardError == "error: --animate writes apng, webp, gif, mp4, not wbep; did you mean webp?\n")
    }

    /// A failed command takes back the folders it made, and only those.
    @Test func aFailedClipLeavesNoFolderItMade() throws {
        try "sections: []\n".write(toFile: folder + "/bad.yaml", atomically: true, encoding: .utf8)
        let run = InProcess.run([
            "render", folder + "/bad.yaml", "--viewport", "200", "--animate", "scroll", "--output",
            folder + "/made/clips",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("missing key \"width\""))
        #expect(!FileManager.default.fileExists(atPath: folder + "/made"))

        // A folder that was there before stays, empty as it was.
        try FileManager.default.createDirectory(atPath: folder + "/there", withIntermediateDirectories: true)
        let again = InProcess.run([
            "render", folder + "/bad.yaml", "--viewport", "200", "--animate", "scroll", "--output",
            folder + "/there/clips",
        ])
        #expect(again.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/there/clips"))
        #expect(FileManager.default.fileExists(atPath: folder + "/there"))
    }

    /// A JSON data file is held to JSON as a JSON spec is.
    @Test func aJSONDataFileWithATrailingCommaIsOneLine() throws {
        try "[{\"title\": \"a\"},]".write(toFile: folder + "/items.json", atomically: true, encoding: .utf8)
        try "width: 300\nsections:\n  - itemsFrom: {file: items.json, fields: {title: title}}\n".write(
            toFile: folder + "/data.yaml", atomically: true, encoding: .utf8)
        let run = InProcess.run(["layout", folder + "/data.yaml"])
        #expect(run.status == 2)
        #expect(
            run.standardError.hasSuffix(
                "items.json:1:16: a comma before ]; JSON allows no comma after the last value\n"),
            "\(run.standardError)")
    }
}
