import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// A card's text placed from its ``CardLayout``: the lines a card is measured for are the lines it
/// draws, under its image or over it.
extension SceneBuilder {
    /// The rows of a card's text block under its image area, one run a line; lines that would
    /// reach past the card's bottom padding are left out, so text never leaves its card.
    ///
    /// A line's box is as tall as its ink when the ink reaches below the line (a descender in a
    /// fallback font), up to the card's edge; a line whose ink would cross that edge is left out.
    func textBlock(_ card: CardLayout, in frame: Rect, color: (TextRole) -> Color) -> [TextRun] {
        var runs: [TextRun] = []
        var top = frame.minY + card.imageHeight + card.padding + card.inkAbove
        let bottom = frame.maxY - card.padding - card.inkBelow
        for row in card.rows {
            guard append(row.lines, of: row, top: &top, bottom: bottom, card: card, in: frame, color: color, to: &runs)
            else { break }
            top += card.spacing
        }
        if runs.isEmpty, let first = card.rows.first {
            // Not even a line fits under the image: the first row's first line at the card's
            // bottom, over the image, rather than no text at all.
            runs = [firstLine(of: first, card: card, in: frame, atBottom: true, color: color)]
        }
        return runs
    }

    /// The first line of `row` (ended with "…" when the row has more) in a card with no room for
    /// it where it belongs: at the card's top (`atBottom`: its bottom) within the padding when the
    /// card is tall enough for the line, otherwise from the card's top, reaching past its bottom,
    /// which ``SceneElement/overflowingTexts`` then names.
    func firstLine(
        of row: CardLayout.Row, card: CardLayout, in frame: Rect, atBottom: Bool, color: (TextRole) -> Color
    ) -> TextRun {
        let row = row.lines.count > 1 ? refitted(row, lines: 1, card: card) : row
        let text = row.lines.first ?? ""
        let metrics = measurer.lineMetrics(of: text, fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight)
        let height = max(row.fontSize * row.lineHeight, metrics.height)
        let padding = min(card.padding, max(0, (frame.height - height) / 2))
        var top = atBottom ? frame.maxY - padding - height : frame.minY + padding
        var box = Self.box(top: top, height: height, metrics: metrics, within: frame)
        if box == nil {
            top = frame.minY + (frame.height - height) / 2
            box = Self.box(top: top, height: height, metrics: metrics, within: frame)
        }
        // Past the card's bottom, into the spacing after it, where nothing is drawn over it.
        let placed = box ?? (frame.minY, height)
        return run(text, of: row, box: placed, metrics: metrics, card: card, in: frame, color: color)
    }

    /// One line of `row` as a run in `box`, across the card within its padding.
    private func run(
        _ text: String, of row: CardLayout.Row, box: (top: Double, height: Double), metrics: LineMetrics,
        card: CardLayout, in frame: Rect, color: (TextRole) -> Color
    ) -> TextRun {
        withEmojiAdvance(
            TextRun(
                text: text,
                frame: Rect(
                    // A padding wider than half the card leaves its line no width: it is there,
                    // holding the card's height, and clipped away.
                    x: frame.minX + card.padding, y: box.top, width: max(0, frame.width - 2 * card.padding),
                    height: box.height),
                fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight, color: color(row.role),
                baseline: metrics.baseline, role: row.role.rawValue))
    }

    /// The text of a card whose text is over it: the title's lines from the top, the subtitle's
    /// and the meta line from the bottom, each row placed as ``CardLayout`` measured it, so a card
    /// exactly as tall as its text shows it as `content: below` would.
    ///
    /// A card shorter than its text keeps its title's first line, then the rows at the bottom
    /// (the meta line given up first, then the subtitle's last lines), then as many more title
    /// lines as fit; a row that loses lines ends its last one with "…". When not even the title's
    /// first line fits, it alone is drawn (``firstLine(of:card:in:atBottom:color:)``): a title
    /// never vanishes.
    func overlayTexts(
        _ card: CardLayout, in frame: Rect, color: (TextRole) -> Color
    ) -> (top: [TextRun], bottom: [TextRun]) {
        let available = frame.height - 2 * card.padding - card.inkAbove - card.inkBelow
        let innerBottom = frame.maxY - card.padding - card.inkBelow
        let title = card.rows.first { $0.role == .title }
        var bottomRows = card.rows.filter { $0.role != .title }
        let titleLine = title.map { $0.fontSize * $0.lineHeight } ?? 0
        func bottomHeight(_ rows: [CardLayout.Row]) -> Double {
            rows.isEmpty ? 0 : rows.reduce(0) { $0 + $1.height } + card.spacing * Double(rows.count - 1)
        }
        func fits(titleLines: Int, bottom rows: [CardLayout.Row]) -> Bool {
            let titleHeight = Double(titleLines) * titleLine
            let gap = titleLines > 0 && !rows.isEmpty ? card.spacing : 0
            return titleHeight + gap + bottomHeight(rows) <= available + Self.fitTolerance
        }
        let firstTitleLines = title == nil ? 0 : 1
        // The bottom rows give up lines from the end, the meta line first.
        while !bottomRows.isEmpty, !fits(titleLines: firstTitleLines, bottom: bottomRows) {
            let last = bottomRows.count - 1
            if bottomRows[last].lines.count > 1 {
                bottomRows[last] = refitted(bottomRows[last], lines: bottomRows[last].lines.count - 1, card: card)
            } else {
                bottomRows.removeLast()
            }
        }
        var topRuns: [TextRun] = []
        if var title, fits(titleLines: 1, bottom: bottomRows) {
            var count = 1
            while count < title.lines.count, fits(titleLines: count + 1, bottom: bottomRows) { count += 1 }
            if count < title.lines.count { title = refitted(title, lines: count, card: card) }
            var top = frame.minY + card.padding + card.inkAbove
            _ = append(
                title.lines, of: title, top: &top, bottom: innerBottom, card: card, in: frame,
                color: color, to: &topRuns)
        } else if let title {
            // Not even the title's first line fits: it is drawn anyway, alone.
            return ([firstLine(of: title, card: card, in: frame, atBottom: false, color: color)], [])
        }
        var bottomRuns: [TextRun] = []
        var top = innerBottom - bottomHeight(bottomRows)
        for row in bottomRows {
            guard
                append(
                    row.lines, of: row, top: &top, bottom: innerBottom, card: card, in: frame,
                    color: color, to: &bottomRuns)
            else { break }
            top += card.spacing
        }
        return (topRuns, bottomRuns)
    }

