extension String {
    /// The text escaped for XML 1.0 content, with the characters XML 1.0 cannot hold dropped.
    public var xmlEscaped: String { xmlEscaped(inAttribute: false) }

    /// The text escaped for an XML 1.0 attribute in double quotes.
    ///
    /// Tabs and line breaks are written as character references, which a parser gives back as
    /// they were; literal ones in an attribute would be read as spaces.
    public var xmlAttributeEscaped: String { xmlEscaped(inAttribute: true) }

    private func xmlEscaped(inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += inAttribute ? "&quot;" : "\""
            case "\t": out += inAttribute ? "&#9;" : "\t"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\r": out += "&#13;"
            default:
                // XML 1.0 allows no other C0 control and not U+FFFE or U+FFFF, not even as references.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
