extension LaidOutSection {
    /// Places `items` at the end of a section whose columns tie within a flow tolerance, or that
    /// follows grid-lanes placement: one cell at a time, by the rule in docs/LAYOUT.md.
    ///
    /// When an item is refused, nothing of `items` is kept.
    mutating func appendWithTolerance(contentsOf items: some Collection<LayoutItem>, section: Int)
        throws(LayoutError)
    {
        let columns = settings.columns
        let gridLanes = settings.placement == .gridLanes
        let tolerance = settings.flowTolerance
        let lineSpacing = settings.lineSpacing
        let direction = settings.renderDirection
        let first = extents.count
        var next = columnNext
        var cursor = self.cursor
        var singles = singleColumnCount
        var placed: [CellExtent] = []
        var placedColumns: [CellColumns] = []
        var full: [Int32] = []
        var sizes: [Int32: Size] = [:]
        var windowTops = [Double](repeating: 0, count: columns)
        placed.reserveCapacity(items.count)
        placedColumns.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            let index = first + offset
            let span = try Self.columnCount(of: item.span, columns: columns, section: section, item: index)
            let explicitlyFull = gridLanes && item.span == .full
            var column = 0
            var top: Double
            if explicitlyFull {
                top = next.max() ?? 0
            } else if span == 1 && !gridLanes && direction != .shortestFirst {
                column = direction == .leftToRight ? singles % columns : columns - 1 - singles % columns
                top = next[column]
            } else {
                let starts = columns - span + 1
                var lowest = Double.infinity
                for start in 0..<starts {
                    var windowTop = next[start]
                    for covered in start..<(start + span) where next[covered] > windowTop { windowTop = next[covered] }
                    windowTops[start] = windowTop
                    lowest = min(lowest, windowTop)
                }
                func isCandidate(_ start: Int) -> Bool { windowTops[start] - lowest <= tolerance }
                if gridLanes {
                    column =
                        (min(cursor, starts)..<starts).first(where: isCandidate)
                        ?? (0..<starts).first(where: isCandidate) ?? 0
                } else if span > 1 && direction == .rightToLeft {
                    column = (0..<starts).last(where: isCandidate) ?? 0
                } else {
                    column = (0..<starts).first(where: isCandidate) ?? 0
                }
                top = windowTops[column]
            }
            var height: Double
            if case .height(let value) = item.sizing, value >= 0, value <= .greatestFiniteMagnitude {
                height = value
            } else {
                height = try Self.height(
                    of: item.sizing, width: width(first: column, span: span), section: section, item: index)
            }
            if gridLanes {
                height = LayoutUnit.floor(height)
                if case .size(let size) = item.sizing { sizes[Int32(truncatingIfNeeded: index)] = size }
            }
            let following = top + height + lineSpacing
            for covered in column..<(column + span) { next[covered] = following }
            if gridLanes && !explicitlyFull { cursor = (column + span) % columns }
            if explicitlyFull { full.append(Int32(truncatingIfNeeded: index)) }
            if span == 1 { singles &+= 1 }
            placed.append(CellExtent(y: top, height: height))
            placedColumns.append(CellColumns(first: column, span: span))
        }
        if let overflow = placed.firstIndex(where: { !$0.maxY.isFinite }) {
            throw LayoutError(
                section: section, item: first + overflow, key: "height",
                message: "the content height exceeds the largest finite number (\(Double.greatestFiniteMagnitude))")
        }
        placed.withUnsafeBufferPointer { extents.append(contentsOf: $0) }
        placedColumns.withUnsafeBufferPointer { cellColumns.append(contentsOf: $0) }
        var lists = [[Int32]](repeating: [], count: columns)
        for (offset, cell) in placedColumns.enumerated() {
            for covered in cell.range { lists[covered].append(Int32(truncatingIfNeeded: first + offset)) }
        }
        for column in 0..<columns {
            guard let last = lists[column].last else { continue }
            lists[column].withUnsafeBufferPointer { columnItems[column].append(contentsOf: $0) }
            columnBottom[column] = extents[Int(last)].maxY
        }
        columnNext = next
        self.cursor = cursor
        singleColumnCount = singles
        fullWidthItems.append(contentsOf: full)
        naturalSizes.merge(sizes) { _, new in new }
    }

    /// How many columns `span` covers in a section of `columns`, or the error that refuses it.
    static func columnCount(of span: ItemSpan, columns: Int, section: Int, item: Int) throws(LayoutError) -> Int {
        switch span {
        case .full:
            return columns
        case .columns(let requested):
            guard requested >= 1 else {
                throw LayoutError(
                    section: section, item: item, key: "span", message: "must be at least 1, not \(requested)")
            }
            guard requested <= columns else {
                throw LayoutError(
                    section: section, item: item, key: "span",
                    message: "\(requested) is more than the section's \(columns) columns")
            }
            return requested
        }
    }

    /// The grid-lanes cursor after the cells before `item`: the column after the last one that
    /// was placed automatically (not given as `.full`), or 0.
    func cursor(before item: Int) -> Int {
        var index = item - 1
        var fullIndex = fullWidthItems.count - 1
        while index >= 0 {
            while fullIndex >= 0 && Int(fullWidthItems[fullIndex]) > index { fullIndex -= 1 }
            if fullIndex >= 0 && Int(fullWidthItems[fullIndex]) == index {
                index -= 1
                continue
            }
            let cell = cellColumns[index]
            return (Int(cell.first) + Int(cell.span)) % settings.columns
        }
        return 0
    }
}
