import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The text an SVG or HTML page draws, read back from its markup.
public enum DrawnText {
    /// Each `<text>` element's characters (its `<tspan>` pieces joined), in document order, and
    /// the emoji drawn as pictures (`aria-label`s), in document order.
    public static func svg(_ document: String) -> (texts: [String], emoji: [String]) {
        let reader = SVGTextReader()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = reader
        _ = parser.parse()
        return (reader.texts, reader.emoji)
    }

    /// Each `.text` element's content in an HTML page, emoji and line spans removed (their
    /// characters kept), still escaped as the page writes it.
    public static func html(_ document: String) -> [String] {
        let spans = try! NSRegularExpression(pattern: "<span class=\"(?:emoji|line)\"[^>]*>|</span>")
        let bare = spans.stringByReplacingMatches(
            in: document, range: NSRange(document.startIndex..., in: document), withTemplate: "")
        let texts = try! NSRegularExpression(
            pattern: "<div class=\"text\"(?: data-role=\"[^\"]*\")? style=\"[^\"]*\">(.*?)</div>")
        return texts.matches(in: bare, range: NSRange(bare.startIndex..., in: bare)).compactMap {
            Range($0.range(at: 1), in: bare).map { String(bare[$0]) }
        }
    }
}

private final class SVGTextReader: NSObject, XMLParserDelegate {
    var texts: [String] = []
    var emoji: [String] = []
    private var current: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "text" { current = "" }
        if let label = attributes["aria-label"] { emoji.append(label) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text = current {
            texts.append(text)
            current = nil
        }
    }
}
