extension SectionSettings {
    /// The width a cell spanning `span` gets in a layout `contentWidth` points wide: exactly the
    /// width placement gives it (under grid-lanes placement, that of the first columns: the others
    /// may be 1/64 wider or narrower), or `nil` when the section leaves no room or the span is not
    /// one of its columns' counts.
    public func itemWidth(span: ItemSpan, contentWidth: Double) -> Double? {
        let available = contentWidth - sectionInset.left - sectionInset.right
        let columnWidth = (available - Double(columns - 1) * interitemSpacing) / Double(columns)
        guard columns >= 1, columnWidth > 0, columnWidth.isFinite else { return nil }
        let count: Int
        switch span {
        case .full: count = columns
        case .columns(let requested):
            guard requested >= 1, requested <= columns else { return nil }
            count = requested
        }
        if placement == .gridLanes {
            // Columns in whole 1/64ths, which may differ by one: the width over the first columns.
            let units = inLayoutUnits
            let widths = LayoutUnit.columnWidths(
                available: LayoutUnit.floor(contentWidth) - units.sectionInset.left - units.sectionInset.right,
                gap: units.interitemSpacing, count: columns)
            return widths[0..<count].reduce(0, +) + Double(count - 1) * units.interitemSpacing
        }
        // The same arithmetic, term for term, as placement's, so the numbers are equal bit for bit.
        return count == columns
            ? available
            : count == 1 ? columnWidth : Double(count) * columnWidth + Double(count - 1) * interitemSpacing
    }
}

extension LayoutConfiguration {
    /// Sizes the items whose height depends on their width, as a delegate's
    /// `heightForItemAtIndex:itemWidth:` does.
    ///
    /// `measure` is given each item's path and its exact width, and answers its sizing, or `nil`
    /// to keep the one it has. The engine itself stays pure: measuring text or reading images is
    /// the caller's.
    public mutating func measureItems(_ measure: (ItemPath, Double) throws -> ItemSizing?) rethrows {
        for sectionIndex in sections.indices {
            let settings = sections[sectionIndex].settings
            for itemIndex in sections[sectionIndex].items.indices {
                let item = sections[sectionIndex].items[itemIndex]
                guard let width = settings.itemWidth(span: item.span, contentWidth: self.width) else { continue }
                if let sizing = try measure(ItemPath(section: sectionIndex, item: itemIndex), width) {
                    sections[sectionIndex].items[itemIndex].sizing = sizing
                }
            }
        }
    }
}
