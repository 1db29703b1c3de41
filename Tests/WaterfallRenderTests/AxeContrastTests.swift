import Foundation
import Testing
import WaterfallTestSupport

/// axe-core's colour-contrast verdicts on every example's HTML agree with `waterfall audit`'s
/// (issue 47): every text axe fails is a finding of the audit, every finding axe can measure
/// fails in axe, and both ask the same ratio of each text.
///
/// `scripts/axe-audit-check.py` renders the examples' HTML, audits the same specs and runs
/// axe-core's `color-contrast` rule in Debian's chromium (one browser for every page).
/// `scripts/setup.sh` installs axe-core (`axe-playwright-python`) and Playwright.
@Suite(.onWaitingThreads, .tags(.process, .browser)) struct AxeContrastTests {
    #if os(Linux)
    @Test func axeAgreesWithTheAuditOnEveryExamplesText() throws {
        let json = ExternalRenderers.temporaryPath("json")
        defer { try? FileManager.default.removeItem(atPath: json) }
        let result = try CommandRunner.python(
            "axe-audit-check.py", ["--waterfall", CommandRunner.waterfall, "--json", json], timeout: 600)
        #expect(result.status == 0, "\(result.output)")
        let data = try #require(FileManager.default.contents(atPath: json), "\(result.output)")
        let summary = try JSONDecoder().decode(Summary.self, from: data)
        #expect(summary.disagreements.isEmpty, "\(summary.disagreements.joined(separator: "\n"))")
        // Every example is a page, and axe measured texts on them that both pass and fail.
        #expect(summary.pictures >= 19)
        #expect(summary.agreements > 0 && summary.agreements == summary.places)
        #expect(summary.violations > 0)
    }
    #endif

    /// What `scripts/axe-audit-check.py --json` writes, the parts the test reads.
    struct Summary: Decodable {
        var pictures: Int
        var places: Int
        var agreements: Int
        var violations: Int
        var disagreements: [String]
    }
}
