import Foundation
import Testing
import WaterfallAudit
import WaterfallBatch
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallReview
import WaterfallTestSupport

/// One run of `check` in process: its baselines folder, shard, record, blob and prune, and the
/// lines `check` and `audit` print.
@Suite struct CheckRunTests {
    typealias Workspace = BaselineCheckerTests.Workspace

    @Test func aMissingBaselinesFolderIsRefusedUnlessTheRunRecords() throws {
        let workspace = try Workspace(BaselineCheckerTests.feed())
        let missing = workspace.folder + "/none"
        let refused = #expect(throws: FileError.self) {
            try CheckRun(checker: BaselineChecker(baselines: missing)).prepareBaselines()
        }
        #expect(refused?.description == "\(missing): no such baselines folder")
        let file = #expect(throws: FileError.self) {
            try CheckRun(checker: BaselineChecker(baselines: workspace.spec), record: .changed).prepareBaselines()
        }
        #expect(file?.description == "\(workspace.spec): is not a folder")
        #expect(!FileManager.default.fileExists(atPath: missing))
        try CheckRun(checker: BaselineChecker(baselines: missing), record: .missing).prepareBaselines()
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: missing, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func aShardChecksItsPartAndTheBlobAndPruneSeeEverySpec() throws {
        let workspace = try Workspace(BaselineCheckerTests.feed())
        let second = workspace.folder + "/second.yaml"
        try BaselineCheckerTests.feed(height: 60).write(toFile: second, atomically: true, encoding: .utf8)
        let specs = [second, workspace.spec]
        var run = CheckRun(checker: BaselineChecker(baselines: workspace.baselines), record: .missing)
        run.shard = try Shard(parsing: "2/2")
        // Sorted by path, `feed.yaml` is first and `second.yaml` second: part 2 is `second.yaml`, at index 0.
        #expect(run.positions(in: specs) == [0])
        let outcome = run.check(specs)
        #expect(outcome.specs == specs && outcome.positions == [0])
        #expect(outcome.results.checks.map(\.name) == ["second"])
        #expect(outcome.results.checks.map(\.status) == [.recorded])
        #expect(outcome.fingerprintError == nil)

        // A stale baseline is listed against every spec given, and removed only by a recording run.
        try Data("old".utf8).write(to: URL(fileURLWithPath: workspace.baselines + "/gone.svg"))
        var comparing = run
        comparing.record = nil
        #expect(try comparing.prune(outcome) == ["gone.svg"])
        #expect(FileManager.default.fileExists(atPath: workspace.baselines + "/gone.svg"))
        #expect(try run.prune(outcome) == ["gone.svg"])
        #expect(!FileManager.default.fileExists(atPath: workspace.baselines + "/gone.svg"))
        #expect(try workspace.files().contains("second.png"))

        let blob = workspace.folder + "/blob"
        try run.writeBlob(of: outcome, to: blob)
        var budget = ResultsBlob.maximumPictureBytes
        let read = try ResultsBlob.read(from: blob, budget: &budget)
        #expect(read.shard == (try Shard(parsing: "2/2")))
        #expect(read.specs == specs)
        #expect(read.checked.map(\.index) == [0])
        #expect(read.checked.flatMap(\.checks).map(\.name) == ["second"])

        // Positions a caller counted first are the ones checked: here the other shard's spec.
        let other = comparing.check(specs, at: [1])
        #expect(other.positions == [1] && other.specs == specs)
        #expect(other.results.checks.map(\.name) == ["feed"])
        #expect(other.results.checks.map(\.status) == [.new])
    }

    @Test func aChangedSpecPrintsItsVerdictCausesAndFoldedFrames() throws {
        let workspace = try Workspace(BaselineCheckerTests.feed())
        let run = CheckRun(checker: BaselineChecker(baselines: workspace.baselines), record: .missing)
        _ = run.check([workspace.spec])
        try workspace.write(BaselineCheckerTests.feed(firstHeight: 150))
        let check = try #require(CheckRun(checker: run.checker).check([workspace.spec]).results.checks.first)
        #expect(check.status == .changed)
        let frames = try #require(check.layoutDiff?.changes.count)
        let lines = check.resultLines(verbose: false)
        #expect(lines.first == "CHANGED  \(check.title): \(check.reason)")
        #expect(lines.contains { $0.hasPrefix("  cause  sections[0].items[0].height: 120 → 150") }, "\(lines)")
        #expect(lines.last == "         \(frames) frame\(frames == 1 ? "" : "s") changed: --verbose lists them")
        let verbose = check.resultLines(verbose: true)
        #expect(verbose.count == lines.count - 1 + frames)
        #expect(Array(verbose.suffix(frames)) == check.layoutDiff?.changes.map { "         \($0)" })
    }

    @Test func passedRecordedAndPrunedLinesSayWhatHappened() {
        var check = SpecCheck(spec: "specs/feed.yaml", name: "feed")
        check.status = .passed
        #expect(check.resultLines(verbose: true) == ["ok       \(check.title)"])
        #expect(StaleBaselines.lines([], in: "base", removed: false).isEmpty)
        #expect(StaleBaselines.lines([], in: "base", removed: true) == ["prune: 0 stale baselines removed"])
        #expect(
            StaleBaselines.lines(["a.svg"], in: "base", removed: false) == [
                "STALE    base/a.svg", "prune: 1 stale baseline",
            ])
    }

    @Test func auditLinesCountTheFindingsOfEachPicture() {
        let finding = Finding(
            kind: .smallTarget, place: "sections[0].items[2]", message: "30 × 30 pt, under 44 × 44 pt",
            frame: Rect(x: 0, y: 0, width: 30, height: 30))
        let audits = [
            PictureAudit(spec: "a.yaml", picture: "a", findings: []),
            PictureAudit(spec: "b.yaml", picture: "b.dark", findings: [finding, finding]),
        ]
        #expect(audits[0].resultLines == ["ok       a"])
        #expect(audits[1].resultLines.first == "FOUND    b.dark: 2 findings")
        #expect(audits[1].resultLines.dropFirst().allSatisfy { $0 == "  finding  \(finding.line)" })
        #expect(PictureAudit.summary(of: audits) == "audit: 2 findings in 1 of 2 pictures")
        #expect(PictureAudit.summary(of: [audits[0]]) == "audit: 0 findings in 0 of 1 picture")
    }
}
