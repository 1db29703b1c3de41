import Testing
import WaterfallSpec

/// Every kind of bad input gets one message that says where the problem is.
@Suite struct SpecErrorTests {
    static let cases: [(String, String)] = [
        // Malformed documents, with line and column.
        (
            "{\"width\": 300,\n \"sections\": [}",
            "bad.json:2:15: this } does not close the [ opened at 2:14; ] does"
        ),
        ("width: 300\n  sections: []", "bad.json:2:11: syntax error: mapping values are not allowed in this context"),
        ("- 1\n- 2", "bad.json:1:1: expected a mapping, found a list"),
        // Wrong types.
        ("width: \"wide\"", "bad.json:1:8: width: expected a number, found a string"),
        ("width: true", "bad.json:1:8: width: expected a number, found a boolean"),
        ("width: 300\nsections: {}", "bad.json:2:11: sections: expected a list, found a mapping"),
        (
            "width: 300\nsections: [{items: [{height: [1]}]}]",
            "bad.json:2:30: sections[0].items[0].height: expected a number, found a list"
        ),
        (
            "width: 300\nsections: [{header: 44}]",
            "bad.json:2:21: sections[0].header: expected a mapping, found a number"
        ),
        // Missing and out-of-range values.
        ("sections: []", "bad.json:1:1: missing key \"width\""),
        ("width: 1e999", "bad.json:1:8: width: must be a finite number, not 1e999"),
        ("width: .nan", "bad.json:1:8: width: must be a finite number, not .nan"),
        ("width: -375", "bad.json:1:8: width: must be greater than 0, not -375"),
        ("width: 300\ndefaults: {lineSpacing: -1}", "bad.json:2:25: defaults.lineSpacing: must be at least 0, not -1"),
        ("width: 300\ndefaults: {columns: 0}", "bad.json:2:21: defaults.columns: must be from 1 to 1000, not 0"),
        (
            "width: 300\nsections: [{columns: 2.5}]",
            "bad.json:2:22: sections[0].columns: must be a whole number, not 2.5"
        ),
        (
            "width: 300\nsections: [{sectionInset: {top: -2}}]",
            "bad.json:2:33: sections[0].sectionInset.top: must be at least 0, not -2"
        ),
        (
            "width: 300\nsections: [{columns: 2, items: [{height: 1, span: 3}]}]",
            "bad.json:2:51: sections[0].items[0].span: 3 is more than the section's 2 columns"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, span: half}]}]",
            "bad.json:2:39: sections[0].items[0].span: expected a whole number or \"full\", found a string"
        ),
        (
            "width: 300\nsections: [{items: [{size: {width: 0, height: 3}}]}]",
            "bad.json:2:36: sections[0].items[0].size.width: must be greater than 0, not 0"
        ),
        (
            "width: 300\nsections: [{items: [{size: {width: 4}}]}]",
            "bad.json:2:28: sections[0].items[0].size: missing key \"height\""
        ),
        (
            "width: 300\nsections: [{items: [{span: 1}]}]",
            "bad.json:2:21: sections[0].items[0]: missing key \"height\" (or \"size\", or an image or text to size it from)"
        ),
        (
            "width: 300\nsections: [{items: [{height: tall}]}]",
            "bad.json:2:30: sections[0].items[0].height: must be a number or \"auto\", not \"tall\""
        ),
        (
            "width: 300\nsections: [{renderDirection: shortest}]",
            "bad.json:2:30: sections[0].renderDirection: must be one of shortestFirst, leftToRight, rightToLeft, not \"shortest\""
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, color: red}]}]",
            "bad.json:2:40: sections[0].items[0].color: expected a color as \"#rgb\" or \"#rrggbb\", not \"red\""
        ),
        (
            "width: 300\nsections: [{generate: {count: 99999999}}]",
            "bad.json:2:31: sections[0].generate.count: must be from 0 to 2000000, not 99999999"
        ),
        (
            "width: 300\nsections: [{generate: {count: 3, minHeight: 50, maxHeight: 10}}]",
            "bad.json:2:60: sections[0].generate.maxHeight: must be at least minHeight (50), not 10"
        ),
        // Unknown keys, with a suggestion when one is close.
        (
            "width: 300\nsections: [{items: [{hieght: 3}]}]",
            "bad.json:2:22: sections[0].items[0].hieght: unknown key (did you mean \"height\"?)"
        ),
        (
            "width: 300\ndefaults: {colums: 3}",
            "bad.json:2:12: defaults.colums: unknown key (did you mean \"columns\"?)"
        ),
        ("widht: 300", "bad.json:1:1: widht: unknown key (did you mean \"width\"?)"),
        ("width: 300\nbananas: 3", "bad.json:2:1: bananas: unknown key"),
        ("width: 300\nwidth: 200", "bad.json:1:1: duplicate key \"width\" in a mapping"),
        ("width: 300\nstyle: {palette: []}", "bad.json:2:18: style.palette: must list at least one color"),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"ftp://example.com/a.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must be a local file path or an http(s) URL, not a \"ftp:\" URL"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"FILE:///etc/passwd\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must be a local file path or an http(s) URL, not a \"file:\" URL"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"data:image/png;base64,AAAA\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must be a local file path or an http(s) URL, not a \"data:\" URL"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https://user:pw@example.com/a.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must not hold a user name or password"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https:///a.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must name a host (https://host/path)"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"http:a.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must be a URL of the form http://host/path"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https://example.com/a b.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must be a valid URL (a space must be percent-encoded)"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https://example.com/café.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: must be a valid URL (\"é\" must be percent-encoded)"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https://example.com:99999/a.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: has a port that is not a number from 1 to 65535"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https://exa%6Dple.com/a.png\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: has a host that is not a name or an address (\"exa%6dple.com\")"
        ),
        (
            "width: 300\nsections: [{items: [{height: 1, image: \"https://example.com/\(String(repeating: "a", count: 2100))\"}]}]",
            "bad.json:2:40: sections[0].items[0].image: is a URL of 2120 characters; at most 2048 are allowed"
        ),
        (
            "width: 300\nstyle: {font: \"Evil\\\"; x\"}",
            "bad.json:2:15: style.font: font family \"Evil\"; x\" may not contain quotes, ;, {, }, <, >, \\, & or control characters"
        ),
    ]

    @Test(arguments: cases)
    func badInputGetsOneClearMessage(_ input: String, _ message: String) {
        do {
            _ = try Spec.decode(input, file: "bad.json")
            Issue.record("decoded without an error: \(input)")
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func suggestionsOnlyForCloseKeys() {
        #expect(Self.message("width: 300\nsections: [{itemz: []}]").hasSuffix("(did you mean \"items\"?)"))
        #expect(!Self.message("width: 300\nsections: [{zzzzzzzz: []}]").contains("did you mean"))
    }

    static func message(_ input: String) -> String {
        do {
            _ = try Spec.decode(input)
            return ""
        } catch {
            return error.description
        }
    }
}
