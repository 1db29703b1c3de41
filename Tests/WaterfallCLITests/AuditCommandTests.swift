import Foundation
import Testing
import WaterfallTestSupport

/// `waterfall audit` as a user runs it: findings on standard output with their places, exit 1;
/// a clean spec exit 0; bad input one line and exit 2; `--json` the same findings.
@Suite struct AuditCommandTests {
    /// A folder of this test's own, removed when it ends.
    let temporary: TemporaryFolder
    var folder: String { temporary.path }

    init() throws { temporary = try TemporaryFolder() }

    func spec(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func findingsExitOneCleanExitsZeroBadInputExitsTwo() throws {
        let grey = try spec(
            "grey.yaml",
            """
            width: 240
            scale: 1
            style: {palette: ["#ffffff"]}
            sections:
              - columns: 1
                footer: {height: 30, title: "Load more"}
                items:
                  - {height: 80, title: "Lamp", subtitle: "Warm light", style: {subtitle: {color: "#aaaaaa"}}}
            """)
        let json = folder + "/findings.json"
        let found = InProcess.run(["audit", grey, "--json", json])
        #expect(found.status == 1, "\(found.standardError)")
        #expect(found.standardError.isEmpty)
        let lines = found.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "FOUND    grey: 2 findings")
        #expect(
            lines.contains(
                "  finding  sections[0].items[0].subtitle: low contrast: 2.32:1, #aaaaaa on #ffffff, under the 4.5:1 "
                    + "WCAG 2.2 AA asks of 12 pt text"))
        #expect(lines.contains { $0.hasPrefix("  finding  sections[0].footer: small tap target: 240 × 30 pt") })
        #expect(lines.last == "audit: 2 findings in 1 of 1 picture")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let pictures = try #require((written as? [String: Any])?["pictures"] as? [[String: Any]])
        let findings = try #require(pictures.first?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["contrast", "small-target"])
        #expect(findings.first?["ratio"] as? Double == 2.32)

        let clean = try spec(
            "clean.yaml",
            "width: 240\nscale: 1\nsections:\n  - columns: 1\n    items:\n      - {height: 80, title: \"Lamp\"}\n")
        let none = InProcess.run(["audit", clean])
        #expect(none.status == 0)
        #expect(none.standardOutput == "ok       clean\naudit: 0 findings in 0 of 1 picture\n")

        let bad = try spec("bad.yaml", "width: 240\nsections:\n  - items:\n      - {height: 80, tappable: maybe}\n")
        let refused = InProcess.run(["audit", bad])
        #expect(refused.status == 2)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.split(separator: "\n").count == 1)
        #expect(refused.standardError.contains("bad.yaml:4:"))
        #expect(refused.standardError.contains("tappable"))
    }
}
