/// One section's input: its settings, its supplementary views and its items.
public struct LayoutSection: Sendable, Hashable {
    /// The columns, insets and spacing the section is laid out with.
    public var settings: SectionSettings
    /// The header's height; 0 means the section has no header.
    public var headerHeight: Double
    /// The footer's height; 0 means the section has no footer.
    public var footerHeight: Double
    /// The section's cells, in order.
    public var items: [LayoutItem]
    /// Whether the section has a background decoration view (``ElementKind/background``).
    public var hasBackground: Bool

    /// Creates a section; by default it has the default settings and no header, footer, items or background.
    public init(
        settings: SectionSettings = .default, headerHeight: Double = 0, footerHeight: Double = 0,
        items: [LayoutItem] = [], hasBackground: Bool = false
    ) {
        self.settings = settings
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.items = items
        self.hasBackground = hasBackground
    }
}
