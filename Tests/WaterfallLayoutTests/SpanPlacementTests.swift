import Testing
import WaterfallLayout
import WaterfallTestSupport

/// A spanning cell is placed by a sliding-window maximum in O(columns) (issue 10, item 6); it
/// must choose exactly the columns the contract's try-every-window search chooses.
@Suite(.tags(.slow)) struct SpanPlacementTests {
    @Test(arguments: [2, 3, 7, 9, 16, 33, 64, 200])
    func randomSpansGiveTheContractsFrames(columns: Int) throws {
        for direction in RenderDirection.allCases {
            for seed in UInt64(1)...6 {
                var random = TestRandom(seed: seed &* 31 &+ UInt64(columns))
                // Few distinct heights, so that windows tie often; every span from 1 to all columns.
                // Fewer cells the more columns (the reference tries every window of every cell:
                // columns² steps a cell), each column still reached by hundreds of spans.
                let items = (0..<min(1_500, 60_000 / columns)).map { _ in
                    let height = [0, 10, 10, 20, 35.5][Int.random(in: 0..<5, using: &random)]
                    let span =
                        Int.random(in: 0..<3, using: &random) == 0 ? 1 : Int.random(in: 1...columns, using: &random)
                    return LayoutItem.height(height, span: span == columns ? .full : .columns(span))
                }
                var settings = SectionSettings(columns: columns, lineSpacing: 3, interitemSpacing: 1)
                settings.renderDirection = direction
                // At the top of the page with no header or insets: section-relative and absolute
                // coordinates are the same numbers, so frames compare with `==`.
                let configuration = LayoutConfiguration(
                    width: 5_000, sections: [LayoutSection(settings: settings, items: items)])
                let frames = try Layout(configuration).layoutAttributesForAllElements().map(\.frame)
                let reference = ContractReference.layout(configuration).elements.map(\.frame)
                try #require(frames.count == reference.count)
                let mismatch = frames.indices.first { frames[$0] != reference[$0] }
                #expect(mismatch == nil, "\(columns) columns, \(direction), seed \(seed): item \(mismatch ?? -1)")
            }
        }
    }

    /// Nothing counts the windows a placement tries, so the time limit holds the promise: a
    /// debug build slides through this in about a second; trying every window took minutes.
    @Test(.onWaitingThreads, .timeLimit(.minutes(1))) func aWideSpanAmongManyColumnsIsPlacedQuickly() throws {
        // 20,000 cells spanning 500 of 1,000 columns: 5·10^9 steps trying every window, 4·10^7 sliding.
        var random = TestRandom(seed: 9)
        let items = (0..<20_000).map { _ in
            LayoutItem.height(Double(Int.random(in: 20...300, using: &random)), span: .columns(500))
        }
        let configuration = LayoutConfiguration(
            width: 100_000,
            sections: [
                LayoutSection(
                    settings: SectionSettings(columns: 1_000, lineSpacing: 0, interitemSpacing: 0), items: items)
            ])
        let layout = try Layout(configuration)
        #expect(layout.numberOfItems(inSection: 0) == 20_000)
        // Each cell covers 500 columns and goes where its window is lowest: always fully left or right.
        for item in [0, 1, 19_999] {
            let frame = try #require(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: item))).frame
            #expect(frame.minX == 0 || frame.minX == 50_000, "\(frame)")
        }
    }
}
