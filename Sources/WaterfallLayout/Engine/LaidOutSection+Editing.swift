extension LaidOutSection {
    /// The span of a placed cell, read back from its width (widths are computed, so this is exact).
    func span(ofItem item: Int) -> ItemSpan {
        let width = frames[item].width
        let columns = settings.columns
        if width == fullWidth { return columns == 1 ? .single : .full }
        // Int(_:) truncates; the quotient is positive, so adding a half rounds it without libm.
        let estimate = Int((width + settings.interitemSpacing) / (columnWidth + settings.interitemSpacing) + 0.5)
        return .columns(max(1, min(columns, estimate)))
    }

    /// The layout input of a placed cell: its height (already scaled) and its span.
    func placedItem(_ item: Int) -> LayoutItem {
        LayoutItem(sizing: .height(frames[item].height), span: span(ofItem: item))
    }

    /// Forgets every cell from `item` on and puts the columns back as they were before it.
    mutating func truncate(from item: Int) {
        guard item < frames.count else { return }
        frames.removeSuffix(from: item)
        for column in columnItems.indices {
            let keep = partitionPoint(columnItems[column].count) { Int(columnItems[column][$0]) >= item }
            columnItems[column].removeSuffix(from: keep)
            if let last = columnItems[column].last {
                let bottom = frames[Int(last)].maxY
                columnBottom[column] = bottom
                columnNext[column] = bottom + settings.lineSpacing
            } else {
                columnBottom[column] = 0
                columnNext[column] = 0
            }
        }
        // One-column cells are the ones exactly a column wide: the round-robin turn counter.
        singleColumnCount = frames.reduce(0) { $0 + ($1.width == columnWidth ? 1 : 0) }
    }

    /// Replaces the cells from `item` on with `items`, placing them as a full layout would.
    mutating func replace(from item: Int, with items: some Sequence<LayoutItem>, section: Int) throws(LayoutError) {
        truncate(from: item)
        try append(contentsOf: Array(items), section: section)
    }
}
