import Foundation
import Testing
import WaterfallBatch
import WaterfallLayout
import WaterfallPipeline
import WaterfallSpec
import WaterfallTestSupport

/// Content sizes as variants: expanded widths × content sizes × appearances, named after the
/// width and before `.dark`, counted in the picture limit, and drawn at their size (issue 36).
@Suite struct ContentSizeVariantTests {
    static let spec = """
        width: 400
        scale: 1
        style:
          card: {content: below, padding: 0}
          title: {textStyle: body}
          dark: {background: "#000000"}
        defaults: {columns: 1}
        sections:
          - items: [{title: "Hi"}, {height: 30}]

        """

    func names(_ variants: Variants, _ text: String = spec) throws -> [String] {
        try variants.of(try Spec.decode(text, file: "shop.yaml")).map { $0.name("shop") }
    }

    @Test func largeAddsNothingAndAnotherSizeFollowsTheWidth() throws {
        // Without content sizes, the names are as they were.
        #expect(try names(Variants()) == ["shop", "shop.dark"])
        #expect(try names(Variants(contentSizes: [.large])) == ["shop", "shop.dark"])
        #expect(
            try names(Variants(contentSizes: [.large, .accessibility3]))
                == ["shop", "shop.dark", "shop.accessibility3", "shop.accessibility3.dark"])
        #expect(
            try names(Variants(appearances: [.dark], widths: [375, 320], contentSizes: [.xSmall, .large]))
                == ["shop@375.xSmall.dark", "shop@375.dark", "shop@320.xSmall.dark", "shop@320.dark"])
        // With screens, each screen's suffix follows.
        let variant = Variant(
            appearance: .dark, width: 375, screens: Screens(viewport: 100, position: .count(2)),
            contentSize: .accessibility3)
        let screens = try #require(variant.screens).suffixes.map { variant.name("shop") + $0 }
        #expect(screens.last == "shop@375.accessibility3.dark.screen-2")
        #expect(Variant(contentSize: .large).name("shop") == "shop")
    }

    @Test func theSpecsDeclaredSizesAreDrawnUnlessAnOptionOverridesThem() throws {
        let declared = Self.spec + "variants: {appearance: light, contentSize: [accessibility3, large]}\n"
        #expect(try names(Variants(), declared) == ["shop.accessibility3", "shop"])
        #expect(try names(Variants(contentSizes: [.xxLarge]), declared) == ["shop.xxLarge"])
        let variants = try Variants().of(try Spec.decode(declared, file: "shop.yaml"))
        #expect(variants.map(\.contentSize) == [.accessibility3, nil])
    }

    @Test func contentSizesCountInThePictureLimit() throws {
        let widths = (1...32).map { Double(300 + $0) }
        #expect(try names(Variants(widths: widths, contentSizes: [.large, .xLarge, .xxLarge, .xxxLarge])).count == 256)
        let spec = try Spec.decode(Self.spec, file: "shop.yaml")
        do {
            _ = try Variants(widths: widths, contentSizes: [.small, .large, .xLarge, .xxLarge, .xxxLarge]).of(spec)
            Issue.record("32 widths × 5 content sizes × 2 appearances were accepted")
        } catch {
            #expect(
                error.description
                    == "shop.yaml: variants (with --widths, --content-size): 32 widths × 5 content sizes × "
                    + "2 appearances × 1 screen are 320 pictures, more than the 256 one spec may have")
        }
    }

    /// A card sized by its text is measured again: its body-styled line is 40/17 as tall at
    /// accessibility3, and the cards below it move down.
    @Test func aVariantDrawsTheSpecAtItsContentSize() throws {
        let spec = try Spec.decode(Self.spec, file: "shop.yaml")
        let pipeline = RenderPipeline(renderers: [])
        let large = try pipeline.layout(Variant().apply(to: spec))
        let bigger = try pipeline.layout(Variant(contentSize: .accessibility3).apply(to: spec))
        let card = ItemPath(section: 0, item: 0)
        let largeHeight = try #require(large.layoutAttributesForItem(at: card)).frame.height
        let biggerHeight = try #require(bigger.layoutAttributesForItem(at: card)).frame.height
        #expect(largeHeight == 17 * 1.25)
        #expect(biggerHeight == 40 * 1.25)
        let next = ItemPath(section: 0, item: 1)
        #expect(
            try #require(bigger.layoutAttributesForItem(at: next)).frame.minY
                > (try #require(large.layoutAttributesForItem(at: next))).frame.minY)
        #expect(Variant(appearance: .dark, contentSize: .xSmall).apply(to: spec).style.contentSize == .xSmall)
    }
}
