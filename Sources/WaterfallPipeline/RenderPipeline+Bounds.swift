import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallSpec

extension RenderPipeline {
    /// Whether ``prepare(_:screens:)`` holds the pictures to the pixel limit: ``drawsPictures``
    /// when set, else whether a renderer draws a PNG.
    var holdsPicturesToPixelLimit: Bool {
        drawsPictures ?? renderers.contains { $0.format == .png }
    }

    /// The device pixels per point `spec` is drawn at: ``scale``, else the spec's own.
    func drawingScale(of spec: Spec) -> Double { scale ?? spec.scale }

    /// Throws unless every picture of `spec` laid out as `layout` is within the pixel limit
    /// (`CairoRenderer.maximumPicturePixels`): the whole page, or one screen of `screens`.
    ///
    /// Made from the layout's content size and the scale alone, before the scene is built.
    func checkPictures(of spec: Spec, layout: Layout, screens: Screens?) throws(PictureSizeError) {
        var size = layout.contentSize
        if let screens {
            if layout.scrollDirection == .horizontal {
                size.width = screens.viewport
            } else {
                size.height = screens.viewport
            }
        }
        // An empty page is the renderers' to refuse, as it always was.
        guard size.width > 0, size.height > 0 else { return }
        do {
            try CairoRenderer.checkPicture(size: size, scale: drawingScale(of: spec))
        } catch {
            throw PictureSizeError(
                file: spec.source, isScreen: screens != nil, contentSize: spec.style.contentSize,
                reason: Self.reason(error))
        }
    }

    /// Throws unless the pictures of `spec` can be within the pixel limit, judged before its
    /// cards are measured: from a lower bound of its content length that every card sized by
    /// its content reaches whatever its text measures (see ``Spec/leastContentLength()``).
    ///
    /// A spec whose cards are all sized by their `height` or `size` is left to
    /// ``checkPictures(of:layout:screens:)``, whose layout costs no measuring.
    func checkPicturesBeforeMeasuring(_ spec: Spec, screens: Screens?) throws(PictureSizeError) {
        guard screens == nil, holdsPicturesToPixelLimit, spec.needsCardSizing else { return }
        let least = spec.leastContentLength()
        let scale = drawingScale(of: spec)
        let across = spec.width
        // Only a bound that is already over the limit refuses; the exact check follows the layout.
        guard (least * scale).rounded(.up) * (across * scale).rounded(.up) > Double(CairoRenderer.maximumPicturePixels)
        else { return }
        let size =
            spec.scrollDirection == .horizontal
            ? Size(width: least, height: across) : Size(width: across, height: least)
        do {
            try CairoRenderer.checkPicture(size: size, scale: scale)
        } catch {
            var reason = Self.reason(error)
            // Measured, its cards can only be taller.
            if reason.hasPrefix("the picture is ") {
                reason = "before its text is measured, the picture is at least " + reason.dropFirst(15)
            }
            throw PictureSizeError(
                file: spec.source, isScreen: false, contentSize: spec.style.contentSize, reason: reason)
        }
    }

    /// What `CairoRenderer.checkPicture(size:scale:)` says of a picture it refuses.
    private static func reason(_ error: CairoError) -> String {
        if case .invalidCanvas(let reason) = error { return reason }
        return "\(error)"
    }

    /// Throws at the first card of `layout` less than one device pixel long along the scroll
    /// axis at the scale `spec` is drawn at: a card nobody can see.
    ///
    /// `height: 0` is refused when the spec is decoded; heights under a device pixel depend on
    /// the scale (`--scale`), known only here: `1e-300`, or a `size` whose aspect ratio gives a
    /// card a fraction of a pixel tall.
    ///
    /// - Parameter checked: The items of each section already checked, which are skipped (the
    ///   pages loaded before); none when empty.
    func checkCardsVisible(_ spec: Spec, layout: Layout, checked: [Int] = []) throws(SpecError) {
        let scale = drawingScale(of: spec)
        guard scale.isFinite, scale > 0 else { return }
        let pixel = 1 / scale
        let horizontal = layout.scrollDirection == .horizontal
        for section in spec.sections.indices {
            let count = min(layout.numberOfItems(inSection: section), spec.sections[section].items.count)
            let first = checked.indices.contains(section) ? min(checked[section], count) : 0
            for index in first..<count {
                // A height of two device pixels stays over one in the layout's rounding (at most
                // 1/64 point, see `Placement.gridLanes`): only the others are looked up.
                if let fixed = spec.sections[section].items[index].fixedHeight, fixed >= 2 * pixel { continue }
                guard let frame = layout.layoutAttributesForItem(at: ItemPath(section: section, item: index))?.frame
                else { continue }
                let length = horizontal ? frame.width : frame.height
                // `!(… >= …)` refuses a NaN too.
                guard !(length >= pixel) else { continue }
                throw Self.invisibleCard(
                    spec.sections[section].items[index], at: "sections[\(section)].items[\(index)]", length: length,
                    across: horizontal ? frame.height : frame.width, horizontal: horizontal, scale: scale,
                    file: spec.source)
            }
        }
    }

