import WaterfallCore
import WaterfallLayout

/// The JSON that `waterfall layout` prints: the content size and every element's frame.
///
/// Elements are in document order (by section, then header, background, cells by item, footer);
/// `item` is written for cells only. Numbers are the shortest text that reads back as the same `Double`.
public enum LayoutDump {
    /// The document for `elements` of a layout whose content size is `contentSize`.
    public static func json(contentSize: Size, elements: [LayoutAttributes], pretty: Bool = false) -> String {
        var document = ""
        write(contentSize: contentSize, elements: elements, pretty: pretty) { document += $0 }
        return document
    }

    /// The same document, handed to `emit` in pieces of a few thousand elements.
    public static func write<Failure: Error>(
        contentSize: Size, elements: some Sequence<LayoutAttributes>, pretty: Bool = false,
        emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        var out = "{"
        out += pretty ? "\n  \"contentSize\": " : "\"contentSize\":"
        out += object(
            [("width", ShortestNumber.text(contentSize.width)), ("height", ShortestNumber.text(contentSize.height))],
            pretty: pretty)
        out += pretty ? ",\n  \"elements\": [" : ",\"elements\":["
        var count = 0
        for element in elements {
            if count > 0 { out += "," }
            if pretty { out += "\n    " }
            out += self.element(element, pretty: pretty)
            count += 1
            if count % 4096 == 0 {
                try emit(out)
                out = ""
            }
        }
        if pretty && count > 0 { out += "\n  " }
        out += pretty ? "]\n}\n" : "]}\n"
        try emit(out)
    }

    static func element(_ element: LayoutAttributes, pretty: Bool) -> String {
        var fields = [("kind", "\"\(element.kind.rawValue)\""), ("section", String(element.indexPath.section))]
        if element.kind == .cell { fields.append(("item", String(element.indexPath.item))) }
        let frame = element.frame
        fields.append(
            (
                "frame",
                object(
                    [
                        ("x", ShortestNumber.text(frame.minX)), ("y", ShortestNumber.text(frame.minY)),
                        ("width", ShortestNumber.text(frame.width)), ("height", ShortestNumber.text(frame.height)),
                    ], pretty: pretty)
            ))
        return object(fields, pretty: pretty)
    }

    private static func object(_ fields: [(String, String)], pretty: Bool) -> String {
        let separator = pretty ? ": " : ":"
        let body = fields.map { "\"\($0.0)\"\(separator)\($0.1)" }.joined(separator: pretty ? ", " : ",")
        return "{" + body + "}"
    }
}
