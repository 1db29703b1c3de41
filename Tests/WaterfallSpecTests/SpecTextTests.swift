import Testing
import WaterfallSpec

/// JSON escapes read as JSON defines them, and messages that echo input stay one clean line
/// (issue 10, items 4 and 7).
@Suite struct SpecTextTests {
    private func title(_ json: String) throws -> String? {
        try Spec.decode("{\"width\": 300, \"sections\": [{\"items\": [{\"height\": 1, \"title\": \(json)}]}]}")
            .sections[0].items[0].title
    }

    private func message(_ text: String) -> String? {
        do {
            _ = try Spec.decode(text, file: "s.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aSurrogatePairEscapeIsOneCharacter() throws {
        #expect(try title(#""\ud83d\ude00""#) == "😀")
        #expect(try title(#""\uD83D\uDE00 and \ud83c\udf89!""#) == "😀 and 🎉!")
        #expect(try title(#""a\/b \u00e9""#) == "a/b é")
        #expect(try title(#""\ud800\udc00\udbff\udfff""#) == "\u{10000}\u{10FFFF}")
    }

    @Test func positionsAfterARewrittenStringStayWhereTheyAre() {
        // The unknown key is reported at its column in the text as written, whatever the pairs became.
        let text =
            #"{"width": 300, "sections": [{"items": [{"height": 1, "title": "\ud83d\ude00\ud83d\ude00", "x": 1}]}]}"#
        let column = text.distance(from: text.startIndex, to: text.range(of: #""x""#)!.lowerBound) + 1
        #expect(message(text) == "s.json:1:\(column): sections[0].items[0].x: unknown key")
        let second = "{\"width\": 300,\n \"style\": {\"font\": \"\\ud83d\\ude00\", \"bad\": 1}}"
        #expect(message(second) == "s.json:2:36: style.bad: unknown key")
    }

    @Test func aLoneSurrogateIsRefusedAtItsPosition() {
        // An escaped line break is no JSON escape: a .json file is refused there, before the
        // surrogate after it.
        let escapedBreak = message("{\"width\": 300, \"style\": {\"font\": \"a\\\n\\ud83d\"}}")
        #expect(escapedBreak?.hasPrefix("s.json:1:36: ") == true, "\(escapedBreak ?? "")")
        #expect(escapedBreak?.contains("is not a JSON escape") == true)
        #expect(
            message("{\"width\": 300,\n \"style\": {\"font\": \"a \\ud83d b\"}}")
                == "s.json:2:23: the escape \\uD83D is half of a UTF-16 surrogate pair; "
                + "a \\uDC00-\\uDFFF escape must follow it")
        #expect(
            message("{\"width\": 300, \"style\": {\"font\": \"\\ud83d\\u0041\"}}")
                == "s.json:1:35: the escape \\uD83D is half of a UTF-16 surrogate pair; "
                + "a \\uDC00-\\uDFFF escape must follow it")
        #expect(
            message("{\"width\": 300, \"style\": {\"font\": \"é\\ude00\"}}")
                == "s.json:1:36: the escape \\uDE00 is the second half of a UTF-16 surrogate pair "
                + "without a \\uD800-\\uDBFF escape before it")
    }

    @Test func controlCharactersInMessagesAreShownAsEscapes() {
        let found = message("width: 300\n\"a\\e[31mb\\nc\\u202ed\": 1") ?? ""
        #expect(found == "s.json:2:1: a\\u{1B}[31mb\\nc\\u{202E}d: unknown key")
        let fromFile = SpecError(
            file: "bad\nname\u{1B}.yaml", line: 1, column: 2, location: "", message: "no such file")
        #expect(fromFile.description == "bad\\nname\\u{1B}.yaml:1:2: no such file")
    }

    @Test func escapedForMessageLeavesOnlyPrintableText() {
        #expect("plain text, 中文 and 😀".escapedForMessage == "plain text, 中文 and 😀")
        #expect("a\nb\rc\td".escapedForMessage == "a\\nb\\rc\\td")
        #expect("\u{1B}[2J\u{7}\u{0}".escapedForMessage == "\\u{1B}[2J\\u{7}\\u{0}")
        #expect("\u{7F}\u{85}\u{9B}".escapedForMessage == "\\u{7F}\\u{85}\\u{9B}")
        #expect("\u{202E}evil\u{2066}\u{200F}\u{2028}".escapedForMessage == "\\u{202E}evil\\u{2066}\\u{200F}\\u{2028}")
        let hostile = String((0...0x10FF).compactMap(Unicode.Scalar.init).map(Character.init))
        let escaped = hostile.escapedForMessage
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!escaped.contains("\n"))
    }
}
