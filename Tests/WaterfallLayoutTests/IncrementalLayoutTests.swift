import Testing
import WaterfallLayout
import WaterfallTestSupport

/// Incremental edits give exactly the frames a full layout of the edited configuration gives.
@Suite struct IncrementalLayoutTests {
    @Test func randomEditSequencesMatchAFullRecomputation() throws {
        for seed in UInt64(1)...300 {
            var random = TestRandom(seed: seed &* 31)
            var configuration = RandomSpec.configuration(&random, maxItems: 30)
            var layout = try Layout(configuration)
            for step in 0..<12 {
                let sectionCount = configuration.sections.count
                let operation = sectionCount == 0 ? 4 : Int.random(in: 0..<5, using: &random)
                let s = sectionCount == 0 ? 0 : Int.random(in: 0..<sectionCount, using: &random)
                let columns = sectionCount == 0 ? 1 : configuration.sections[s].settings.columns
                let newItem = LayoutItem.height(
                    random.length(0...200),
                    span: Bool.random(using: &random) ? .single : .columns(Int.random(in: 1...columns, using: &random)))
                let count = sectionCount == 0 ? 0 : configuration.sections[s].items.count
                let edit: LayoutEdit
                switch operation {
                case 0:
                    let items = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                        LayoutItem.height(random.length(0...200))
                    }
                    edit = .append(items, toSection: s)
                case 1:
                    edit = .insert(newItem, at: ItemPath(section: s, item: Int.random(in: 0...count, using: &random)))
                case 2 where count > 0:
                    edit = .delete(at: ItemPath(section: s, item: Int.random(in: 0..<count, using: &random)))
                case 3 where count > 0:
                    let index = Int.random(in: 0..<count, using: &random)
                    let sizing: ItemSizing =
                        Bool.random(using: &random)
                        ? .height(random.length(0...300)) : .size(Size(width: 3, height: random.length(0...9)))
                    edit = .resize(at: ItemPath(section: s, item: index), to: sizing)
                default:
                    var section = LayoutSection(
                        settings: SectionSettings(columns: Int.random(in: 1...4, using: &random)),
                        headerHeight: random.length(0...40), items: [.height(10), .height(20, span: .full)])
                    section.settings.spacingWithLastSection = random.length(0...20)
                    edit = .appendSection(section)
                }
                try edit.apply(to: &layout, and: &configuration)
                let full = try Layout(configuration)
                #expect(layout.contentSize == full.contentSize, "seed \(seed) step \(step)")
                #expect(
                    layout.layoutAttributesForAllElements() == full.layoutAttributesForAllElements(),
                    "seed \(seed) step \(step) operation \(operation)")
                let rect = Rect(x: 0, y: full.contentSize.height / 3, width: configuration.width, height: 500)
                #expect(layout.layoutAttributesForElements(in: rect) == full.layoutAttributesForElements(in: rect))
            }
        }
    }

    @Test func editsAcrossStorageChunkBoundariesMatchAFullRecomputation() throws {
        // Cells are stored in chunks of 4,096: edit on and around the seams.
        var random = TestRandom(seed: 77)
        let items = (0..<10_000).map { index in
            LayoutItem.height(Double(Int.random(in: 20...200, using: &random)), span: index % 97 == 0 ? .full : .single)
        }
        var configuration = LayoutConfiguration(
            width: 375,
            sections: [
                LayoutSection(settings: SectionSettings(columns: 3), items: items), LayoutSection(items: [.height(5)]),
            ])
        var layout = try Layout(configuration)
        for index in [8192, 8191, 4096, 4095, 4097, 12_288, 0, 9_999] {
            let path = ItemPath(section: 0, item: min(index, configuration.sections[0].items.count - 1))
            let appended = (0..<4_100).map { _ in LayoutItem.height(12) }
            for edit in [
                LayoutEdit.resize(at: path, to: .height(33)), .delete(at: path),
                .insert(.height(44, span: .columns(2)), at: path), .append(appended, toSection: 0),
            ] {
                try edit.apply(to: &layout, and: &configuration)
            }
            let full = try Layout(configuration)
            #expect(
                layout.layoutAttributesForAllElements() == full.layoutAttributesForAllElements(), "edit at \(index)")
        }
    }

    @Test func aFailedEditLeavesTheLayoutAsItWas() throws {
        var layout = try Layout(
            LayoutConfiguration(width: 100, sections: [LayoutSection(items: [.height(10), .height(20)])]))
        let before = layout.layoutAttributesForAllElements()
        #expect(throws: LayoutError.self) {
            try layout.insertItem(.height(5, span: .columns(3)), at: ItemPath(section: 0, item: 0))
        }
        #expect(throws: LayoutError.self) { try layout.appendItems([.height(1), .height(-1)], toSection: 0) }
        // A bad item after a whole stored batch of good ones still leaves nothing behind.
        #expect(throws: LayoutError.self) {
            try layout.appendItems(
                Array(repeating: .height(1), count: 5_000) + [.height(1, span: .columns(7))], toSection: 0)
        }
        #expect(throws: LayoutError.self) { try layout.deleteItem(at: ItemPath(section: 0, item: 2)) }
        #expect(throws: LayoutError.self) { try layout.resizeItem(at: ItemPath(section: 1, item: 0), to: .height(3)) }
        #expect(layout.layoutAttributesForAllElements() == before)
    }

    @Test func copiesOfALayoutEditIndependently() throws {
        // Copies share their cell storage until one of them writes: each must see only its edits.
        let items = (0..<5_000).map { LayoutItem.height(Double($0 % 7) * 10 + 5) }
        let configuration = LayoutConfiguration(
            width: 375, sections: [LayoutSection(settings: SectionSettings(columns: 3), items: items)])
        let original = try Layout(configuration)
        let before = original.layoutAttributesForAllElements()
        var first = original
        var second = original
        try first.appendItems(Array(repeating: .height(11), count: 30), toSection: 0)
        try second.appendItems(Array(repeating: .height(99, span: .columns(2)), count: 30), toSection: 0)
        try second.resizeItem(at: ItemPath(section: 0, item: 2_500), to: .height(1))

        var firstConfiguration = configuration
        firstConfiguration.sections[0].items += Array(repeating: .height(11), count: 30)
        var secondConfiguration = configuration
        secondConfiguration.sections[0].items += Array(repeating: .height(99, span: .columns(2)), count: 30)
        secondConfiguration.sections[0].items[2_500].sizing = .height(1)
        #expect(original.layoutAttributesForAllElements() == before)
        #expect(
            first.layoutAttributesForAllElements() == (try Layout(firstConfiguration)).layoutAttributesForAllElements())
        #expect(
            second.layoutAttributesForAllElements()
                == (try Layout(secondConfiguration)).layoutAttributesForAllElements())
    }

    @Test func resizingMovesLaterSectionsByTheDifference() throws {
        var layout = try Layout(
            LayoutConfiguration(
                width: 100,
                sections: [
                    LayoutSection(settings: SectionSettings(columns: 1), items: [.height(10), .height(20)]),
                    LayoutSection(settings: SectionSettings(columns: 1), headerHeight: 30, items: [.height(40)]),
                ]))
        let header = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 1, item: 0))!
        try layout.resizeItem(at: ItemPath(section: 0, item: 0), to: .height(17))
        let moved = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 1, item: 0))!
        #expect(moved.frame.minY == header.frame.minY + 7)
    }
}
