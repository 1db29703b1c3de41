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
    public func spanForItem(at indexPath: ItemPath) -> ItemSpan { .single }
    public var defaultSettings: SectionSettings { .default }
    public func settings(forSection section: Int) -> SectionSettings { defaultSettings }
    public func headerHeight(inSection section: Int) -> Double { 0 }
    public func footerHeight(inSection section: Int) -> Double { 0 }
    public func hasBackground(inSection section: Int) -> Bool { false }
}
