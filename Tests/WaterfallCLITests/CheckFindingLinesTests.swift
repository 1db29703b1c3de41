import Foundation
import Testing
import WaterfallTestSupport

/// `waterfall check` says what it recorded and why.
///
/// Each accessibility finding `--record` accepts or drops has a line, a spec key that makes or
/// removes a finding is named as its cause, and a finding no longer found is named. Run in process.
@Suite struct CheckFindingLinesTests {
    /// Two cards in two columns, the second 30 pt tall: a tap target too small unless it says
    /// `tappable: false`.
    static func feed(tappable: Bool) -> String {
        """
        width: 240
        scale: 1
        sections:
          - columns: 2
            items:
              - {height: 80, title: "Lamp"}
              - {height: 30\(tappable ? ", tappable: false" : "")}
        """
    }

    static let finding =
        "sections[0].items[1]: small tap target: 115 × 30 pt, under the 44 × 44 pt a tap target needs"

    @Test func recordingNamesEachFindingAndACheckNamesTappableAsTheCause() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let spec = folder + "/feed.yaml"
        let baselines = folder + "/baselines"
        func write(tappable: Bool) throws {
            try Self.feed(tappable: tappable).write(toFile: spec, atomically: true, encoding: .utf8)
        }
        func check(_ extra: [String] = []) -> CommandResult {
            InProcess.run(["check", spec, "--baselines", baselines] + extra)
        }

        // Recording a finding says so: one line, its place and what it is.
        try write(tappable: false)
        let first = check(["--record"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("  recorded finding  \(Self.finding)\n"), "\(first.standardOutput)")
        #expect(first.standardOutput.contains("; 1 accessibility finding recorded\n"), "\(first.standardOutput)")

        // Marked not tappable, the finding is gone: named, with the key that took it away.
        try write(tappable: true)
        let fixed = check()
        #expect(fixed.status == 0, "\(fixed.standardOutput)")
        #expect(
            fixed.standardOutput.contains(
                "  fixed  \(Self.finding) (no longer found, after sections[0].items[1].tappable: set to false)\n"),
            "\(fixed.standardOutput)")
        #expect(!fixed.standardOutput.contains("recorded finding is no longer found"))
        let dropped = check(["--record"])
        #expect(dropped.status == 0)
        #expect(
            dropped.standardOutput.contains("no longer found; dropped from the record"), "\(dropped.standardOutput)")

        // `tappable: false` deleted: nothing drawn changes, and the key is the finding's cause.
        try write(tappable: false)
        let changed = check()
        #expect(changed.status == 1)
        let out = changed.standardOutput
        #expect(
            out.contains(
                "  cause  sections[0].items[1].tappable removed (was false) — It draws nothing different; the audit "
                    + "now finds a small tap target at sections[0].items[1].\n"), "\(out)")
        #expect(
            out.contains("  NEW    \(Self.finding) (after sections[0].items[1].tappable removed (was false))\n"),
            "\(out)")
        #expect(!out.contains("only what is drawn changes"))
    }

    @Test func recordingWithoutANewFindingSaysNothingOfFindings() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let spec = folder + "/feed.yaml"
        try Self.feed(tappable: true).write(toFile: spec, atomically: true, encoding: .utf8)
        let recorded = InProcess.run(["check", spec, "--baselines", folder + "/baselines", "--record"])
        #expect(recorded.status == 0)
        #expect(recorded.standardOutput.contains("recorded \(spec): no baseline PNG, SVG and layout\n"))
        #expect(!recorded.standardOutput.contains("finding"), "\(recorded.standardOutput)")
    }
}
