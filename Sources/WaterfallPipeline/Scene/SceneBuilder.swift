import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Turns a spec and its computed layout into the scene every renderer draws.
public struct SceneBuilder {
    /// Measures text with the fonts the renderers draw.
    public var measurer: any TextMeasuring
    /// What to draw for an image that cannot be read.
    public var missingImages: MissingImagePolicy
    /// Decodes an image once to prove it whole, so that a corrupt file is reported at its item
    /// before anything is drawn; `nil` checks only the header.
    public var imageValidator: (@Sendable (SceneImage) throws -> Void)?

    /// Inner padding of a card's text, in points.
    static let padding = 8.0
    /// Line box height as a multiple of the font size.
    static let lineHeight = 1.25
    static let placeholderFill = Color(hex: "#d5d9df")!
    static let placeholderStroke = Color(hex: "#9aa1ab")!
    static let footerFill = Color(hex: "#e3e6ea")!

    /// Creates a builder that measures with `measurer`.
    public init(
        measurer: any TextMeasuring, missingImages: MissingImagePolicy = .error,
        imageValidator: (@Sendable (SceneImage) throws -> Void)? = nil
    ) {
        self.measurer = measurer
        self.missingImages = missingImages
        self.imageValidator = imageValidator
    }

    /// The scene for `spec` laid out as `layout`, at `scale` device pixels per point; with
    /// `pixelSnapping: device`, its edges on that scale's device pixels.
    ///
    /// - Parameters:
    ///   - spec: The spec to draw.
    ///   - layout: The spec's layout, as ``CardSizer`` measured it when its cards are sized by content.
    ///   - scale: Device pixels per point; the spec's own when `nil`.
    ///   - images: The spec's images, shared with the ``CardSizer`` that sized the layout; a new
    ///     set when `nil`.
    ///   - sizer: The sizer that measured the cards, whose measurements are reused; a new one
    ///     when `nil`.
    public func scene(
        for spec: Spec, layout: Layout, scale: Double? = nil, images: SceneImages? = nil, sizer: CardSizer? = nil
    ) throws(SpecError) -> Scene {
        let images =
            images
            ?? SceneImages(
                base: spec.baseDirectory, readRule: spec.readRule, validator: imageValidator, places: spec.imagePlaces)
        let sizer =
            sizer
            ?? CardSizer(measurer: measurer, images: images, missingImages: missingImages, source: spec.source)
        var elements: [SceneElement] = []
        var cardIndex = 0
        let rightToLeft = spec.layoutDirection == .rightToLeft
        for attributes in layout.layoutAttributesForAllElements() {
            let sectionIndex = attributes.indexPath.section
            let section = spec.sections[sectionIndex]
            let style = spec.style(ofSection: sectionIndex)
            let frame = attributes.frame
            switch attributes.kind {
            case .background:
                elements.append(
                    SceneElement(
                        kind: .background, section: attributes.indexPath.section, item: nil, frame: frame,
                        fill: section.background ?? Color(red: 0, green: 0, blue: 0, alpha: 0), cornerRadius: 0))
            case .header, .footer:
                let content = (attributes.kind == .header ? section.header : section.footer)!
                let isHeader = attributes.kind == .header
                var element = SceneElement(
                    kind: attributes.kind, section: sectionIndex, item: nil, frame: frame,
                    fill: content.color ?? (isHeader ? Color(red: 0, green: 0, blue: 0, alpha: 0) : Self.footerFill),
                    cornerRadius: isHeader ? 0 : style.cornerRadius)
                let role: TextRole = isHeader ? .header : .footer
                if let title = content.title {
                    let text = style.resolved(role)
                    element.texts = line(
                        title, in: frame, text: text, color: content.textColor ?? text.color, centered: true,
                        align: content.align ?? .leading, rightToLeft: rightToLeft, role: role)
                    element.cuts = Self.cuts(of: [(role, title)], in: element.texts)
                }
                // A footer with a title is a button ("Load more"); a header is a target only when marked.
                element.isTarget = content.tappable ?? (!isHeader && content.title != nil)
                if let separator = content.separator {
                    element.scrims = [
                        Self.separator(
                            separator, of: frame, isHeader: isHeader, horizontal: spec.scrollDirection == .horizontal,
                            rightToLeft: rightToLeft, scale: scale ?? spec.scale)
                    ]
                }
                elements.append(element)
            case .cell:
                let item = section.items[attributes.indexPath.item]
                // The palette colours cards without an image and image placeholders; every card
                // takes its turn, so a card's colour does not depend on its neighbours' images.
                let paletteColor = style.palette[cardIndex % style.palette.count]
                let fill = item.color ?? paletteColor
                cardIndex += 1
                var element = SceneElement(
                    kind: .cell, section: sectionIndex, item: attributes.indexPath.item, frame: frame,
                    fill: fill, cornerRadius: item.cornerRadius ?? style.cornerRadius)
                element.isTarget = item.tappable ?? true
                let itemStyle = style.applying(item)
                var overImage = false
                var imageSize = item.imageSize
                if let path = item.image {
                    let location = "sections[\(sectionIndex)].items[\(attributes.indexPath.item)].image"
                    do {
                        let image = try images.image(path, file: spec.source, location: location)
                        element.image = image
                        imageSize =
                            imageSize ?? Size(width: Double(image.pixelWidth), height: Double(image.pixelHeight))
                        overImage = style.card.content == .overlay
                    } catch {
                        guard missingImages == .placeholder else { throw error }
                        element.fill = Self.placeholderFill
                        element.stroke = Stroke(color: Self.placeholderStroke, width: 1)
                        imageSize = imageSize ?? Size(width: 1, height: 1)
                    }
                }
                // The item's own role colour, its textColor, then the section's; text over an image
                // is white unless the spec says otherwise.
                let color = { (role: TextRole) -> Color in
                    if let own = item.text?[role]?.color { return own }
                    if let given = item.textColor { return given }
                    return overImage ? style.text[role]?.color ?? .white : style.resolved(role).color
                }
                switch style.card.content {
                case .overlay:
                    let texts = cardTexts(item, frame: frame, color: color, style: itemStyle)
                    element.texts = texts.title + texts.subtitle
                    element.cuts = Self.cuts(of: [(.title, item.title), (.subtitle, item.subtitle)], in: element.texts)
                    if overImage {
                        if style.card.scrim == .gradient {
                            element.scrims = Self.scrims(title: texts.title, subtitle: texts.subtitle, in: frame)
                        }
                        if style.card.textShadow {
                            for index in element.texts.indices { element.texts[index].shadow = Self.textShadow }
                        }
                    }
                case .below:
                    let card = sizer.layout(of: item, style: style, width: frame.width, imageSize: imageSize)
                    if card.imageHeight > 0 {
                        element.imageFrame = Rect(
                            x: frame.minX, y: frame.minY, width: frame.width,
                            height: min(card.imageHeight, frame.height))
                        // The text block under an image, or under the place of one only sized
                        // (drawn in the palette's colour), is the card's; a missing image keeps
                        // its placeholder.
                        if item.image == nil { element.imageFill = paletteColor }
                        if element.image != nil || item.image == nil {
                            element.fill = item.color ?? style.card.background
                        }
                    }
                    element.texts = textBlock(card, in: frame, color: color)
                    element.cuts = Self.cuts(of: card.rows.map { ($0.role, $0.text) }, in: element.texts)
                }
                // A right-to-left layout's card text keeps to the trailing (right) edge.
                if rightToLeft {
                    for index in element.texts.indices { element.texts[index].alignment = .right }
                }
                elements.append(element)
            }
        }
        var scene = Scene(
            size: layout.contentSize, background: spec.style.background, scale: scale ?? spec.scale,
            elements: elements)
        // Drawn with the fonts it was measured with.
        scene.fonts = sizer.measurer.fonts
        // Emoji as pictures where a viewer may not draw colour glyphs (librsvg, in SVG).
        scene.glyphPictures = CairoGlyphPictures()
        scene.grid = SceneGrid(
            width: layout.width, layoutDirection: spec.layoutDirection, scrollDirection: spec.scrollDirection,
            sections: spec.sections.indices.map { index in
                var settings = spec.sections[index].settings
                // The count the layout chose: in a horizontal feed, across its height, between the
                // top and bottom insets.
                var across = settings
                if spec.scrollDirection == .horizontal {
                    let inset = settings.sectionInset
                    across.sectionInset = EdgeInsets(
                        top: inset.left, left: inset.top, bottom: inset.right, right: inset.bottom)
                }
                settings.columns = (try? across.columnCount(forWidth: layout.width)) ?? settings.columns
                settings.adaptiveColumns = nil
                // CSS's `1em` in the section: its font size as Dynamic Type scales it, as the cards' text is.
                let style = spec.style(ofSection: index)
                return SceneGrid.Section(
                    settings: settings, spans: spec.sections[index].items.map(\.layout.span),
                    fontSize: DynamicTypeStyle.body.scaled(style.fontSize, at: style.contentSize ?? .standard))
            })
        return spec.pixelSnapping == .device ? scene.snappedToDevicePixels() : scene
    }

