import WaterfallCore
import WaterfallLayout

/// A decoded spec file: the layout's input plus the content and style renderers draw.
public struct Spec: Sendable {
    /// The width to lay out, in points; in a horizontal feed, the height the rows fill.
    public var width: Double
    /// Right to left mirrors every frame (`layoutDirection`).
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Horizontal lays rows out along a fixed height (`scrollDirection`; the spec gives `height`).
    public var scrollDirection: ScrollDirection = .vertical
    /// The content is at least this long along the scroll direction (`minimumContentHeight`).
    public var minimumContentHeight: Double
    /// Device pixels per point for raster output.
    public var scale: Double
    /// Whether the renderers round element edges to the device pixel grid (`pixelSnapping`).
    public var pixelSnapping: PixelSnapping = .none
    /// The look of the cards, headers and page.
    public var style: SpecStyle
    /// The style of the dark appearance (`style.dark` over `style`), when the spec gives one.
    public var darkStyle: SpecStyle?
    /// The sections, in order.
    public var sections: [SpecSection]
    /// The folder relative image paths are read from: the spec file's own folder.
    public var baseDirectory: String
    /// The folders the spec's files (data files, images, fonts) may be read from; `nil` for a
    /// spec made in code, whose files are read wherever they are.
    public var readRule: ReadRule?
    /// The file the spec came from, for messages; `nil` when it came from elsewhere.
    public var source: String?
    /// The data files its sections take items from (`itemsFrom`), as paths from the current folder.
    public var dataFiles: [String] = []
    /// The app's font files (`fonts:`), in the spec's order; their families may be named wherever
    /// a family is, before the pinned ones.
    public var fonts: [SpecFont] = []
    /// The document and data records the spec was read from, normalized; only when loaded
    /// with `keepingInputs` (see ``Spec/load(path:keepingInputs:allowing:roots:)``).
    public var inputs: SpecInputs?
    /// What the spec says it is reviewed at (`variants:`); `nil` when it says nothing.
    public var variants: SpecVariants?
    /// Where each image path of the items is first written, for messages about the image file.
    ///
    /// Keyed by the path as the items hold it (``SpecItem/image``); empty for a spec made in code.
    public var imagePlaces: [String: SpecPlace] = [:]

    /// Creates a spec from its width and sections.
    public init(
        width: Double, minimumContentHeight: Double = 0, scale: Double = 2, style: SpecStyle = SpecStyle(),
        sections: [SpecSection], baseDirectory: String = "."
    ) {
        self.width = width
        self.minimumContentHeight = minimumContentHeight
        self.scale = scale
        self.style = style
        self.sections = sections
        self.baseDirectory = baseDirectory
    }

    /// The layout engine's input.
    public var configuration: LayoutConfiguration {
        LayoutConfiguration(
            width: width, minimumContentHeight: minimumContentHeight,
            sections: sections.map { section in
                LayoutSection(
                    settings: section.settings, headerHeight: section.header?.height ?? 0,
                    footerHeight: section.footer?.height ?? 0, items: section.items.map(\.layout),
                    hasBackground: section.background != nil)
            }, layoutDirection: layoutDirection, scrollDirection: scrollDirection)
    }

    /// Computes the layout, reporting a geometric problem at its place in the spec.
    ///
    /// A layout taller than ``SpecLimits/maximumLength`` is refused too: every length is within
    /// that bound, but many of them add up past it.
    public func layout() throws(SpecError) -> Layout {
        for (sectionIndex, section) in sections.enumerated() {
            let style = self.style(ofSection: sectionIndex)
            if let index = section.items.firstIndex(where: { $0.isSizedByContent(in: style) }) {
                throw SpecError(
                    file: source, location: "sections[\(sectionIndex)].items[\(index)]",
                    message: "its height comes from its image and text, which only a renderer measures")
            }
            for (name, supplementary) in [("header", section.header), ("footer", section.footer)]
            where supplementary?.isSizedByTitle == true {
                throw SpecError(
                    file: source, location: "sections[\(sectionIndex)].\(name).height",
                    message: "its height comes from its title, which only a renderer measures")
            }
        }
        return try layout(of: configuration)
    }

    /// Lays out `configuration`, reporting a geometric problem at its place in the spec.
    func layout(of configuration: LayoutConfiguration) throws(SpecError) -> Layout {
        let layout: Layout
        do {
            layout = try Layout(configuration)
        } catch {
            throw SpecError(file: source, location: error.path, message: error.message)
        }
        let size = layout.contentSize
        let height = layout.scrollDirection == .horizontal ? size.width : size.height
        guard height <= SpecLimits.maximumLength else {
            throw SpecError(
                file: source, location: Self.firstElement(of: layout, below: SpecLimits.maximumLength),
                message: "the content height exceeds \(Field.format(SpecLimits.maximumLength)) points "
                    + "(it would be \(Field.format(height)))")
        }
        return layout
    }

