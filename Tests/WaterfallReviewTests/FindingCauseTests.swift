import Foundation
import Testing
import WaterfallAudit
import WaterfallLayout
import WaterfallReview
import WaterfallTestSupport

/// Review that says what it recorded and why: a spec key that makes or removes a finding is named
/// as its cause at its place, recording lists each finding it accepts, and a finding no longer
/// found is named.
@Suite struct FindingCauseTests {
    typealias Workspace = BaselineCheckerTests.Workspace

    /// Two cards, the second 30 pt tall: a tap target too small unless it says `tappable: false`.
    static func feed(tappable: String? = "false", badgeColor: String = "#222222") -> String {
        let flag = tappable.map { ", tappable: \($0)" } ?? ""
        return """
            width: 240
            scale: 1
            style: {palette: ["#ffffff"]}
            sections:
              - columns: 2
                items:
                  - {height: 80, title: "Lamp", style: {title: {color: "\(badgeColor)"}}}
                  - {height: 30\(flag)}
            """
    }

    /// The second card's size, as the finding says it.
    static let size = "115 × 30 pt"

    /// A checker of the workspace's baselines, recorded once from what it holds.
    static func recorded(_ workspace: Workspace) throws -> BaselineChecker {
        let checker = BaselineChecker(baselines: workspace.baselines)
        var first = checker.check([workspace.spec])
        #expect(first.record(into: workspace.baselines, mode: .changed) == nil)
        #expect(first.checks[0].status == .recorded)
        return checker
    }

