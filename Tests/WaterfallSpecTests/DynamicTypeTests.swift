import Testing
import WaterfallSpec

/// Text styles that follow Dynamic Type (`textStyle`), sizes scaled as `UIFontMetrics` scales
/// them, and the content sizes a spec declares (issue 36).
@Suite struct DynamicTypeTests {
    /// Apple's table (HIG, Typography, Dynamic Type sizes, iOS and iPadOS), written out here rather
    /// than read from the type under test.
    static let table: [String: [String: Double]] = {
        let styles = [
            "largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
            "caption1", "caption2",
        ]
        let rows: [(String, [Double])] = [
            ("xSmall", [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]),
            ("small", [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11]),
            ("medium", [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11]),
            ("large", [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]),
            ("xLarge", [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13]),
            ("xxLarge", [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15]),
            ("xxxLarge", [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17]),
            ("accessibility1", [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20]),
            ("accessibility2", [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24]),
            ("accessibility3", [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29]),
            ("accessibility4", [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34]),
            ("accessibility5", [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40]),
        ]
        var table: [String: [String: Double]] = [:]
        for (category, sizes) in rows {
            table[category] = Dictionary(uniqueKeysWithValues: zip(styles, sizes))
        }
        return table
    }()

    @Test func everyTextStyleHasTheTablesSizeAtEveryCategory() throws {
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(DynamicTypeStyle.allCases.count == 11)
        for category in ContentSizeCategory.allCases {
            let row = try #require(Self.table[category.rawValue], "\(category)")
            for style in DynamicTypeStyle.allCases {
                #expect(style.size(at: category) == row[style.rawValue], "\(style) at \(category)")
            }
        }
        // The issue's own figures for body.
        #expect(
            ContentSizeCategory.allCases.map { DynamicTypeStyle.body.size(at: $0) }
                == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    }

    private func spec(_ text: String) throws -> Spec { try Spec.decode(text, file: "s.yaml") }

