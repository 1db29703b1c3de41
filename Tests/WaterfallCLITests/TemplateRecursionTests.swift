import Foundation
import Testing
import WaterfallRender
import WaterfallTestSupport

/// Templates whose partials include themselves or nest thousands deep are refused with the file
/// and line of the tag, before anything renders (swift-mustache would recurse until the stack
/// overflowed).
@Suite struct TemplateRecursionTests {
    static let gallery = "<html>{{#pages}}{{title}}{{/pages}}</html>\n"

    /// A copy of the repository's templates with `changes` written over it.
    func templates(_ changes: [String: String]) throws -> String {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["page", "element", "gallery"] {
            try FileManager.default.copyItem(
                atPath: Repository.path("Templates/\(name).mustache"), toPath: "\(folder)/\(name).mustache")
        }
        for (name, text) in changes {
            try text.write(toFile: "\(folder)/\(name).mustache", atomically: true, encoding: .utf8)
        }
        return folder
    }

    func render(templates folder: String) throws -> CommandResult {
        let output = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = InProcess.run([
            "render", Repository.path("Examples/01-shop-grid.yaml"), "--output", output, "--templates", folder,
            "--format", "html",
        ])
        #expect(!FileManager.default.fileExists(atPath: output + "/01-shop-grid.html"))
        return result
    }

    @Test func aPageThatIncludesItselfIsRefusedWithItsLine() throws {
        let folder = try templates(["page": "<html>\n{{#elements}}\n{{> page}}\n{{/elements}}\n</html>\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(templates: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "error: \(folder)/page.mustache:3: partial \"page\" includes itself\n")
    }

    @Test func aCycleThroughOtherPartialsIsRefusedWithTheWayRound() throws {
        let folder = try templates([
            "element": "<div>{{> card}}</div>\n", "card": "\n\n{{#item}}{{> element}}{{/item}}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(templates: folder)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: \(folder)/element.mustache:1: partial \"card\" includes itself (card > element > card)\n")
    }

    @Test func aPartialInsideACommentOrAfterNewDelimitersIsReadAsTheParserReadsIt() throws {
        // `{{! {{> page}}` is a comment; `<%> page%>` a partial once the delimiters changed.
        let commented = try TemplateSet(
            templates: ["page": "{{! {{> page}} }}ok", "gallery": ""], origin: "memory")
        #expect(try commented.render("page", [String: Any]()) == " }}ok")
        #expect(throws: TemplateError.self) {
            try TemplateSet(templates: ["page": "{{=<% %>=}}\n<%> page%>", "gallery": ""], origin: "memory")
        }
    }

    @Test func partialsNestedThousandsDeepAreRefused() throws {
        var texts = ["page": "{{> p0}}", "gallery": Self.gallery]
        for level in 0..<5_000 { texts["p\(level)"] = "<i>{{> p\(level + 1)}}</i>" }
        #expect {
            try TemplateSet(templates: texts, origin: "memory")
        } throws: { error in
            let error = error as! TemplateError
            return error.message.contains("nests partials more than 32 deep")
                && error.place.hasPrefix("memory/p") && error.place.hasSuffix(".mustache:1")
        }
    }

    @Test func partialsNested32DeepAreAllowed() throws {
        var texts = ["page": "{{> p1}}", "gallery": Self.gallery]
        for level in 1..<32 { texts["p\(level)"] = "{{> p\(level + 1)}}" }
        texts["p32"] = "{{title}}"
        let set = try TemplateSet(templates: texts, origin: "memory")
        #expect(try set.render("page", ["title": "deep"]) == "deep")
        texts["p32"] = "{{> p33}}"
        texts["p33"] = "{{title}}"
        #expect(throws: TemplateError.self) { try TemplateSet(templates: texts, origin: "memory") }
    }

    @Test func aDynamicPartialIsRefused() throws {
        // Its name would come from the spec's titles, which could name the page itself.
        let folder = try templates(["element": "\n{{>*kind}}\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try render(templates: folder)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: \(folder)/element.mustache:2: dynamic partial \"*kind\" is not supported (its name would come from the data)\n"
        )
    }

    @Test func templatesGivenAsTextRenderAsTheFolderDoes() throws {
        var texts: [String: String] = [:]
        for name in ["page", "element", "gallery", "style-page", "style-fonts", "style-gallery"] {
            texts[name] = try String(contentsOfFile: Repository.path("Templates/\(name).mustache"), encoding: .utf8)
        }
        let fromText = try TemplateSet(templates: texts, origin: "built-in")
        let fromFolder = try TemplateSet(directory: Repository.path("Templates"))
        let context: [String: Any] = [
            "title": "T", "width": "10", "height": "20", "background": "#fff", "elements": [],
        ]
        #expect(try fromText.render("page", context) == fromFolder.render("page", context))
        #expect(fromText.has("element"))
        #expect(fromText.origin == "built-in")
        #expect(fromFolder.directory == Repository.path("Templates"))
    }

    @Test func templatesGivenAsTextNameTheirFileInErrors() throws {
        #expect {
            try TemplateSet(templates: ["page": "{{#a}}\n{{/b}}", "gallery": ""], origin: "built-in")
        } throws: { error in
            "\(error)" == "built-in/page.mustache:2:4: template syntax error (sectionCloseNameIncorrect)"
        }
        #expect {
            try TemplateSet(templates: ["gallery": ""], origin: "built-in")
        } throws: { error in
            "\(error)" == "built-in: missing template page.mustache"
        }
        // The command line asks a folder for its gallery too.
        #expect {
            try TemplateSet(templates: ["page": ""], origin: "built-in", required: ["page", "gallery"])
        } throws: { error in
            "\(error)" == "built-in: missing template gallery.mustache"
        }
    }
}
