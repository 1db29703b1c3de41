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
}

extension String {
    /// The text escaped for XML 1.0 content, with the characters XML 1.0 cannot hold dropped.
    public var xmlEscaped: String { xmlEscaped(.content) }

    /// The text escaped for an XML 1.0 attribute in double quotes.
    public var xmlAttributeEscaped: String { xmlEscaped(.attribute) }

    /// The text escaped in `style`, with the characters XML 1.0 cannot hold dropped: the other C0
    /// controls and U+FFFE and U+FFFF, which are not allowed even as references.
    public func xmlEscaped(_ style: XMLEscapeStyle) -> String {
        // Each style its own copy of the loop, its cases settled when compiled: the SVG renderer
        // escapes every text run, so this is on its hot path.
        switch style {
        case .content: escaped(.content)
        case .attribute: escaped(.attribute)
        case .markup: escaped(.markup)
        }
    }

    @inline(__always)
    private func escaped(_ style: XMLEscapeStyle) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where style != .content: out += "&quot;"
            case "'" where style == .markup: out += "&#39;"
            case "\t" where style == .attribute: out += "&#9;"
            case "\n" where style == .attribute: out += "&#10;"
            case "\r" where style != .markup: out += "&#13;"
            case "\t", "\n", "\r", "\"", "'": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
