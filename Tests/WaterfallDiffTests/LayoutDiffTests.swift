import Testing
import WaterfallDiff
import WaterfallLayout

@Suite struct LayoutDiffTests {
    func snapshot(_ heights: [Double], columns: Int = 2, header: Double = 0) throws -> LayoutSnapshot {
        LayoutSnapshot(
            try Layout(
                LayoutConfiguration(
                    width: 210,
                    sections: [
                        LayoutSection(
                            settings: SectionSettings(columns: columns), headerHeight: header,
                            items: heights.map { .height($0) })
                    ])))
    }

    @Test func sameLayoutsHaveNoChanges() throws {
        let diff = LayoutDiff(old: try snapshot([10, 20, 30]), new: try snapshot([10, 20, 30]))
        #expect(!diff.isDifferent)
        #expect(diff.unchanged == 3)
        #expect(diff.summary == "layouts are the same (3 elements)")
    }

    @Test func movesResizesAppearancesAndDisappearancesAreNamed() throws {
        // Item 0 grows by 5: item 2 (under it) moves down; item 3 appears.
        let diff = LayoutDiff(old: try snapshot([10, 20, 30]), new: try snapshot([15, 20, 30, 5]))
        #expect(
            diff.changes.map(\.description) == [
                "section 0 item 0: (0, 0, 100, 10) → (0, 0, 100, 15)",
                "section 0 item 2: (0, 20, 100, 30) → (0, 25, 100, 30)",
                "section 0 item 3: appeared at (110, 30, 100, 5)",
            ])
        #expect(diff.count(.resized) == 1)
        #expect(diff.count(.moved) == 1)
        #expect(diff.count(.appeared) == 1)
        #expect(diff.largestShift?.name == "section 0 item 0")
        #expect(
            diff.summary
                == "1 moved, 1 resized, 1 appeared, 1 unchanged; largest shift 5 pt (section 0 item 0); "
                + "content 210 × 50 → 210 × 55 pt")
        let back = LayoutDiff(old: try snapshot([15, 20, 30, 5]), new: try snapshot([10, 20, 30]))
        #expect(back.changes.last?.description == "section 0 item 3: disappeared from (110, 30, 100, 5)")
    }

    @Test func headersAreElementsToo() throws {
        let diff = LayoutDiff(old: try snapshot([10], header: 0), new: try snapshot([10], header: 44))
        #expect(
            diff.changes.map(\.description) == [
                "section 0 header: appeared at (0, 0, 210, 44)",
                "section 0 item 0: (0, 0, 100, 10) → (0, 44, 100, 10)",
            ])
        // The header that appeared: no `item`, and `old` is null rather than missing.
        let header = #"{"change":"appeared","kind":"header","new":{"height":44,"width":210,"x":0,"y":0},"#
        #expect(diff.json.contains(header + #""old":null,"section":0,"shift":0}"#), "\(diff.json)")
    }
}
