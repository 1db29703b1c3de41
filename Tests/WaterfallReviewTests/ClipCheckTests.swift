import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallMotion
import WaterfallPipeline
import WaterfallReview
import WaterfallSpec
import WaterfallTestSupport

/// A clip a spec declares, guarded as its pictures are: recorded as an animated PNG, checked
/// frame by frame, the first differing frame shown.
@Suite struct ClipCheckTests {
    typealias Workspace = BaselineCheckerTests.Workspace

    static func feed(height: Int = 60, fps: Int = 10, duration: Double? = nil) -> String {
        """
        width: 120
        scale: 1
        defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - header: {height: 20, title: Feed}
            pinHeader: true
            items: [{height: \(height)}, {height: 80}]
            generate: {count: 14, minHeight: 40, maxHeight: 90, seed: 2}
        variants:
          viewport: {height: 150}
          animate: scroll
          clip: {fps: \(fps)\(duration.map { ", duration: \($0)" } ?? "")}
        """
    }

    @Test func aDeclaredClipIsRecordedAndThenPasses() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        let clip = try #require(results.checks.first { $0.name == "feed.scroll" })
        #expect(clip.status == .new && clip.clip?.missing == true)
        #expect(clip.reason == "no baseline clip")
        #expect(results.record(into: workspace.baselines, mode: .missing) == nil)
        #expect(try workspace.files().contains("feed.scroll.png"))

        // The recorded clip holds every frame of the plan, each the screen at its offset.
        let bytes = try #require(workspace.bytes("feed.scroll.png"))
        var reader = try AnimatedPNGReader(bytes: bytes, name: "feed.scroll.png")
        var frames: [PixelImage] = []
        try reader.forEachTick(fps: 10) { frames.append($0) }
        let spec = try Spec.load(path: workspace.spec)
        let pipeline = RenderPipeline(renderers: [])
        var request = ClipRequest(animation: .scroll, viewport: 150, formats: [.apng])
        request.fps = 10
        let writer = ClipWriter(pipeline: pipeline, request: request)
        let prepared = try writer.prepare(spec, name: "feed")
        #expect(frames.count == prepared.plan.frames.count)
        for (index, frame) in prepared.plan.frames.enumerated() where index % 5 == 0 {
            var still = pipeline
            still.keepsImagePixels = true
            let screen = still.screen(prepared.feeds[0], at: frame.offset, viewport: 150)
            #expect(try CairoRenderer.rasterize(screen) == frames[index], "frame \(index) at \(frame.offset)")
        }

        let again = checker.check([workspace.spec])
        #expect(again.checks.allSatisfy { $0.status == .passed })
    }

    @Test func aChangedFeedNamesTheFirstDifferingFrame() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        #expect(results.record(into: workspace.baselines, mode: .missing) == nil)

        // A card far down the feed: the first frames are the same, later ones differ.
        try workspace.write(Self.feed().replacingOccurrences(of: "seed: 2", with: "seed: 3"))
        var changed = checker.check([workspace.spec])
        let clip = try #require(changed.checks.first { $0.name == "feed.scroll" })
        #expect(clip.status == .changed)
        let comparison = try #require(clip.clip)
        let first = try #require(comparison.firstDifferentFrame)
        #expect(comparison.differentFrames > 0 && comparison.differentFrames <= comparison.frames)
        #expect(clip.reason.contains("frames differ, the first frame \(first + 1) at "))
        // The report shows that frame: drawn, the baseline's and the diff.
        let tile = try #require(clip.tiles.first)
        #expect(tile.actual != nil && tile.reference != nil && tile.diffImage != nil)
        #expect(tile.result?.isDifferent == true)

        // Recording the change writes the new clip, which then passes.
        #expect(changed.record(into: workspace.baselines, mode: .changed) == nil)
        #expect(checker.check([workspace.spec]).checks.allSatisfy { $0.status == .passed })
    }

    @Test func aLongerClipIsChangedEvenWhereItsFramesAgree() throws {
        let workspace = try Workspace(Self.feed(duration: 1))
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        #expect(results.record(into: workspace.baselines, mode: .missing) == nil)
        try workspace.write(Self.feed(duration: 1.5))
        let clip = try #require(checker.check([workspace.spec]).checks.first { $0.name == "feed.scroll" })
        #expect(clip.status == .changed)
        #expect(clip.reason == "the clip has 15 frames, its baseline 10")
        #expect(clip.clip?.firstDifferentFrame == 10)
    }

    @Test func aBrokenBaselineClipFailsInOneLine() throws {
        let workspace = try Workspace(Self.feed())
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: workspace.baselines + "/feed.scroll.png"))
        let clip = try #require(
            BaselineChecker(baselines: workspace.baselines).check([workspace.spec]).checks.first {
                $0.name == "feed.scroll"
            })
        #expect(clip.status == .failed)
        #expect(clip.error?.hasSuffix("feed.scroll.png: is not a PNG file") == true)
    }

    @Test func staleBaselinesKeepTheDeclaredClips() throws {
        let workspace = try Workspace(Self.feed())
        var results = BaselineChecker(baselines: workspace.baselines).check([workspace.spec])
        #expect(results.record(into: workspace.baselines, mode: .missing) == nil)
        #expect(StaleBaselines.find(in: workspace.baselines, specs: [workspace.spec]).isEmpty)
        // Without the declaration the clip is stale.
        try workspace.write(
            Self.feed().components(separatedBy: "\n").filter { !$0.contains("animate") && !$0.contains("clip:") }
                .joined(separator: "\n"))
        #expect(StaleBaselines.find(in: workspace.baselines, specs: [workspace.spec]) == ["feed.scroll.png"])
    }
}
