import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallMotion
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Pages of a feed (`pageSize`) loaded for a clip: grown through the incremental layout API, the
/// same feed a static render of the longer spec draws.
@Suite struct LoadMoreTests {
    static let spec = """
        width: 375
        scale: 1
        sections:
          - columns: 2
            header: {height: 40, title: Header}
            items:
              - {height: 120, title: Pinned first}
            generate: {count: 17, minHeight: 80, maxHeight: 200, seed: 4}
          - columns: 2
            pageSize: 6
            footer: {height: 44, title: Loading more…}
            generate: {count: 20, minHeight: 80, maxHeight: 220, seed: 9}
        """

    @Test func aPagedSectionShowsItsFirstPageAndLoadsTheRest() throws {
        let spec = try Spec.decode(Self.spec)
        #expect(spec.sections[1].items.count == 6)
        #expect(spec.sections[1].laterItems.count == 14)
        #expect(spec.pagesToLoad == 3)
        #expect(spec.loadingPages(1).sections[1].items.count == 12)
        #expect(spec.loadingPages(3).sections[1].items.count == 20)
        #expect(spec.loadingPages(9).sections[1].items.count == 20)
        #expect(spec.itemsOfPage(after: 2).map(\.items.count) == [2])
        #expect(throws: SpecError.self) { try Spec.decode("width: 100\nsections:\n  - pageSize: 0\n") }
    }

