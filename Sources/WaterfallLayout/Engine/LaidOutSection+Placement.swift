extension LaidOutSection {
    /// Places `items` at the end of the section, following the layout contract.
    ///
    /// When an item is refused, nothing of `items` is kept.
    mutating func append(contentsOf items: some Collection<LayoutItem>, section: Int) throws(LayoutError) {
        guard !items.isEmpty else { return }
        if settings.placement == .gridLanes || settings.flowTolerance > 0 {
            return try appendWithTolerance(contentsOf: items, section: section)
        }
        let columns = settings.columns
        let tops = UnsafeMutablePointer<Double>.allocate(capacity: columns)
        let lists = ColumnLists(columns: columns, batch: min(items.count, ChunkedStorage<CellExtent>.chunkSize))
        let windows = SpanWindows(columns: columns)
        defer {
            tops.deallocate()
            lists.deallocate()
        }
        tops.initialize(from: columnNext, count: columns)
        if settings.renderDirection == .shortestFirst {
            switch columns {
            case 2:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<2>(tops), lists: lists)
            case 3:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<3>(tops), lists: lists)
            case 4:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<4>(tops), lists: lists)
            case 5:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<5>(tops), lists: lists)
            case 6:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<6>(tops), lists: lists)
            case 7:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<7>(tops), lists: lists)
            case 8:
                return try append(
                    items, section: section, windows: windows, tops: FixedColumnTops<8>(tops), lists: lists)
            default: break
            }
        }
        try append(
            items, section: section, windows: windows, tops: ColumnTopsBuffer(next: tops, count: columns), lists: lists)
    }

    /// The placement loop.
    ///
    /// It places a batch at a time, writing cells straight into the end of
    /// storage and each column's new cells into a small list that stays in cache, and then stores
    /// the batch: so when an item is refused, nothing of this call is kept.
    private mutating func append(
        _ items: some Collection<LayoutItem>, section: Int, windows: SpanWindows, tops: some ColumnTops,
        lists: ColumnLists
    ) throws(LayoutError) {
        var tops = tops
        let first = extents.count
        let columns = settings.columns
        let lineSpacing = settings.lineSpacing
        let direction = settings.renderDirection
        var singles = singleColumnCount
        var remaining = items.count
        var placed = UnsafeMutablePointer<CellExtent>(bitPattern: 0)
        var placedColumns = UnsafeMutablePointer<CellColumns>(bitPattern: 0)
        var offset = 0
        var batch = 0
        var failure: LayoutError?
        placement: for item in items {
            if offset == batch {
                let extentRoom = extents.tail(upTo: min(remaining, lists.batch))
                let columnsRoom = cellColumns.tail(upTo: extentRoom.count)
                placed = extentRoom.baseAddress
                placedColumns = columnsRoom.baseAddress
                batch = min(extentRoom.count, columnsRoom.count)
                offset = 0
            }
            let index = extents.count &+ offset
            var span = 1
            switch item.span {
            case .columns(1):
                break
            case .full:
                span = columns
            case .columns(let requested):
                guard requested >= 1 else {
                    failure = LayoutError(
                        section: section, item: index, key: "span", message: "must be at least 1, not \(requested)")
                    break placement
                }
                guard requested <= columns else {
                    failure = LayoutError(
                        section: section, item: index, key: "span",
                        message: "\(requested) is more than the section's \(columns) columns")
                    break placement
                }
                span = requested
            }
            let height: Double
            if case .height(let value) = item.sizing, value >= 0, value <= .greatestFiniteMagnitude {
                height = value
            } else {
                do {
                    height = try Self.height(of: item.sizing, width: width(ofSpan: span), section: section, item: index)
                } catch {
                    failure = error
                    break placement
                }
            }
            var column = 0
            var top: Double
            let listed = Int32(truncatingIfNeeded: index)
            if span == 1 && direction == .shortestFirst {
                (column, top) = tops.shortest()
                tops.setNext(top + height + lineSpacing, ofColumn: column)
                lists.append(listed, toColumn: column)
                singles &+= 1
            } else {
                (column, top) = tops.withBuffer { next in
                    Self.place(
                        span: span, height: height, in: next, columns: columns, turn: singles, direction: direction,
                        lineSpacing: lineSpacing, windows: windows)
                }
                for covered in column..<(column + span) { lists.append(listed, toColumn: covered) }
                if span == 1 { singles &+= 1 }
            }
            placed.unsafelyUnwrapped[offset] = CellExtent(y: top, height: height)
            placedColumns.unsafelyUnwrapped[offset] = CellColumns(first: column, span: span)
            offset &+= 1
            if offset == batch {
                commitBatch(count: offset, lists: lists)
                remaining -= offset
                offset = 0
                batch = 0
            }
        }
        if failure == nil, let overflow = firstNonFiniteBottom(from: first) {
            failure = LayoutError(
                section: section, item: overflow, key: "height",
                message: "the content height exceeds the largest finite number (\(Double.greatestFiniteMagnitude))")
        }
        if let failure {
            truncate(from: first)
            throw failure
        }
        tops.withBuffer { next in
            for column in 0..<columns { columnNext[column] = next[column] }
        }
        singleColumnCount = singles
    }

    /// The first cell from `first` on whose bottom is not a finite number, if any.
    ///
    /// Within a column tops and bottoms only grow, so the cells are all finite when every
    /// column's last bottom is: only then is a search needed.
    private func firstNonFiniteBottom(from first: Int) -> Int? {
        guard !columnBottom.allSatisfy(\.isFinite) else { return nil }
        return (first..<extents.count).first { !extents[$0].maxY.isFinite }
    }

    /// Places one cell the fast path does not: a spanning one, or one in a round-robin direction.
    @inline(__always)
    private static func place(
        span: Int, height: Double, in next: UnsafeMutablePointer<Double>, columns: Int, turn: Int,
        direction: RenderDirection, lineSpacing: Double, windows: SpanWindows
    ) -> (column: Int, top: Double) {
        var column = 0
        var top: Double
        if span == 1 {
            switch direction {
            case .shortestFirst:
                (column, top) = ColumnTopsBuffer.shortest(in: next, count: columns)
            case .leftToRight:
                column = turn % columns
                top = next[column]
            case .rightToLeft:
                column = columns - 1 - turn % columns
                top = next[column]
            }
        } else {
            (column, top) = windows.lowest(
                span: span, in: next, count: columns, preferringLast: direction == .rightToLeft)
        }
        let following = top + height + lineSpacing
        for covered in column..<(column + span) { next[covered] = following }
        return (column, top)
    }

    /// Stores a batch: the `count` cells written at the end of storage, and the columns' lists;
    /// updates the columns' bottoms, and empties the lists for the next batch.
    private mutating func commitBatch(count: Int, lists: ColumnLists) {
        extents.commitTail(count)
        cellColumns.commitTail(count)
        for column in 0..<settings.columns {
            let list = lists.list(ofColumn: column)
            guard let last = list.last else { continue }
            columnItems[column].append(contentsOf: list)
            columnBottom[column] = extents[Int(last)].maxY
        }
        lists.clear()
    }

    static func height(of sizing: ItemSizing, width: Double, section: Int, item: Int) throws(LayoutError)
        -> Double
    {
        switch sizing {
        case .height(let height):
            guard height.isFinite, height >= 0 else {
                throw LayoutError(
                    section: section, item: item, key: "height", message: "must be a finite number >= 0, not \(height)")
            }
            return height
        case .size(let size):
            guard size.width.isFinite, size.width > 0 else {
                throw LayoutError(
                    section: section, item: item, key: "size.width",
                    message: "must be a finite number > 0, not \(size.width)")
            }
            guard size.height.isFinite, size.height >= 0 else {
                throw LayoutError(
                    section: section, item: item, key: "size.height",
                    message: "must be a finite number >= 0, not \(size.height)")
            }
            let height = width * size.height / size.width
            guard height.isFinite else {
                throw LayoutError(
                    section: section, item: item, key: "size", message: "scales to a height that is not finite")
            }
            return height
        }
    }
}
