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
                    element.texts = supplementaryTexts(
                        title, of: content, role: role, style: style, in: frame, color: content.textColor ?? text.color,
                        rightToLeft: rightToLeft)
                    element.cuts = Self.cuts(of: [(role, title)], in: element.texts)
                    element.overflowingTexts = Self.overflowing(element.texts, in: frame)
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
                    let card = sizer.layout(of: item, style: style, width: frame.width, imageSize: nil)
                    let texts = overlayTexts(card, in: frame, color: color)
                    element.texts = texts.top + texts.bottom
                    element.overflowingTexts = Self.overflowing(element.texts, in: frame)
                    element.cuts = Self.cuts(
                        of: [(.title, item.title), (.subtitle, item.subtitle), (.meta, item.meta)], in: element.texts)
                    if overImage {
                        if style.card.scrim == .gradient {
                            element.scrims = Self.scrims(
                                title: texts.top, subtitle: texts.bottom, in: frame, padding: card.padding)
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
                    element.overflowingTexts = Self.overflowing(element.texts, in: frame)
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

    /// The scrims behind a card's text over its image: from the top edge to `padding` below the
    /// title's box, and from `padding` above the subtitle's and meta line's boxes to the bottom
    /// edge, darkest at the edge; none where there is no text.
    static func scrims(title: [TextRun], subtitle: [TextRun], in frame: Rect, padding: Double) -> [Scrim] {
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

    /// The roles of `runs` drawn past the top or bottom of `frame`, each once.
    static func overflowing(_ runs: [TextRun], in frame: Rect) -> [String] {
        var roles: [String] = []
        for run in runs where run.frame.minY < frame.minY - 1e-9 || run.frame.maxY > frame.maxY + 1e-9 {
            if let role = run.role, !roles.contains(role) { roles.append(role) }
        }
        return roles
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
    func withEmojiAdvance(_ run: TextRun) -> TextRun {
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
