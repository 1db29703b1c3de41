import Foundation
import Testing
import WaterfallTestSupport

@testable import WaterfallCLI

/// What a new user is told to type, typed: the hint `waterfall` prints in a folder without
/// `Examples/`, and the lines `render` leaves.
@Suite(.onWaitingThreads, .tags(.process)) struct FirstFiveMinutesTests {
    /// The spec the hint shows, as the user would copy it.
    static var hintedSpec: String {
        let text = ExamplesCommand.gettingStarted
        let start = text.range(of: "for example feed.yaml:\n\n")!.upperBound
        let end = text.range(of: "\n\nthen:")!.lowerBound
        return text[start..<end].split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.dropFirst(2)) }.joined(separator: "\n") + "\n"
    }

    @Test func theHintRecordsBaselinesAndAChangeIsExplainedByItsCause() throws {
        let hint = ExamplesCommand.gettingStarted
        let record = try #require(hint.range(of: "waterfall check feed.yaml --baselines baselines --record"))
        // Then, after the change, the same check without --record.
        let after = hint[record.upperBound...]
        #expect(after.contains("waterfall check feed.yaml --baselines baselines  "))
        #expect(!hint.contains("--baselines out"))

        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let printed = try CommandRunner.run([], currentDirectory: folder)
        #expect(printed.status == 0)
        #expect(printed.standardOutput == hint)

        try Data(Self.hintedSpec.utf8).write(to: URL(fileURLWithPath: folder + "/feed.yaml"))
        let rendered = try CommandRunner.run(["render", "feed.yaml"], currentDirectory: folder)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        #expect(
            rendered.standardError
                == "rendered feed.yaml into Output/: feed.svg, feed.html, feed.png, feed.pdf, feed.layout.json\n")
        let recorded = try CommandRunner.run(
            ["check", "feed.yaml", "--baselines", "baselines", "--record"], currentDirectory: folder)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/baselines/feed.inputs.json"))

        let changed = Self.hintedSpec.replacingOccurrences(of: "height: 120", with: "height: 160")
        #expect(changed != Self.hintedSpec)
        try Data(changed.utf8).write(to: URL(fileURLWithPath: folder + "/feed.yaml"))
        let checked = try CommandRunner.run(
            ["check", "feed.yaml", "--baselines", "baselines"], currentDirectory: folder)
        #expect(checked.status == 1)
        #expect(
            checked.standardOutput.contains("  cause  sections[0].items[0].height: 120 → 160"),
            "\(checked.standardOutput)")
    }

    /// Specs finish in any order on every core; the lines they leave are in the order given.
    @Test func renderSaysWhereEachSpecWentInTheOrderGiven() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The first spec is the slowest: thousands of cards.
        let names = ["big", "a", "b", "c", "d", "e"]
        for name in names {
            let count = name == "big" ? 5000 : 3
            let spec =
                "width: 375\nsections:\n  - columns: 2\n    generate: {count: \(count), minHeight: 40, maxHeight: 90, seed: 2}\n"
            try Data(spec.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name).yaml"))
        }
        let result = try CommandRunner.run(
            ["render"] + names.map { "\($0).yaml" } + ["--format", "svg", "--output", "out/"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == names.map { "rendered \($0).yaml into out/: \($0).svg\n" }.joined())
    }
}
