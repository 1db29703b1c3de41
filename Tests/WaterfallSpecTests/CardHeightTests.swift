import Testing
import WaterfallLayout
import WaterfallSpec

/// A card nobody can see is refused as `width: 0` is: at its line, column and key path, when the
/// spec is decoded. (Heights under one device pixel depend on the scale, and are refused where
/// it is known: `RenderPipeline`.)
@Suite struct CardHeightTests {
    private func message(_ text: String) -> String? {
        do {
            _ = try Spec.decode(text, file: "s.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aHeightOfZeroIsRefusedWhereItIsWritten() {
        #expect(
            message("width: 300\nsections:\n  - items:\n      - {height: 40}\n      - {height: 0}")
                == "s.yaml:5:18: sections[0].items[1].height: 0 is not a height a card can have; "
                + "give a positive one, or \"auto\"")
        #expect(
            message("{\"width\": 300, \"sections\": [{\"items\": [{\"height\": 0.0}]}]}")
                == "s.yaml:1:51: sections[0].items[0].height: 0 is not a height a card can have; "
                + "give a positive one, or \"auto\"")
        #expect(message("width: 300\nsections: [{items: [{height: 1e-300}]}]") == nil)
    }

    @Test func aHorizontalFeedsCardOfNoWidthIsRefusedAsAWidth() {
        #expect(
            message("height: 300\nscrollDirection: horizontal\nsections: [{items: [{width: 0}]}]")
                == "s.yaml:3:29: sections[0].items[0].width: 0 is not a width a card can have; "
                + "give a positive one, or \"auto\"")
    }

    @Test func anImageOfNoHeightIsRefusedAsOneOfNoWidthIs() {
        #expect(
            message("width: 300\nsections: [{items: [{size: {width: 4, height: 0}}]}]")
                == "s.yaml:2:47: sections[0].items[0].size.height: must be greater than 0, not 0")
        #expect(
            message("width: 300\nsections: [{items: [{size: {width: 0, height: 4}}]}]")
                == "s.yaml:2:36: sections[0].items[0].size.width: must be greater than 0, not 0")
    }

    @Test func generatedCardsHaveAHeight() {
        #expect(
            message("width: 300\nsections: [{generate: {count: 3, minHeight: 0, maxHeight: 0}}]")
                == "s.yaml:2:45: sections[0].generate.minHeight: must be greater than 0, not 0")
    }
}
