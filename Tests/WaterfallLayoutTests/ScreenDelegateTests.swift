import Testing
import WaterfallLayout

/// A delegate can ask for section backgrounds, and for a mirrored or horizontal feed.
@Suite struct ScreenDelegateTests {
    struct Feed: WaterfallLayoutDelegate {
        var numberOfSections: Int { 2 }
        func numberOfItems(inSection section: Int) -> Int { 3 }
        func sizingForItem(at indexPath: ItemPath) -> ItemSizing { .height(Double(10 + indexPath.item)) }
        func hasBackground(inSection section: Int) -> Bool { section == 1 }
    }

    @Test func delegateBackgroundsAndDirectionsAgreeWithPlainValues() throws {
        let fromDelegate = try Layout(
            LayoutConfiguration(
                width: 300, delegate: Feed(), layoutDirection: .rightToLeft, scrollDirection: .horizontal))
        let items: [LayoutItem] = [.height(10), .height(11), .height(12)]
        let plain = try Layout(
            .horizontal(
                height: 300, sections: [LayoutSection(items: items), LayoutSection(items: items, hasBackground: true)],
                layoutDirection: .rightToLeft))
        #expect(fromDelegate.layoutAttributesForAllElements() == plain.layoutAttributesForAllElements())
        #expect(
            fromDelegate.layoutAttributesForAllElements().filter { $0.kind == .background }.map(\.indexPath.section)
                == [1])
    }
}
