/// A data source in the style of `CHTCollectionViewDelegateWaterfallLayout`.
///
/// Only the number of sections, the item counts and the item sizes are required; every other
/// answer falls back to ``defaultSettings`` or to "no header, no footer, one column".
public protocol WaterfallLayoutDelegate {
    /// How many sections the feed has.
    var numberOfSections: Int { get }
    /// How many items a section has.
    func numberOfItems(inSection section: Int) -> Int
    /// How an item's height is found from its width.
    func sizingForItem(at indexPath: ItemPath) -> ItemSizing
    /// How many columns an item covers.
    func spanForItem(at indexPath: ItemPath) -> ItemSpan
    /// The settings used by sections that do not answer ``settings(forSection:)`` themselves.
    var defaultSettings: SectionSettings { get }
    /// The columns, insets and spacing of a section.
    func settings(forSection section: Int) -> SectionSettings
    /// The height of a section's header; 0 for none.
    func headerHeight(inSection section: Int) -> Double
    /// The height of a section's footer; 0 for none.
    func footerHeight(inSection section: Int) -> Double
    /// Whether the section has a background decoration view.
    func hasBackground(inSection section: Int) -> Bool
}

extension WaterfallLayoutDelegate {
    /// One column for every item.
    public func spanForItem(at indexPath: ItemPath) -> ItemSpan { .single }
    /// The documented defaults (``SectionSettings/default``).
    public var defaultSettings: SectionSettings { .default }
    /// The ``defaultSettings`` for every section.
    public func settings(forSection section: Int) -> SectionSettings { defaultSettings }
    /// No header: a height of 0.
    public func headerHeight(inSection section: Int) -> Double { 0 }
    /// No footer: a height of 0.
    public func footerHeight(inSection section: Int) -> Double { 0 }
    /// No background decoration view.
    public func hasBackground(inSection section: Int) -> Bool { false }
}
