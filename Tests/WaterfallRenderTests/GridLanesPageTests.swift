import Foundation
import Testing
import WaterfallLayout
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// The native grid-lanes page (`--format html-grid-lanes`): the recorded copy of the web-feed
/// example, and CSS that leaves the placing to the browser.
@Suite struct GridLanesPageTests {
    @Test func theWebFeedPageIsTheRecordedOne() throws {
        let page = try RenderFixtures.text(.htmlGridLanes(), RenderFixtures.scene("16-web-feed.yaml"))
        let recorded = try String(
            contentsOfFile: Repository.path("Tests/WaterfallRenderTests/Fixtures/16-web-feed.grid-lanes.html"),
            encoding: .utf8)
        // Re-record: waterfall render Examples/16-web-feed.yaml --format html-grid-lanes --output DIR,
        // then copy DIR/16-web-feed.grid-lanes.html into Tests/WaterfallRenderTests/Fixtures.
        #expect(page == recorded, "the page differs from Fixtures/16-web-feed.grid-lanes.html")
    }

    @Test func sectionsAreGridLanesContainersAndCardsHaveNoPositions() throws {
        let page = try RenderFixtures.text(.htmlGridLanes(), RenderFixtures.scene("16-web-feed.yaml"))
        let lanes = page.components(separatedBy: "<div class=\"lanes\"").dropFirst()
        #expect(lanes.count == 2)
        #expect(page.contains(".lanes { display: grid-lanes; }"))
        // The example's settings, as CSS: 3 columns, its gaps and padding, `normal` as 1em (13px), then 0.
        #expect(lanes.first!.hasPrefix(" data-placement=\"gridLanes\" style=\"grid-template-columns: repeat(3, 1fr);"))
        #expect(lanes.first!.contains("row-gap: 10px; column-gap: 10px;"))
        #expect(lanes.first!.contains("padding-block-start: 8px; padding-inline-start: 12px;"))
        #expect(lanes.first!.contains("flow-tolerance: 13px;"))
        #expect(lanes.dropFirst().first!.contains("flow-tolerance: 0px;"))
        #expect(page.contains("grid-column: 1 / -1;") && page.contains("grid-column: span 2;"))
        let cards = page.components(separatedBy: "data-kind=\"cell\"").dropFirst()
        #expect(cards.count == 35)
        for card in cards {
            let style = card.components(separatedBy: "style=\"")[1].components(separatedBy: "\"")[0]
            #expect(style.hasPrefix("block-size: "), "\(style)")
            #expect(!style.contains("left:") && !style.contains("top:") && !style.contains("position"), "\(style)")
        }
    }

    @Test func aMirroredHorizontalFeedTurnsTheWritingMode() throws {
        let spec = try Spec.decode(
            """
            height: 300
            scrollDirection: horizontal
            layoutDirection: rightToLeft
            defaults: {placement: gridLanes, flowTolerance: infinite}
            sections: [{items: [{width: 100}, {width: 50}]}]
            """, file: "feed.yaml")
        let page = try RenderFixtures.text(.htmlGridLanes(), RenderFixtures.scene(spec))
        #expect(page.contains("<div class=\"page\" style=\"inline-size: 300px; writing-mode: vertical-rl;\">"))
        #expect(page.contains("flow-tolerance: infinite;"))
        #expect(page.contains("block-size: 100px;") && page.contains("block-size: 50px;"))
    }
}
