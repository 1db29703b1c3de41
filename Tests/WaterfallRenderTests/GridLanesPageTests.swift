import Foundation
import Testing
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// The native grid-lanes page (`--format html-grid-lanes`): the recorded copy of the web-feed
/// example, CSS that leaves the placing to the browser, and the frames for a browser without it.
@Suite struct GridLanesPageTests {
    @Test func theWebFeedPageIsTheRecordedOne() throws {
        let page = try RenderFixtures.text(.htmlGridLanes(), RenderFixtures.scene("16-web-feed.yaml"))
        // Re-record: WATERFALL_RECORD=1 swift test --filter GridLanesPageTests (that run fails; run it again).
        try TextOutputTests().compare(page, fixture: "16-web-feed.grid-lanes.html")
    }

    @Test func sectionsAreGridLanesContainersAndCardsHaveNoPositionsOfTheirOwn() throws {
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
            // Only the fallback's custom properties, which `display: grid-lanes` leaves unread.
            let physical = style.replacingOccurrences(of: "--left:", with: "").replacingOccurrences(
                of: "--top:", with: "")
            #expect(
                !physical.contains("left:") && !physical.contains("top:") && !style.contains("position"), "\(style)")
        }
    }

    @Test func withoutGridLanesEveryElementIsWhereTheHTMLPagePutsIt() throws {
        let scene = try RenderFixtures.scene("16-web-feed.yaml")
        let page = try RenderFixtures.text(.htmlGridLanes(), scene)
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(page.contains("@supports not (display: grid-lanes) {"))
        #expect(page.contains(".page .element { position: absolute; left: var(--left); top: var(--top); "))
        #expect(page.contains(".page section, .page .lanes, .page .inset { display: contents; }"))
        // Every header, cell and footer: the plain page's `left: …; height: …;` as `--left: …; --height: …;`.
        let elements = scene.elements.filter { $0.kind != .background }
        for element in elements {
            var name = "data-kind=\"\(element.kind.rawValue)\" data-section=\"\(element.section)\""
            if let item = element.item { name += " data-item=\"\(item)\"" }
            let plain = try #require(Self.style(of: name, in: html), "\(name)")
            let fallback = try #require(Self.style(of: name, in: page), "\(name)")
            let position = plain.split(separator: ";").prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(position.map { $0.prefix { $0 != ":" } } == ["left", "top", "width", "height"], "\(plain)")
            let prefixed = position.map { "--" + $0 + ";" }.joined(separator: " ")
            #expect(fallback.contains(prefixed), "\(name): \(fallback) lacks \(prefixed)")
        }
        #expect(elements.count == 38)
        // The page is as large as the PNG: the size of the scene.
        #expect(page.contains("--width: 390px; --height: \(ShortestNumber.text(scene.size.height))px;"))
    }

    /// The inline style of the first element whose attributes start with `name`.
    private static func style(of name: String, in page: String) -> String? {
        guard let start = page.range(of: name + " style=\"") else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
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
        #expect(page.contains("<div class=\"page\" style=\"inline-size: 300px; writing-mode: vertical-rl; --width: "))
        #expect(page.contains("flow-tolerance: infinite;"))
        #expect(page.contains("block-size: 100px;") && page.contains("block-size: 50px;"))
    }
}