    @Test func eachPageGrownIncrementallyIsTheStaticFeed() throws {
        let spec = try Spec.decode(Self.spec)
        var request = ClipRequest(animation: .loadMore, viewport: 600, formats: [.apng])
        request.pages = 3
        let writer = ClipWriter(pipeline: RenderPipeline(renderers: []), request: request)
        let feeds = try writer.feeds(of: spec)
        #expect(feeds.count == 4)
        for (page, feed) in feeds.enumerated() {
            let still = try RenderPipeline(renderers: []).prepare(spec.loadingPages(page))
            #expect(feed.layout.layoutAttributesForAllElements() == still.layout.layoutAttributesForAllElements())
            #expect(feed.layout.contentSize == still.layout.contentSize)
            let offset = max(0, still.layout.contentSize.height - 600)
            let pipeline = RenderPipeline(renderers: [])
            #expect(
                try CairoRenderer.rasterize(pipeline.screen(feed, at: offset, viewport: 600))
                    == CairoRenderer.rasterize(pipeline.screen(still, at: offset, viewport: 600)), "page \(page)")
        }
    }

    @Test func onlyTheInsertedCardsFadeIn() throws {
        let spec = try Spec.decode(Self.spec)
        let request = ClipRequest(animation: .loadMore, viewport: 600, formats: [.apng])
        let writer = ClipWriter(pipeline: RenderPipeline(renderers: []), request: request)
        let feeds = try writer.feeds(of: spec)
        let plan = writer.plan(for: feeds)
        let fading = try #require(plan.frames.first { $0.fade < 1 })
        let scene = writer.scene(of: fading, feeds: feeds, spec: spec)
        let faded = scene.elements.filter { $0.opacity < 1 }
        #expect(!faded.isEmpty)
        #expect(
            faded.allSatisfy {
                $0.kind == .cell && $0.section == 1 && ($0.item ?? 0) >= 6 && $0.opacity == fading.fade
            })
        // A faded card is drawn between the page and the card: not the still feed's pixels.
        let opaque = PipelineScreen.opaque(scene)
        #expect(try CairoRenderer.rasterize(scene) != CairoRenderer.rasterize(opaque))
    }

    @Test func framesPlannedTheSameAreDrawnOnceAndEqualDrawingEach() throws {
        let spec = try Spec.decode(Self.spec)
        var request = ClipRequest(animation: .loadMore, viewport: 600, formats: [.apng])
        request.fps = 10
        let writer = ClipWriter(pipeline: RenderPipeline(renderers: []), request: request)
        let clip = try writer.prepare(spec, name: "feed")
        let frames = clip.plan.frames
        // The plan holds the footer and the last screen: frames planned the same as the one before.
        #expect(frames.indices.dropFirst().contains { frames[$0] == frames[$0 - 1] })
        var handed: [PixelImage] = []
        try writer.draw(clip) { index, frame in
            #expect(index == handed.count)
            handed.append(frame)
        }
        #expect(handed.count == frames.count)
        for (index, frame) in frames.enumerated() {
            let drawn = try CairoRenderer.rasterize(writer.scene(of: frame, feeds: clip.feeds, spec: spec))
            #expect(handed[index] == drawn, "frame \(index)")
        }
    }

    /// A clip too short to reach its first load is refused, naming the duration it needs; that
    /// duration is enough, to the frame.
    @Test func aClipThatEndsBeforeItsFirstLoadIsRefused() throws {
        let spec = try Spec.decode(Self.spec, file: "feed.yaml")
        var request = ClipRequest(animation: .loadMore, viewport: 600, formats: [.apng])
        request.fps = 30
        request.duration = 0.5
        let short = ClipWriter(pipeline: RenderPipeline(renderers: []), request: request)
        let planned = short.plan(for: try short.feeds(of: spec))
        #expect(planned.endsBeforeFirstLoad)
        let needed = try #require(planned.durationToFirstLoad)
        #expect(needed > 0.5 && needed <= 60)
        do {
            _ = try short.prepare(spec, name: "feed")
            Issue.record("a clip of 0.5 s that never loads was prepared")
        } catch let error as ClipError {
            #expect(
                error.description
                    == "feed.yaml: a load-more clip of 0.5 s ends before its first page loads; "
                    + "give it a duration of at least \(ShortestNumber.text(needed)) s")
        }
        request.duration = needed
        let enough = try ClipWriter(pipeline: RenderPipeline(renderers: []), request: request).prepare(
            spec, name: "feed")
        #expect(!enough.plan.endsBeforeFirstLoad)
        let loaded = try #require(enough.plan.frames.firstIndex { $0.page == 1 && $0.fade == 1 })
        #expect(loaded < enough.plan.frames.count)
        // A tenth less is too short: the figure is the least that reaches the load, in tenths.
        request.duration = needed - 0.1
        #expect(
            ClipWriter(pipeline: RenderPipeline(renderers: []), request: request).plan(for: try short.feeds(of: spec))
                .endsBeforeFirstLoad)
        // Without a duration, and for scroll, nothing is refused.
        request.duration = nil
        #expect(
            !ClipWriter(pipeline: RenderPipeline(renderers: []), request: request).plan(for: try short.feeds(of: spec))
                .endsBeforeFirstLoad)
    }

    @Test func loadingMoreThanThereIsIsOneLine() throws {
        let spec = try Spec.decode(Self.spec)
        var request = ClipRequest(animation: .loadMore, viewport: 600, formats: [.apng])
        request.pages = 4
        let writer = ClipWriter(pipeline: RenderPipeline(renderers: []), request: request)
        #expect(
            throws: ClipError.badRequest(
                file: "the spec", problem: .tooFewPages(available: spec.pagesToLoad, asked: 4))
        ) { try writer.feeds(of: spec) }
        let unpaged = try Spec.decode("width: 100\nsections:\n  - items: [{height: 40}]\n")
        #expect(throws: ClipError.badRequest(file: "the spec", problem: .noPagesToLoad)) {
            try writer.feeds(of: unpaged)
        }
    }
}

/// A screen with every element drawn opaque.
enum PipelineScreen {
    static func opaque(_ scene: WaterfallRender.Scene) -> WaterfallRender.Scene {
        var scene = scene
        for index in scene.elements.indices { scene.elements[index].opacity = 1 }
        return scene
    }
}
