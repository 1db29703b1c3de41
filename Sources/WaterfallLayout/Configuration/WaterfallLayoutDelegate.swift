/// A data source in the style of `CHTCollectionViewDelegateWaterfallLayout`.
///
/// Only the number of sections, the item counts and the item sizes are required; every other
/// answer falls back to ``defaultSettings`` or to "no header, no footer, one column".
public protocol WaterfallLayoutDelegate {
    var numberOfSections: Int { get }
    func numberOfItems(inSection section: Int) -> Int
    func sizingForItem(at indexPath: ItemPath) -> ItemSizing
    func spanForItem(at indexPath: ItemPath) -> ItemSpan
    /// The settings used by sections that do not answer ``settings(forSection:)`` themselves.
    var defaultSettings: SectionSettings { get }
    func settings(forSection section: Int) -> SectionSettings
    func headerHeight(inSection section: Int) -> Double
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
