import Testing
import WaterfallLayout
import WaterfallSpec
import WaterfallTestSupport

/// The example specs, among them the five seed designs, as contract cases.
@Suite struct ExampleLayoutTests {
    /// Sizes content-sized cards by a rule of its own (no fonts here), recording what it gave,
    /// so the contract can be checked on the very configuration the engine laid out.
    final class RecordingSizer: CardSizing {
        var given: [ItemPath: ItemSizing] = [:]

        func sizing(of item: SpecItem, style: SpecStyle, width: Double, at path: ItemPath) throws -> ItemSizing {
            let sizing = ItemSizing.height((width * 1.3 + Double(path.item % 7) * 11).rounded())
            given[path] = sizing
            return sizing
        }

        /// A header or footer sized by its title: a line for every 20 characters, 20 points each.
        func height(of supplementary: SpecSupplementary, role: TextRole, style: SpecStyle, width: Double) -> Double {
            let characters = supplementary.title?.count ?? 0
            return 16 + 20 * Double(max(1, (characters + 19) / 20))
        }
    }

    func load(_ name: String) throws -> (Spec, Layout) {
        let (spec, layout, _) = try loadWithConfiguration(name)
        return (spec, layout)
    }

    func loadWithConfiguration(_ name: String) throws -> (Spec, Layout, LayoutConfiguration) {
        let spec = try Spec.load(path: Repository.path("Examples/\(name)"))
        guard spec.needsCardSizing else { return (spec, try spec.layout(), spec.configuration) }
        let sizer = RecordingSizer()
        let layout = try spec.layout(sizing: sizer)
        var configuration = spec.configuration
        for (path, sizing) in sizer.given { configuration.sections[path.section].items[path.item].sizing = sizing }
        for (index, section) in spec.sections.enumerated() {
            if let header = section.header, header.isSizedByTitle {
                configuration.sections[index].headerHeight = sizer.height(
                    of: header, role: .header, style: spec.style(ofSection: index), width: 0)
            }
            if let footer = section.footer, footer.isSizedByTitle {
                configuration.sections[index].footerHeight = sizer.height(
                    of: footer, role: .footer, style: spec.style(ofSection: index), width: 0)
            }
        }
        return (spec, layout, configuration)
    }

    func cell(_ layout: Layout, _ section: Int, _ item: Int) -> Rect {
        layout.layoutAttributesForItem(at: ItemPath(section: section, item: item))!.frame
    }

    @Test(arguments: try Repository.examples())
    func everyExampleAgreesWithTheContract(_ name: String) throws {
        let (_, layout, configuration) = try loadWithConfiguration(name)
        let reference = ContractReference.layout(configuration)
        let elements = layout.layoutAttributesForAllElements()
        try #require(elements.count == reference.elements.count)
        for (element, expected) in zip(elements, reference.elements) {
            #expect(element.kind == expected.kind)
            #expect(agrees(element.frame, expected.frame), "\(name): \(element)")
        }
        #expect(agrees(layout.contentSize.height, reference.contentSize.height))
    }

    @Test func shopGridHasThreeColumnsInsideTenPointMargins() throws {
        let (_, layout) = try load("01-shop-grid.yaml")
        let cw = (375.0 - 20 - 20) / 3
        #expect(cell(layout, 0, 0) == Rect(x: 10, y: 10, width: cw, height: 150))
        #expect(cell(layout, 0, 1) == Rect(x: 10 + (cw + 10), y: 10, width: cw, height: 190))
        #expect(cell(layout, 0, 2) == Rect(x: 10 + 2 * (cw + 10), y: 10, width: cw, height: 130))
        // Next positions are 170, 210, 150: the third column is shortest.
        #expect(cell(layout, 0, 3) == Rect(x: 10 + 2 * (cw + 10), y: 150, width: cw, height: 170))
        #expect(cell(layout, 0, 4) == Rect(x: 10, y: 170, width: cw, height: 140))
    }

    @Test func photoSizesScaleToTheColumnWidth() throws {
        let (_, layout) = try load("02-photo-sizes.yaml")
        let cw = (375.0 - 16 - 8) / 2  // 175.5
        #expect(cell(layout, 0, 0) == Rect(x: 8, y: 8, width: cw, height: cw * 1350 / 1080))
        #expect(cell(layout, 0, 1) == Rect(x: 8 + cw + 8, y: 8, width: cw, height: cw * 1080 / 1920))
        // The landscape column is shorter, so the square goes under it.
        #expect(cell(layout, 0, 2).minX == 8 + cw + 8)
        #expect(cell(layout, 0, 2).minY == 8 + cw * 1080 / 1920 + 8)
    }

    @Test func sectionsHaveTheirOwnColumnsHeadersFootersAndSpacing() throws {
        let (spec, layout) = try load("03-sections.yaml")
        #expect(spec.sections.map(\.settings.columns) == [1, 2, 3, 4])
        let header0 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 0, item: 0))!
        #expect(header0.frame == Rect(x: 12, y: 0, width: 351, height: 40))
        #expect(cell(layout, 0, 0) == Rect(x: 12, y: 50, width: 351, height: 160))
        // Section 0 ends at 50 + 160 + 10 = 220; section 1 starts 16 points later.
        let header1 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 1, item: 0))!
        #expect(header1.frame.minY == 236)
        let cw1 = (375.0 - 24 - 10) / 2
        #expect(cell(layout, 1, 0) == Rect(x: 12, y: 286, width: cw1, height: 120))
        let footer1 = layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: 1, item: 0))!
        let bottom1 = (0..<5).map { cell(layout, 1, $0).maxY }.max()!
        #expect(footer1.frame == Rect(x: 0, y: bottom1 + 10, width: 375, height: 30))
        let header2 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 2, item: 0))!
        #expect(header2.frame.minY == footer1.frame.maxY + 24)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: 3, item: 0)) == nil)
    }

    @Test func hundredPointGridIsRegular() throws {
        let (_, layout) = try load("04-grid-100.yaml")
        for item in 0..<9 {
            let x = 10 + Double(item % 3) * 110
            let y = 10 + Double(item / 3) * 110
            #expect(cell(layout, 0, item) == Rect(x: x, y: y, width: 100, height: 100))
        }
        #expect(layout.contentSize == Size(width: 340, height: 340))
    }

    @Test func goodsListEndsWithAFiftyPointFooter() throws {
        let (_, layout) = try load("05-goods-list.yaml")
        let cw = (375.0 - 20 - 10) / 2
        #expect(cell(layout, 0, 0) == Rect(x: 10, y: 58, width: cw, height: 230))
        #expect(cell(layout, 0, 1) == Rect(x: 20 + cw, y: 58, width: cw, height: 260))
        #expect(cell(layout, 0, 2) == Rect(x: 10, y: 298, width: cw, height: 210))
        let footer = layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: 0, item: 0))!
        let lowest = (0..<6).map { cell(layout, 0, $0).maxY }.max()!
        #expect(footer.frame == Rect(x: 0, y: lowest + 10, width: 375, height: 50))
        #expect(layout.contentSize.height == footer.frame.maxY)
    }
}