    private func message(_ text: String) -> String? {
        do {
            _ = try Spec.decode(text, file: "s.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aRoleNamingATextStyleTakesItsSizeAtTheCategory() throws {
        let decoded = try spec(
            "width: 300\nstyle: {title: {textStyle: headline}, meta: {textStyle: caption2}}\n"
                + "sections: [{items: [{height: 5}]}]\n")
        var style = decoded.style
        #expect(style.text[.title]?.textStyle == .headline)
        for category in ContentSizeCategory.allCases {
            style.contentSize = category
            #expect(style.resolved(.title).fontSize == Self.table[category.rawValue]!["headline"])
            #expect(style.resolved(.meta).fontSize == Self.table[category.rawValue]!["caption2"])
        }
        // The weight stays the role's: a title is bold, a meta row too.
        #expect(style.resolved(.title).fontWeight == .bold)
    }

    @Test func aPlainSizeScalesAsUIFontMetricsScalesItRelativeToBody() throws {
        let decoded = try spec(
            "width: 300\nstyle: {fontSize: 13, subtitle: {fontSize: 20}}\nsections: [{items: [{height: 5}]}]\n")
        var style = decoded.style
        // At large every size is exactly as given: a spec without text styles draws as before.
        #expect(style.resolved(.title).fontSize == 13)
        #expect(style.resolved(.subtitle).fontSize == 20)
        #expect(style.resolved(.meta).fontSize == (13 * 0.92 as Double))
        #expect(style.resolved(.header).fontSize == (13 * 1.25 as Double))
        style.contentSize = .accessibility3
        #expect(style.resolved(.subtitle).fontSize == (20 * (40.0 / 17) as Double))
        #expect(style.resolved(.title).fontSize == (13 * (40.0 / 17) as Double))
        #expect(style.resolved(.meta).fontSize == (13 * 0.92 * (40.0 / 17) as Double))
        style.contentSize = .xSmall
        #expect(style.resolved(.title).fontSize == (13 * (14.0 / 17) as Double))
        style.contentSize = .large
        #expect(style.resolved(.title).fontSize == 13)
    }

    @Test func aSizeWithATextStyleScalesAsThatStyle() throws {
        let decoded = try spec(
            "width: 300\nstyle: {title: {textStyle: headline, fontSize: 20}, meta: {textStyle: caption1, fontSize: 9}}\n"
                + "sections: [{items: [{height: 5}]}]\n")
        var style = decoded.style
        #expect(style.resolved(.title).fontSize == 20)
        style.contentSize = .accessibility3
        #expect(style.resolved(.title).fontSize == (20 * (40.0 / 17) as Double))
        // caption1 is 12 at large and 32 at accessibility3, not body's 17 and 40.
        #expect(style.resolved(.meta).fontSize == (9 * (32.0 / 12) as Double))
        style.contentSize = .xxxLarge
        #expect(style.resolved(.meta).fontSize == (9 * (18.0 / 12) as Double))
    }

    /// A text style further down the cascade takes its own size, not a size given above it.
    @Test func aTextStyleBelowASizeTakesTheStylesSize() throws {
        let decoded = try spec(
            """
            width: 300
            style:
              title: {fontSize: 15, lineHeight: 1.5}
              subtitle: {textStyle: footnote}
              dark: {title: {textStyle: title3}}
            sections:
              - style: {title: {textStyle: headline}}
                items:
                  - {height: 5, title: a}
                  - {height: 5, title: b, style: {title: {fontSize: 19}}}
                  - {height: 5, title: c, style: {title: {textStyle: caption2}, subtitle: {fontSize: 10}}}
              - items: [{height: 5, title: d}]

            """)
        let section = try #require(decoded.sections[0].style)
        #expect(section.resolved(.title).fontSize == 17)
        #expect(section.resolved(.title).lineHeight == 1.5, "what the text style does not say is still inherited")
        let items = decoded.sections[0].items
        #expect(section.applying(items[0]).resolved(.title).fontSize == 17)
        // A size below a text style is scaled as that style: headline's 17 → 40 at accessibility3.
        #expect(section.applying(items[1]).resolved(.title).fontSize == 19)
        var large = section
        large.contentSize = .accessibility3
        #expect(large.applying(items[1]).resolved(.title).fontSize == (19 * (40.0 / 17) as Double))
        #expect(large.applying(items[0]).resolved(.title).fontSize == 40)
        #expect(section.applying(items[2]).resolved(.title).fontSize == 11)
        #expect(section.applying(items[2]).resolved(.subtitle).fontSize == 10)
        #expect(section.resolved(.subtitle).fontSize == 13)
        // The spec's own style keeps its size; its dark style names a text style of its own.
        #expect(decoded.style.resolved(.title).fontSize == 15)
        #expect(decoded.darkStyle?.resolved(.title).fontSize == 20)
        #expect(decoded.style(ofSection: 1).resolved(.title).fontSize == 15)
    }

    @Test func aSpecAtAContentSizeDrawsEveryStyleThere() throws {
        let decoded = try spec(
            """
            width: 300
            style: {title: {textStyle: body}, dark: {background: "#000000"}}
            sections:
              - style: {subtitle: {fontSize: 11}, dark: {textColor: "#ffffff"}}
                items: [{height: 5}]
              - items: [{height: 5}]

            """)
        let drawn = decoded.atContentSize(.accessibility1)
        #expect(drawn.style.contentSize == .accessibility1)
        #expect(drawn.darkStyle?.contentSize == .accessibility1)
        #expect(drawn.sections[0].style?.contentSize == .accessibility1)
        #expect(drawn.sections[0].darkStyle?.contentSize == .accessibility1)
        #expect(drawn.style(ofSection: 1).resolved(.title).fontSize == 28)
        #expect(drawn.inAppearance(.dark).style(ofSection: 0).resolved(.title).fontSize == 28)
        // Large is the spec as it is.
        #expect(drawn.atContentSize(.large).style.contentSize == nil)
        #expect(drawn.atContentSize(.large).style(ofSection: 0).resolved(.subtitle).fontSize == 11)
    }

    @Test func unknownNamesAreRefusedAtTheirPlaceWithTheNearestName() {
        let styles = DynamicTypeStyle.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(
            message("width: 300\nstyle:\n  title: {textStyle: headlne}\nsections: [{items: [{height: 5}]}]\n")
                == "s.yaml:3:22: style.title.textStyle: must be one of \(styles), not \"headlne\" "
                + "(did you mean \"headline\"?)")
        #expect(
            message(
                "width: 300\nsections:\n  - items:\n      - {height: 5, style: {meta: {textStyle: 12}}}\n")?
                .hasPrefix("s.yaml:4:47: sections[0].items[0].style.meta.textStyle: must be one of largeTitle") == true)
        #expect(
            message("width: 300\nstyle: {dark: {header: {textStyle: Body}}}\nsections: [{items: [{height: 5}]}]\n")
                == "s.yaml:2:36: style.dark.header.textStyle: must be one of \(styles), not \"Body\" "
                + "(did you mean \"body\"?)")
        let categories = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(
            message("width: 300\nsections: [{items: [{height: 5}]}]\nvariants: {contentSize: [large, acessibility3]}\n")
                == "s.yaml:3:33: variants.contentSize[1]: must be one of \(categories), not \"acessibility3\" "
                + "(did you mean \"accessibility3\"?)")
        #expect(
            message("width: 300\nsections: [{items: [{height: 5}]}]\nvariants: {contentSize: []}\n")
                == "s.yaml:3:25: variants.contentSize: needs at least one content size category")
    }

    @Test func aSpecDeclaresItsContentSizesEachOnce() throws {
        let list = try spec(
            "width: 300\nsections: [{items: [{height: 5}]}]\n"
                + "variants: {contentSize: [accessibility3, large, accessibility3]}\n")
        #expect(list.variants?.contentSizes == [.accessibility3, .large])
        let one = try spec("width: 300\nsections: [{items: [{height: 5}]}]\nvariants: {contentSize: xSmall}\n")
        #expect(one.variants?.contentSizes == [.xSmall])
        #expect(try spec("width: 300\nsections: [{items: [{height: 5}]}]\n").variants?.contentSizes == nil)
    }

    @Test func contentSizesCountTowardsThePictureLimit() {
        #expect(SpecVariants.picturesProblem(widths: 32, contentSizes: 4, appearances: 2, screens: 1, clips: 0) == nil)
        #expect(
            SpecVariants.picturesProblem(widths: 32, contentSizes: 5, appearances: 2, screens: 1, clips: 0)
                == "32 widths × 5 content sizes × 2 appearances × 1 screen are 320 pictures, more than the 256 "
                + "one spec may have")
        #expect(
            message(
                "width: 300\nsections: [{items: [{height: 5}]}]\n"
                    + "variants: {contentSize: [small, large, xLarge], viewport: {height: 100, screens: 100}}\n")
                == "s.yaml:3:11: variants: 1 width × 3 content sizes × 1 appearance × 100 screens are 300 pictures, "
                + "more than the 256 one spec may have")
    }

    @Test func aListOfCategoriesIsReadAsTheOptionTakesIt() throws {
        #expect(try ContentSizeCategory.list(parsing: "large,accessibility3,large") == [.large, .accessibility3])
        #expect(throws: ContentSizeListError.self) { try ContentSizeCategory.list(parsing: "large,") }
        do {
            _ = try ContentSizeCategory.list(parsing: "xlarge")
            Issue.record("xlarge is not a category")
        } catch {
            #expect(error.description.hasPrefix("'xlarge' is not one of xSmall, small"))
            #expect(error.description.hasSuffix("; did you mean 'xLarge'?"))
        }
    }
}
