import WaterfallCore

/// Which text a ``TextStyle`` applies to: a card's three rows, a header's or a footer's title.
public enum TextRole: String, Sendable, Hashable, CaseIterable {
    case title, subtitle, meta, header, footer
}

/// A font weight a spec can ask for.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case regular, bold
}

/// How one role's text is drawn (`title: {font, fontSize, textStyle, fontWeight, lineHeight, color}`);
/// what it leaves out comes from further up the cascade, then from the role's defaults.
public struct TextStyle: Sendable, Hashable {
    public var font: [String]?
    /// The font size at the `large` content size, in points; it scales with the category as
    /// ``textStyle`` (else `body`) scales.
    public var fontSize: Double?
    /// The iOS text style whose Dynamic Type size the text takes (`textStyle: headline`), or
    /// scales ``fontSize`` by when both are given.
    public var textStyle: DynamicTypeStyle?
    public var fontWeight: FontWeight?
    /// The line box's height as a multiple of the font size.
    public var lineHeight: Double?
    public var color: Color?

    public init(
        font: [String]? = nil, fontSize: Double? = nil, fontWeight: FontWeight? = nil, lineHeight: Double? = nil,
        color: Color? = nil, textStyle: DynamicTypeStyle? = nil
    ) {
        self.font = font
        self.fontSize = fontSize
        self.textStyle = textStyle
        self.fontWeight = fontWeight
        self.lineHeight = lineHeight
        self.color = color
    }

    /// This style with what `other` gives over it.
    ///
    /// An `other` that names a ``textStyle`` without a ``fontSize`` takes the text style's size:
    /// the font size given above it is dropped, not scaled.
    ///
    /// - Parameter other: The style further down the cascade (a section's over the spec's, an
    ///   item's over its section's).
    public func merged(with other: TextStyle) -> TextStyle {
        TextStyle(
            font: other.font ?? font, fontSize: other.fontSize ?? (other.textStyle == nil ? fontSize : nil),
            fontWeight: other.fontWeight ?? fontWeight, lineHeight: other.lineHeight ?? lineHeight,
            color: other.color ?? color, textStyle: other.textStyle ?? textStyle)
    }
}

/// One role's text as drawn: every field decided.
public struct ResolvedTextStyle: Sendable, Hashable {
    public var font: [String]
    public var fontSize: Double
    public var fontWeight: FontWeight
    public var lineHeight: Double
    public var color: Color
}

extension SpecStyle {
    /// The line box's height as a multiple of the font size, unless a role says otherwise.
    public static let defaultLineHeight = 1.25

    /// How `role`'s text is drawn in this style: its ``text`` entry over the role's defaults (a
    /// title bold at `fontSize`, a subtitle at 0.92 of it, a meta row bold at 0.92, a header bold
    /// at 1.25, a footer at `fontSize`; the style's `font`, `textColor` and 1.25 lines).
    ///
    /// The size follows Dynamic Type at ``contentSize``: a role that names a `textStyle` takes
    /// its size there, or scales its `fontSize` by it; any other size scales as `body` does, as
    /// `UIFontMetrics` scales a custom font.
    ///
    /// - Parameter role: The text drawn.
    public func resolved(_ role: TextRole) -> ResolvedTextStyle {
        let given = text[role] ?? TextStyle()
        let (scale, weight): (Double, FontWeight) =
            switch role {
            case .title: (1, .bold)
            case .subtitle: (0.92, .regular)
            case .meta: (0.92, .bold)
            case .header: (1.25, .bold)
            case .footer: (1, .regular)
            }
        let category = contentSize ?? .standard
        let size: Double
        if let textStyle = given.textStyle {
            size = given.fontSize.map { textStyle.scaled($0, at: category) } ?? textStyle.size(at: category)
        } else {
            size = DynamicTypeStyle.body.scaled(given.fontSize ?? fontSize * scale, at: category)
        }
        return ResolvedTextStyle(
            font: given.font ?? font, fontSize: size,
            fontWeight: given.fontWeight ?? weight, lineHeight: given.lineHeight ?? Self.defaultLineHeight,
            color: given.color ?? textColor)
    }

    /// This style with an item's own text styles over it.
    ///
    /// - Parameter item: The card whose `style` is applied.
    public func applying(_ item: SpecItem) -> SpecStyle {
        guard let own = item.text else { return self }
        var style = self
        for (role, given) in own { style.text[role] = (style.text[role] ?? TextStyle()).merged(with: given) }
        return style
    }
}
