import Testing
import WaterfallCore

/// `ProseList`, the one way a message lists things in a sentence.
@Suite struct ProseListTests {
    @Test func itemsAreJoinedAsASentenceListsThem() {
        #expect(ProseList.joined([]) == "")
        #expect(ProseList.joined(["PNG"]) == "PNG")
        #expect(ProseList.joined(["PNG", "SVG"]) == "PNG and SVG")
        #expect(ProseList.joined(["PNG", "SVG", "layout"]) == "PNG, SVG and layout")
        #expect(ProseList.joined(["'png'", "'svg'", "'pdf'"], "or") == "'png', 'svg' or 'pdf'")
    }

    /// A cut list names one fewer than its limit and counts the rest: never `and 1 more`.
    @Test(arguments: 1...8) func aListOverItsLimitCountsAtLeastTwoUnnamed(count: Int) {
        let items = (1...count).map { "item \($0)" }
        let text = ProseList.joined(items, atMost: 4)
        if count <= 4 {
            #expect(text == ProseList.joined(items))
        } else {
            #expect(text == "item 1, item 2, item 3 and \(count - 3) more")
        }
        #expect(!text.contains(" 1 more"))
    }

    @Test func aLimitOfOneOrLessCountsThemAll() {
        #expect(ProseList.joined(["a", "b", "c"], atMost: 1) == "3 more")
        #expect(ProseList.joined(["a", "b", "c"], atMost: 0) == "3 more")
        #expect(ProseList.joined(["a"], atMost: 1) == "a")
    }
}