    /// The rows of a card's text block under its image area, one run a line; lines that would
    /// reach past the card's bottom padding are left out, so text never leaves its card.
    ///
    /// A line's box is as tall as its ink when the ink reaches below the line (a descender in a
    /// fallback font), up to the card's edge; a line whose ink would cross that edge is left out.
    private func textBlock(_ card: CardLayout, in frame: Rect, color: (TextRole) -> Color) -> [TextRun] {
        var runs: [TextRun] = []
        var top = frame.minY + card.imageHeight + card.padding
        let bottom = frame.maxY - card.padding
        for row in card.rows {
            let height = row.fontSize * row.lineHeight
            for text in row.lines {
                guard top + height <= bottom + 1e-9 else { return runs }
                let metrics = measurer.lineMetrics(
                    of: text, fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight)
                guard let box = Self.box(top: top, height: height, metrics: metrics, within: frame) else {
                    return runs
                }
                runs.append(
                    withEmojiAdvance(
                        TextRun(
                            text: text,
                            frame: Rect(
                                // A padding wider than half the card leaves its line no width: it is
                                // there, holding the card's height, and clipped away.
                                x: frame.minX + card.padding, y: box.top, width: max(0, frame.width - 2 * card.padding),
                                height: box.height),
                            fontFamilies: row.font, fontSize: row.fontSize, weight: row.weight, color: color(row.role),
                            baseline: metrics.baseline, role: row.role.rawValue)))
                top += height
            }
            top += card.spacing
        }
        return runs
    }

