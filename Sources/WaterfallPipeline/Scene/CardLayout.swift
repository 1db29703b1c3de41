import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Where a card's image area and rows of text go, given its width: the geometry that
/// `docs/LAYOUT.md` describes, used both to size a card and to draw it.
///
/// Under the image (`content: below`) a card is its image area, as tall as the card's width times
/// the image's aspect ratio, then a text block: `padding`, the title's lines, `textSpacing`, the
/// subtitle's lines, `textSpacing`, the meta line, `padding`. A line is `1.25 ×` its font size
/// tall. A card without text has no text block, and one without an image no image area.
public struct CardLayout: Sendable, Hashable {
    /// One row of text: a title, a subtitle or a meta line, wrapped.
    public struct Row: Sendable, Hashable {
        /// The row's text, one string a line.
        public var lines: [String]
        /// The row's font size, in points.
        public var fontSize: Double
        /// Regular or bold.
        public var weight: TextRun.Weight
        /// Which text the row is, for its colour.
        public var role: TextRole = .title
        public var font: [String] = SpecStyle.defaultFont
        /// A line's height as a multiple of the font size.
        public var lineHeight: Double = CardLayout.lineHeight
        /// The whole text the lines are wrapped from, as drawn (see `SceneBuilder.displayable`).
        public var text = ""

        public init(lines: [String], fontSize: Double, weight: TextRun.Weight) {
            self.lines = lines
            self.fontSize = fontSize
            self.weight = weight
        }

        /// The row's height: its lines, each `lineHeight` times its font size.
        public var height: Double { Double(lines.count) * fontSize * lineHeight }
    }

    /// A line box's height as a multiple of its font size.
    public static let lineHeight = 1.25
    /// The subtitle's and the meta line's font size, as a multiple of the style's.
    public static let smallTextScale = 0.92

    /// The image area's height; 0 without one.
    public var imageHeight: Double
    /// The text rows under the image, in order; empty for a card without text.
    public var rows: [Row]
    /// Around the text block, in points.
    public var padding: Double
    /// Between two rows of text, in points.
    public var spacing: Double
    /// The width the rows were wrapped to, in points.
    public var textWidth: Double = 0
    /// How far the first line's ink reaches above the top padding of a card without an image
    /// area (a tall emoji), in points: room the text block keeps above its rows.
    public var inkAbove = 0.0
    /// How far the last line's ink (and its half-point margin) reaches past the bottom padding,
    /// in points: room the text block keeps below its rows, so the last line measured is drawn.
    public var inkBelow = 0.0

    /// The text block's height: 0 without text.
    public var textHeight: Double {
        guard !rows.isEmpty else { return 0 }
        return 2 * padding + inkAbove + inkBelow + rows.reduce(0) { $0 + $1.height }
            + spacing * Double(rows.count - 1)
    }

    /// The card's height when its content sizes it; a card with neither an image area nor text
    /// (`height: auto` with no text, or `title: ""`) is as tall as its padding above and below,
    /// never 0.
    public var height: Double {
        rows.isEmpty && imageHeight == 0 ? 2 * padding : imageHeight + textHeight
    }

    /// The layout of `item`, `width` points wide, drawn with `style`; `imageSize` is the image's
    /// natural size (from `size` or its file), `nil` without an image area.
    public static func make(
        _ item: SpecItem, style: SpecStyle, width: Double, imageSize: Size?, measurer: any TextMeasuring
    ) -> CardLayout {
        let card = style.card
        var imageHeight = 0.0
        if let imageSize, imageSize.width > 0 {
            imageHeight = width * imageSize.height / imageSize.width
        }
        let padding = Self.padding(of: card, width: width)
        let textWidth = width - 2 * padding
        var rows: [Row] = []
        let style = style.applying(item)
        func add(_ text: String?, maxLines: Int, role: TextRole) {
            guard let text else { return }
            if let row = Self.row(
                text, role: role, style: style, width: textWidth, maxLines: maxLines, measurer: measurer)
            {
                rows.append(row)
            }
        }
        add(item.title, maxLines: titleLineLimit(of: item, card: card), role: .title)
        add(item.subtitle, maxLines: card.subtitleLines, role: .subtitle)
        add(item.meta, maxLines: 1, role: .meta)
        var layout = CardLayout(
            imageHeight: imageHeight, rows: rows, padding: padding, spacing: card.textSpacing, textWidth: textWidth)
        layout.measureInk(measurer)
        return layout
    }

