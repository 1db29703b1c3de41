import WaterfallCore

/// Where a card's text goes: over its image (the default), or in a block under it.
public enum CardContent: String, Sendable, Hashable, CaseIterable {
    /// The text is drawn over the card, the title at the top and the subtitle at the bottom.
    case overlay
    /// The image fills the top of the card at its own aspect ratio and the text sits under it.
    case below
}

/// What is drawn behind a card's text over its image, so that white text reads on a light photo.
public enum CardScrim: String, Sendable, Hashable, CaseIterable {
    /// A black gradient from the card's edge to past the text: behind the title from the top,
    /// behind the subtitle from the bottom.
    case gradient
    /// Nothing: the text is drawn straight over the image.
    case none
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
    /// The fill of the text block under an image or an image area (`card.background`); the
    /// palette fills cards without one.
    public var background: Color
    /// What is drawn behind text over an image (`card.scrim`).
    public var scrim: CardScrim
    /// Whether text over an image casts a shadow (`card.textShadow`).
    public var textShadow: Bool

    /// Creates a card style; every parameter left out keeps the spec format's default.
    public init(
        content: CardContent = .overlay, padding: Double = 8, titleLines: Int? = nil, subtitleLines: Int = 1,
        textSpacing: Double = 4, background: Color = CardStyle.lightBackground, scrim: CardScrim = .gradient,
        textShadow: Bool = false
    ) {
        self.content = content
        self.padding = padding
        self.titleLines = titleLines
        self.subtitleLines = subtitleLines
        self.textSpacing = textSpacing
        self.background = background
        self.scrim = scrim
        self.textShadow = textShadow
    }

    /// The text block's fill in the light appearance when the spec gives none: white.
    public static let lightBackground = Color.white
    /// The text block's fill in the dark appearance when its `dark` style gives none: the dark
    /// surface UIKit draws grouped content on (`secondarySystemBackground`, `#1c1c1e`).
    public static let darkBackground = Color(red: 0x1C, green: 0x1C, blue: 0x1E)

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
