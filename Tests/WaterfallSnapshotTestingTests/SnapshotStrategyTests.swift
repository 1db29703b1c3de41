import Foundation
import SnapshotTesting
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallSnapshotTesting
import WaterfallSpec
import WaterfallTestSupport

/// The strategies used as a user would, with references recorded in `__Snapshots__`.
@Suite(.serialized) struct SnapshotStrategyTests {
    static let directory = Repository.path("Tests/WaterfallSnapshotTestingTests/__Snapshots__")
    static let record = ProcessInfo.processInfo.environment["WATERFALL_RECORD"] == "1"

    func shopGrid(changingMugBy delta: Double = 0) throws -> Spec {
        var spec = try Spec.load(path: Repository.path("Examples/01-shop-grid.yaml"))
        if delta != 0 {
            let mug = spec.sections[0].items.firstIndex { $0.title == "Ceramic mug" }!
            spec.sections[0].items[mug].layout = .height(140 + delta)
        }
        return spec
    }

    /// `verifySpecSnapshot` against the committed reference; `nil` means it matched.
    ///
    /// With `WATERFALL_RECORD=1` a reference that differs is written and the test still fails,
    /// as swift-snapshot-testing's record mode `.failed` does: a run that records compared nothing.
    func verify<Format>(_ spec: Spec, as strategy: Snapshotting<Spec, Format>) -> String? {
        verifySpecSnapshot(
            of: spec, as: strategy, named: "shop-grid", record: Self.record ? .failed : .never,
            snapshotDirectory: Self.directory, testName: "example")
    }

    @Test func theExampleMatchesItsRecordedPNGSVGAndLayout() throws {
        let spec = try shopGrid()
        #expect(verify(spec, as: .png) == nil)
        #expect(verify(spec, as: .svg) == nil)
        #expect(verify(spec, as: .layoutJSON) == nil)
    }

    /// Cards sized by their image and text (`content: below` without a height) are measured as
    /// `waterfall render` and `waterfall layout` measure them; the reference is the layout.
    @Test(.onWaitingThreads, .tags(.process)) func layoutJSONMeasuresCardsSizedByTheirContent() throws {
        let path = Repository.path("Examples/10-photo-feed.yaml")
        let spec = try Spec.load(path: path)
        let folder = TemporaryFolder.newPath(named: "waterfall-snap")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(
            of: spec, as: .layoutJSON, named: "feed", record: .all, snapshotDirectory: folder, testName: "content")
        #expect(
            verifySnapshot(
                of: spec, as: .layoutJSON, named: "feed", record: .never, snapshotDirectory: folder,
                testName: "content") == nil)
        let recorded = try String(contentsOfFile: folder + "/content.feed.json", encoding: .utf8)
        let printed = try CommandRunner.run(["layout", path, "--pretty"])
        #expect(printed.status == 0, "\(printed.standardError)")
        #expect(recorded == printed.standardOutput)
        #expect(!recorded.contains("error"))
    }

    /// A spec that cannot be laid out or rendered fails the test; no error text is recorded.
    @Test(arguments: ["svg", "json"])
    func aSpecThatCannotBeDrawnFailsAndRecordsNothing(_ format: String) throws {
        // A card sized by its picture, which is not there.
        let spec = try Spec.decode(
            "width: 300\nstyle: {card: {content: below}}\nsections: [{items: [{image: no-such-picture.png, title: A}]}]\n",
            file: "broken.yaml", baseDirectory: TemporaryFolder.systemFolder)
        let folder = TemporaryFolder.newPath(named: "waterfall-snap")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The strategy fails before the library waits; what follows is a wait for a snapshot that
        // never comes, so a short one.
        withKnownIssue {
            _ = verifySnapshot(
                of: spec, as: format == "svg" ? .svg : .layoutJSON, named: "broken", record: .all,
                snapshotDirectory: folder, timeout: 0.5, testName: "failure")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("waterfall could not lay out or render the spec") }
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(written.isEmpty, "\(written)")
    }

    @Test func aOnePointChangeFailsThePNGStrategyWithArtifacts() throws {
        let failure = try #require(verify(try shopGrid(changingMugBy: 1), as: .png))
        #expect(failure.contains("PNG snapshot does not match"))
        // The message says where the reference, actual and diff pictures are, and they are there.
        let paths = failure.split(separator: "\n").compactMap { line -> String? in
            for prefix in ["reference: ", "actual: ", "diff: "] where line.hasPrefix(prefix) {
                return String(line.dropFirst(prefix.count))
            }
            return nil
        }
        #expect(paths.count == 3)
        for path in paths { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test func theSameChangeShowsInTheLayoutAndSVGStrategies() throws {
        let spec = try shopGrid(changingMugBy: 1)
        let layout = try #require(verify(spec, as: .layoutJSON))
        #expect(layout.contains("\"height\": 141"))
        #expect(verify(spec, as: .svg) != nil)
    }

    @Test func precisionLetsASmallChangePass() throws {
        let spec = try shopGrid(changingMugBy: 1)
        // About 0.4% of the pixels change.
        #expect(verify(spec, as: .png(precision: 0.99)) == nil)
        #expect(verify(spec, as: .png(precision: 0.999)) != nil)
    }

    @Test func pngDataIsComparedByPixelsNotBytes() throws {
        // The same pixels written by two encoders differ in bytes but not in pixels.
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        let a = Data(PNGFixture.encodeStored(width: 4, height: 4, pixels: pixels))
        let b = Data(try PNGCodec.encode(PixelImage(width: 4, height: 4, pixels: pixels)))
        #expect(a != b)
        #expect(Diffing<Data>.pngPixels().diffV2(a, b) == nil)
        var changed = pixels
        changed[0] = 0
        let c = Data(try PNGCodec.encode(PixelImage(width: 4, height: 4, pixels: changed)))
        #expect(Diffing<Data>.pngPixels().diffV2(a, c) != nil)
    }
}