    @Test func deletingTappableIsNamedAsTheCauseOfTheSmallTargetFinding() throws {
        let workspace = try Workspace(Self.feed())
        let checker = try Self.recorded(workspace)
        #expect(checker.checks(specAt: workspace.spec)[0].status == .passed)

        // Nothing drawn changes: the audit alone finds the small card now.
        try workspace.write(Self.feed(tappable: nil))
        let check = checker.checks(specAt: workspace.spec)[0]
        #expect(check.status == .changed)
        #expect(check.changedOnlyInFindings)
        let finding = try #require(check.newFindings.first)
        #expect(finding.kind == .smallTarget && finding.place == "sections[0].items[1]")
        let cause = try #require(check.causes.first)
        #expect(cause.input == "sections[0].items[1].tappable removed (was false)")
        #expect(
            cause.consequence
                == "It draws nothing different; the audit now finds a small tap target at sections[0].items[1].")
        #expect(check.cause(of: finding)?.input == cause.input)
        let lines = check.resultLines(verbose: false)
        #expect(
            lines.contains(
                "  NEW    sections[0].items[1]: small tap target: \(Self.size), under the 44 × 44 pt a tap target "
                    + "needs (after sections[0].items[1].tappable removed (was false))"), "\(lines)")
        #expect(!lines.joined().contains("only what is drawn changes"))
    }

    @Test func aKeyThatCannotMakeAFindingIsNotNamedAsItsCause() throws {
        let workspace = try Workspace(Self.feed())
        let checker = try Self.recorded(workspace)
        // A colour cannot make a tap target small; `tappable` can.
        try workspace.write(Self.feed(tappable: nil, badgeColor: "#333333"))
        let check = checker.checks(specAt: workspace.spec)[0]
        #expect(check.status == .changed)
        #expect(check.inputChanges.count == 2)
        let finding = try #require(check.newFindings.first { $0.kind == .smallTarget })
        #expect(check.cause(of: finding)?.input == "sections[0].items[1].tappable removed (was false)")
        // Beside a change that draws, the tappable change says it draws nothing and what it made.
        let tappable = try #require(check.causes.first { $0.input?.contains("tappable") == true })
        #expect(
            tappable.consequence
                == "It draws nothing different; the audit now finds a small tap target at sections[0].items[1].")
        // The colour draws and moves nothing: said as before.
        let color = try #require(check.causes.first { $0.input?.contains("color") == true })
        #expect(color.consequence == "On its own it moves no frame: only what is drawn changes.")
    }

    @Test func recordingSaysEachFindingItRecorded() throws {
        let workspace = try Workspace(Self.feed(tappable: nil))
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        #expect(results.record(into: workspace.baselines, mode: .changed) == nil)
        let check = results.checks[0]
        #expect(check.status == .recorded)
        #expect(check.newlyRecordedFindings.map(\.place) == ["sections[0].items[1]"])
        let lines = check.resultLines(verbose: false)
        #expect(lines[0].hasSuffix("; 1 accessibility finding recorded"), "\(lines)")
        #expect(
            lines.contains(
                "  recorded finding  sections[0].items[1]: small tap target: \(Self.size), under the 44 × 44 pt a "
                    + "tap target needs"), "\(lines)")
        // Recorded once, a second recording has nothing new to say.
        var again = checker.check([workspace.spec])
        _ = again.record(into: workspace.baselines, mode: .changed)
        #expect(again.checks[0].newlyRecordedFindings.isEmpty)
        #expect(!again.checks[0].resultLines(verbose: false).joined().contains("recorded finding"))
    }

    @Test func aFindingNoLongerFoundIsNamedWithItsCause() throws {
        let workspace = try Workspace(Self.feed(tappable: nil))
        let checker = try Self.recorded(workspace)
        try workspace.write(Self.feed(tappable: "false"))
        let check = checker.checks(specAt: workspace.spec)[0]
        #expect(check.fixedFindings.map(\.place) == ["sections[0].items[1]"])
        let lines = check.resultLines(verbose: false)
        #expect(
            lines.contains(
                "  fixed  sections[0].items[1]: small tap target: \(Self.size), under the 44 × 44 pt a tap target "
                    + "needs (no longer found, after sections[0].items[1].tappable: set to false)"), "\(lines)")
        #expect(!lines.joined().contains("1 recorded finding is no longer found"))

        // Recording drops it from the record and says so.
        var results = checker.check([workspace.spec])
        _ = results.record(into: workspace.baselines, mode: .changed)
        let recorded = results.checks[0]
        #expect(recorded.droppedFindings.map(\.place) == ["sections[0].items[1]"])
        #expect(recorded.status == .recorded)
        #expect(recorded.reason == "1 fixed finding dropped from the record")
        #expect(
            recorded.resultLines(verbose: false).contains {
                $0.hasPrefix("  fixed  sections[0].items[1]: small tap target")
                    && $0.contains("(no longer found; dropped from the record")
            })
    }

    @Test func aChangeNamesOnlyFindingsItsKeyCanMake() {
        func change(_ key: String, _ scope: InputChange.Scope) -> InputChange {
            InputChange(text: "\(key) changed", path: "sections[0].items[1].\(key)", scope: scope, key: key)
        }
        let target = Finding(
            kind: .smallTarget, place: "sections[0].items[1]", message: "30 × 30 pt",
            frame: Rect(x: 0, y: 0, width: 30, height: 30))
        let contrast = Finding(
            kind: .contrast, place: "sections[0].items[1].title", message: "2:1",
            frame: Rect(x: 0, y: 0, width: 30, height: 30))
        let item = InputChange.Scope.items(section: 0, items: [1])
        #expect(change("tappable", item).canCause(target))
        #expect(!change("tappable", item).canCause(contrast))
        #expect(change("textColor", item).canCause(contrast))
        #expect(!change("textColor", item).canCause(target))
        #expect(change("height", item).canCause(target))
        // Another card's change, or another section's, does not reach it.
        #expect(!change("tappable", .items(section: 0, items: [0])).canCause(target))
        #expect(!change("height", .section(1)).canCause(target))
        // The closest place wins over a feed-wide change.
        let wide = InputChange(text: "width: 240 → 200", path: "width", scope: .spec, key: "width")
        #expect(InputChange.cause(of: target, among: [wide, change("height", item)])?.key == "height")
        #expect(InputChange.cause(of: target, among: [wide])?.key == "width")
        // The renderer draws text anew: it can cut a text or change its contrast, not resize a card.
        let renderer = InputChange(text: "renderer fingerprint changed: Pango 1.50 → 1.52", scope: .renderer)
        #expect(renderer.canCause(contrast))
        #expect(!renderer.canCause(target))
    }

    @Test func tappableIsNotDescribedAsChangingWhatIsDrawn() throws {
        // `waterfall diff` of two specs: no frame moves, nothing drawn differs; the audit does.
        let comparison = try SpecComparisonTests.compare(Self.feed(tappable: "false"), Self.feed(tappable: "true"))
        #expect(
            comparison.causes.map(\.line) == [
                "sections[0].items[1].tappable: false → true — The layout is unchanged and nothing drawn differs: it "
                    + "changes only which elements the audit holds to 44 × 44 pt as tap targets."
            ])
    }

    @Test func aTitleIsCountedInCharactersWithItsSpaces() throws {
        func feed(_ title: String) -> String {
            "width: 200\nscale: 1\nsections:\n  - columns: 1\n    items:\n      - {height: 80, title: \"\(title)\"}\n"
        }
        let long = "Hi there, a title long enough to say"
        #expect(long.count == 36)
        let causes = try CauseTests.causes(from: feed("Hi there"), to: feed(long))
        // Grapheme clusters, spaces included: "Hi there" is 8, as the audit counts it.
        #expect(causes.first?.input == "sections[0].items[0].title changed (8 → 36 characters)")
        let flags = try CauseTests.causes(from: feed("🇸🇪 é"), to: feed(long))
        #expect(flags.first?.input == "sections[0].items[0].title changed (3 → 36 characters)")
    }

    @Test func aCauseAndTheAuditCountATitleAlike() throws {
        func feed(_ title: String) -> String {
            "width: 200\nscale: 1\nsections:\n  - columns: 2\n    items:\n      - {height: 50, title: \"\(title)\"}\n"
        }
        let long = "Hi there, a title far too long for a card this small to hold"
        let workspace = try Workspace(feed("Hi there"))
        let checker = try Self.recorded(workspace)
        try workspace.write(feed(long))
        let check = checker.checks(specAt: workspace.spec)[0]
        let cut = try #require(check.newFindings.first { $0.kind == .truncation })
        // One count: the cause's, the finding's numbers and its message.
        #expect(cut.characters?.last == long.count)
        #expect(cut.message.contains(" of \(long.count) characters show"), "\(cut.message)")
        let title = "sections[0].items[0].title changed (8 → \(long.count) characters)"
        #expect(check.cause(of: cut)?.input == title)
        #expect(
            check.resultLines(verbose: false).contains { $0.hasPrefix("  NEW    ") && $0.hasSuffix("(after \(title))") }
        )
    }
}
