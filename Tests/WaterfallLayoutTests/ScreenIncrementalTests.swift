import Testing
import WaterfallLayout
import WaterfallTestSupport

/// Incremental edits stay exact with backgrounds, pinned headers, adaptive columns, mirroring and
/// horizontal feeds: every edit gives the frames, queries and pinned headers of a full layout.
@Suite struct ScreenIncrementalTests {
    @Test func randomEditSequencesMatchAFullRecomputation() throws {
        var operations = Array(repeating: 0, count: 5)
        for seed in UInt64(1)...300 {
            var random = TestRandom(seed: seed &* 37)
            var configuration = RandomSpec.configurationWithEveryFeature(&random, maxItems: 30)
            var layout = try Layout(configuration)
            let horizontal = configuration.scrollDirection == .horizontal
            for step in 0..<10 {
                let sectionCount = configuration.sections.count
                let operation = sectionCount == 0 ? 4 : Int.random(in: 0..<5, using: &random)
                let s = sectionCount == 0 ? 0 : Int.random(in: 0..<sectionCount, using: &random)
                // One column or all of them: valid whatever the section's columns resolved to.
                let newItem = LayoutItem.height(
                    random.length(0...200), span: Bool.random(using: &random) ? .single : .full)
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
                    // A size scaled to the column (or, in a horizontal feed, to the row height).
                    let sizing: ItemSizing =
                        Bool.random(using: &random)
                        ? .height(random.length(0...300))
                        : .size(
                            horizontal
                                ? Size(width: random.length(0...9), height: 3)
                                : Size(width: 3, height: random.length(0...9)))
                    edit = .resize(at: ItemPath(section: s, item: index), to: sizing)
                default:
                    var section = LayoutSection(
                        settings: SectionSettings(
                            columns: Int.random(in: 1...4, using: &random), pinHeader: Bool.random(using: &random),
                            adaptiveColumns: Bool.random(using: &random)
                                ? .minimumWidth(random.length(20...120) + 1) : nil),
                        headerHeight: random.length(0...40), items: [.height(10), .height(20, span: .full)],
                        hasBackground: Bool.random(using: &random))
                    section.settings.spacingWithLastSection = random.length(0...20)
                    edit = .appendSection(section)
                }
                try edit.apply(to: &layout, and: &configuration)
                operations[operation] += 1
                let full = try Layout(configuration)
                let note = "seed \(seed) step \(step) operation \(operation)"
                #expect(layout.contentSize == full.contentSize, "\(note)")
                #expect(layout.layoutAttributesForAllElements() == full.layoutAttributesForAllElements(), "\(note)")
                let size = full.contentSize
                let offset =
                    horizontal
                    ? Point(x: Double.random(in: 0...size.width, using: &random), y: 0)
                    : Point(x: 0, y: Double.random(in: 0...size.height, using: &random))
                let rect =
                    horizontal
                    ? Rect(x: offset.x, y: 0, width: 500, height: size.height)
                    : Rect(x: 0, y: offset.y, width: size.width, height: 500)
                #expect(
                    layout.layoutAttributesForElements(in: rect, contentOffset: offset)
                        == full.layoutAttributesForElements(in: rect, contentOffset: offset), "\(note)")
                #expect(layout.layoutAttributesForElements(in: rect) == full.layoutAttributesForElements(in: rect))
            }
        }
        #expect(operations.allSatisfy { $0 > 100 }, "\(operations)")
    }
}