    /// The top and height of a line's box starting at `top`: at least `height`, and tall enough
    /// for the line's ink, without leaving `element`; `nil` when the ink would leave it.
    static func box(top: Double, height: Double, metrics: LineMetrics, within element: Rect)
        -> (top: Double, height: Double)?
    {
        // Half a point past the ink: Cairo places glyph bitmaps to a quarter of a device pixel
        // and anti-aliases their edges, a device pixel or so at any scale the renders use.
        let inkBottom = metrics.inkBottom + Self.inkMargin
        guard top + min(0, metrics.inkTop) >= element.minY - 1e-9, top + inkBottom <= element.maxY + 1e-9 else {
            return nil
        }
        return (top, min(max(height, inkBottom), element.maxY - top))
    }

    /// How far a line's box reaches past its glyphs' ink, in points.
    static let inkMargin = 0.5

    /// How dark a scrim is at the card's edge: black at 45%, as photo apps shade a caption.
    static let scrimEdge = Color(red: 0, green: 0, blue: 0, alpha: 115)
    /// Where a scrim has faded out.
    static let scrimClear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// The shadow of text over an image: 1 point down, black at 40%, no blur.
    static let textShadow = TextShadow(offset: Point(x: 0, y: 1), color: Color(red: 0, green: 0, blue: 0, alpha: 102))

