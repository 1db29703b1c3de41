import Testing
import WaterfallLayout
import WaterfallTestSupport

/// Backgrounds, pinned headers, adaptive columns, mirroring and horizontal feeds against the
/// transcribed contract, and the exact relations between them, over random configurations.
@Suite(.tags(.slow)) struct ScreenContractTests {
    static let seeds: [UInt64] = Array(1...800)

    private func expectMatches(
        _ elements: [LayoutAttributes], _ reference: [ContractReference.Element], _ note: String
    ) throws {
        try #require(elements.count == reference.count, "\(note)")
        for (element, expected) in zip(elements, reference) {
            #expect(element.kind == expected.kind, "\(note)")
            #expect(element.indexPath.section == expected.section, "\(note)")
            if let item = expected.item { #expect(element.indexPath.item == item, "\(note)") }
            #expect(agrees(element.frame, expected.frame), "\(note): \(element) vs \(expected.frame)")
        }
    }

    @Test func everyFeatureAgreesWithTheContract() throws {
        var counts: [String: Int] = [:]
        for seed in Self.seeds {
            var random = TestRandom(seed: seed &* 13)
            let configuration = RandomSpec.configurationWithEveryFeature(&random)
            let layout = try Layout(configuration)
            let reference = ContractReference.layout(configuration)
            try expectMatches(layout.layoutAttributesForAllElements(), reference.elements, "seed \(seed)")
            #expect(agrees(layout.contentSize.width, reference.contentSize.width), "seed \(seed)")
            #expect(agrees(layout.contentSize.height, reference.contentSize.height), "seed \(seed)")
            counts["\(configuration.scrollDirection) \(configuration.layoutDirection)", default: 0] += 1
            counts["background", default: 0] += reference.elements.filter { $0.kind == .background }.count
        }
        // Each combination was drawn, and backgrounds were in play.
        #expect(counts.count == 5, "\(counts)")
        #expect(counts["background", default: 0] > 100)
    }

    /// `waterfall layout --offset` with and without `--rect`: the one-axis query is the content
    /// offset query, and without a rect it gives every element where the contract puts it.
    @Test func scrollOffsetQueriesAgreeWithTheContract() throws {
        for seed in Self.seeds.prefix(200) {
            var random = TestRandom(seed: seed &* 19)
            let configuration = RandomSpec.configurationWithEveryFeature(&random)
            let layout = try Layout(configuration)
            let size = layout.contentSize
            let horizontal = configuration.scrollDirection == .horizontal
            let query = RandomScreenQuery(contentSize: size, horizontal: horizontal, using: &random)
            let along = horizontal ? query.offset.x : query.offset.y
            #expect(
                layout.layoutAttributesForElements(in: nil, scrollOffset: nil)
                    == layout.layoutAttributesForAllElements())
            #expect(
                layout.layoutAttributesForElements(in: query.rect, scrollOffset: nil)
                    == layout.layoutAttributesForElements(in: query.rect), "seed \(seed)")
            #expect(
                layout.layoutAttributesForElements(in: query.rect, scrollOffset: along)
                    == layout.layoutAttributesForElements(in: query.rect, contentOffset: query.offset), "seed \(seed)")
            let reference = ContractReference.layout(
                configuration, contentOffset: query.offset, visibleWidth: size.width + 2)
            try expectMatches(
                layout.layoutAttributesForElements(in: nil, scrollOffset: along), reference.elements,
                "seed \(seed) offset \(along)")
        }
    }

    @Test func pinnedHeadersAtRandomOffsetsAgreeWithTheContract() throws {
        var moved = 0
        for seed in Self.seeds {
            var random = TestRandom(seed: seed &* 17)
            let configuration = RandomSpec.configurationWithEveryFeature(&random)
            let layout = try Layout(configuration)
            let size = layout.contentSize
            let horizontal = configuration.scrollDirection == .horizontal
            for _ in 0..<6 {
                let query = RandomScreenQuery(contentSize: size, horizontal: horizontal, using: &random)
                let (offset, rect) = (query.offset, query.rect)
                // Every element with pinned headers in place, the engine's, against the contract.
                let everywhere = Rect(x: -1e7, y: -1e7, width: 1e8, height: 1e8)
                let all = layout.layoutAttributesForElements(in: everywhere, contentOffset: offset)
                try expectMatches(
                    all,
                    ContractReference.layout(configuration, contentOffset: offset, visibleWidth: everywhere.width)
                        .elements, "seed \(seed) offset \(offset)")
                // The query against the contract's frames that touch the rect.
                let reference = ContractReference.layout(configuration, contentOffset: offset, visibleWidth: rect.width)
                let found = layout.layoutAttributesForElements(in: rect, contentOffset: offset)
                try expectMatches(
                    found, reference.elements.filter { rect.intersectsElement($0.frame) }, "seed \(seed) rect \(rect)")
                // Where the pinned place does not depend on the visible width, the query is exactly
                // the elements whose pinned frames touch the rect.
                guard !horizontal || configuration.layoutDirection == .leftToRight else { continue }
                let natural = layout.layoutAttributesForAllElements()
                var expected = natural
                for index in expected.indices where expected[index].kind == .header {
                    let header = layout.layoutAttributesForSupplementaryView(
                        ofKind: .header, at: expected[index].indexPath, contentOffset: offset)!
                    #expect(all.contains(header), "seed \(seed)")
                    if header != natural[index] { moved += 1 }
                    expected[index] = header
                }
                #expect(found == expected.filter { rect.intersectsElement($0.frame) }, "seed \(seed) rect \(rect)")
            }
        }
        #expect(moved > 100, "pinning moved \(moved) headers")
    }

    @Test func mirroringIsExactlyTheMirrorOfTheLeftToRightLayout() throws {
        for seed in Self.seeds {
            var random = TestRandom(seed: seed &* 19)
            var configuration = RandomSpec.configurationWithEveryFeature(&random)
            configuration.layoutDirection = .leftToRight
            let plain = try Layout(configuration)
            configuration.layoutDirection = .rightToLeft
            let mirrored = try Layout(configuration)
            let width = plain.contentSize.width
            let expected = plain.layoutAttributesForAllElements().map { element in
                var element = element
                element.frame.origin.x = width - element.frame.minX - element.frame.width
                return element
            }
            #expect(mirrored.layoutAttributesForAllElements() == expected, "seed \(seed)")
            #expect(mirrored.contentSize == plain.contentSize)
        }
    }

    @Test func aHorizontalFeedIsExactlyTheVerticalOneTurned() throws {
        for seed in Self.seeds {
            var random = TestRandom(seed: seed &* 23)
            var configuration = RandomSpec.configurationWithEveryFeature(&random, scrollDirection: .horizontal)
            configuration.layoutDirection = .leftToRight
            let horizontal = try Layout(configuration)
            // The vertical feed of the turned configuration.
            var vertical = configuration
            vertical.scrollDirection = .vertical
            for s in vertical.sections.indices {
                func turn(_ i: EdgeInsets) -> EdgeInsets {
                    EdgeInsets(top: i.left, left: i.top, bottom: i.right, right: i.bottom)
                }
                vertical.sections[s].settings.sectionInset = turn(vertical.sections[s].settings.sectionInset)
                vertical.sections[s].settings.headerInset = turn(vertical.sections[s].settings.headerInset)
                vertical.sections[s].settings.footerInset = turn(vertical.sections[s].settings.footerInset)
                vertical.sections[s].items = vertical.sections[s].items.map { item in
                    guard case .size(let size) = item.sizing else { return item }
                    return LayoutItem(sizing: .size(Size(width: size.height, height: size.width)), span: item.span)
                }
            }
            let turned = try Layout(vertical).layoutAttributesForAllElements().map { element in
                var element = element
                let f = element.frame
                element.frame = Rect(x: f.minY, y: f.minX, width: f.height, height: f.width)
                return element
            }
            #expect(horizontal.layoutAttributesForAllElements() == turned, "seed \(seed)")
            let size = try Layout(vertical).contentSize
            #expect(horizontal.contentSize == Size(width: size.height, height: size.width))
        }
    }

    @Test func adaptiveColumnsAreExactlyTheColumnsTheyResolveTo() throws {
        var adaptive = 0
        for seed in Self.seeds {
            var random = TestRandom(seed: seed &* 29)
            let configuration = RandomSpec.configurationWithEveryFeature(&random, scrollDirection: .vertical)
            for s in configuration.sections.indices where configuration.sections[s].settings.adaptiveColumns != nil {
                adaptive += 1
            }
            let layout = try Layout(configuration)
            var fixed = configuration
            for s in fixed.sections.indices {
                fixed.sections[s].settings.columns = ContractReference.columns(
                    fixed.sections[s].settings, width: configuration.width)
                fixed.sections[s].settings.adaptiveColumns = nil
            }
            #expect(
                layout.layoutAttributesForAllElements() == (try Layout(fixed)).layoutAttributesForAllElements(),
                "seed \(seed)")
        }
        #expect(adaptive > 200)
    }

    @Test func rectQueriesMatchABruteForceScanInEveryDirection() throws {
        for seed in UInt64(1)...300 {
            var random = TestRandom(seed: seed &* 31)
            let configuration = RandomSpec.configurationWithEveryFeature(&random, maxItems: 60)
            let layout = try Layout(configuration)
            let size = layout.contentSize
            let all = layout.layoutAttributesForAllElements()
            var rects: [Rect] = (0..<15).map { _ in
                Rect(
                    x: Double.random(in: -50...(size.width + 50), using: &random),
                    y: Double.random(in: -50...(size.height + 50), using: &random),
                    width: Double.random(in: 0...800, using: &random),
                    height: Double.random(in: 0...800, using: &random))
            }
            // Rects whose edges sit exactly on element edges.
            for element in all.prefix(12) {
                let frame = element.frame
                rects.append(Rect(x: frame.maxX, y: 0, width: 100, height: size.height))
                rects.append(Rect(x: frame.minX - 100, y: 0, width: 100, height: size.height))
                rects.append(Rect(x: 0, y: frame.maxY, width: size.width, height: 100))
                rects.append(Rect(x: frame.minX, y: frame.minY, width: 0.001, height: 0.001))
            }
            for rect in rects {
                #expect(
                    layout.layoutAttributesForElements(in: rect) == all.filter { rect.intersectsElement($0.frame) },
                    "seed \(seed) rect \(rect)")
            }
        }
    }
}
