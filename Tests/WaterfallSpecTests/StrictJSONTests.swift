import Testing
import WaterfallSpec

/// A `.json` file written as JSON is held to JSON: what only YAML reads is one line at its place.
@Suite struct StrictJSONTests {
    static let cases: [(String, String)] = [
        (
            "{\"width\": 300, \"sections\": [],}",
            "feed.json:1:30: a comma before }; JSON allows no comma after the last value"
        ),
        (
            "{\"width\": 300,\n \"sections\": [\n  {\"items\": []},\n ]\n}",
            "feed.json:3:16: a comma before ]; JSON allows no comma after the last value"
        ),
        ("{\"width\": 300, // the phone\n \"sections\": []}", "feed.json:1:16: JSON has no comments; remove this one"),
        ("/* a feed */ {\"width\": 300}", "feed.json:1:1: JSON has no comments; remove this one"),
        ("{\"width\": 300, 'sections': []}", "feed.json:1:16: a string in single quotes; JSON takes double quotes"),
        ("{\"width\": NaN}", "feed.json:1:11: NaN is not a JSON number; JSON has no NaN or infinity"),
        ("{\"width\": -Infinity}", "feed.json:1:11: -Infinity is not a JSON number; JSON has no NaN or infinity"),
        ("{\"width\": 0x12C}", "feed.json:1:11: 0x12C is not a JSON number"),
        ("{\"width\": .5}", "feed.json:1:11: .5 is not a JSON number"),
        ("{\"width\": 300, sections: []}", "feed.json:1:16: a key in JSON is a string in double quotes, not sections"),
        ("{\"width\": wide}", "feed.json:1:11: wide is not a JSON value; a string in JSON is in double quotes"),
        ("{\"width\": 300 \"sections\": []}", "feed.json:1:15: expected , or } after the value, found a string"),
        ("{\"width\": 300,\n \"sections\": [\n", "feed.json:2:14: this [ is never closed"),
        (
            "{\"width\": 300, \"sections\": [{\"items\": [}]}",
            "feed.json:1:40: this } does not close the [ opened at 1:39; ] does"
        ),
        ("{\"width\": 300, \"title\": \"a\tb\"}", "feed.json:1:27: a tab inside a string; JSON writes it as \\t"),
        (
            "{\"width\": 300, \"title\": \"a\nb\"}",
            "feed.json:1:27: a line break inside a string; JSON writes it as \\n"
        ),
        (
            "{\"width\": 300, \"title\": \"\\x41\"}",
            "feed.json:1:26: \\x is not a JSON escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        ),
        ("{\"width\": 300, \"title\": \"abc}", "feed.json:1:25: this \" is never closed"),
        ("{\"width\": 300} {}", "feed.json:1:16: more after the end of the document; JSON holds one value"),
    ]

    @Test(arguments: cases)
    func whatOnlyYAMLReadsIsRefusedAtItsPlace(_ input: String, _ message: String) {
        #expect(Self.message(input, file: "feed.json") == message)
    }

    /// The same text is YAML in a `.yaml` file, and YAML in a `.json` file stays YAML.
    @Test func yamlFilesAndYAMLTextAreNotHeldToJSON() {
        #expect(Self.message("{\"width\": 300, \"sections\": [],}", file: "feed.yaml") == nil)
        #expect(Self.message("width: 300\nsections: []", file: "feed.json") == nil)
        #expect(Self.message("{\"width\": 300, \"sections\": [], \"scale\": 2}", file: "feed.json") == nil)
        #expect(
            Self.message("{\"width\": 300, \"sections\": [{\"items\": [{\"height\": -5}]}]}", file: "feed.json")
                == "feed.json:1:51: sections[0].items[0].height: must be at least 0, not -5")
    }

    static func message(_ input: String, file: String) -> String? {
        do {
            _ = try Spec.decode(input, file: file)
            return nil
        } catch {
            return error.description
        }
    }
}