    /// The spec path of the first element, in document order, that reaches below `y`; empty when
    /// only spacing or insets do.
    private static func firstElement(of layout: Layout, below y: Double) -> String {
        let below =
            layout.scrollDirection == .horizontal
            ? Rect(x: y, y: 0, width: .greatestFiniteMagnitude, height: layout.width)
            : Rect(x: 0, y: y, width: layout.width, height: .greatestFiniteMagnitude)
        // A background reaches as far as its section's cells: name the cell, header or footer.
        guard let element = layout.layoutAttributesForElements(in: below).first(where: { $0.kind != .background })
        else { return "" }
        let section = "sections[\(element.indexPath.section)]"
        switch element.kind {
        case .cell: return section + ".items[\(element.indexPath.item)]"
        case .header: return section + ".header"
        case .footer: return section + ".footer"
        case .background: return section + ".background"
        }
    }
}

/// The columns, insets and spacing a section takes from a Dynamic Type size up, as an app shows
/// fewer columns at accessibility sizes (`fromContentSize: {accessibility1: {columns: 1}}`).
public struct ContentSizeSettings: Sendable, Hashable {
    /// The smallest content size the settings apply at.
    public var from: ContentSizeCategory
    /// The settings from that size up, to the next entry's.
    public var settings: SectionSettings

    /// Creates the settings a section takes from `from` up.
    public init(from: ContentSizeCategory, settings: SectionSettings) {
        self.from = from
        self.settings = settings
    }
}

extension SpecSection {
    /// The section as laid out at `category`: the settings of the last ``settingsFromContentSize``
    /// entry at or below it, its cards spanning at most that many columns (a banner across two
    /// columns spans the one column an accessibility size leaves).
    mutating func applyContentSize(_ category: ContentSizeCategory) {
        let order = ContentSizeCategory.allCases
        guard let index = order.firstIndex(of: category),
            let entry = settingsFromContentSize.last(where: { order.firstIndex(of: $0.from)! <= index })
        else { return }
        settings = entry.settings
        guard settings.adaptiveColumns == nil else { return }
        let columns = settings.columns
        func narrowed(_ item: SpecItem) -> SpecItem? {
            guard case .columns(let span) = item.layout.span, span > columns else { return nil }
            var item = item
            item.layout.span = .columns(columns)
            return item
        }
        for item in items.indices {
            if let narrow = narrowed(items[item]) { items[item] = narrow }
        }
        if laterItems.contains(where: { narrowed($0) != nil }) {
            laterItems = ArraySlice(laterItems.map { narrowed($0) ?? $0 })
        }
    }
}

/// One section of a spec.
public struct SpecSection: Sendable {
    /// The columns, insets and spacing the section is laid out with.
    public var settings: SectionSettings
    /// The section's header, if it has one.
    public var header: SpecSupplementary?
    /// The section's footer, if it has one.
    public var footer: SpecSupplementary?
    /// The section's cards, in order.
    public var items: [SpecItem]
    /// The section's background color; a section that has one has a background element in its layout.
    public var background: Color?
    /// The settings the section takes from a content size up (`fromContentSize`), in order of
    /// size, the first from the smallest size; empty when they never change with the text size.
    public var settingsFromContentSize: [ContentSizeSettings] = []
    /// The section's own style (its `style` over the spec's), when it gives one.
    public var style: SpecStyle?
    /// The section's style in the dark appearance, when the spec has one.
    public var darkStyle: SpecStyle?
    /// The section's background in the dark appearance, when its `style.dark` gives one.
    public var darkBackground: Color?
    /// How many cards a page of the section holds (`pageSize`): the feed shows its first page,
    /// and each "load more" appends the next; `nil` when the section shows every card.
    public var pageSize: Int?
    /// The cards of the pages not loaded yet, in order (see ``Spec/loadingPages(_:)``).
    ///
    /// A slice, so that each page loaded shares the cards still to come instead of copying
    /// them: a clip of 20 pages of a million-card feed held 20 copies (200 MB a page).
    public var laterItems: ArraySlice<SpecItem> = []

    /// Creates a section; by default it has the default settings and nothing in it.
    public init(
        settings: SectionSettings = .default, header: SpecSupplementary? = nil, footer: SpecSupplementary? = nil,
        items: [SpecItem] = [], background: Color? = nil
    ) {
        self.settings = settings
        self.header = header
        self.footer = footer
        self.items = items
        self.background = background
    }
}

