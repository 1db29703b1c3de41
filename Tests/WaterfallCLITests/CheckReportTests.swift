import Foundation
import Testing
import WaterfallTestSupport

/// The static review page of `check --report`: full-size views, boxes around the cards that
/// changed, the cause in one sentence, the command that records the change, regions folded away.
@Suite struct CheckReportTests {
    static func spec(grow: Int) -> String {
        """
        width: 60
        scale: 2
        defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - items:
              - {height: \(20 + grow)}
              - {height: 30}
              - {height: 25}
              - {height: 22}
              - {height: 18}

        """
    }

    @Test func theReportSaysWhatChangedAndHowToAcceptIt() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.spec(grow: 0).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let recorded = try CommandRunner.run(
            ["check", "grid.yaml", "--baselines", "base", "--record"], currentDirectory: folder)
        #expect(recorded.status == 0)
        try Self.spec(grow: 3).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let checked = try CommandRunner.run(
            ["check", "grid.yaml", "--baselines", "base", "--report", "report"], currentDirectory: folder)
        #expect(checked.status == 1)
        let page = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        // Item 0 is in column 0 above items 2 and 4 (shortest column first: 0, 1, 0, 1, 0).
        #expect(page.contains("Item 0 grew by 3 pt; items 2 and 4 below it in column 0 moved down 3 pt."))
        #expect(page.contains("waterfall check grid.yaml --baselines base --record"))
        #expect(page.contains(#"<details class="regions">"#))
        #expect(page.contains(".lightbox:target"))
        #expect(page.contains(##"href="#full-grid-actual""##) && page.contains(##"id="full-grid-actual""##))
        // Item 0 at (0, 0), 28 points wide on a 60-point page: boxes in percent of the picture.
        #expect(page.contains(#"<span class="box resized" style="left: 0%; top: 0%; width: 46.667%; "#))
        // Passed specs get no command.
        try Self.spec(grow: 3).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        _ = try CommandRunner.run(["check", "grid.yaml", "--baselines", "base", "--record"], currentDirectory: folder)
        _ = try CommandRunner.run(
            ["check", "grid.yaml", "--baselines", "base", "--report", "report"], currentDirectory: folder)
        let passed = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(!passed.contains("--record"))
    }
}
