import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallSpec
import WaterfallTestSupport

/// `waterfall check`: baselines, record mode and the review report, run in process.
@Suite(.tags(.slow)) struct CheckCommandTests {
    func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// What `waterfall examples` writes is what `check` compares with: every example unchanged.
    /// (The committed `Output/` itself is checked by `scripts/test.sh`.)
    @Test func theExamplesMatchTheBaselinesTheExamplesCommandWrites() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = InProcess.run(["examples", "--examples", Repository.path("Examples"), "--output", folder])
        try #require(written.status == 0, "\(written.standardError)")
        let specs = try Repository.examples().map { Repository.path("Examples/\($0)") }
        let result = InProcess.run(["check"] + specs + ["--baselines", folder])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardError == "", "\(result.standardError)")
        // A check for each variant, screen and declared clip: at least one a spec.
        let summary = try #require(result.standardOutput.split(separator: "\n").last)
        #expect(summary.hasSuffix(" unchanged, 0 changed, 0 without baseline, 0 recorded, 0 errors"), "\(summary)")
        let unchanged = Int(summary.dropFirst("check: ".count).prefix { $0.isNumber }) ?? 0
        #expect(unchanged >= specs.count, "\(summary)")
    }

    @Test(.onWaitingThreads, .tags(.browser)) func aOnePointChangeFailsNamesTheMovedItemsAndLeavesAReport() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try String(contentsOfFile: spec, encoding: .utf8)
        try text.replacingOccurrences(of: "{height: 140, title: Ceramic mug", with: "{height: 141, title: Ceramic mug")
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let before = try files(baselines)
        let report = folder + "/report"
        let result = InProcess.run(
            ["check", spec, "--baselines", baselines, "--report", report, "--templates", Repository.path("Templates")])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("CHANGED  \(spec): "))
        // A summary: the verdict and the cause, the frames folded into one line.
        #expect(
            result.standardOutput.contains("2 moved, 1 resized, 9 unchanged; largest shift 1 pt (section 0 item 4)"))
        #expect(result.standardOutput.contains("         3 frames changed: --verbose lists them\n"))
        #expect(!result.standardOutput.contains("section 0 item 6: ("))
        // Nothing is written to the baselines without --record.
        #expect(try files(baselines) == before)
        #expect(
            try files(report) == [
                "01-shop-grid.actual.png", "01-shop-grid.diff.png", "01-shop-grid.reference.png", "index.html",
            ])
        let page = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(page.contains("<span class=\"status\">changed</span>01-shop-grid"))
        #expect(page.contains("<img src=\"01-shop-grid.diff.png\""))
        #expect(page.contains("section 0 item 6: (10, 320, 111.7, 160) → (10, 321, 111.7, 160)"))
        // The boxes' tooltips as Chromium reads them: a frame each, no number with two decimals.
        let dom = try ExternalRenderers.chromiumDOM(htmlPath: report + "/index.html")
        let tooltips = dom.components(separatedBy: "<span class=\"box ").dropFirst().compactMap { box in
            box.range(of: #"title="([^"]*)""#, options: .regularExpression).map { String(box[$0]) }
        }
        #expect(tooltips.contains("title=\"section 0 item 4: (10, 170, 111.7, 140) → (10, 170, 111.7, 141)\""))
        #expect(tooltips.allSatisfy { $0.range(of: #"\d\.\d\d"#, options: .regularExpression) == nil }, "\(tooltips)")

        // The page, as a reviewer sees it: the status badge and the three pictures are drawn.
        let screenshot = try PNGCodec.decode(
            [UInt8](
                try ExternalRenderers.chromiumScreenshot(
                    htmlPath: report + "/index.html", width: 1400, height: 900, scale: 1)))
        var colors = Set<Color>()
        for y in stride(from: 0, to: screenshot.height, by: 3) {
            for x in stride(from: 0, to: screenshot.width, by: 3) { colors.insert(screenshot.color(x: x, y: y)) }
        }
        // The palette of the shop grid shows only if the images loaded.
        #expect(colors.contains(Color(hex: "#ffd6a5")!))
        #expect(colors.contains(Color(hex: "#caffbf")!))
        // The red diff marks and the red "changed" badge.
        #expect(colors.contains { $0.red > 200 && $0.green < 60 && $0.blue < 60 })

        // --record writes the changed baselines, and then the check passes.
        let recorded = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(recorded.status == 0)
        #expect(recorded.standardOutput.contains("recorded \(spec)"))
        // Without --prune, no word of stale baselines.
        #expect(!recorded.standardOutput.contains("prune:"), "\(recorded.standardOutput)")
        // A mode the parser would read as the bare flag is refused, in process as in the binary.
        let misspelt = InProcess.run(["check", spec, "--baselines", baselines, "--record=al"])
        #expect(misspelt.status == 2)
        #expect(misspelt.standardError == "error: --record must be missing, changed or all, not 'al'\n")
        let again = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(again.status == 0)
        #expect(!(try files(baselines)).contains { $0.contains(".tmp-") })
    }

    @Test func aMissingBaselineFailsUntilRecorded() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: baselines + "/01-shop-grid.svg")
        let missing = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.contains("NEW      \(spec)"))
        #expect(!(try files(baselines)).contains("01-shop-grid.svg"))
        let pngBefore = FileManager.default.contents(atPath: baselines + "/01-shop-grid.png")
        let recorded = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(recorded.status == 0)
        #expect(
            try files(baselines) == [
                "01-shop-grid.findings.json", "01-shop-grid.inputs.json", "01-shop-grid.layout.json",
                "01-shop-grid.png", "01-shop-grid.svg", "waterfall-fingerprint.json",
            ])
        #expect(FileManager.default.contents(atPath: baselines + "/01-shop-grid.png") == pngBefore)
        #expect(InProcess.run(["check", spec, "--baselines", baselines]).status == 0)
    }

    @Test func aBadSpecIsAnErrorAndTheOthersStillRun() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = folder + "/bad.yaml"
        try "width: -1".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = InProcess.run(["check", bad, spec, "--baselines", baselines])
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("ERROR    \(bad): \(bad):1:8: width: must be greater than 0, not -1"))
        #expect(result.standardOutput.contains("ok       \(spec)"))
    }
}
