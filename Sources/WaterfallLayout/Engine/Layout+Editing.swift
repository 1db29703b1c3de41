/// Incremental updates: each edit redoes only what it must, and gives exactly the frames a full
/// layout of the edited configuration gives.
extension Layout {
    /// Adds items at the end of a section: only they are placed; later sections move.
    public mutating func appendItems(_ items: [LayoutItem], toSection section: Int) throws(LayoutError) {
        try checkSection(section)
        let count = sections[section].itemCount
        // A batch that fails leaves the section as it was.
        do {
            try sections[section].append(contentsOf: items.map(flow), section: section)
        } catch {
            throw feedError(error)
        }
        try reposition(from: section) { $0.sections[section].truncate(from: count) }
    }

    /// Inserts an item: its section is placed again from that item on; later sections move.
    public mutating func insertItem(_ item: LayoutItem, at indexPath: ItemPath) throws(LayoutError) {
        try checkSection(indexPath.section)
        let count = sections[indexPath.section].itemCount
        guard indexPath.item >= 0, indexPath.item <= count else {
            throw LayoutError(
                section: indexPath.section, key: "items", message: "no place \(indexPath.item) among \(count) items")
        }
        let item = flow(item)
        try redo(section: indexPath.section, from: indexPath.item) { old in
            [item] + old
        }
    }

    /// Deletes an item: its section is placed again from that item on; later sections move.
    public mutating func deleteItem(at indexPath: ItemPath) throws(LayoutError) {
        try checkItem(indexPath)
        try redo(section: indexPath.section, from: indexPath.item) { old in
            Array(old.dropFirst())
        }
    }

    /// Changes an item's height or size: its section is placed again from that item on, and later
    /// sections move by the difference.
    public mutating func resizeItem(at indexPath: ItemPath, to sizing: ItemSizing) throws(LayoutError) {
        try checkItem(indexPath)
        let item = flow(LayoutItem(sizing: sizing, span: sections[indexPath.section].span(ofItem: indexPath.item)))
        try redo(section: indexPath.section, from: indexPath.item) { old in
            [item] + old.dropFirst()
        }
    }

    /// Adds a section at the end.
    public mutating func appendSection(_ section: LayoutSection) throws(LayoutError) {
        do {
            sections.append(try LaidOutSection(flow(section), index: sections.count, width: width))
        } catch {
            throw feedError(error)
        }
        try reposition(from: sections.count - 1) { $0.sections.removeLast() }
    }

    /// Takes the placed items of `section` from `item` on, lets `edit` change them, and places the
    /// result again; on an error the layout is left as it was.
    private mutating func redo(section: Int, from item: Int, _ edit: ([LayoutItem]) -> [LayoutItem]) throws(LayoutError)
    {
        let old = (item..<sections[section].itemCount).map { sections[section].placedItem($0) }
        let saved = sections[section]
        do {
            try sections[section].replace(from: item, with: edit(old), section: section)
        } catch {
            sections[section] = saved
            throw feedError(error)
        }
        try reposition(from: section) { $0.sections[section] = saved }
    }

    private func checkSection(_ section: Int) throws(LayoutError) {
        guard sections.indices.contains(section) else {
            throw LayoutError(key: "sections", message: "no section \(section) among \(sections.count)")
        }
    }

    private func checkItem(_ indexPath: ItemPath) throws(LayoutError) {
        try checkSection(indexPath.section)
        let count = sections[indexPath.section].itemCount
        guard indexPath.item >= 0, indexPath.item < count else {
            throw LayoutError(
                section: indexPath.section, key: "items", message: "no item \(indexPath.item) among \(count)")
        }
    }
}
