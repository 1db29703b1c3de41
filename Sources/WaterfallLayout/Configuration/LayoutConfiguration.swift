/// Everything a layout is computed from: the width, a minimum height and the sections.
///
/// A horizontal feed (``scrollDirection`` `.horizontal`) is the same contract with x and y
/// swapped: ``width`` is then the fixed height the rows fill, ``minimumContentHeight`` the
/// minimum content width, insets' top and left (bottom and right) trade places, an item's
/// `.height` is its width and its `.size` is scaled to the row height.
public struct LayoutConfiguration: Sendable, Hashable {
    /// The fixed extent across the scroll direction, greater than 0: the collection view's width
    /// in a vertical feed, its height in a horizontal one.
    public var width: Double
    /// The content is at least this long along the scroll direction.
    public var minimumContentHeight: Double
    /// The sections, laid out one after another.
    public var sections: [LayoutSection]
    /// Right to left mirrors every frame.
    public var layoutDirection: LayoutDirection
    /// Whether the feed grows downwards (vertical) or sideways (horizontal).
    public var scrollDirection: ScrollDirection

    /// Creates a configuration from its width and sections.
    public init(
        width: Double, minimumContentHeight: Double = 0, sections: [LayoutSection],
        layoutDirection: LayoutDirection = .leftToRight, scrollDirection: ScrollDirection = .vertical
    ) {
        self.width = width
        self.minimumContentHeight = minimumContentHeight
        self.sections = sections
        self.layoutDirection = layoutDirection
        self.scrollDirection = scrollDirection
    }

    /// A horizontal feed of rows across `height`, growing in width.
    public static func horizontal(
        height: Double, minimumContentWidth: Double = 0, sections: [LayoutSection],
        layoutDirection: LayoutDirection = .leftToRight
    ) -> LayoutConfiguration {
        LayoutConfiguration(
            width: height, minimumContentHeight: minimumContentWidth, sections: sections,
            layoutDirection: layoutDirection, scrollDirection: .horizontal)
    }

    /// Reads the sections from a delegate, the way a `UICollectionViewLayout` asks its data source.
    public init(
        width: Double, minimumContentHeight: Double = 0, delegate: some WaterfallLayoutDelegate,
        layoutDirection: LayoutDirection = .leftToRight, scrollDirection: ScrollDirection = .vertical
    ) {
        let sections = (0..<delegate.numberOfSections).map { section in
            LayoutSection(
                settings: delegate.settings(forSection: section),
                headerHeight: delegate.headerHeight(inSection: section),
                footerHeight: delegate.footerHeight(inSection: section),
                items: (0..<delegate.numberOfItems(inSection: section)).map { item in
                    let indexPath = ItemPath(section: section, item: item)
                    return LayoutItem(
                        sizing: delegate.sizingForItem(at: indexPath), span: delegate.spanForItem(at: indexPath))
                }, hasBackground: delegate.hasBackground(inSection: section))
        }
        self.init(
            width: width, minimumContentHeight: minimumContentHeight, sections: sections,
            layoutDirection: layoutDirection, scrollDirection: scrollDirection)
    }
}
