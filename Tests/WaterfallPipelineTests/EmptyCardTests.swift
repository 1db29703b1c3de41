import Testing
import WaterfallLayout
import WaterfallPipeline
import WaterfallSpec

/// A card sized by its content with nothing to size it by is as tall as its padding above and
/// below, never 0: a card nobody can see is not one.
@Suite struct EmptyCardTests {
    func heights(_ yaml: String) throws -> [Double] {
        let layout = try RenderPipeline(renderers: []).layout(try Spec.decode(yaml))
        return layout.layoutAttributesForAllElements().filter { $0.kind == .cell }.map(\.frame.height)
    }

    @Test func anAutoCardWithoutTextIsAsTallAsItsPadding() throws {
        let below = "style: {card: {content: below, padding: 8}}"
        #expect(try heights("width: 300\n\(below)\nsections: [{items: [{height: auto}]}]") == [16])
        #expect(try heights("width: 300\n\(below)\nsections: [{items: [{title: \"\"}]}]") == [16])
        #expect(try heights("width: 300\nsections: [{items: [{title: \"\", subtitle: \"\"}]}]") == [16])
        #expect(try heights("width: 300\nstyle: {card: {padding: 3}}\nsections: [{items: [{height: auto}]}]") == [6])
    }

    @Test func withoutPaddingEitherItIsRefusedAtItsPlace() throws {
        #expect {
            try heights("width: 300\nstyle: {card: {padding: 0}}\nsections: [{items: [{height: 40}, {title: \"\"}]}]")
        } throws: { error in
            "\(error)"
                == "sections[0].items[1]: sized by its content, the card is 0 points tall, under one device pixel "
                + "(0.5 points at scale 2): give it text, an image or a height"
        }
    }
}
