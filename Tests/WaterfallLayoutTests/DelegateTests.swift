import Testing
import WaterfallLayout

/// A data source in the CHTCollectionViewWaterfallLayout style gives the same layout as plain values.
@Suite struct DelegateTests {
    struct Feed: WaterfallLayoutDelegate {
        let heights: [[Double]]
        var numberOfSections: Int { heights.count }
        func numberOfItems(inSection section: Int) -> Int { heights[section].count }
        func sizingForItem(at indexPath: ItemPath) -> ItemSizing { .height(heights[indexPath.section][indexPath.item]) }
        func spanForItem(at indexPath: ItemPath) -> ItemSpan { indexPath.item == 0 ? .full : .single }
        var defaultSettings: SectionSettings { SectionSettings(columns: 3, lineSpacing: 4) }
        func settings(forSection section: Int) -> SectionSettings {
            section == 1 ? SectionSettings(columns: 2, spacingWithLastSection: 20) : defaultSettings
        }
        func headerHeight(inSection section: Int) -> Double { section == 0 ? 44 : 0 }
    }

    @Test func delegateAndPlainValuesAgree() throws {
        let feed = Feed(heights: [[50, 10, 20, 30], [5, 6, 7]])
        let fromDelegate = try Layout(LayoutConfiguration(width: 375, delegate: feed))
        let plain = try Layout(
            LayoutConfiguration(
                width: 375,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 3, lineSpacing: 4), headerHeight: 44,
                        items: [.height(50, span: .full), .height(10), .height(20), .height(30)]),
                    LayoutSection(
                        settings: SectionSettings(columns: 2, spacingWithLastSection: 20),
                        items: [.height(5, span: .full), .height(6), .height(7)]),
                ]))
        #expect(fromDelegate.layoutAttributesForAllElements() == plain.layoutAttributesForAllElements())
        #expect(fromDelegate.contentSize == plain.contentSize)
        #expect(fromDelegate.layoutAttributesForAllElements().count == 8)
    }
}
