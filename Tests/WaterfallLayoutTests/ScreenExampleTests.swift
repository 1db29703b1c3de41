import Testing
import WaterfallLayout

/// Worked examples of the screens rules, with numbers checked by hand.
@Suite struct ScreenExampleTests {
    /// A 100-point-wide section: header 20 (header inset 5 above and below), section inset 10 on
    /// every side, two 35-point columns 10 apart, items 30 and 50, footer 15.
    static func section(pinHeader: Bool = false, hasBackground: Bool = true) -> LayoutSection {
        LayoutSection(
            settings: SectionSettings(
                columns: 2, sectionInset: EdgeInsets(all: 10), headerInset: EdgeInsets(top: 5, bottom: 5),
                pinHeader: pinHeader),
            headerHeight: 20, footerHeight: 15, items: [.height(30), .height(50)], hasBackground: hasBackground)
    }

    @Test func aBackgroundSpansFromTheSectionInsetTopToTheSectionInsetBottom() throws {
        let layout = try Layout(LayoutConfiguration(width: 100, sections: [Self.section(), Self.section()]))
        let elements = layout.layoutAttributesForAllElements()
        #expect(
            elements.map(\.kind) == [.header, .background, .cell, .cell, .footer] + [
                .header, .background, .cell, .cell, .footer,
            ])
        // Header 5..25, then 5 below it: the background starts at 30; cells 40..70 and 40..90,
        // the section inset ends at 100.
        #expect(elements[1].frame == Rect(x: 0, y: 30, width: 100, height: 70))
        #expect(elements[4].frame == Rect(x: 0, y: 100, width: 100, height: 15))
        #expect(elements[6].frame == Rect(x: 0, y: 145, width: 100, height: 70))
        #expect(
            layout.layoutAttributesForDecorationView(ofKind: .background, at: ItemPath(section: 1, item: 3))
                == LayoutAttributes(
                    kind: .background, indexPath: ItemPath(section: 1, item: 0), frame: elements[6].frame))
        // Only the first section's background and cells reach into 95..97.
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 95, width: 100, height: 2)).map(\.kind)
                == [.background])
        let without = try Layout(LayoutConfiguration(width: 100, sections: [Self.section(hasBackground: false)]))
        #expect(
            without.layoutAttributesForDecorationView(ofKind: .background, at: ItemPath(section: 0, item: 0)) == nil)
        #expect(!without.layoutAttributesForAllElements().contains { $0.kind == .background })
    }

    @Test func anEmptySectionsBackgroundIsItsInsets() throws {
        var section = Self.section()
        section.items = []
        section.headerHeight = 0
        let layout = try Layout(LayoutConfiguration(width: 100, sections: [section]))
        #expect(
            layout.layoutAttributesForDecorationView(ofKind: .background, at: ItemPath(section: 0, item: 0))?.frame
                == Rect(x: 0, y: 0, width: 100, height: 20))
    }

    @Test func aPinnedHeaderStaysAtTheTopUntilItsSectionEndsIt() throws {
        let layout = try Layout(
            LayoutConfiguration(width: 100, sections: [Self.section(pinHeader: true), Self.section()]))
        func header(_ y: Double, section: Int = 0) -> Double? {
            layout.layoutAttributesForElements(
                in: Rect(x: 0, y: y, width: 100, height: 300), contentOffset: Point(x: 0, y: y)
            ).first { $0.kind == .header && $0.indexPath.section == section }?.frame.minY
        }
        #expect(header(0) == 5)  // natural place
        #expect(header(-40) == 5)  // above the content: still in place
        #expect(header(50) == 50)  // pinned at the offset
        #expect(header(80) == 80)  // the section's inset ends at 100: 80 + 20
        #expect(header(90) == 80)  // pushed up by the end of its section
        #expect(header(120) == nil)  // scrolled past with its section
        // A section that does not pin keeps its header in place.
        #expect(header(130, section: 1) == 120)
        #expect(
            layout.layoutAttributesForSupplementaryView(
                ofKind: .header, at: ItemPath(section: 0, item: 0), contentOffset: Point(x: 0, y: 60))?.frame
                == Rect(x: 0, y: 60, width: 100, height: 20))
        // Without an offset a pinned header is where the contract puts it.
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 60, width: 100, height: 1)).map(\.kind)
                == [.background, .cell, .cell])
    }

    @Test func minimumColumnWidthFitsAsManyColumnsAsItCan() throws {
        // (375 - 8 - 8 + 10) / (100 + 10) = 3.35: three columns of (359 - 20) / 3 = 113.
        var settings = SectionSettings(sectionInset: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
        settings.adaptiveColumns = .minimumWidth(100)
        #expect(try settings.columnCount(forWidth: 375) == 3)
        #expect(try settings.columnCount(forWidth: 336) == 3)  // (336 - 16 + 10) / 110 = 3 exactly
        #expect(try settings.columnCount(forWidth: 335.9) == 2)
        #expect(try settings.columnCount(forWidth: 50) == 1)  // never fewer than one
        let layout = try Layout(
            LayoutConfiguration(width: 375, sections: [LayoutSection(settings: settings, items: [.height(1)])]))
        #expect(layout.layoutAttributesForItem(at: ItemPath(section: 0, item: 0))?.frame.width == 113)
        settings.adaptiveColumns = .minimumWidth(0)
        #expect(throws: LayoutError.self) { try settings.columnCount(forWidth: 375) }
    }

    @Test func breakpointsPickTheLargestWidthNotAboveTheLayoutsWidth() throws {
        var settings = SectionSettings()
        settings.adaptiveColumns = .breakpoints([
            ColumnBreakpoint(width: 600, columns: 3), ColumnBreakpoint(width: 0, columns: 2),
            ColumnBreakpoint(width: 900, columns: 4),
        ])
        #expect(try settings.columnCount(forWidth: 375) == 2)
        #expect(try settings.columnCount(forWidth: 600) == 3)
        #expect(try settings.columnCount(forWidth: 899.5) == 3)
        #expect(try settings.columnCount(forWidth: 1024) == 4)
        settings.adaptiveColumns = .breakpoints([ColumnBreakpoint(width: 600, columns: 3)])
        let error = #expect(throws: LayoutError.self) {
            try Layout(LayoutConfiguration(width: 375, sections: [LayoutSection(settings: settings)]))
        }
        #expect(error?.path == "sections[0].columns")
    }

    @Test func mirroringFlipsEveryFrameAcrossTheWidth() throws {
        let layout = try Layout(
            LayoutConfiguration(width: 100, sections: [Self.section()], layoutDirection: .rightToLeft))
        let frames = layout.layoutAttributesForAllElements().map(\.frame)
        // Item 0 is in the left column at x 10 (35 wide): mirrored to 100 - 10 - 35 = 55.
        #expect(frames[2] == Rect(x: 55, y: 40, width: 35, height: 30))
        #expect(frames[3] == Rect(x: 10, y: 40, width: 35, height: 50))
        #expect(frames[1] == Rect(x: 0, y: 30, width: 100, height: 70))
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 40, width: 45, height: 1)).filter { $0.kind == .cell }
                .map(\.indexPath.item) == [1])
    }

    @Test func aHorizontalFeedLaysRowsAlongTheHeight() throws {
        // 100 high, two rows of 45 with 10 between; items 30 and 50 wide, and a 2:1 size scaled to
        // a row's height (45): 90 wide.
        let layout = try Layout(
            .horizontal(
                height: 100,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(sectionInset: EdgeInsets(top: 0, left: 7, bottom: 0, right: 3)),
                        headerHeight: 20, items: [.height(30), .height(50), .size(width: 2, height: 1)])
                ]))
        let frames = layout.layoutAttributesForAllElements().map(\.frame)
        #expect(frames[0] == Rect(x: 0, y: 0, width: 20, height: 100))  // the header is a column at the start
        #expect(frames[1] == Rect(x: 27, y: 0, width: 30, height: 45))
        #expect(frames[2] == Rect(x: 27, y: 55, width: 50, height: 45))
        #expect(frames[3] == Rect(x: 67, y: 0, width: 90, height: 45))
        #expect(layout.contentSize == Size(width: 160, height: 100))
        // The feed's keys are named as it reads them.
        let error = #expect(throws: LayoutError.self) {
            try Layout(.horizontal(height: 100, sections: [LayoutSection(items: [.size(width: 2, height: 0)])]))
        }
        #expect(error?.path == "sections[0].items[0].size.height")
    }

    @Test func aHorizontalRightToLeftFeedStartsAtTheRightAndPinsToTheRightEdge() throws {
        let layout = try Layout(
            .horizontal(
                height: 100,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 1, pinHeader: true), headerHeight: 20,
                        items: [.height(100), .height(100)])
                ], layoutDirection: .rightToLeft))
        // Header 0..20, items 20..120 and 130..230 before mirroring across 230.
        #expect(layout.contentSize == Size(width: 230, height: 100))
        let all = layout.layoutAttributesForAllElements().map(\.frame)
        #expect(
            all == [
                Rect(x: 210, y: 0, width: 20, height: 100), Rect(x: 110, y: 0, width: 100, height: 100),
                Rect(x: 0, y: 0, width: 100, height: 100),
            ])
        // Visible bounds 50..150: the header sits at their right edge.
        let visible = layout.layoutAttributesForElements(
            in: Rect(x: 50, y: 0, width: 100, height: 100), contentOffset: Point(x: 50, y: 0))
        #expect(visible.first { $0.kind == .header }?.frame == Rect(x: 130, y: 0, width: 20, height: 100))
    }
}

@Suite struct HorizontalEditErrorTests {
    @Test func editsOfAHorizontalFeedNameItsKeys() throws {
        var layout = try Layout(.horizontal(height: 100, sections: [LayoutSection(items: [.height(10)])]))
        let resize = #expect(throws: LayoutError.self) {
            try layout.resizeItem(at: ItemPath(section: 0, item: 0), to: .size(Size(width: 3, height: 0)))
        }
        #expect(resize?.path == "sections[0].items[0].size.height")
        let append = #expect(throws: LayoutError.self) { try layout.appendItems([.height(-1)], toSection: 0) }
        #expect(append?.path == "sections[0].items[1].width")
        let section = #expect(throws: LayoutError.self) {
            try layout.appendSection(LayoutSection(footerHeight: .infinity))
        }
        #expect(section?.path == "sections[1].footer.width")
    }
}
