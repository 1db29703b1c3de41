extension LaidOutSection {
    /// The span of a placed cell.
    func span(ofItem item: Int) -> ItemSpan {
        if !fullWidthItems.isEmpty {
            let key = Int32(truncatingIfNeeded: item)
            let index = partitionPoint(fullWidthItems.count) { fullWidthItems[$0] >= key }
            if index < fullWidthItems.count, fullWidthItems[index] == key { return .full }
        }
        return .columns(Int(cellColumns[item].span))
    }

    /// The layout input of a placed cell: its height (already scaled; in a grid-lanes section its natural
    /// size, as columns differ there) and its span.
    func placedItem(_ item: Int) -> LayoutItem {
        if let size = naturalSizes[Int32(truncatingIfNeeded: item)] {
            return LayoutItem(sizing: .size(size), span: span(ofItem: item))
        }
        return LayoutItem(sizing: .height(extents[item].height), span: span(ofItem: item))
    }

    /// Forgets every cell from `item` on and puts the columns back as they were before it.
    mutating func truncate(from item: Int) {
        guard item < extents.count else { return }
        cursor = cursor(before: item)
        fullWidthItems.removeAll { Int($0) >= item }
        if !naturalSizes.isEmpty { naturalSizes = naturalSizes.filter { Int($0.key) < item } }
        extents.removeSuffix(from: item)
        cellColumns.removeSuffix(from: item)
        for column in columnItems.indices {
            let keep = partitionPoint(columnItems[column].count) { Int(columnItems[column][$0]) >= item }
            columnItems[column].removeSuffix(from: keep)
            if let last = columnItems[column].last {
                let bottom = extents[Int(last)].maxY
                columnBottom[column] = bottom
                columnNext[column] = bottom + settings.lineSpacing
            } else {
                columnBottom[column] = 0
                columnNext[column] = 0
            }
        }
        // The round-robin turn counter counts one-column cells.
        singleColumnCount = cellColumns.reduce(0) { $0 + ($1.span == 1 ? 1 : 0) }
    }

    /// Replaces the cells from `item` on with `items`, placing them as a full layout would.
    mutating func replace(from item: Int, with items: some Sequence<LayoutItem>, section: Int) throws(LayoutError) {
        truncate(from: item)
        try append(contentsOf: Array(items), section: section)
    }
}
