import Yams

extension SpecDecoder {
    func style(_ field: Field) throws(SpecError) -> SpecStyle {
        let keys = try field.mapping(allowed: Self.styleKeys)
        var style = SpecStyle()
        if let value = keys["background"] { style.background = try value.color() }
        if let value = keys["cornerRadius"] { style.cornerRadius = try value.length() }
        if let value = keys["font"] { style.font = try fontFamilies(value) }
        if let value = keys["fontSize"] { style.fontSize = try value.positiveNumber(atMost: 1000) }
        if let value = keys["textColor"] { style.textColor = try value.color() }
        if let value = keys["palette"] {
            let colors = try value.sequence()
            guard !colors.isEmpty else { throw value.error("must list at least one color") }
            style.palette = []
            for color in colors { style.palette.append(try color.color()) }
        }
        return style
    }

    /// A family list, as `"DejaVu Sans, sans-serif"` or as a YAML list.
    private func fontFamilies(_ field: Field) throws(SpecError) -> [String] {
        var names: [String] = []
        if case .sequence = field.node {
            for element in try field.sequence() { names.append(try element.fontFamily()) }
        } else {
            for part in try field.string().split(separator: ",") {
                names.append(try field.checkedFontFamily(String(part)))
            }
        }
        guard !names.isEmpty else { throw field.error("must name at least one font family") }
        return names
    }
}

extension Field {
    /// One font family name; quotes, braces and control characters are refused so a name cannot
    /// break out of the CSS or SVG attribute it is written into.
    fileprivate func fontFamily() throws(SpecError) -> String {
        try checkedFontFamily(try string())
    }

    fileprivate func checkedFontFamily(_ raw: String) throws(SpecError) -> String {
        let name = raw.trimmingSpaces
        guard !name.isEmpty else { throw error("has an empty font family name") }
        let forbidden: Set<Character> = ["\"", "'", ";", "{", "}", "<", ">", "\\", "&"]
        guard !name.contains(where: { forbidden.contains($0) || $0.unicodeScalars.contains(where: \.isControl) })
        else {
            throw error("font family \"\(name)\" may not contain quotes, ;, {, }, <, >, \\, & or control characters")
        }
        return name
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
