/// Where a card's text goes: over its image (the default), or in a block under it.
public enum CardContent: String, Sendable, Hashable, CaseIterable {
    /// The text is drawn over the card, the title at the top and the subtitle at the bottom.
    case overlay
    /// The image fills the top of the card at its own aspect ratio and the text sits under it.
    case below
}

/// How a card lays out its image and text.
public struct CardStyle: Sendable, Hashable {
    /// Whether the text goes over the image or under it.
    public var content: CardContent
    /// Around the text block, in points.
    public var padding: Double
    /// The most lines a title wraps to, an ellipsis ending the last; `nil` means 1 over the
    /// image and 2 under it.
    public var titleLines: Int?
    /// The most lines a subtitle wraps to.
    public var subtitleLines: Int
    /// Between the title, the subtitle and the meta row, in points.
    public var textSpacing: Double

    /// Creates a card style; every parameter left out keeps the spec format's default.
    public init(
        content: CardContent = .overlay, padding: Double = 8, titleLines: Int? = nil, subtitleLines: Int = 1,
        textSpacing: Double = 4
    ) {
        self.content = content
        self.padding = padding
        self.titleLines = titleLines
        self.subtitleLines = subtitleLines
        self.textSpacing = textSpacing
    }

    /// The title's line limit, as given or by content.
    public var resolvedTitleLines: Int { titleLines ?? (content == .below ? 2 : 1) }
}

/// How a header's or footer's title sits in its box.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the leading edge: the left, or the right in a right-to-left layout.
    case leading
    /// Centered.
    case center
    /// At the trailing edge: the right, or the left in a right-to-left layout.
    case trailing
}

/// Which set of colors a spec is drawn in.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// The spec's `style`.
    case light
    /// The spec's `style.dark` over its `style`.
    case dark
}
