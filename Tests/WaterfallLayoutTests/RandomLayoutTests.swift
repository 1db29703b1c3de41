import Testing
import WaterfallLayout
import WaterfallTestSupport

/// The engine against the transcribed contract, and the contract's invariants, over random input.
@Suite struct RandomLayoutTests {
    static let seeds: [UInt64] = Array(1...1_200)

    @Test func agreesWithTheContractOnRandomConfigurations() throws {
        for seed in Self.seeds {
            var random = TestRandom(seed: seed)
            let configuration = RandomSpec.configuration(&random)
            let layout = try Layout(configuration)
            let reference = ContractReference.layout(configuration)
            let elements = layout.layoutAttributesForAllElements()
            try #require(elements.count == reference.elements.count, "seed \(seed)")
            for (element, expected) in zip(elements, reference.elements) {
                #expect(element.kind == expected.kind, "seed \(seed)")
                #expect(element.indexPath.section == expected.section, "seed \(seed)")
                if let item = expected.item { #expect(element.indexPath.item == item, "seed \(seed)") }
                #expect(agrees(element.frame, expected.frame), "seed \(seed): \(element) vs \(expected.frame)")
            }
            #expect(agrees(layout.contentSize.height, reference.contentSize.height), "seed \(seed)")
        }
    }

    @Test func invariantsHoldOnRandomConfigurations() throws {
        for seed in Self.seeds {
            var random = TestRandom(seed: seed &+ 10_000)
            let configuration = RandomSpec.configuration(&random)
            let layout = try Layout(configuration)
            try checkInvariants(layout, configuration, seed: seed)
        }
    }

    private func checkInvariants(_ layout: Layout, _ configuration: LayoutConfiguration, seed: UInt64) throws {
        let width = configuration.width
        var previousSectionBottom = 0.0
        for (s, section) in configuration.sections.enumerated() {
            let settings = section.settings
            let inset = settings.sectionInset
            let cells = (0..<section.items.count).map {
                layout.layoutAttributesForItem(at: ItemPath(section: s, item: $0))!.frame
            }
            let header = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: s, item: 0))
            let footer = layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: s, item: 0))
            #expect((header != nil) == (section.headerHeight > 0), "seed \(seed)")
            #expect((footer != nil) == (section.footerHeight > 0), "seed \(seed)")
            // Sections come in order: nothing starts above the end of the section before.
            let sectionTop = [header?.frame.minY, cells.map(\.minY).min(), footer?.frame.minY].compactMap { $0 }.min()
            if let sectionTop {
                #expect(sectionTop >= previousSectionBottom - 1e-9 * max(1, sectionTop), "seed \(seed)")
            }
            for cell in cells {
                // Inside the section's insets, horizontally and below the header.
                #expect(cell.minX >= inset.left - 1e-9, "seed \(seed)")
                #expect(cell.maxX <= width - inset.right + 1e-9 * width, "seed \(seed)")
                if let header { #expect(cell.minY >= header.frame.maxY + inset.top - 1e-9 * max(1, cell.minY)) }
                if let footer { #expect(cell.maxY <= footer.frame.minY + 1e-9 * max(1, cell.maxY), "seed \(seed)") }
            }
            // No two cells of a section overlap.
            for i in cells.indices {
                for j in cells.indices where j > i {
                    let a = cells[i]
                    let b = cells[j]
                    let overlapX = min(a.maxX, b.maxX) - max(a.minX, b.minX)
                    let overlapY = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                    let tolerance = 1e-9 * max(1, a.maxY, b.maxY)
                    #expect(!(overlapX > 1e-9 && overlapY > tolerance), "seed \(seed): cells \(i) and \(j) overlap")
                }
            }
            // Consecutive cells of a column are exactly lineSpacing apart, unless a wider cell had
            // to wait for a neighbouring column.
            var columnLast: [Double: Rect] = [:]
            for (index, cell) in cells.enumerated()
            where configuration.sections[s].items[index].span == .single
                && settings.columns > 1
            {
                if let last = columnLast[cell.minX] {
                    let gap = cell.minY - last.maxY
                    #expect(gap >= settings.lineSpacing - 1e-9 * max(1, cell.minY), "seed \(seed)")
                }
                columnLast[cell.minX] = cell
            }
            if let last = [footer?.frame.maxY, cells.map(\.maxY).max(), header?.frame.maxY].compactMap({ $0 }).max() {
                previousSectionBottom = last
            }
        }
        let contentBottom = layout.layoutAttributesForAllElements().map(\.frame.maxY).max() ?? 0
        #expect(layout.contentSize.height >= configuration.minimumContentHeight)
        #expect(layout.contentSize.height + 1e-9 * max(1, contentBottom) >= contentBottom, "seed \(seed)")
    }

    @Test func singleSpanColumnsStackExactlyLineSpacingApart() throws {
        // With single-span items only, every column is a plain stack.
        for seed in UInt64(1)...200 {
            var random = TestRandom(seed: seed)
            var configuration = RandomSpec.configuration(&random)
            for s in configuration.sections.indices {
                configuration.sections[s].items = configuration.sections[s].items.map {
                    LayoutItem(sizing: $0.sizing, span: .single)
                }
            }
            let layout = try Layout(configuration)
            for (s, section) in configuration.sections.enumerated() where section.settings.columns > 1 {
                var last: [Double: Rect] = [:]
                for item in section.items.indices {
                    let cell = layout.layoutAttributesForItem(at: ItemPath(section: s, item: item))!.frame
                    if let previous = last[cell.minX] {
                        #expect(
                            agrees(
                                cell.minY - previous.maxY, section.settings.lineSpacing,
                                tolerance: 1e-9 * max(1, cell.minY)), "seed \(seed)")
                    }
                    last[cell.minX] = cell
                }
            }
        }
    }
}