    /// The text's padding from the edges of a card whose text is over it.
    static func overlayPadding(width: Double) -> Double { min(padding, width / 4) }

    /// A header's or footer's separator: a one-colour scrim a device pixel wide along the edge
    /// that faces its section's cards, drawn over its fill and behind its title by every renderer.
    static func separator(
        _ color: Color, of frame: Rect, isHeader: Bool, horizontal: Bool, rightToLeft: Bool, scale: Double
    ) -> Scrim {
        let width = min(1 / scale, horizontal ? frame.width : frame.height)
        let strip: Rect
        if horizontal {
            // The cards follow a header on its right (its left when mirrored), and precede a footer.
            let atRight = isHeader != rightToLeft
            strip = Rect(
                x: atRight ? frame.maxX - width : frame.minX, y: frame.minY, width: width, height: frame.height)
        } else {
            strip = Rect(
                x: frame.minX, y: isHeader ? frame.maxY - width : frame.minY, width: frame.width, height: width)
        }
        return Scrim(frame: strip, top: color, bottom: color)
    }

    /// The scrims behind a card's text over its image: from the top edge to a padding below the
    /// title's box, and from a padding above the subtitle's box to the bottom edge, darkest at
    /// the edge; none where there is no text.
    static func scrims(title: [TextRun], subtitle: [TextRun], in frame: Rect) -> [Scrim] {
        let padding = overlayPadding(width: frame.width)
        var scrims: [Scrim] = []
        if let bottom = title.map(\.frame.maxY).max() {
            let height = min(frame.height, bottom + padding - frame.minY)
            scrims.append(
                Scrim(
                    frame: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: height), top: scrimEdge,
                    bottom: scrimClear))
        }
        if let top = subtitle.map(\.frame.minY).min() {
            let height = min(frame.height, frame.maxY - (top - padding))
            scrims.append(
                Scrim(
                    frame: Rect(x: frame.minX, y: frame.maxY - height, width: frame.width, height: height),
                    top: scrimClear, bottom: scrimEdge))
        }
        return scrims
    }

    /// A title at the top and a subtitle at the bottom of a card, when they fit.
    private func cardTexts(_ item: SpecItem, frame: Rect, color: (TextRole) -> Color, style: SpecStyle) -> (
        title: [TextRun], subtitle: [TextRun]
    ) {
        let padding = Self.overlayPadding(width: frame.width)
        let inner = Rect(
            x: frame.minX + padding, y: frame.minY + padding, width: frame.width - 2 * padding,
            height: frame.height - 2 * padding)
        let titleText = style.resolved(.title)
        let subtitleText = style.resolved(.subtitle)
        let titleHeight = titleText.fontSize * titleText.lineHeight
        let subtitleHeight = subtitleText.fontSize * subtitleText.lineHeight
        var runs: (title: [TextRun], subtitle: [TextRun]) = ([], [])
        if let title = item.title, inner.height >= titleHeight {
            runs.title = line(
                title, in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: titleHeight),
                text: titleText, color: color(.title), centered: false, within: frame, keepsFirstCharacter: true,
                role: .title)
        }
        if let subtitle = item.subtitle, inner.height >= titleHeight + subtitleHeight + 2 {
            runs.subtitle = line(
                subtitle,
                in: Rect(x: inner.minX, y: inner.maxY - subtitleHeight, width: inner.width, height: subtitleHeight),
                text: subtitleText, color: color(.subtitle), centered: false, within: frame,
                keepsFirstCharacter: true, role: .subtitle)
        }
        return runs
    }

    /// One line of text fitted to `box` (vertically centered in it when `centered`), placed
    /// along the line as `align` says: leading is the left edge, or the right one `rightToLeft`.
    ///
    /// The line is as tall as its fonts make it when that is more than `lineHeight` times its
    /// size (a Latin title with CJK in it), and its run's box reaches down to its ink, so no
    /// glyph is cut; a line whose ink would leave `element` (the box when `nil`) is left out.
    /// A card's text narrower than its first character (and an ellipsis) keeps that character,
    /// clipped (`keepsFirstCharacter`), as ``CardLayout`` sizes it.
    private func line(
        _ text: String, in box: Rect, text style: ResolvedTextStyle, color: Color, centered: Bool,
        align: TextAlignment = .leading, rightToLeft: Bool = false, within element: Rect? = nil,
        keepsFirstCharacter: Bool = false, role: TextRole
    ) -> [TextRun] {
        let size = style.fontSize
        let weight = TextRun.Weight(style.fontWeight)
        let font = style.font
        var align = align
        if rightToLeft, align != .center { align = align == .leading ? .trailing : .leading }
        let horizontal = centered ? min(12, box.width / 4) : 0
        let width = box.width - 2 * horizontal
        guard width > 0, box.height >= size * style.lineHeight || !centered else { return [] }
        let displayable = Self.displayable(text)
        var fitted = measurer.fitting(displayable, width: width, fontFamilies: font, fontSize: size, weight: weight)
        if fitted.isEmpty, keepsFirstCharacter { fitted = CardLayout.firstCharacter(of: displayable) ?? "" }
        guard !fitted.isEmpty else { return [] }
        let metrics = measurer.lineMetrics(of: fitted, fontFamilies: font, fontSize: size, weight: weight)
        let height = max(size * style.lineHeight, metrics.height)
        var top = box.minY
        if centered {
            // The whole line centered, then moved up as far as its ink needs and the box allows.
            top = box.minY + (box.height - height) / 2
            top = max(
                box.minY - min(0, metrics.inkTop),
                min(top, box.maxY - max(height, metrics.inkBottom + Self.inkMargin)))
        }
        guard let lineBox = Self.box(top: top, height: height, metrics: metrics, within: element ?? box) else {
            return []
        }
        var left = box.minX + horizontal
        var runWidth = width
        if align != .leading {
            // The run's box hugs the text (and a point to spare), so every renderer starts it there.
            let textWidth = measurer.width(of: fitted, fontFamilies: font, fontSize: size, weight: weight)
            runWidth = min(width, textWidth + 1)
            left += align == .center ? (width - runWidth) / 2 : width - runWidth
        }
        return [
            withEmojiAdvance(
                TextRun(
                    text: fitted, frame: Rect(x: left, y: lineBox.top, width: runWidth, height: lineBox.height),
                    fontFamilies: font, fontSize: size, weight: weight, color: color, baseline: metrics.baseline,
                    alignment: align == .trailing ? .right : .left, role: role.rawValue))
        ]
    }

    /// The texts of an element drawn cut short: each of `texts` (a role and its text, `nil` for
    /// none) against the lines of `runs` drawn in that role.
    static func cuts(of texts: [(TextRole, String?)], in runs: [TextRun]) -> [TextCut] {
        texts.compactMap { role, text in
            guard let text else { return nil }
            let shown = runs.filter { $0.role == role.rawValue }.map(\.text)
            return TextCut(text: displayable(text), shownLines: shown, role: role.rawValue)
        }
    }

    /// `run` with its emoji's advance, when it has emoji.
    private func withEmojiAdvance(_ run: TextRun) -> TextRun {
        guard run.text.unicodeScalars.contains(where: { $0.value > 0x7F }), run.text.contains(where: \.isEmojiGlyph)
        else { return run }
        var run = run
        run.emojiAdvance = measurer.emojiAdvance(fontSize: run.fontSize)
        return run
    }

    /// The text as every renderer draws it: control characters and bidirectional overrides or
    /// embeddings removed, so a title cannot reorder or hide the text around it.
    static func displayable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x09 || value == 0x0A || value == 0x0D {
                scalars.append(" ")
                continue
            }
            if isDrawn(scalar) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Whether ``displayable(_:)`` of `text` is not empty, without making it.
    static func hasDisplayableText(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: return true
            default: if isDrawn(scalar) { return true }
            }
        }
        return false
    }

    /// Whether `scalar` is drawn as it is: neither a control character nor a bidirectional one.
    private static func isDrawn(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
        return !isControl && !scalar.isBidiControl
    }
}
