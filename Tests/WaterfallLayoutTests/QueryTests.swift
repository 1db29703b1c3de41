import Testing
import WaterfallLayout
import WaterfallTestSupport

/// `layoutAttributesForElements(in:)` against a brute-force scan of every element.
@Suite struct QueryTests {
    func bruteForce(_ layout: Layout, _ rect: Rect) -> [LayoutAttributes] {
        layout.layoutAttributesForAllElements().filter { rect.intersectsElement($0.frame) }
    }

    @Test func rectQueriesMatchABruteForceScan() throws {
        for seed in UInt64(1)...400 {
            var random = TestRandom(seed: seed &* 7)
            let configuration = RandomSpec.configuration(&random, maxItems: 80)
            let layout = try Layout(configuration)
            let height = layout.contentSize.height
            let all = layout.layoutAttributesForAllElements()
            var rects: [Rect] = (0..<20).map { _ in
                Rect(
                    x: Double.random(in: -50...configuration.width, using: &random),
                    y: Double.random(in: -50...(height + 50), using: &random),
                    width: Double.random(in: 0...configuration.width, using: &random),
                    height: Double.random(in: 0...800, using: &random))
            }
            // Rects whose edges sit exactly on element edges, where off-by-one mistakes live.
            for element in all.prefix(10) {
                let frame = element.frame
                rects.append(Rect(x: 0, y: frame.maxY, width: configuration.width, height: 100))
                rects.append(Rect(x: 0, y: frame.minY - 100, width: configuration.width, height: 100))
                rects.append(Rect(x: frame.maxX, y: frame.minY, width: 10, height: frame.height + 1))
                rects.append(Rect(x: 0, y: frame.minY, width: configuration.width, height: 0.001))
            }
            rects.append(Rect(x: 0, y: 0, width: configuration.width, height: height))
            for rect in rects {
                #expect(
                    layout.layoutAttributesForElements(in: rect) == bruteForce(layout, rect),
                    "seed \(seed) rect \(rect)")
            }
        }
    }

    @Test func zeroHeightElementsCountWhenTheirYIsInside() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 100,
                sections: [LayoutSection(settings: SectionSettings(columns: 1), items: [.height(0), .height(10)])]))
        let atZero = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 5))
        #expect(atZero.map(\.indexPath.item) == [0])
        let below = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0.5, width: 100, height: 5))
        #expect(below.isEmpty)
        // The rect ending exactly at y = 0 does not contain it.
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: -5, width: 100, height: 5)).isEmpty)
    }

    @Test func touchingIsNotIntersecting() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 100, sections: [LayoutSection(settings: SectionSettings(columns: 1), items: [.height(10)])]))
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 10, width: 100, height: 5)).isEmpty)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 100, y: 0, width: 5, height: 5)).isEmpty)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 99, y: 9, width: 5, height: 5)).count == 1)
    }

    @Test func spanningCellsAreReportedOnceAndInItemOrder() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 320,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 3),
                        items: [
                            .height(30), .height(200, span: .full), .height(10), .height(90, span: .columns(2)),
                            .height(5),
                        ])
                ]))
        let found = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 1000))
        #expect(found.map(\.indexPath.item) == [0, 1, 2, 3, 4])
        // A rect inside the gap between two columns still finds the full-width cell over it.
        let gap = layout.layoutAttributesForElements(in: Rect(x: 102, y: 100, width: 6, height: 6))
        #expect(gap.map(\.indexPath.item) == [1])
    }

    @Test func lookupsOutsideTheLayoutAnswerNil() throws {
        let layout = try Layout(LayoutConfiguration(width: 100, sections: [LayoutSection(items: [.height(10)])]))
        #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 1)) == nil)
        #expect(layout.layoutAttributesForItem(at: ItemPath(section: 1, item: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: -1)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 0, item: 0)) == nil)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: 3, item: 0)) == nil)
    }
}
