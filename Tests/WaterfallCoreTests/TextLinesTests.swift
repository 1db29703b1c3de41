import Testing
import WaterfallCore

/// `TextLines`, the one way lines become a text: each ended by a newline, the last too.
@Suite struct TextLinesTests {
    @Test func eachLineEndsInANewline() {
        #expect(TextLines.joined([]) == "")
        #expect(TextLines.joined(["one"]) == "one\n")
        #expect(TextLines.joined(["one", "", "three"]) == "one\n\nthree\n")
        #expect(TextLines.joined(["a", "b"].lazy.map { $0.uppercased() }) == "A\nB\n")
    }

    /// Split again on newlines, the text gives back its lines and one empty piece after the last.
    @Test(arguments: [["x"], ["x", "y"], ["", ""], ["a b", "c\td", "é"]])
    func theTextSplitsBackIntoItsLines(lines: [String]) {
        let pieces = TextLines.joined(lines).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(pieces == lines + [""])
    }
}