    /// How far a card's rows may reach past its padding and still be drawn, in points: the
    /// rounding of adding up line heights, not a real overflow.
    static let fitTolerance = 1e-6

    /// `row` wrapped again to at most `lines` lines, the last ended with "…".
    func refitted(_ row: CardLayout.Row, lines: Int, card: CardLayout) -> CardLayout.Row {
        var row = row
        let wrapped = measurer.lines(
            row.text, width: max(0, card.textWidth), maxLines: lines, fontFamilies: row.font,
            fontSize: row.fontSize, weight: row.weight)
        row.lines = wrapped.isEmpty ? Array(row.lines.prefix(lines)) : wrapped
        return row
    }

    /// Appends one run a line of `lines` of `row` from `top` down, moving `top` past them; false
    /// when a line would reach past `bottom` or its ink out of the card, which ends the text.
    private func append(
        _ lines: [String], of row: CardLayout.Row, top: inout Double, bottom: Double, card: CardLayout, in frame: Rect,
        color: (TextRole) -> Color, to runs: inout [TextRun]
    ) -> Bool {
        let height = row.fontSize * row.lineHeight
        for text in lines {
            guard top + height <= bottom + Self.fitTolerance else { return false }
            let metrics = measurer.lineMetrics(
                of: text, fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight)
            guard let box = Self.box(top: top, height: height, metrics: metrics, within: frame) else { return false }
            runs.append(run(text, of: row, box: box, metrics: metrics, card: card, in: frame, color: color))
            top += height
        }
        return true
    }
}

/// A header's or footer's title.
extension SceneBuilder {
    /// The title of a header or footer, one run a line, placed along the line as its `align`
    /// says (leading is the left edge, or the right one `rightToLeft`).
    ///
    /// One sized by its title (`height: auto`) shows every line of it from the top, as
    /// ``CardLayout/supplementary(title:role:style:width:maxLines:measurer:)`` measured it. One
    /// of a given height shows one line, ended with "…" when the title is wider, centered down the
    /// box and moved up as far as its ink needs and the box allows. The line is as tall as its
    /// fonts make it when that is more than its line height (a Latin title with CJK in it).
    ///
    /// A title never vanishes: in a box shorter than its line (a 44-point header at an
    /// accessibility size) the line is drawn from the header's top (the footer's bottom) and
    /// reaches past its other edge, and the audit reports it.
    func supplementaryTexts(
        _ title: String, of content: SpecSupplementary, role: TextRole, style: SpecStyle, in frame: Rect,
        color: Color, rightToLeft: Bool
    ) -> [TextRun] {
        let resolved = style.resolved(role)
        let lineHeight = resolved.fontSize * resolved.lineHeight
        let layout = CardLayout.supplementary(
            title: title, role: role, style: style, width: frame.width,
            maxLines: content.isSizedByTitle ? CardLayout.allLines : 1, measurer: measurer)
        guard let row = layout.rows.first, layout.textWidth > 0 else { return [] }
        var align = content.align ?? .leading
        if rightToLeft, align != .center { align = align == .leading ? .trailing : .leading }
        var runs: [TextRun] = []
        var top = frame.minY + layout.padding + layout.inkAbove
        for text in row.lines {
            let metrics = measurer.lineMetrics(
                of: text, fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight)
            let height = max(lineHeight, metrics.height)
            var lineTop = top
            if !content.isSizedByTitle {
                // The whole line centered, then moved up as far as its ink needs and the box allows.
                lineTop = frame.minY + (frame.height - height) / 2
                lineTop = max(
                    frame.minY - min(0, metrics.inkTop),
                    min(lineTop, frame.maxY - max(height, metrics.inkBottom + Self.inkMargin)))
            }
            let box =
                Self.box(top: lineTop, height: height, metrics: metrics, within: frame)
                // Past the edge that faces the section's cards, into the inset between them, so
                // that the first header of a page keeps its top.
                ?? (role == .footer ? frame.maxY - height : frame.minY, height)
            let inset = CardLayout.supplementaryInset(width: frame.width)
            var left = frame.minX + inset
            var width = layout.textWidth
            if align != .leading {
                // The run's box hugs the text (and a point to spare), so every renderer starts it there.
                let textWidth = measurer.width(
                    of: text, fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight)
                width = min(layout.textWidth, textWidth + 1)
                left += align == .center ? (layout.textWidth - width) / 2 : layout.textWidth - width
            }
            runs.append(
                withEmojiAdvance(
                    TextRun(
                        text: text, frame: Rect(x: left, y: box.top, width: width, height: box.height),
                        fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight, color: color,
                        baseline: metrics.baseline, alignment: align == .trailing ? .right : .left,
                        role: role.rawValue)))
            top += lineHeight
        }
        return runs
    }
}
