import Testing
import WaterfallLayout
import WaterfallTestSupport

/// `placement: gridLanes` and `flowTolerance`: the behaviours measured in Chromium 156 (the
/// numbers here are its `getBoundingClientRect()` answers), the transcribed contract over random
/// configurations, and incremental edits.
@Suite(.tags(.slow)) struct GridLanesTests {
    private func section(
        columns: Int, spacing: Double = 10, tolerance: Double = 0, placement: Placement = .gridLanes,
        _ items: [LayoutItem]
    ) -> LayoutSection {
        LayoutSection(
            settings: SectionSettings(
                columns: columns, lineSpacing: spacing, interitemSpacing: spacing, placement: placement,
                flowTolerance: tolerance),
            items: items)
    }

    private func frames(_ width: Double, _ sections: LayoutSection...) throws -> [Rect] {
        try Layout(LayoutConfiguration(width: width, sections: sections)).layoutAttributesForAllElements()
            .filter { $0.kind == .cell }.map(\.frame)
    }

    @Test func theIssuesExampleGoesToTheColumnAfterTheCursor() throws {
        let items: [LayoutItem] = [.height(10), .height(30), .height(10), .height(5)]
        let uikit = try frames(210, section(columns: 2, placement: .shortestColumn, items))
        let lanes = try frames(210, section(columns: 2, items))
        #expect(uikit[3] == Rect(x: 0, y: 40, width: 100, height: 5))
        #expect(lanes[3] == Rect(x: 110, y: 40, width: 100, height: 5))
        #expect(Array(uikit[0..<3]) == Array(lanes[0..<3]))
    }

    @Test func columnWidthsAreChromiumsFlexibleTracks() throws {
        func columns(_ width: Double, _ count: Int, gap: Double) throws -> [(Double, Double)] {
            let items = (0..<count).map { _ in LayoutItem.height(1) }
            return try frames(width, section(columns: count, spacing: gap, items)).map { ($0.minX, $0.width) }
        }
        let third = try columns(320, 3, gap: 0)
        #expect(third.map(\.1) == [106.65625, 106.671875, 106.65625])
        #expect(third.map(\.0) == [0, 106.65625, 213.328125])
        #expect(try columns(100, 3, gap: 0).map(\.1) == [33.328125, 33.328125, 33.328125])
        #expect(
            try columns(311, 6, gap: 0).map(\.1) == [
                51.828125, 51.828125, 51.828125, 51.84375, 51.828125, 51.828125,
            ])
        let gaps = try columns(100, 3, gap: 1.3)
        #expect(gaps.map(\.0) == [0, 33.765625, 67.53125])
        #expect(gaps.map(\.1) == [32.46875, 32.46875, 32.46875])
    }

    @Test func lengthsAreWholeSixtyFourthsRoundedDown() throws {
        let cells = try frames(210, section(columns: 2, spacing: 10.3, [.height(10.01), .height(7.99)]))
        #expect(cells[0].height == 10)
        #expect(cells[1].height == 7.984375)
        #expect(cells[1].minX == cells[0].maxX + 10.296875)
    }

    @Test func aFullWidthItemDoesNotMoveTheCursorButAnAutoPlacedSpanDoes() throws {
        // Three columns, 320 wide, gaps of 10: Chromium's rects for `grid-column: 1 / -1` and `span 3`.
        let full = try frames(
            320, section(columns: 3, [.height(10), .height(10), .height(10, span: .full), .height(10), .height(10)]))
        #expect(full.map(\.minX) == [0, 110, 0, 220, 0])
        #expect(full.map(\.minY) == [0, 0, 20, 40, 40])
        let spanned = try frames(
            320,
            section(columns: 3, [.height(10), .height(10), .height(10, span: .columns(3)), .height(10), .height(10)]))
        #expect(spanned.map(\.minX) == [0, 110, 0, 0, 110])
        // span 2 with the cursor past the last start: wraps round to the first candidate.
        let wrapped = try frames(
            320, section(columns: 3, [.height(10), .height(10), .height(10, span: .columns(2)), .height(10)]))
        #expect(wrapped.map(\.minX) == [0, 110, 0, 220])
    }

    @Test func theToleranceIsInclusive() throws {
        for (difference, column) in [(4.0, 0), (5, 0), (6, 1)] {
            let cells = try frames(
                200,
                section(columns: 2, spacing: 0, tolerance: 5, [.height(100 + difference), .height(100), .height(10)]))
            #expect(cells[2].minX == (column == 0 ? 0 : 100), "difference \(difference)")
        }
        let infinite = try frames(
            320,
            section(
                columns: 3, spacing: 0, tolerance: .infinity,
                [.height(100), .height(5), .height(10), .height(10), .height(1)]))
        #expect(infinite.map(\.minX) == [0, 106.65625, 213.328125, 0, 106.65625])
    }

    @Test func shortestColumnWithAToleranceTakesTheLowestIndexAmongTheTied() throws {
        let cells = try frames(
            210, section(columns: 2, tolerance: 8, placement: .shortestColumn, [.height(10), .height(5), .height(1)]))
        // Columns at 20 and 15: within 8 of each other, so column 0.
        #expect(cells[2].minX == 0)
        let exact = try frames(
            210, section(columns: 2, placement: .shortestColumn, [.height(10), .height(5), .height(1)]))
        #expect(exact[2].minX == 110)
    }

    /// Random configurations with random settings in every section, in grid-lanes placement or
    /// with a tolerance.
    private func configuration(seed: UInt64, everyFeature: Bool) -> LayoutConfiguration {
        var random = TestRandom(seed: seed)
        return RandomSpec.gridLanesConfiguration(&random, maxItems: 30, everyFeature: everyFeature)
    }

    @Test func agreesWithTheContractOnRandomConfigurations() throws {
        for seed in UInt64(1)...600 {
            let configuration = configuration(seed: seed &* 7, everyFeature: seed % 2 == 0)
            let layout = try Layout(configuration)
            let reference = ContractReference.layout(configuration)
            let elements = layout.layoutAttributesForAllElements()
            try #require(elements.count == reference.elements.count, "seed \(seed)")
            for (element, expected) in zip(elements, reference.elements) {
                #expect(element.kind == expected.kind && element.indexPath.section == expected.section, "seed \(seed)")
                #expect(agrees(element.frame, expected.frame), "seed \(seed): \(element) vs \(expected.frame)")
            }
            #expect(agrees(layout.contentSize.height, reference.contentSize.height), "seed \(seed)")
        }
    }

    @Test func everyVerticalGridLanesFrameIsWholeSixtyFourths() throws {
        for seed in UInt64(1)...300 {
            var configuration = configuration(seed: seed, everyFeature: false)
            for index in configuration.sections.indices {
                configuration.sections[index].settings.placement = .gridLanes
            }
            let layout = try Layout(configuration)
            for element in layout.layoutAttributesForAllElements() where element.kind != .background {
                let frame = element.frame
                for value in [frame.minX, frame.minY, frame.width, frame.height] {
                    #expect((value * 64).rounded() == value * 64, "seed \(seed): \(element)")
                }
            }
        }
    }

    @Test func incrementalEditsMatchAFullLayout() throws {
        for seed in UInt64(1)...200 {
            var random = TestRandom(seed: seed &* 131)
            var configuration = configuration(seed: seed &* 13, everyFeature: seed % 3 == 0)
            var layout = try Layout(configuration)
            for step in 0..<10 {
                guard !configuration.sections.isEmpty else { break }
                let s = Int.random(in: 0..<configuration.sections.count, using: &random)
                let count = configuration.sections[s].items.count
                let spans: [ItemSpan] = [.single, .single, .full, .columns(2)]
                var span = spans.randomElement(using: &random)!
                let columns = (try? configuration.sections[s].settings.columnCount(forWidth: configuration.width)) ?? 1
                if case .columns(let k) = span, k > columns { span = .single }
                let item: LayoutItem =
                    Bool.random(using: &random)
                    ? .height(random.length(0...200), span: span)
                    : .size(width: 3, height: 1 + random.length(0...9), span: span)
                let edit: LayoutEdit
                switch Int.random(in: 0..<4, using: &random) {
                case 0: edit = .insert(item, at: ItemPath(section: s, item: Int.random(in: 0...count, using: &random)))
                case 1 where count > 0:
                    edit = .delete(at: ItemPath(section: s, item: Int.random(in: 0..<count, using: &random)))
                case 2 where count > 0:
                    edit = .resize(
                        at: ItemPath(section: s, item: Int.random(in: 0..<count, using: &random)),
                        to: .height(random.length(0...300)))
                default: edit = .append([item, .height(random.length(0...90))], toSection: s)
                }
                // A span wider than the section (its columns may be adaptive) is refused and changes nothing.
                do { try edit.apply(to: &layout, and: &configuration) } catch is LayoutError {}
                let full = try Layout(configuration)
                #expect(
                    layout.layoutAttributesForAllElements() == full.layoutAttributesForAllElements(),
                    "seed \(seed) step \(step) \(edit)")
                #expect(layout.contentSize == full.contentSize, "seed \(seed) step \(step)")
            }
        }
    }

    @Test func pinnedHeadersAndQueriesInEveryFeedAgreeWithTheContract() throws {
        var pinned = 0
        for seed in UInt64(1)...300 {
            var random = TestRandom(seed: seed &* 29)
            let configuration = configuration(seed: seed &* 11, everyFeature: true)
            let layout = try Layout(configuration)
            let size = layout.contentSize
            let horizontal = configuration.scrollDirection == .horizontal
            for _ in 0..<4 {
                let query = RandomScreenQuery(contentSize: size, horizontal: horizontal, using: &random)
                let (offset, rect) = (query.offset, query.rect)
                let reference = ContractReference.layout(configuration, contentOffset: offset, visibleWidth: rect.width)
                let expected = reference.elements.filter { rect.intersectsElement($0.frame) }
                let found = layout.layoutAttributesForElements(in: rect, contentOffset: offset)
                try #require(found.count == expected.count, "seed \(seed) rect \(rect)")
                for (element, want) in zip(found, expected) {
                    #expect(element.kind == want.kind && element.indexPath.section == want.section, "seed \(seed)")
                    #expect(agrees(element.frame, want.frame), "seed \(seed): \(element) vs \(want.frame)")
                }
                let natural = ContractReference.layout(configuration).elements
                pinned += zip(reference.elements, natural).filter { $0.frame != $1.frame }.count
            }
        }
        // Headers did pin.
        #expect(pinned > 50, "\(pinned)")
    }
}
