import Testing
import WaterfallLayout

/// Lengths that add up past the largest finite number are refused, never laid out at infinity
/// (issue 10, item 5).
@Suite struct OverflowTests {
    private let huge = Double.greatestFiniteMagnitude

    private func section(_ items: [LayoutItem], columns: Int = 1, header: Double = 0) -> LayoutSection {
        LayoutSection(
            settings: SectionSettings(columns: columns, lineSpacing: 0, interitemSpacing: 0), headerHeight: header,
            items: items)
    }

    @Test func cellsAddingUpPastTheLargestNumberAreRefused() {
        let overflow = "the content height exceeds the largest finite number (\(huge))"
        let cases: [(LayoutConfiguration, String, String)] = [
            (
                LayoutConfiguration(width: 100, sections: [section([.height(1), .height(huge), .height(huge)])]),
                "sections[0].items[2].height", overflow
            ),
            (
                LayoutConfiguration(
                    width: 100, sections: [section([.height(huge), .height(huge, span: .full)], columns: 3)]),
                "sections[0].items[1].height", overflow
            ),
            (
                LayoutConfiguration(width: 100, sections: [section([.size(width: 1, height: huge / 2)], columns: 2)]),
                "sections[0].items[0].size", "scales to a height that is not finite"
            ),
        ]
        for (configuration, path, message) in cases {
            do {
                let layout = try Layout(configuration)
                Issue.record("laid out to a content height of \(layout.contentSize.height)")
            } catch {
                #expect(error.path == path)
                #expect(error.message == message)
            }
        }
    }

    @Test func sectionsAddingUpPastTheLargestNumberAreRefused() {
        let configuration = LayoutConfiguration(
            width: 100, sections: [section([.height(huge)]), section([]), section([.height(huge)], header: 1)])
        #expect(
            throws: LayoutError(
                key: "sections",
                message: "the content height exceeds the largest finite number (\(huge)) at section 2")
        ) { try Layout(configuration) }
    }

    @Test func anEditThatWouldOverflowLeavesTheLayoutAsItWas() throws {
        var layout = try Layout(LayoutConfiguration(width: 100, sections: [section([.height(huge)]), section([])]))
        let before = layout.layoutAttributesForAllElements()
        #expect(throws: LayoutError.self) { try layout.appendItems([.height(huge)], toSection: 0) }
        #expect(throws: LayoutError.self) { try layout.appendItems([.height(huge)], toSection: 1) }
        #expect(throws: LayoutError.self) { try layout.appendSection(section([.height(huge)])) }
        #expect(throws: LayoutError.self) { try layout.insertItem(.height(huge), at: ItemPath(section: 1, item: 0)) }
        #expect(layout.layoutAttributesForAllElements() == before)
        #expect(layout.numberOfSections == 2)
        #expect(layout.contentSize.height == huge)
        try layout.appendItems([.height(0)], toSection: 1)
        #expect(layout.numberOfItems(inSection: 1) == 1)
    }

    @Test func everyCoordinateOfAnAcceptedLayoutIsFinite() throws {
        let layout = try Layout(
            LayoutConfiguration(width: 100, sections: [section([.height(huge / 2), .height(huge / 2)], columns: 1)]))
        #expect(layout.contentSize.height.isFinite)
        for element in layout.layoutAttributesForAllElements() {
            #expect(element.frame.minY.isFinite && element.frame.height.isFinite)
        }
    }
}