/// A header or footer: its height and what it shows.
public struct SpecSupplementary: Sendable, Hashable {
    /// The height in points (its width in a horizontal feed); for one sized by its title, 0 until
    /// the title is measured (see ``isSizedByTitle``).
    public var height: Double
    /// Whether its height comes from its title, wrapped to its width (`height: auto`), as a
    /// self-sizing header's does at every text size.
    public var isSizedByTitle = false
    /// The text it shows, if any.
    public var title: String?
    /// Its fill; when `nil`, none for a header and the default footer fill for a footer.
    public var color: Color?
    /// Where the title sits; `nil` centers it.
    public var align: TextAlignment?
    /// The title's color; the style's when `nil`.
    public var textColor: Color?
    /// The color of a hairline, one device pixel wide, along the edge that faces the cards (a
    /// header's bottom, a footer's top; in a horizontal feed its trailing or leading side); none when `nil`.
    public var separator: Color?
    /// The colours in the dark appearance (`dark: {color, textColor, separator}`), when given.
    public var dark: DarkColors?
    /// Whether a person taps it (`tappable`); when `nil`, a footer with a title is a button and a
    /// header is not.
    public var tappable: Bool?

    /// Creates a header or footer of a height, with what it shows.
    public init(
        height: Double, title: String? = nil, color: Color? = nil, align: TextAlignment? = nil,
        textColor: Color? = nil
    ) {
        self.height = height
        self.title = title
        self.color = color
        self.align = align
        self.textColor = textColor
    }
}

/// One cell: its layout input and what it shows.
public struct SpecItem: Sendable, Hashable {
    /// The layout's input: the card's sizing and span.
    public var layout: LayoutItem
    /// The first line of text, in bold.
    public var title: String?
    /// The second line of text.
    public var subtitle: String?
    /// The card's fill (under an image, its text block's); when `nil`, the style's palette, or
    /// its `card.background` under an image.
    public var color: Color?
    /// A PNG or JPEG path, relative to the spec's folder unless absolute.
    public var image: String?
    /// A third text row, such as a price or a like count.
    public var meta: String?
    /// The text color; when `nil`, white over an image and the style's under it.
    public var textColor: Color?
    /// The colours in the dark appearance (`dark: {color, textColor}`), when given.
    public var dark: DarkColors?
    /// The item's own text styles (`style: {title: {fontSize: 15}}`), over its section's.
    public var text: [TextRole: TextStyle]?
    /// The corner radius in points; the style's when `nil`.
    public var cornerRadius: Double?
    /// The most lines the title wraps to, over the style's.
    public var titleLines: Int?
    /// The image's natural size as `size` gives it; its file's pixel size when `nil`.
    public var imageSize: Size?
    /// The card's height as `height` gives it; `nil` when it comes from the image and the text.
    public var fixedHeight: Double?
    /// Whether a person taps the card (`tappable`); a card is a target unless this is `false`.
    public var tappable: Bool?

    /// Creates a card from its layout input and what it shows.
    public init(
        layout: LayoutItem, title: String? = nil, subtitle: String? = nil, color: Color? = nil, image: String? = nil
    ) {
        self.layout = layout
        self.title = title
        self.subtitle = subtitle
        self.color = color
        self.image = image
        switch layout.sizing {
        case .height(let height): fixedHeight = height
        case .size(let size): imageSize = size
        }
    }
}

/// The look of a rendered spec.
public struct SpecStyle: Sendable, Hashable {
    /// The page color.
    public var background: Color
    /// The cards' corner radius, in points.
    public var cornerRadius: Double
    /// Font families in order of preference.
    public var font: [String]
    /// The title's font size, in points.
    public var fontSize: Double
    /// The text color of cards, headers and footers that give none.
    public var textColor: Color
    /// Colors used in turn for cards without an image and image placeholders, where the item
    /// gives none.
    public var palette: [Color]
    /// How cards lay out their image and text.
    public var card: CardStyle
    /// Each role's text style, where the style gives one (`title: {fontSize: 15}`).
    public var text: [TextRole: TextStyle] = [:]
    /// The Dynamic Type size the text is drawn at; `large` when `nil`.
    ///
    /// A variant sets it (``Spec/atContentSize(_:)``); a spec file does not.
    public var contentSize: ContentSizeCategory?

    /// Creates a style; every parameter left out keeps the spec format's default.
    public init(
        background: Color = Color(red: 0xF4, green: 0xF5, blue: 0xF7),
        cornerRadius: Double = 8,
        font: [String] = SpecStyle.defaultFont,
        fontSize: Double = 13,
        textColor: Color = Color(red: 0x1F, green: 0x23, blue: 0x28),
        palette: [Color] = SpecStyle.defaultPalette,
        card: CardStyle = CardStyle()
    ) {
        self.card = card
        self.background = background
        self.cornerRadius = cornerRadius
        self.font = font
        self.fontSize = fontSize
        self.textColor = textColor
        self.palette = palette
    }

    /// Fonts every machine of ours has, named rather than left to the locale; CJK falls back to Noto.
    public static let defaultFont = ["DejaVu Sans", "Noto Sans CJK SC", "sans-serif"]

    /// Soft, distinguishable card colors.
    public static let defaultPalette: [Color] = [
        "#ffd6a5", "#caffbf", "#9bf6ff", "#bdb2ff", "#ffc6ff", "#fdffb6", "#a0c4ff", "#ffadad",
    ].map { Color(hex: $0)! }
}
