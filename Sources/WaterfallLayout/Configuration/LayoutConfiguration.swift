/// Everything a layout is computed from: the width, a minimum height and the sections.
public struct LayoutConfiguration: Sendable, Hashable {
    /// The collection view's width in points, greater than 0.
    public var width: Double
    /// The content is at least this tall.
    public var minimumContentHeight: Double
    public var sections: [LayoutSection]

    public init(width: Double, minimumContentHeight: Double = 0, sections: [LayoutSection]) {
        self.width = width
        self.minimumContentHeight = minimumContentHeight
        self.sections = sections
    }

    /// Reads the sections from a delegate, the way a `UICollectionViewLayout` asks its data source.
    public init(width: Double, minimumContentHeight: Double = 0, delegate: some WaterfallLayoutDelegate) {
        let sections = (0..<delegate.numberOfSections).map { section in
            LayoutSection(
                settings: delegate.settings(forSection: section),
                headerHeight: delegate.headerHeight(inSection: section),
                footerHeight: delegate.footerHeight(inSection: section),
                items: (0..<delegate.numberOfItems(inSection: section)).map { item in
                    let indexPath = ItemPath(section: section, item: item)
                    return LayoutItem(
                        sizing: delegate.sizingForItem(at: indexPath), span: delegate.spanForItem(at: indexPath))
                })
        }
        self.init(width: width, minimumContentHeight: minimumContentHeight, sections: sections)
    }
}
