import WaterfallCore
import WaterfallLayout

/// Measures the cards whose height comes from their image and their text, given their width:
/// the spec's `heightForItemAtIndex:itemWidth:`.
public protocol CardSizing {
    /// The sizing of `item`, at `path`, drawn `width` points wide with `style`.
    func sizing(of item: SpecItem, style: SpecStyle, width: Double, at path: ItemPath) throws -> ItemSizing
}

extension SpecItem {
    /// Whether the card's height comes from its image or its text rather than from the spec's
    /// numbers: below the image, unless `height` is given; over it, unless `height` or `size` is.
    public func isSizedByContent(in style: SpecStyle) -> Bool {
        switch style.card.content {
        case .overlay: fixedHeight == nil && imageSize == nil
        case .below: fixedHeight == nil
        }
    }
}

extension Spec {
    /// The style section `index` is drawn with: its own, or the spec's.
    public func style(ofSection index: Int) -> SpecStyle { sections[index].style ?? style }

    /// Whether the spec gives a dark style.
    public var hasDarkAppearance: Bool { darkStyle != nil }

    /// The spec as drawn in `appearance`: in the dark one, every style is its dark style.
    public func inAppearance(_ appearance: Appearance) -> Spec {
        guard appearance == .dark, let darkStyle else { return self }
        var spec = self
        spec.style = darkStyle
        for index in spec.sections.indices {
            if spec.sections[index].style != nil {
                spec.sections[index].style = spec.sections[index].darkStyle ?? darkStyle
            }
            if let background = spec.sections[index].darkBackground {
                spec.sections[index].background = background
            }
        }
        return spec
    }

    /// Whether any card's height comes from its image or its text, so laying it out needs a
    /// ``CardSizing``.
    public var needsCardSizing: Bool {
        sections.indices.contains { index in
            let style = self.style(ofSection: index)
            return sections[index].items.contains { $0.isSizedByContent(in: style) }
        }
    }

    /// Computes the layout, asking `sizer` for every card whose height comes from its content,
    /// given the exact width the layout gives it.
    public func layout(sizing sizer: some CardSizing) throws -> Layout {
        var configuration = self.configuration
        try configuration.measureItems { path, width in
            let style = self.style(ofSection: path.section)
            let item = sections[path.section].items[path.item]
            guard item.isSizedByContent(in: style) else { return nil }
            // A card in a row has a fixed height and a width from its content; its text's height
            // depends on that width, which depends on what the text leaves of the image: no rule
            // is defined yet, so such a card is refused rather than measured as a column's.
            if scrollDirection == .horizontal, style.card.content == .below || item.image == nil {
                throw SpecError(
                    file: source, location: "sections[\(path.section)].items[\(path.item)]",
                    message:
                        "in a horizontal feed a card with text below its image, or without an image, "
                        + "needs a width (such text is not yet measured across a row)")
            }
            return try sizer.sizing(of: item, style: style, width: width, at: path)
        }
        return try layout(of: configuration)
    }
}
