import WaterfallCore
import Yams

extension SpecDecoder {
    /// `base` with what the `style` mapping `field` changes; `dark` is read by ``darkStyle(_:base:)``.
    func style(_ field: Field, base: SpecStyle) throws(SpecError) -> SpecStyle {
        let keys = try field.mapping(allowed: Self.styleKeys)
        var style = base
        if let value = keys["background"] { style.background = try value.color() }
        try overrides(keys, into: &style)
        return style
    }

    /// The dark appearance's style: `style.dark` over the light `base`, or `nil` without one.
    func darkStyle(_ field: Field, base: SpecStyle) throws(SpecError) -> SpecStyle? {
        let keys = try field.mapping(allowed: Self.styleKeys)
        guard let dark = keys["dark"] else { return nil }
        let darkKeys = try dark.mapping(allowed: Self.styleKeys.filter { $0 != "dark" })
        var style = base
        // A light text block would glare in the dark: only a `dark` mapping gives a dark one.
        style.card.background = CardStyle.darkBackground
        if let value = darkKeys["background"] { style.background = try value.color() }
        try overrides(darkKeys, into: &style)
        return style
    }

    /// A section's `style`: over the spec's style, its `background` the section's own background.
    func sectionStyle(_ field: Field, into section: inout SpecSection, style: SpecStyle, darkStyle: SpecStyle?)
        throws(SpecError)
    {
        let keys = try field.mapping(allowed: Self.styleKeys)
        var light = style
        try overrides(keys, into: &light)
        section.style = light
        if let value = keys["background"] { section.background = try value.color() }
        // A section's `style.dark` gives the spec a dark appearance even when its `style` has none.
        guard darkStyle != nil || keys["dark"] != nil else { return }
        var dark = darkStyle ?? style
        let darkCardBackground = darkStyle?.card.background ?? CardStyle.darkBackground
        try overrides(keys, into: &dark)
        // The section's light `card.background` is not the dark one: that stays the spec's dark
        // style's, or the dark surface, unless the section's `dark` gives its own.
        dark.card.background = darkCardBackground
        if let darkField = keys["dark"] {
            let darkKeys = try darkField.mapping(allowed: Self.styleKeys.filter { $0 != "dark" })
            try overrides(darkKeys, into: &dark)
            if let value = darkKeys["background"] { section.darkBackground = try value.color() }
        }
        section.darkStyle = dark
    }

    /// Every style key but `background` and `dark`, which mean different things by place.
    private func overrides(_ keys: [String: Field], into style: inout SpecStyle) throws(SpecError) {
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
        if let value = keys["card"] { style.card = try card(value, base: style.card) }
        for role in TextRole.allCases {
            guard let value = keys[role.rawValue] else { continue }
            style.text[role] = (style.text[role] ?? TextStyle()).merged(with: try textStyle(value))
        }
    }

    /// A role's text style: `{font, fontSize, textStyle, fontWeight, lineHeight, color}`.
    func textStyle(_ field: Field) throws(SpecError) -> TextStyle {
        let keys = try field.mapping(allowed: Self.textStyleKeys)
        var style = TextStyle()
        if let value = keys["font"] { style.font = try fontFamilies(value) }
        if let value = keys["fontSize"] { style.fontSize = try value.positiveNumber(atMost: 1000) }
        if let value = keys["textStyle"] { style.textStyle = try value.choice(of: DynamicTypeStyle.self) }
        if let value = keys["fontWeight"] { style.fontWeight = try value.choice(of: FontWeight.self) }
        if let value = keys["lineHeight"] { style.lineHeight = try value.positiveNumber(atMost: 10) }
        if let value = keys["color"] { style.color = try value.color() }
        return style
    }

    /// An item's `style`: a text style for each role it names.
    func itemTextStyles(_ field: Field) throws(SpecError) -> [TextRole: TextStyle] {
        let keys = try field.mapping(allowed: TextRole.allCases.map(\.rawValue))
        var styles: [TextRole: TextStyle] = [:]
        for role in TextRole.allCases {
            if let value = keys[role.rawValue] { styles[role] = try textStyle(value) }
        }
        return styles
    }

    private func card(_ field: Field, base: CardStyle) throws(SpecError) -> CardStyle {
        let keys = try field.mapping(allowed: Self.cardKeys)
        var card = base
        if let value = keys["content"] { card.content = try value.choice(of: CardContent.self) }
        if let value = keys["padding"] { card.padding = try value.length() }
        if let value = keys["titleLines"] { card.titleLines = try value.integer(in: 1...Self.maximumLines) }
        if let value = keys["subtitleLines"] { card.subtitleLines = try value.integer(in: 1...Self.maximumLines) }
        if let value = keys["textSpacing"] { card.textSpacing = try value.length() }
        if let value = keys["background"] { card.background = try value.color() }
        if let value = keys["scrim"] { card.scrim = try value.choice(of: CardScrim.self) }
        if let value = keys["textShadow"] { card.textShadow = try value.boolean() }
        return card
    }

    /// The most lines a text row may wrap to.
    static let maximumLines = 100

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
        // Bidirectional controls would reorder the SVG attribute or CSS rule the name is written into.
        let name = raw.droppingBidiControls.trimmingSpaces
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

extension Field {
    /// One of the named cases of `Choice`, with a suggestion for a near miss.
    func choice<Choice: RawRepresentable & CaseIterable>(of type: Choice.Type) throws(SpecError) -> Choice
    where Choice.RawValue == String {
        let name = try string()
        if let value = Choice(rawValue: name) { return value }
        let names = Choice.allCases.map(\.rawValue)
        let hint = KeySuggestion.closest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw error("must be one of \(names.joined(separator: ", ")), not \"\(name)\"\(hint)")
    }
}
