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

    @Test func moreThanFiveCausesAreFoldedAfterTheFifth() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.spec(grow: 0).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let recorded = InProcess.run(["check", folder + "/grid.yaml", "--baselines", folder + "/base", "--record"])
        #expect(recorded.status == 0)
        // Seven values changed, each its own cause with what it did alone, then the changes together:
        // three under the fold. The recorded feed ends at 71 pt in two columns (20, 24+25, 53+18)
        // and, with only the columns changed, at 47 pt in three (25 + 4 + 18).
        let changed = """
            width: 64
            scale: 2
            defaults: {columns: 3, interitemSpacing: 5, lineSpacing: 6}
            sections:
              - items:
                  - {height: 21}
                  - {height: 31}
                  - {height: 26}
                  - {height: 22}
                  - {height: 18}

            """
        try changed.write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let checked = InProcess.run(
            ["check", folder + "/grid.yaml", "--baselines", folder + "/base", "--report", folder + "/report"])
        #expect(checked.status == 1)
        let causeLines = checked.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  cause  ") }
        #expect(causeLines.count == 6)
        #expect(
            causeLines.first
                == "  cause  defaults.columns: 2 → 3 — 5 cards moved into 3 columns; the feed got 24 pt shorter.")
        #expect(causeLines.last == "  cause  … 3 more in the report")
        let page = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        let shown = try #require(page.range(of: #"<ol class="cause-list">"#))
        let fold = try #require(page.range(of: #"<details class="more-causes"><summary>3 more causes</summary>"#))
        #expect(page[shown.upperBound..<fold.lowerBound].components(separatedBy: #"<li class="cause">"#).count - 1 == 5)
        #expect(page[fold.upperBound...].hasPrefix(#"<ol class="cause-list" start="6"><li class="cause">"#))
    }

    @Test func theReportSaysWhatChangedAndHowToAcceptIt() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.spec(grow: 0).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let recorded = InProcess.run(["check", folder + "/grid.yaml", "--baselines", folder + "/base", "--record"])
        #expect(recorded.status == 0)
        try Self.spec(grow: 3).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        let checked = InProcess.run(
            ["check", folder + "/grid.yaml", "--baselines", folder + "/base", "--report", folder + "/report"])
        #expect(checked.status == 1)
        let page = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        // The cause first, in the spec's terms; item 0 is in column 0 above items 2 and 4 (shortest
        // column first: 0, 1, 0, 1, 0).
        #expect(
            page.contains(
                #"<li class="cause"><code class="cause-input">sections[0].items[0].height: 20 → 23</code> "#
                    + #"<span class="cause-consequence">Card 0 grew by 3 pt; 2 cards below it moved down 3 pt; "#
                    + "the feed got 3 pt taller.</span></li>"))
        #expect(page.contains("waterfall check \(folder)/grid.yaml --baselines \(folder)/base --record"))
        #expect(page.contains(#"<details class="regions">"#))
        #expect(page.contains(".lightbox:target"))
        #expect(page.contains(##"href="#full-grid-actual""##) && page.contains(##"id="full-grid-actual""##))
        // Item 0 at (0, 0), 28 points wide on a 60-point page: boxes in percent of the picture.
        #expect(page.contains(#"<span class="box resized" style="left: 0%; top: 0%; width: 46.667%; "#))
        // Passed specs get no command.
        try Self.spec(grow: 3).write(toFile: folder + "/grid.yaml", atomically: true, encoding: .utf8)
        _ = InProcess.run(["check", folder + "/grid.yaml", "--baselines", folder + "/base", "--record"])
        _ = InProcess.run(
            ["check", folder + "/grid.yaml", "--baselines", folder + "/base", "--report", folder + "/report"])
        let passed = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(!passed.contains("--record"))
    }
}
