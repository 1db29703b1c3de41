import Testing
import WaterfallSpec

/// libyaml's common errors said in plain words, at the place that caused them.
@Suite struct YAMLSyntaxMessageTests {
    static let cases: [(String, String)] = [
        (
            "width: 300\nsections:\n\t- items: []\n",
            "feed.yaml:3:1: a tab is used for indentation; YAML indents with spaces"
        ),
        (
            "width: 300\nsections:\n  - items:\n  \t  - height: 3\n",
            "feed.yaml:4:3: a tab is used for indentation; YAML indents with spaces"
        ),
        (
            "width: 300\nsections:\n  - header: {height: 3}\n    items: [{height: 3}, {height: 4}\n  - items: []\n",
            "feed.yaml:4:12: this [ is never closed"
        ),
        ("width: 300\nsections:\n  - header: {height: 3\n    items: []\n", "feed.yaml:3:13: this { is never closed"),
        ("width: 300\nsections: [\n", "feed.yaml:2:11: this [ is never closed"),
        (
            "width: 300\nsections:\n  - header: {title: \"abc}\n    items: []\n",
            "feed.yaml:3:21: this \" is never closed"
        ),
        ("width: 300\nsections:\n  - header: {title: 'abc}\n", "feed.yaml:3:21: this ' is never closed"),
        (
            "width: 300\nsections:\n  - items: []\n    header: {title: x, height: 3]\n",
            "feed.yaml:4:33: this ] does not close the { opened at 4:13; } does"
        ),
    ]

    @Test(arguments: cases)
    func theMistakeIsNamedWhereItIs(_ input: String, _ message: String) {
        do {
            _ = try Spec.decode(input, file: "feed.yaml")
            Issue.record("decoded without an error: \(input)")
        } catch {
            #expect(error.description == message)
        }
    }
}
