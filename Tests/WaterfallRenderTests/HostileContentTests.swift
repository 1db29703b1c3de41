import Foundation
import FoundationXML
import Testing
import WaterfallCairo
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Titles from product data cannot inject markup: the SVG stays well-formed XML with only our
/// elements, and the HTML page runs no script in a real browser.
@Suite(.onWaitingThreads, .tags(.browser)) struct HostileContentTests {
    static let titles = [
        "</text><script>document.title='pwned'</script>",
        "\" onload=\"document.title='pwned'",
        "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">",
        "]]><svg onload=\"alert(1)\">",
        "</div><script>document.body.setAttribute('data-pwned','1')</script>",
        "<!-- comment --> & &amp; &#x3c;",
        "bell\u{07}escape\u{1B}null\u{0}end",
        "right\u{202E}gnp.exe\u{202C}to-left",
        "line\nbreak\ttab",
    ]

    static func hostileSpec() throws -> Spec {
        let items = titles.enumerated().map { index, title in
            "      - {height: 60, title: \(yamlString(title)), subtitle: \(yamlString(title))}"
        }
        return try Spec.decode(
            """
            width: 375
            sections:
              - header: {height: 40, title: \(yamlString(titles[0]))}
                footer: {height: 40, title: \(yamlString(titles[4]))}
                items:
            \(items.joined(separator: "\n"))
            """)
    }

    /// A double-quoted YAML scalar for any text.
    static func yamlString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    out += String(format: "\\U%08X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    final class ElementCollector: NSObject, XMLParserDelegate {
        var names = Set<String>()
        var text = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            names.insert(name)
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    @Test func svgIsWellFormedXMLWithOnlyOurElements() throws {
        let scene = try RenderFixtures.scene(Self.hostileSpec())
        let svg = try RenderFixtures.text(.svg, scene)
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(
            collector.names.isSubset(of: ["svg", "rect", "g", "clipPath", "image", "text", "tspan", "defs", "pattern"]),
            "\(collector.names)")
        // The titles arrive as text, not as markup; controls and bidi overrides are gone.
        #expect(collector.text.contains("</text><script>"))
        #expect(!collector.text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x07 || $0.value == 0 })
    }

    @Test func theHTMLPageRunsNoScriptInChromium() throws {
        let scene = try RenderFixtures.scene(Self.hostileSpec())
        let html = try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        let path = ExternalRenderers.temporaryPath("html")
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dom = try ExternalRenderers.chromiumDOM(htmlPath: path)
        #expect(dom.contains("data-kind=\"cell\""))
        #expect(!dom.contains("data-pwned"))
        #expect(!dom.contains("<title>pwned</title>"))
        #expect(dom.contains("&lt;/div&gt;&lt;script&gt;"))
    }

    @Test func everyRendererDrawsTheSameCleanText() throws {
        let scene = try RenderFixtures.scene(Self.hostileSpec())
        let texts = scene.elements.flatMap(\.texts).map(\.text)
        #expect(texts.contains { $0.hasPrefix("line break tab") })
        #expect(texts.contains { $0.hasPrefix("rightgnp.exeto-left") })
        #expect(!texts.contains { $0.unicodeScalars.contains { $0.value < 0x20 } })
        // PNG and PDF draw them without error.
        _ = try Renderer.png.render(scene)
        _ = try Renderer.pdf.render(scene)
    }
}
