import Foundation
import Testing
import WaterfallPipeline
import WaterfallReview
import WaterfallTestSupport

/// Two specs compared in the spec's terms, as `waterfall diff OLD.yaml NEW.yaml` prints them.
@Suite struct SpecComparisonTests {
    typealias Workspace = BaselineCheckerTests.Workspace

    /// `old` and `new` written beside each other, compared.
    static func compare(_ old: String, _ new: String) throws -> SpecComparison {
        let workspace = try Workspace(old)
        let other = workspace.folder + "/new.yaml"
        try Data(new.utf8).write(to: URL(fileURLWithPath: other))
        return try SpecComparison(old: workspace.spec, new: other, pipeline: RenderPipeline(renderers: []))
    }

    @Test func aStyleChangeIsNamedThoughNoFrameMoves() throws {
        let feed = CauseTests.feed()
        let comparison = try Self.compare(
            feed + "\nstyle: {textColor: \"#333333\"}\n", feed + "\nstyle: {textColor: \"#777777\"}\n")
        #expect(comparison.isDifferent)
        #expect(!comparison.layoutDiff.isDifferent)
        #expect(
            comparison.causes.map(\.line) == [
                "style.textColor: \"#333333\" → \"#777777\" — The layout is unchanged: only what is drawn changes."
            ])
    }

    @Test func twoChangesAreEachToldAloneThenTogether() throws {
        let comparison = try Self.compare(
            CauseTests.feed(), CauseTests.feed(lineSpacing: 20, heights: [100, 60, 80, 70, 50, 120]))
        #expect(
            comparison.causes.map(\.input) == [
                "sections[0].items[5].height: 90 → 120", "sections[0].lineSpacing: 10 → 20", "the 2 changes together",
            ])
        // Card 5, the last in its column, grows alone: nothing below it moves.
        #expect(comparison.causes[0].consequence == "Card 5 grew by 30 pt; the feed got 30 pt taller.")
        #expect(comparison.causes[1].consequence == "4 of 6 cards moved; the feed got 20 pt taller.")
    }

    @Test func theSameSpecIsNoDifference() throws {
        let comparison = try Self.compare(CauseTests.feed(), CauseTests.feed())
        #expect(!comparison.isDifferent)
        #expect(comparison.causes.isEmpty)
    }
}