    /// `text` in `role` wrapped to at most `maxLines` lines `width` points wide; `nil` when it
    /// has nothing to draw.
    ///
    /// A box narrower than the first character (and its ellipsis) still holds a line of it,
    /// clipped: a card or header sized by its text never collapses.
    static func row(
        _ text: String, role: TextRole, style: SpecStyle, width: Double, maxLines: Int, measurer: any TextMeasuring
    ) -> Row? {
        let displayable = SceneBuilder.displayable(text)
        let resolved = style.resolved(role)
        let weight = TextRun.Weight(resolved.fontWeight)
        var lines =
            width > 0
            ? measurer.lines(
                displayable, width: width, maxLines: maxLines, fontFamilies: resolved.font,
                fontSize: resolved.fontSize, weight: weight) : []
        if lines.isEmpty, let first = firstCharacter(of: displayable) { lines = [first] }
        guard !lines.isEmpty else { return nil }
        var row = Row(lines: lines.map(bounded), fontSize: resolved.fontSize, weight: weight)
        row.role = role
        row.font = resolved.font
        row.lineHeight = resolved.lineHeight
        row.text = displayable
        return row
    }

    /// Finds ``inkAbove`` and ``inkBelow`` from the first and last lines' ink.
    mutating func measureInk(_ measurer: any TextMeasuring) {
        guard let first = rows.first, let firstLine = first.lines.first, let last = rows.last,
            let lastLine = last.lines.last
        else { return }
        if imageHeight == 0 {
            let metrics = measurer.lineMetrics(
                of: firstLine, fontFamilies: first.font, fontSize: first.fontSize, weight: first.weight)
            inkAbove = max(0, -metrics.inkTop - padding)
        }
        let metrics = measurer.lineMetrics(
            of: lastLine, fontFamilies: last.font, fontSize: last.fontSize, weight: last.weight)
        inkBelow = max(0, metrics.inkBottom + SceneBuilder.inkMargin - last.fontSize * last.lineHeight - padding)
    }

    /// The layout of a header's or footer's title, `width` points wide, in `role` drawn with
    /// `style`: its lines wrapped to at most `maxLines` within the horizontal inset
    /// (``supplementaryInset(width:)``), between ``supplementaryPadding`` above and below.
    public static func supplementary(
        title: String, role: TextRole, style: SpecStyle, width: Double, maxLines: Int, measurer: any TextMeasuring
    ) -> CardLayout {
        let textWidth = width - 2 * supplementaryInset(width: width)
        let rows = [row(title, role: role, style: style, width: textWidth, maxLines: maxLines, measurer: measurer)]
            .compactMap { $0 }
        var layout = CardLayout(
            imageHeight: 0, rows: rows, padding: supplementaryPadding, spacing: 0, textWidth: max(0, textWidth))
        layout.measureInk(measurer)
        return layout
    }

    /// Above and below a header's or footer's title when its height comes from it, in points.
    public static let supplementaryPadding = 8.0

    /// A header's or footer's title's inset from its leading and trailing edges: 12 points, at
    /// most a quarter of its width.
    public static func supplementaryInset(width: Double) -> Double { min(12, max(0, width / 4)) }

    /// The padding around a card's text: the style's, and over the card at most a quarter of its
    /// width, so a narrow card keeps room for its text.
    public static func padding(of card: CardStyle, width: Double) -> Double {
        card.content == .overlay ? min(card.padding, max(0, width / 4)) : card.padding
    }

    /// The most lines `item`'s title wraps to: its own `titleLines`, else the style's; when
    /// neither gives one, 2 under an image, and over the card 1, or every line (at most
    /// ``allLines``) when the card is sized by its text (`height: auto` without an image), as a
    /// label with no line limit in a self-sizing cell wraps: the card shows all of it.
    public static func titleLineLimit(of item: SpecItem, card: CardStyle) -> Int {
        if let lines = item.titleLines ?? card.titleLines { return lines }
        switch card.content {
        case .below: return 2
        case .overlay:
            let sizedByText = item.fixedHeight == nil && item.image == nil && item.imageSize == nil
            return sizedByText ? allLines : 1
        }
    }

    /// The most lines a text with no line limit wraps to: far more than any card shows, and a
    /// bound on what measuring a very long text costs.
    public static let allLines = 1_000

    /// The first character of `text` as one line draws it (a line break as a space), at most
    /// ``maximumClippedScalars`` of its scalars; `nil` for empty text.
    ///
    /// A character may be a sequence of any length (19 people joined by ZWJ are one), so the
    /// line it makes is bounded.
    static func firstCharacter(of text: String) -> String? {
        guard let first = text.first else { return nil }
        if first.isNewline { return " " }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: first.unicodeScalars.prefix(maximumClippedScalars))
        return String(scalars)
    }

    /// `line`, or when it is one character wider than its box (a long ZWJ sequence Pango cannot
    /// break), its first ``maximumClippedScalars`` scalars: a line a text makes is bounded.
    static func bounded(_ line: String) -> String {
        guard line.count == 1, line.unicodeScalars.count > maximumClippedScalars else { return line }
        return firstCharacter(of: line) ?? line
    }

    /// The most scalars the clipped line of a text too wide for its box keeps.
    static let maximumClippedScalars = 64
}

extension TextRun.Weight {
    /// The weight a spec asks for.
    public init(_ weight: FontWeight) {
        self = weight == .bold ? .bold : .regular
    }
}
