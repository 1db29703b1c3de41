/// How text is escaped for XML 1.0: where it goes decides which characters are references.
public enum XMLEscapeStyle: Sendable {
    /// Element content: `& < >` escaped; quotes, tabs and line feeds as they are.
    case content
    /// An attribute in double quotes: also `"`, and tabs and line breaks as references, which a
    /// parser gives back as they were (literal ones would be read as spaces).
    case attribute
    /// Text that may go in content or in either kind of quoted attribute, as the SVG renderer
    /// writes it: `& < > " '` escaped, tabs and line breaks as they are.
    case markup

    /// What each ASCII scalar becomes in this style: `nil` to keep it, `""` to drop it (a C0
    /// control XML 1.0 cannot hold, not even as a reference), or its reference.
    fileprivate var table: [String?] {
        switch self {
        case .content: Self.contentTable
        case .attribute: Self.attributeTable
        case .markup: Self.markupTable
        }
    }

    private static let contentTable = table(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"])
    private static let attributeTable = table([
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;",
    ])
    private static let markupTable = table(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])

    private static func table(_ references: [Unicode.Scalar: String]) -> [String?] {
        (0..<128).map { value in
            if let reference = references[Unicode.Scalar(UInt8(value))] { return reference }
            let isWhitespace = value == 0x09 || value == 0x0A || value == 0x0D
            return value < 0x20 && !isWhitespace ? "" : nil
        }
    }
}

extension String {
    /// The text escaped for XML 1.0 content, with the characters XML 1.0 cannot hold dropped.
    public var xmlEscaped: String { xmlEscaped(.content) }

    /// The text escaped for an XML 1.0 attribute in double quotes.
    public var xmlAttributeEscaped: String { xmlEscaped(.attribute) }

    /// The text escaped in `style`, with the characters XML 1.0 cannot hold dropped: the other C0
    /// controls and U+FFFE and U+FFFF, which are not allowed even as references.
    public func xmlEscaped(_ style: XMLEscapeStyle) -> String {
        // A table lookup a scalar: the SVG renderer escapes every text run, so this is on its hot path.
        let table = style.table
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar.value < 128 {
                if let replacement = table[Int(scalar.value)] {
                    out += replacement
                    continue
                }
            } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
