import WaterfallLayout

/// One incremental edit, made to a layout and to the configuration a full layout is computed
/// from, so the two can be compared after it.
enum LayoutEdit {
    case append([LayoutItem], toSection: Int)
    case insert(LayoutItem, at: ItemPath)
    case delete(at: ItemPath)
    case resize(at: ItemPath, to: ItemSizing)
    case appendSection(LayoutSection)

    /// Makes the edit to `layout` incrementally and to `configuration` by hand.
    func apply(to layout: inout Layout, and configuration: inout LayoutConfiguration) throws {
        switch self {
        case .append(let items, let section):
            try layout.appendItems(items, toSection: section)
            configuration.sections[section].items += items
        case .insert(let item, let path):
            try layout.insertItem(item, at: path)
            configuration.sections[path.section].items.insert(item, at: path.item)
        case .delete(let path):
            try layout.deleteItem(at: path)
            configuration.sections[path.section].items.remove(at: path.item)
        case .resize(let path, let sizing):
            try layout.resizeItem(at: path, to: sizing)
            configuration.sections[path.section].items[path.item].sizing = sizing
        case .appendSection(let section):
            try layout.appendSection(section)
            configuration.sections.append(section)
        }
    }
}
