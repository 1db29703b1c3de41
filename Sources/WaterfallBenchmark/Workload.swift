import WaterfallLayout
import WaterfallSpec

/// The feeds the benchmark lays out: several sections of 2 to 6 columns with spans and headers.
enum Workload {
    static let width = 375.0
    static let viewport = Size(width: 375, height: 812)

    static func configuration(items: Int, seed: UInt64 = 1) -> LayoutConfiguration {
        var random = SplitMix64(seed: seed)
        let columnCounts = [2, 3, 4, 5, 6]
        let sectionCount = columnCounts.count
        var sections: [LayoutSection] = []
        for s in 0..<sectionCount {
            let columns = columnCounts[s]
            let count = items / sectionCount + (s < items % sectionCount ? 1 : 0)
            var sectionItems: [LayoutItem] = []
            sectionItems.reserveCapacity(count)
            for i in 0..<count {
                let height = 80 + Double(random.next() % 221)
                let span: ItemSpan = i % 100 == 99 ? .full : (i % 25 == 24 ? .columns(2) : .single)
                sectionItems.append(LayoutItem(sizing: .height(height), span: span))
            }
            sections.append(
                LayoutSection(
                    settings: SectionSettings(
                        columns: columns, sectionInset: EdgeInsets(all: 8), lineSpacing: 8, interitemSpacing: 8,
                        spacingWithLastSection: 16),
                    headerHeight: 44, items: sectionItems))
        }
        return LayoutConfiguration(width: width, sections: sections)
    }
}
