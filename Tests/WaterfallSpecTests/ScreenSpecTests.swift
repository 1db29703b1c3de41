import Testing
import WaterfallLayout
import WaterfallSpec
import WaterfallTestSupport

/// The screens settings in spec files: read into exactly the configuration they describe, and
/// every bad form refused with its key path.
@Suite struct ScreenSpecTests {
    @Test func randomSpecsWithEverySettingLayOutAsTheirConfigurations() throws {
        var horizontal = 0
        for seed in UInt64(1)...300 {
            var random = TestRandom(seed: seed &* 41)
            let configuration = RandomSpec.describableConfiguration(&random, maxItems: 20)
            let spec = try Spec.decode(RandomSpec.json(configuration, explicitDefaults: true), file: "random.json")
            let layout = try spec.layout()
            let expected = try Layout(configuration)
            #expect(layout.contentSize == expected.contentSize, "seed \(seed)")
            #expect(
                layout.layoutAttributesForAllElements() == expected.layoutAttributesForAllElements(), "seed \(seed)")
            #expect(
                spec.sections.map { $0.background != nil } == configuration.sections.map(\.hasBackground),
                "seed \(seed)")
            if configuration.scrollDirection == .horizontal { horizontal += 1 }
        }
        #expect(horizontal > 100)
    }

    @Test func sectionSettingsAreRead() throws {
        let spec = try Spec.decode(
            """
            width: 375
            layoutDirection: rightToLeft
            defaults: {pinHeader: true, minColumnWidth: 100}
            sections:
              - {background: "#fff4e8", columns: {0: 2, 600: 3}}
              - {pinHeader: false, columns: 4}
              - {}
            """)
        #expect(spec.layoutDirection == .rightToLeft)
        #expect(spec.scrollDirection == .vertical)
        #expect(spec.sections[0].background != nil)
        #expect(
            spec.sections[0].settings.adaptiveColumns
                == .breakpoints([ColumnBreakpoint(width: 0, columns: 2), ColumnBreakpoint(width: 600, columns: 3)]))
        #expect(spec.sections[0].settings.pinHeader)
        #expect(!spec.sections[1].settings.pinHeader)
        #expect(spec.sections[1].settings.adaptiveColumns == nil)
        #expect(spec.sections[1].settings.columns == 4)
        #expect(spec.sections[2].settings.adaptiveColumns == .minimumWidth(100))
        #expect(spec.sections[2].background == nil)
        #expect(spec.configuration.sections.map(\.hasBackground) == [true, false, false])
    }

    @Test func aHorizontalSpecGivesHeightAndItemWidths() throws {
        let spec = try Spec.decode(
            """
            height: 200
            scrollDirection: horizontal
            sections:
              - {columns: 2, interitemSpacing: 0, lineSpacing: 0, items: [{width: 30}, {size: {width: 2, height: 1}}]}
            """)
        let frames = try spec.layout().layoutAttributesForAllElements().map(\.frame)
        #expect(frames == [Rect(x: 0, y: 0, width: 30, height: 100), Rect(x: 0, y: 100, width: 200, height: 100)])
    }

    static let errors: [(String, String)] = [
        (
            "width: 300\nsections: [{columns: 2, minColumnWidth: 50}]",
            "bad.yaml:2:41: sections[0].minColumnWidth: give either \"columns\" or \"minColumnWidth\", not both"
        ),
        (
            "width: 300\nsections: [{minColumnWidth: 0}]",
            "bad.yaml:2:29: sections[0].minColumnWidth: must be greater than 0, not 0"
        ),
        (
            "width: 300\nsections: [{columns: {600: 3}}]",
            "bad.yaml:2:22: sections[0].columns: has no entry for a width of 300 or less"
        ),
        (
            "width: 300\nsections: [{columns: {0: 0}}]",
            "bad.yaml:2:26: sections[0].columns.0: must be from 1 to 1000, not 0"
        ),
        (
            "width: 300\nsections: [{columns: {wide: 3}}]",
            "bad.yaml:2:23: sections[0].columns: expected a width as a number, found a string"
        ),
        (
            "width: 300\nsections: [{columns: {-5: 3}}]",
            "bad.yaml:2:23: sections[0].columns: must be at least 0, not -5"
        ),
        (
            "width: 300\nsections: [{columns: {}}]",
            "bad.yaml:2:22: sections[0].columns: must give at least one width and its columns"
        ),
        (
            "width: 300\nsections: [{columns: {0: 1}, items: [{height: 1, span: 2}]}]",
            "bad.yaml:2:56: sections[0].items[0].span: 2 is more than the section's 1 columns"
        ),
        (
            "width: 300\nsections: [{pinHeader: yes please}]",
            "bad.yaml:2:24: sections[0].pinHeader: expected true or false, found a string"
        ),
        (
            "width: 300\nsections: [{background: red}]",
            "bad.yaml:2:25: sections[0].background: expected a color as \"#rgb\" or \"#rrggbb\", not \"red\""
        ),
        (
            "width: 300\nlayoutDirection: rtl",
            "bad.yaml:2:18: layoutDirection: must be one of leftToRight, rightToLeft, not \"rtl\""
        ),
        (
            "width: 300\nscrollDirection: sideways",
            "bad.yaml:2:18: scrollDirection: must be one of vertical, horizontal, not \"sideways\""
        ),
        (
            "width: 300\nheight: 200",
            "bad.yaml:2:9: height: only a horizontal feed (scrollDirection: horizontal) gives a height; give \"width\""
        ),
        (
            "scrollDirection: horizontal\nwidth: 300",
            "bad.yaml:2:8: width: a horizontal feed gives its \"height\", not a width"
        ),
        ("scrollDirection: horizontal", "bad.yaml:1:1: missing key \"height\""),
        (
            "scrollDirection: horizontal\nheight: 100\nsections: [{items: [{height: 5}]}]",
            "bad.yaml:3:30: sections[0].items[0].height: an item of a horizontal feed gives its \"width\", not a height"
        ),
        (
            "scrollDirection: horizontal\nheight: 100\nsections: [{items: [{width: -5}]}]",
            "bad.yaml:3:29: sections[0].items[0].width: must be at least 0, not -5"
        ),
        (
            "scrollDirection: horizontal\nheight: 100\nsections: [{items: [{span: 1}]}]",
            "bad.yaml:3:21: sections[0].items[0]: missing key \"width\" (or \"size\", or an image or text to size it from)"
        ),
    ]

    @Test(arguments: errors) func badFormsAreRefusedWithTheirKeyPath(text: String, message: String) {
        do {
            _ = try Spec.decode(text, file: "bad.yaml")
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description == message)
        }
    }
}