    private static func invisibleCard(
        _ item: SpecItem, at path: String, length: Double, across: Double, horizontal: Bool, scale: Double,
        file: String?
    ) -> SpecError {
        let (long, wide) = horizontal ? ("width", "height") : ("height", "width")
        let pixel =
            "under one device pixel (\(ShortestNumber.text(1 / scale)) points at scale \(ShortestNumber.text(scale)))"
        if let fixed = item.fixedHeight {
            return SpecError(
                file: file, location: path + "." + long,
                message: "\(ShortestNumber.text(fixed)) is not a \(long) a card can have: it is \(pixel); "
                    + "give at least \(ShortestNumber.text(1 / scale)), or \"auto\"")
        }
        if item.imageSize != nil, item.image == nil {
            return SpecError(
                file: file, location: path + ".size",
                message: "gives a card \(ShortestNumber.text(length)) points \(horizontal ? "wide" : "tall") at its "
                    + "\(wide) of \(ShortestNumber.text(across)) points, \(pixel): nobody could see it")
        }
        return SpecError(
            file: file, location: path,
            message: "sized by its content, the card is \(ShortestNumber.text(length)) points "
                + "\(horizontal ? "wide" : "tall"), \(pixel): give it text, an image or a \(long)")
    }
}

/// A picture over the pixel limit, refused from the layout before its scene is built.
public struct PictureSizeError: UserFacingError {
    /// The spec file, when the spec came from one.
    public var file: String?
    /// Whether the picture is each screen of the page rather than the whole page.
    public var isScreen: Bool
    /// The content size the spec was laid out at; `nil` for the default, `large`.
    public var contentSize: ContentSizeCategory?
    /// What the renderer says of the picture's size.
    public var reason: String

    /// The file, the content size when it is not the default, and the reason, on one line:
    /// `feed.yaml: at content size accessibility5, the picture is 1170×…`.
    public var description: String {
        var parts: [String] = []
        if let contentSize, contentSize != .standard { parts.append("at content size \(contentSize.rawValue)") }
        if isScreen { parts.append("each screen") }
        let context = parts.isEmpty ? "" : parts.joined(separator: ", ") + ", "
        return "\(file.map { "\($0): " } ?? "")\(context)\(reason)".escapedForMessage
    }
}

extension Spec {
    /// A length the content of this vertical feed has at least, whatever its cards' text
    /// measures and its image files hold; 0 for a horizontal feed.
    ///
    /// Each card is taken at the least it can be: its `height`; its `size` scaled to its width;
    /// sized by its content, its image area when `size` gives it (0 when only a file would),
    /// and its padding with one line of each text it has (a text is never less than a line, see
    /// ``CardLayout``). Whatever column each card goes to, a section's columns together hold
    /// every card (a card spanning `n` columns in each of them) and the spacing between them, so
    /// its tallest column is at least their sum over the column count.
    func leastContentLength() -> Double {
        guard scrollDirection == .vertical else { return 0 }
        var total = 0.0
        for (index, section) in sections.enumerated() where !section.items.isEmpty {
            var settings = section.settings
            guard let columns = try? settings.columnCount(forWidth: width), columns >= 1 else { continue }
            settings.columns = columns
            settings.adaptiveColumns = nil
            let style = self.style(ofSection: index)
            // The section's line heights, for cards without text styles of their own.
            let lines = TextRole.cardRoles.map { style.resolved($0).fontSize * style.resolved($0).lineHeight }
            var area = 0.0
            var slots = 0
            for item in section.items {
                let span =
                    switch item.layout.span {
                    case .full: columns
                    case .columns(let count): min(max(count, 1), columns)
                    }
                guard let itemWidth = settings.itemWidth(span: item.layout.span, contentWidth: width) else {
                    continue
                }
                area += Double(span) * Self.leastHeight(of: item, width: itemWidth, style: style, lines: lines)
                slots += span
            }
            let spacing = settings.lineSpacing * Double(max(0, slots - columns))
            total += settings.sectionInset.top + settings.sectionInset.bottom + (area + spacing) / Double(columns)
        }
        return total
    }

    /// The least height `item` can have at `width`, before any text is measured or image read;
    /// `lines` are the heights of a line of its title, subtitle and meta in `style`.
    private static func leastHeight(of item: SpecItem, width: Double, style: SpecStyle, lines: [Double]) -> Double {
        func scaled(_ size: Size) -> Double { size.width > 0 ? width * size.height / size.width : 0 }
        guard item.isSizedByContent(in: style) else {
            if let fixed = item.fixedHeight { return fixed }
            return item.imageSize.map(scaled) ?? 0
        }
        // Over an image the card is the image's, from a file not read yet.
        if style.card.content == .overlay, item.image != nil { return 0 }
        let imageHeight = style.card.content == .below ? item.imageSize.map(scaled) ?? 0 : 0
        let card = style.card
        let applied = item.text == nil ? nil : style.applying(item)
        var height = 0.0
        var rows = 0
        func add(_ text: String?, _ index: Int) {
            guard let text, SceneBuilder.hasDisplayableText(text) else { return }
            if let applied {
                let resolved = applied.resolved(TextRole.cardRoles[index])
                height += resolved.fontSize * resolved.lineHeight
            } else {
                height += lines[index]
            }
            rows += 1
        }
        add(item.title, 0)
        add(item.subtitle, 1)
        add(item.meta, 2)
        guard rows > 0 else { return imageHeight > 0 ? imageHeight : 2 * card.padding }
        return imageHeight + 2 * card.padding + height + card.textSpacing * Double(rows - 1)
    }
}

extension Layout {
    /// The number of items in each section.
    var sectionItemCounts: [Int] {
        (0..<numberOfSections).map { numberOfItems(inSection: $0) }
    }
}

extension TextRole {
    /// A card's texts, in the order it draws them: title, subtitle, meta.
    fileprivate static let cardRoles: [TextRole] = [.title, .subtitle, .meta]
}
