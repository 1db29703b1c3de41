import Testing
import WaterfallLayout
import WaterfallTestSupport

/// Sections of 2 to 8 columns placed shortest-first take a branch-free path with the column tops
/// in registers; every other section takes the plain one.
///
/// Both must give the contract's frames
/// exactly, ties and all.
@Suite(.tags(.slow)) struct PlacementPathTests {
    /// A section at the very top with no header or insets, so that section-relative and
    /// absolute coordinates are the same numbers and the reference can be compared with `==`.
    private func section(columns: Int, direction: RenderDirection, items: [LayoutItem]) -> LayoutConfiguration {
        var settings = SectionSettings(columns: columns, lineSpacing: 4, interitemSpacing: 2)
        settings.renderDirection = direction
        return LayoutConfiguration(width: 1_000, sections: [LayoutSection(settings: settings, items: items)])
    }

    private func expectExactlyTheContract(_ configuration: LayoutConfiguration, _ comment: Comment) throws {
        let frames = try Layout(configuration).layoutAttributesForAllElements().map(\.frame)
        let reference = ContractReference.layout(configuration).elements.map(\.frame)
        try #require(frames.count == reference.count, comment)
        let mismatch = frames.indices.first { frames[$0] != reference[$0] }
        #expect(
            mismatch == nil,
            "\(comment): element \(mismatch ?? 0) is \(mismatch.map { frames[$0] }.debugDescription), not \(mismatch.map { reference[$0] }.debugDescription)"
        )
    }

    @Test(arguments: 1...12)
    func everyColumnCountAndDirectionGivesTheContractsFrames(columns: Int) throws {
        for direction in RenderDirection.allCases {
            for seed in UInt64(1)...20 {
                var random = TestRandom(seed: seed &* 7 &+ UInt64(columns))
                // Few distinct heights, so that columns tie often; zeros and spans among them.
                let items = (0..<3_000).map { index in
                    let height = [0, 10, 10, 20, 30, 40.5][Int.random(in: 0..<6, using: &random)]
                    let span: ItemSpan =
                        index % 17 == 16
                        ? .full : index % 11 == 10 ? .columns(Int.random(in: 1...columns, using: &random)) : .single
                    return LayoutItem.height(height, span: span)
                }
                try expectExactlyTheContract(
                    section(columns: columns, direction: direction, items: items),
                    "\(columns) columns, \(direction), seed \(seed)")
            }
        }
    }

    @Test(arguments: 2...9)
    func negativeZeroAndInfiniteTopsOrderAsNumbers(columns: Int) throws {
        // A -0 height keeps tops at +0. With a line spacing of the largest finite number, the
        // second cell of each column makes its next top infinite: such columns stay last, so
        // each column gets one, and a cell placed at infinity is refused.
        var items: [LayoutItem] = [.height(-0.0, span: .full)]
        items += (0..<columns).map { LayoutItem.height($0 % 2 == 0 ? -0.0 : 5) }
        var configuration = section(columns: columns, direction: .shortestFirst, items: items)
        configuration.sections[0].settings.lineSpacing = .greatestFiniteMagnitude
        try expectExactlyTheContract(configuration, "\(columns) columns")
        let layout = try Layout(configuration)
        #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 0))?.frame.minY.sign == .plus)
        #expect(layout.contentSize.height.isFinite)
        configuration.sections[0].items.append(.height(1))
        #expect(throws: LayoutError.self) { try Layout(configuration) }
    }

    @Test func editsInTheMiddleOfAFastPathSectionMatchAFullLayout() throws {
        var random = TestRandom(seed: 5)
        for columns in [2, 5, 8, 9] {
            var configuration = section(
                columns: columns, direction: .shortestFirst,
                items: (0..<5_000).map { _ in LayoutItem.height(Double(Int.random(in: 1...9, using: &random)) * 10) })
            var layout = try Layout(configuration)
            for index in [4_999, 2_048, 2_047, 100, 0] {
                try layout.resizeItem(at: ItemPath(section: 0, item: index), to: .height(35))
                configuration.sections[0].items[index].sizing = .height(35)
                try layout.appendItems([.height(7), .height(8, span: .full)], toSection: 0)
                configuration.sections[0].items += [.height(7), .height(8, span: .full)]
            }
            #expect(
                layout.layoutAttributesForAllElements() == (try Layout(configuration)).layoutAttributesForAllElements())
        }
    }

    @Test func moreColumnsThanACellCanRecordIsRefused() throws {
        let configuration = LayoutConfiguration(
            width: 1e6,
            sections: [
                LayoutSection(settings: SectionSettings(columns: 65_536, interitemSpacing: 0), items: [.height(1)])
            ])
        #expect(throws: LayoutError.self) { try Layout(configuration) }
        do {
            _ = try Layout(configuration)
        } catch {
            #expect(error.description.contains("columns: must be at most 65535, not 65536"), "\(error)")
        }
        var allowed = configuration
        allowed.sections[0].settings.columns = 65_535
        #expect(try Layout(allowed).layoutAttributesForItem(at: ItemPath(section: 0, item: 0))?.frame.minX == 0)
    }
}
