import Foundation
import Mustache
import Testing
import WaterfallRender
import WaterfallTestSupport

/// Hostile templates are refused, or stop early, instead of overflowing the stack or repeating
/// their lists inside each other for hours (issue 46): sections nest at most 32 deep, partials
/// expand at most 16 MiB, and a render writes at most what its content allows.
@Suite struct TemplateBoundsTests {
    /// A context that counts the values looked up in it, the renderer's work.
    final class CountingContext: MustacheParent, @unchecked Sendable {
        let values: [String: Any]
        var lookups = 0

        init(_ values: [String: Any]) { self.values = values }

        func child(named name: String) -> Any? {
            lookups += 1
            return values[name]
        }
    }

    /// `depth` sections over `name`, each opening on a line of its own, and `inner` inside.
    static func nested(_ name: String, depth: Int, inner: String = "x") -> String {
        String(repeating: "{{#\(name)}}\n", count: depth) + inner + "\n"
            + String(repeating: "{{/\(name)}}\n", count: depth)
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func sectionsNestedThousandsDeepAreRefusedBeforeTheParserRecurses() {
        // Without the bound, swift-mustache's parser overflows the stack (signal 11).
        let page = String(repeating: "{{#elements}}", count: 5_000) + String(repeating: "{{/elements}}", count: 5_000)
        #expect {
            try TemplateSet(templates: ["page": page], origin: "memory")
        } throws: { error in
            "\(error)" == "memory/page.mustache:1: sections nest 5000 deep; at most 32 are allowed"
        }
    }

    @Test func sectionsNest32DeepAndNoDeeper() throws {
        let allowed = try TemplateSet(templates: ["page": Self.nested("a", depth: 32)], origin: "memory")
        #expect(try allowed.render("page", ["a": true]) == "x\n")
        // The 33rd opens on line 33; inverted sections and blocks nest as sections do.
        let deeper = Self.nested("a", depth: 32, inner: "{{^b}}{{$c}}{{/c}}{{/b}}")
        #expect {
            try TemplateSet(templates: ["page": deeper], origin: "memory")
        } throws: { error in
            "\(error)" == "memory/page.mustache:33: sections nest 34 deep; at most 32 are allowed"
        }
    }

    @Test func theRepositorysTemplatesNestFarBelowTheBound() throws {
        // Each still passes inside 26 more sections: none nests more than 6 deep.
        let folder = Repository.path("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mustache") }
        #expect(names.count >= 8)
        for name in names {
            let text = try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
            let wrapped = String(repeating: "{{#a}}", count: 26) + text + String(repeating: "{{/a}}", count: 26)
            #expect(throws: Never.self, "\(name)") {
                try TemplateSet(templates: ["page": wrapped], origin: "memory")
            }
        }
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func listsRepeatedInsideEachOtherStopEarlyAtTheDeepestSection() throws {
        // 20 levels over 3 entries would render the innermost text 3²⁰ (3.5 billion) times.
        let set = try TemplateSet(
            templates: ["page": "<html>\n" + Self.nested("elements", depth: 20, inner: "{{title}}")], origin: "memory")
        let context = CountingContext(["elements": [["title": "a"], ["title": "b"], ["title": "c"]]])
        #expect {
            try set.render("page", context)
        } throws: { error in
            let error = error as! TemplateError
            return error.place == "memory/page.mustache:21"
                && error.message.hasPrefix("section \"elements\" repeats too often: the page would pass its limit of ")
        }
        // The render stopped after some thousands of lookups, the allowance spent.
        #expect(context.lookups > 100)
        #expect(context.lookups < 100_000)
    }

    @Test func aValueRepeatedPastTheAllowanceStops() throws {
        // 300 entries repeated inside each other, each writing 2 KiB: 180 MiB, where the content
        // allows 1 MiB, 16 KiB for each entry and 4 times the 2 KiB: under 8 MiB.
        let set = try TemplateSet(
            templates: ["page": "{{#items}}{{#items}}{{big}}{{/items}}{{/items}}"], origin: "memory")
        let context: [String: Any] = [
            "items": Array(repeating: [String: Any](), count: 300), "big": String(repeating: "x", count: 2048),
        ]
        #expect {
            try set.render("page", context)
        } throws: { error in
            "\(error)".hasPrefix("memory/page.mustache:1: section \"items\" repeats too often")
        }
    }

    @Test func everyEntryOfALongListRendersWithinTheAllowance() throws {
        // Each entry twice, its values escaped and in an attribute: what real pages do.
        let item = "<li title=\"{{name}}\">{{name}} {{#tags}}<b>{{.}}</b>{{/tags}}</li>\n"
        let set = try TemplateSet(
            templates: [
                "page": "<ul>{{#items}}{{> item}}{{/items}}</ul><ol>{{#items}}{{> item}}{{/items}}</ol>", "item": item,
            ], origin: "memory")
        let items = (0..<10_000).map { index -> [String: Any] in
            ["name": "item <\(index)>", "tags": ["a", "b"]]
        }
        let page = try set.render("page", ["items": items])
        #expect(page.components(separatedBy: "<li ").count - 1 == 20_000)
        #expect(page.contains("<li title=\"item &lt;9999&gt;\">item &lt;9999&gt; <b>a</b><b>b</b></li>"))
    }

    @Test func valuesRenderAsWithoutTheBudget() throws {
        // Lists, transforms, inverted sections, `.`, numbers, nested values and missing ones.
        let text = """
            {{#reversed(list)}}{{.}},{{/reversed(list)}} {{count(list)}} {{^empty}}none{{/empty}}
            {{#first(list)}}first {{.}}{{/first(list)}} {{#nested}}{{inner.value}} {{outer}}{{/nested}}
            {{number}} {{flag}} {{#flag}}yes{{/flag}} {{missing}}{{^missing}}absent{{/missing}} {{{raw}}} {{&raw}}
            {{#list}}{{#first()}}[{{/first()}}{{.}}{{^last()}}|{{/last()}}{{#last()}}]{{/last()}}{{/list}}
            {{uppercased(word)}} {{#sorted(letters)}}{{.}}{{/sorted(letters)}}
            """
        let context: [String: Any] = [
            "list": ["a", "b", "c"], "empty": [String](), "nested": ["inner": ["value": "v"]], "outer": "o",
            "number": 42, "flag": true, "raw": "<b>", "word": "up", "letters": ["c", "a", "b"],
        ]
        let expected = try MustacheTemplate(string: text).render(context)
        let set = try TemplateSet(templates: ["page": text], origin: "memory")
        #expect(try set.render("page", context) == expected)
        #expect(expected.hasPrefix("c,b,a, 3 none\nfirst a v o\n42 true yes absent <b> <b>\n[a|b|c]\nUP abc"))
    }

    @Test func partialsExpandingPast16MiBAreRefused() throws {
        // Each partial includes the next twice: 2³¹ times the last one's text, no list repeated.
        var texts = ["page": "{{> p1}}"]
        for level in 1..<32 { texts["p\(level)"] = "<i>\n{{> p\(level + 1)}}{{> p\(level + 1)}}</i>" }
        texts["p32"] = "{{title}}"
        #expect {
            try TemplateSet(templates: texts, origin: "memory")
        } throws: { error in
            let error = error as! TemplateError
            return error.place == "memory/p1.mustache:2"
                && error.message.hasPrefix("partials expand the template to more than 16 MiB")
        }
    }
}
