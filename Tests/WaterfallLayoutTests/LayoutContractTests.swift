import Testing
import WaterfallLayout

/// Each key of the layout contract, pinned with frames worked out by hand.
@Suite struct LayoutContractTests {
    func frames(_ layout: Layout, section: Int = 0) -> [Rect] {
        (0..<layout.numberOfItems(inSection: section)).map {
            layout.layoutAttributesForItem(at: ItemPath(section: section, item: $0))!.frame
        }
    }

    @Test func shortestColumnFirstWithTiesToTheLowestIndex() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 320,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 3, lineSpacing: 10, interitemSpacing: 10),
                        items: [.height(100), .height(50), .height(100), .height(30), .height(10)])
                ]))
        // Column width (320 - 20) / 3 = 100; columns at x 0, 110, 220.
        #expect(
            frames(layout) == [
                Rect(x: 0, y: 0, width: 100, height: 100),
                Rect(x: 110, y: 0, width: 100, height: 50),
                Rect(x: 220, y: 0, width: 100, height: 100),
                Rect(x: 110, y: 60, width: 100, height: 30),  // column 1 is shortest (next 60)
                Rect(x: 110, y: 100, width: 100, height: 10),  // next: 110, 100, 110
            ])
        #expect(layout.contentSize == Size(width: 320, height: 110))
    }

    @Test func leftToRightAndRightToLeftTakeTurns() throws {
        func layout(_ direction: RenderDirection) throws -> [Rect] {
            let layout = try Layout(
                LayoutConfiguration(
                    width: 210,
                    sections: [
                        LayoutSection(
                            settings: SectionSettings(columns: 2, lineSpacing: 5, renderDirection: direction),
                            items: [.height(100), .height(10), .height(10), .height(10)])
                    ]))
            return frames(layout)
        }
        #expect(
            try layout(.leftToRight) == [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 110, y: 0, width: 100, height: 10),
                Rect(x: 0, y: 105, width: 100, height: 10), Rect(x: 110, y: 15, width: 100, height: 10),
            ])
        #expect(
            try layout(.rightToLeft) == [
                Rect(x: 110, y: 0, width: 100, height: 100), Rect(x: 0, y: 0, width: 100, height: 10),
                Rect(x: 110, y: 105, width: 100, height: 10), Rect(x: 0, y: 15, width: 100, height: 10),
            ])
        #expect(
            try layout(.shortestFirst) == [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 110, y: 0, width: 100, height: 10),
                Rect(x: 110, y: 15, width: 100, height: 10), Rect(x: 110, y: 30, width: 100, height: 10),
            ])
    }

    @Test func spansTakeTheLowestWindowAndTieByDirection() throws {
        func layout(_ direction: RenderDirection) throws -> [Rect] {
            let layout = try Layout(
                LayoutConfiguration(
                    width: 320,
                    sections: [
                        LayoutSection(
                            settings: SectionSettings(
                                columns: 3, lineSpacing: 0, interitemSpacing: 10,
                                renderDirection: direction),
                            items: [.height(50), .height(20, span: .columns(2)), .height(40, span: .full)])
                    ]))
            return frames(layout)
        }
        let shortest = try layout(.shortestFirst)
        // After one 50-point cell in column 0: windows 0-1 top 50, 1-2 top 0 -> start 1.
        #expect(shortest[1] == Rect(x: 110, y: 0, width: 210, height: 20))
        #expect(shortest[2] == Rect(x: 0, y: 50, width: 320, height: 40))
        let rightToLeft = try layout(.rightToLeft)
        // The single item goes to the rightmost column first; windows 0-1 (top 0) wins outright.
        #expect(rightToLeft[0] == Rect(x: 220, y: 0, width: 100, height: 50))
        #expect(rightToLeft[1] == Rect(x: 0, y: 0, width: 210, height: 20))
        #expect(rightToLeft[2] == Rect(x: 0, y: 50, width: 320, height: 40))
    }

    @Test func spanTiesGoLowUnlessRightToLeft() throws {
        func start(_ direction: RenderDirection) throws -> Double {
            let layout = try Layout(
                LayoutConfiguration(
                    width: 320,
                    sections: [
                        LayoutSection(
                            settings: SectionSettings(columns: 3, renderDirection: direction),
                            items: [.height(20, span: .columns(2))])
                    ]))
            return frames(layout)[0].minX
        }
        #expect(try start(.shortestFirst) == 0)
        #expect(try start(.leftToRight) == 0)
        #expect(try start(.rightToLeft) == 110)
    }

    @Test func sizesScaleToTheItemsOwnWidth() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 375,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 2, sectionInset: EdgeInsets(all: 10), interitemSpacing: 5),
                        items: [.size(width: 400, height: 300), .size(width: 100, height: 100, span: .full)])
                ]))
        let cells = frames(layout)
        // Column width (375 - 20 - 5) / 2 = 175; a full span is 355 wide.
        #expect(cells[0] == Rect(x: 10, y: 10, width: 175, height: 175.0 * 300 / 400))
        #expect(cells[1] == Rect(x: 10, y: 10 + 131.25 + 10, width: 355, height: 355))
    }

    @Test func headersFootersInsetsAndSpacingBetweenSections() throws {
        let settings = SectionSettings(
            columns: 1, sectionInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), lineSpacing: 10,
            spacingWithLastSection: 7, headerInset: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8),
            footerInset: EdgeInsets(top: 9, left: 10, bottom: 11, right: 12))
        let layout = try Layout(
            LayoutConfiguration(
                width: 100,
                sections: [
                    LayoutSection(settings: settings, headerHeight: 20, footerHeight: 30, items: [.height(40)]),
                    LayoutSection(settings: settings, headerHeight: 20, footerHeight: 30, items: [.height(40)]),
                ]))
        let header0 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 0, item: 0))
        #expect(header0?.frame == Rect(x: 6, y: 5, width: 86, height: 20))
        #expect(frames(layout)[0] == Rect(x: 2, y: 33, width: 94, height: 40))  // 5+20+7, then inset top 1
        let footer0 = layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: 0, item: 0))
        #expect(footer0?.frame == Rect(x: 10, y: 85, width: 78, height: 30))  // 73 + 3 + 9
        // Section 1 starts at 85 + 30 + 11 = 126, plus the spacing 7.
        let header1 = layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 1, item: 0))
        #expect(header1?.frame == Rect(x: 6, y: 138, width: 86, height: 20))
        #expect(layout.contentSize.height == 126 + 7 + 126)
    }

    @Test func headerInsetAppliesOnlyWhenThereIsAHeader() throws {
        let settings = SectionSettings(
            columns: 1, headerInset: EdgeInsets(all: 50), footerInset: EdgeInsets(all: 50))
        let layout = try Layout(
            LayoutConfiguration(width: 200, sections: [LayoutSection(settings: settings, items: [.height(10)])]))
        #expect(frames(layout)[0].minY == 0)
        #expect(layout.contentSize.height == 10)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: .header, at: ItemPath(section: 0, item: 0)) == nil)
    }

    @Test func anEmptySectionKeepsItsInsetsHeaderAndFooter() throws {
        let settings = SectionSettings(columns: 2, sectionInset: EdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        let layout = try Layout(
            LayoutConfiguration(
                width: 200,
                sections: [
                    LayoutSection(settings: settings, headerHeight: 30, footerHeight: 40),
                    LayoutSection(settings: settings, items: [.height(5)]),
                ]))
        let footer = layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: ItemPath(section: 0, item: 0))
        #expect(footer?.frame == Rect(x: 0, y: 60, width: 200, height: 40))  // 30 + 10 + 20
        // The next section is not pulled up over the empty one (unlike CHTCollectionViewWaterfallLayout #144).
        #expect(frames(layout, section: 1)[0].minY == 110)
    }

    @Test func zeroHeightsStillTakeLineSpacing() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 100,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 1, lineSpacing: 10),
                        items: [.height(0), .height(0), .height(5)])
                ]))
        #expect(frames(layout).map(\.minY) == [0, 10, 20])
        #expect(layout.contentSize.height == 25)
    }

    @Test func fractionalWidthsFollowTheFormulaExactly() throws {
        let layout = try Layout(
            LayoutConfiguration(
                width: 100,
                sections: [
                    LayoutSection(
                        settings: SectionSettings(columns: 3, interitemSpacing: 0.5),
                        items: [.height(1), .height(1), .height(1)])
                ]))
        let cw = (100.0 - 2 * 0.5) / 3
        #expect(frames(layout).map(\.minX) == [0, cw + 0.5, 2 * (cw + 0.5)])
        #expect(frames(layout).allSatisfy { $0.width == cw })
    }

    @Test func minimumContentHeightIsAFloor() throws {
        let short = try Layout(LayoutConfiguration(width: 100, minimumContentHeight: 500, sections: []))
        #expect(short.contentSize == Size(width: 100, height: 500))
        let tall = try Layout(
            LayoutConfiguration(width: 100, minimumContentHeight: 5, sections: [LayoutSection(items: [.height(50)])]))
        #expect(tall.contentSize.height == 50)
    }

    @Test func badConfigurationsNameTheirPlace() {
        func error(_ configuration: LayoutConfiguration) -> String? {
            do {
                _ = try Layout(configuration)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(error(LayoutConfiguration(width: 0, sections: [])) == "width: must be a finite number > 0, not 0.0")
        #expect(
            error(LayoutConfiguration(width: 100, sections: [LayoutSection(settings: SectionSettings(columns: 0))]))
                == "sections[0].columns: must be at least 1, not 0")
        #expect(
            error(
                LayoutConfiguration(
                    width: 100, sections: [LayoutSection(settings: SectionSettings(columns: 12, interitemSpacing: 10))])
            )
                == "sections[0].columns: item width is -0.8333333333333334 after insets and spacing; it must be greater than 0"
        )
        #expect(
            error(LayoutConfiguration(width: 100, sections: [LayoutSection(items: [.height(1, span: .columns(3))])]))
                == "sections[0].items[0].span: 3 is more than the section's 2 columns")
        #expect(
            error(LayoutConfiguration(width: 100, sections: [LayoutSection(items: [.size(width: 0, height: 1)])]))
                == "sections[0].items[0].size.width: must be a finite number > 0, not 0.0")
        #expect(
            error(LayoutConfiguration(width: 100, sections: [LayoutSection(items: [.height(.nan)])]))
                == "sections[0].items[0].height: must be a finite number >= 0, not nan")
    }
}
