import WaterfallCore
import WaterfallLayout

/// Measures the cards whose height comes from their image and their text, given their width:
/// the spec's `heightForItemAtIndex:itemWidth:`.
public protocol CardSizing {
    /// The sizing of `item`, at `path`, drawn `width` points wide with `style`.
    func sizing(of item: SpecItem, style: SpecStyle, width: Double, at path: ItemPath) throws -> ItemSizing

    /// The height of a header or footer sized by its title (`height: auto`), `width` points wide,
    /// its title drawn in `role` with `style`.
    func height(of supplementary: SpecSupplementary, role: TextRole, style: SpecStyle, width: Double) throws -> Double
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

    /// Whether the spec gives a dark colour anywhere: a `style.dark` (the spec's or a section's),
    /// or a header's, a footer's or an item's `dark`.
    public var hasDarkAppearance: Bool {
        darkStyle != nil
            || sections.contains { section in
                section.darkStyle != nil || section.darkBackground != nil || section.header?.dark != nil
                    || section.footer?.dark != nil || section.items.contains { $0.dark != nil }
            }
    }

    /// The spec as drawn in `appearance`: in the dark one, every style is its dark style and every
    /// header, footer and item takes its `dark` colours.
    public func inAppearance(_ appearance: Appearance) -> Spec {
        guard appearance == .dark, hasDarkAppearance else { return self }
        var spec = self
        if let darkStyle { spec.style = darkStyle }
        for index in spec.sections.indices {
            if let dark = spec.sections[index].darkStyle {
                spec.sections[index].style = dark
            }
            if let background = spec.sections[index].darkBackground {
                spec.sections[index].background = background
            }
            spec.sections[index].header?.applyDark()
            spec.sections[index].footer?.applyDark()
            if spec.sections[index].items.contains(where: { $0.dark != nil }) {
                for item in spec.sections[index].items.indices where spec.sections[index].items[item].dark != nil {
                    spec.sections[index].items[item].applyDark()
                }
            }
        }
        return spec
    }

    /// The spec as drawn at a Dynamic Type size: every style, light and dark, the spec's and each
    /// section's, draws its text at `category`, so cards sized by their text are measured again.
    ///
    /// - Parameter category: The content size category; `large` draws the spec as it is.
    public func atContentSize(_ category: ContentSizeCategory) -> Spec {
        var spec = self
        let given: ContentSizeCategory? = category == .standard ? nil : category
        spec.style.contentSize = given
        spec.darkStyle?.contentSize = given
        for index in spec.sections.indices {
            spec.sections[index].style?.contentSize = given
            spec.sections[index].darkStyle?.contentSize = given
            if !spec.sections[index].settingsFromContentSize.isEmpty {
                spec.sections[index].applyContentSize(category)
            }
        }
        return spec
    }

    /// Whether any card's height comes from its image or its text, so laying it out needs a
    /// ``CardSizing``.
    public var needsCardSizing: Bool {
        sections.indices.contains { index in
            let style = self.style(ofSection: index)
            let section = sections[index]
            return section.header?.isSizedByTitle == true || section.footer?.isSizedByTitle == true
                || section.items.contains { $0.isSizedByContent(in: style) }
        }
    }

    /// Computes the layout, asking `sizer` for every card whose height comes from its content,
    /// given the exact width the layout gives it.
    public func layout(sizing sizer: some CardSizing) throws -> Layout {
        try layout(of: measuredConfiguration(sizing: sizer))
    }

    /// The layout engine's input with every card measured as ``layout(sizing:)`` measures it: the
    /// items a layout grown through the incremental API appends.
    public func measuredConfiguration(sizing sizer: some CardSizing) throws -> LayoutConfiguration {
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
        for (index, section) in sections.enumerated() {
            for (name, supplementary) in [("header", section.header), ("footer", section.footer)]
            where supplementary?.isSizedByTitle == true && scrollDirection == .horizontal {
                throw SpecError(
                    file: source, location: "sections[\(index)].\(name).height",
                    message:
                        "in a horizontal feed a header or footer needs a width (\"auto\" sizes one by its title "
                        + "only down a vertical feed)")
            }
            let settings = configuration.sections[index].settings
            let style = self.style(ofSection: index)
            if let header = section.header, header.isSizedByTitle {
                let inset = settings.headerInset
                configuration.sections[index].headerHeight = try sizer.height(
                    of: header, role: .header, style: style, width: width - inset.left - inset.right)
            }
            if let footer = section.footer, footer.isSizedByTitle {
                let inset = settings.footerInset
                configuration.sections[index].footerHeight = try sizer.height(
                    of: footer, role: .footer, style: style, width: width - inset.left - inset.right)
            }
        }
        return configuration
    }
}
