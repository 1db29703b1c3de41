import Foundation
import Testing
import WaterfallAudit
import WaterfallReview
import WaterfallTestSupport

/// Findings recorded beside the baselines and guarded like pixels: a new one fails the check,
/// recording accepts it, `--audit warn` and `off` do what they say, and every output names it.
@Suite struct AuditGuardTests {
    static func feed(subtitleColor: String = "#555555") -> String {
        """
        width: 240
        scale: 1
        style: {palette: ["#ffffff"]}
        sections:
          - columns: 1
            items:
              - {height: 80, title: "Lamp", subtitle: "Warm light", style: {subtitle: {color: "\(subtitleColor)"}}}
              - {height: 80, title: "Chair"}
        """
    }

    typealias Workspace = BaselineCheckerTests.Workspace

    @Test func aNewContrastFindingFailsTheCheckAndRecordingAcceptsIt() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var first = checker.check([workspace.spec])
        #expect(first.checks[0].findings.isEmpty)
        _ = first.record(into: workspace.baselines, mode: .missing)
        // No finding, no findings file.
        #expect(workspace.findings == nil)
        #expect(checker.checks(specAt: workspace.spec)[0].status == .passed)

        try workspace.write(Self.feed(subtitleColor: "#aaaaaa"))
        var changed = checker.check([workspace.spec])
        let check = changed.checks[0]
        #expect(check.status == .changed)
        let finding = try #require(check.newFindings.first)
        #expect(check.newFindings.count == 1)
        #expect(finding.kind == .contrast && finding.place == "sections[0].items[0].subtitle")
        #expect(finding.message.hasPrefix("2.32:1, #aaaaaa on #ffffff"))
        #expect(check.reason.hasSuffix("1 new accessibility finding"))
        // Its cause, in the spec's terms.
        #expect(check.cause(of: finding)?.input?.hasPrefix("sections[0].items[0].style.subtitle.color") == true)

        // Every output names it.
        #expect(changed.json.contains(##""colors":["#aaaaaa","#ffffff"]"##))
        #expect(changed.json.contains(#""new":true"#))
        #expect(changed.json.contains("\"place\":\"sections[0].items[0].subtitle\""))
        #expect(
            changed.junit.contains("new accessibility finding: sections[0].items[0].subtitle: low contrast: 2.32:1"))
        let annotation = GitHubAnnotation.annotation(for: finding, of: check, isError: true)
        #expect(annotation.hasPrefix("::error file=\(workspace.spec),title=accessibility%3A low contrast::"))
        #expect(GitHubAnnotation.annotation(for: finding, of: check, isError: false).hasPrefix("::warning file="))

        // Accepted by recording: written beside the baselines, then the check passes.
        #expect(changed.record(into: workspace.baselines, mode: .changed) == nil)
        #expect(changed.checks[0].status == .recorded)
        let recorded = try #require(workspace.findings)
        #expect(recorded.contains("\"place\" : \"sections[0].items[0].subtitle\""))
        let again = checker.checks(specAt: workspace.spec)[0]
        #expect(again.status == .passed, "\(again.reason)")
        #expect(again.findings.count == 1 && again.newFindings.isEmpty)

        // Fixed: the check passes and says the recorded finding is gone.
        try workspace.write(Self.feed(subtitleColor: "#222222"))
        let fixed = checker.checks(specAt: workspace.spec)[0]
        #expect(fixed.fixedFindings.map(\.place) == ["sections[0].items[0].subtitle"])
        #expect(fixed.newFindings.isEmpty)
    }

    @Test func warnShowsNewFindingsWithoutFailingAndOffLooksForNone() throws {
        let workspace = try Workspace(Self.feed())
        var checker = BaselineChecker(baselines: workspace.baselines)
        var first = checker.check([workspace.spec])
        _ = first.record(into: workspace.baselines, mode: .missing)
        try workspace.write(Self.feed(subtitleColor: "#aaaaaa"))

        checker.audit = .warn
        let warned = checker.checks(specAt: workspace.spec)[0]
        // The pixels changed: the check is changed for them, and the finding is there to read.
        #expect(warned.newFindings.count == 1)
        checker.audit = .off
        let off = checker.checks(specAt: workspace.spec)[0]
        #expect(off.findings.isEmpty && off.newFindings.isEmpty && !off.audited)
        #expect(!off.reason.contains("accessibility"))
    }

    @Test func aFindingOnlyChangeFailsUnderFailAndPassesUnderWarn() throws {
        // A footer of 30 points with a title is a target too small; recorded without its findings
        // (as baselines made before the audit), the finding is new while no pixel changed.
        let yaml = Self.feed() + "\n    footer: {height: 30, title: \"Load more\"}\n"
        let workspace = try Workspace(yaml)
        var checker = BaselineChecker(baselines: workspace.baselines)
        checker.audit = .off
        var first = checker.check([workspace.spec])
        _ = first.record(into: workspace.baselines, mode: .missing)
        checker.audit = .fail
        let failing = checker.checks(specAt: workspace.spec)[0]
        #expect(failing.status == .changed)
        #expect(failing.reason == "1 new accessibility finding")
        #expect(failing.newFindings.map(\.place) == ["sections[0].footer"])
        checker.audit = .warn
        #expect(checker.checks(specAt: workspace.spec)[0].status == .passed)

        // `--record=missing` writes the missing findings file.
        var missing = checker.check([workspace.spec])
        _ = missing.record(into: workspace.baselines, mode: .missing)
        #expect(workspace.findings?.contains("small-target") == true)
        checker.audit = .fail
        #expect(checker.checks(specAt: workspace.spec)[0].status == .passed)
    }

    @Test func aFindingsFileThatIsNotOneIsAnErrorNamingIt() throws {
        let workspace = try Workspace(Self.feed())
        try Data("{\"findings\": 12}".utf8).write(
            to: URL(fileURLWithPath: workspace.baselines + "/feed.findings.json"))
        let check = BaselineChecker(baselines: workspace.baselines).checks(specAt: workspace.spec)[0]
        #expect(check.status == .failed)
        #expect(check.reason.contains("feed.findings.json: is not a findings file"))
    }
}

extension BaselineCheckerTests.Workspace {
    /// The recorded findings file's text; `nil` when there is none.
    var findings: String? { bytes("feed.findings.json").map { String(decoding: $0, as: UTF8.self) } }
}
