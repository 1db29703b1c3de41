/// One section after layout: its absolute position on the page and its cells, relative to it.
struct LaidOutSection: Sendable {
    let settings: SectionSettings
    let headerHeight: Double
    let footerHeight: Double
    /// The width of a one-column cell.
    let columnWidth: Double
    /// The width of a cell spanning every column.
    let fullWidth: Double
    /// The left edge of each column; a cell's `x` is always one of these, exactly.
    let columnX: [Double]

    /// Where the section starts, after the spacing with the section before it.
    private(set) var top: Double = 0
    private(set) var headerFrame: Rect?
    /// Where the first row of cells starts: cell `y` values are measured from here.
    private(set) var itemsTop: Double = 0
    private(set) var footerFrame: Rect?
    /// Where the section ends, after its footer and insets.
    private(set) var bottom: Double = 0

    /// Cell tops and heights in item order, `y` relative to ``itemsTop``.
    var extents = ChunkedStorage<CellExtent>()
    /// The columns each cell covers, in item order.
    var cellColumns = ChunkedStorage<CellColumns>()
    /// For each column, the items that cover it, in item order (and so in `y` order).
    var columnItems: [ChunkedStorage<Int32>]
    /// For each column, where its next cell may start: its bottom, plus line spacing once it has a cell.
    var columnNext: [Double]
    /// For each column, the bottom of its last cell (0 while it has none).
    var columnBottom: [Double]
    /// How many single-column items were placed: the turn counter of the round-robin directions.
    var singleColumnCount = 0

    init(_ section: LayoutSection, index: Int, width: Double) throws(LayoutError) {
        let settings = section.settings
        try Self.validate(
            settings, headerHeight: section.headerHeight, footerHeight: section.footerHeight,
            section: index, width: width)
        self.settings = settings
        self.headerHeight = section.headerHeight
        self.footerHeight = section.footerHeight
        let inset = settings.sectionInset
        let columns = settings.columns
        let available = width - inset.left - inset.right
        let columnWidth = (available - Double(columns - 1) * settings.interitemSpacing) / Double(columns)
        guard columnWidth > 0, columnWidth.isFinite else {
            throw LayoutError(
                section: index, key: "columns",
                message: "item width is \(columnWidth) after insets and spacing; it must be greater than 0")
        }
        self.columnWidth = columnWidth
        self.fullWidth = available
        self.columnX = (0..<columns).map { inset.left + Double($0) * (columnWidth + settings.interitemSpacing) }
        self.columnItems = Array(repeating: ChunkedStorage(), count: columns)
        self.columnNext = Array(repeating: 0, count: columns)
        self.columnBottom = Array(repeating: 0, count: columns)
        try append(contentsOf: section.items, section: index)
    }

    var itemCount: Int { extents.count }

    /// The lowest cell bottom, relative to ``itemsTop``; 0 without cells.
    var itemsHeight: Double { columnBottom.max() ?? 0 }

    /// The width of a cell that spans `span` columns; placement and queries both use this.
    @inline(__always)
    func width(ofSpan span: Int) -> Double {
        span == settings.columns
            ? fullWidth
            : span == 1 ? columnWidth : Double(span) * columnWidth + Double(span - 1) * settings.interitemSpacing
    }

    // MARK: - Placement

    /// Places `items` at the end of the section, following the layout contract.
    ///
    /// When an item is refused, nothing of `items` is kept.
    mutating func append(contentsOf items: some Collection<LayoutItem>, section: Int) throws(LayoutError) {
        guard !items.isEmpty else { return }
        let columns = settings.columns
        let tops = UnsafeMutablePointer<Double>.allocate(capacity: columns)
        let lists = ColumnLists(columns: columns, batch: min(items.count, ChunkedStorage<CellExtent>.chunkSize))
        defer {
            tops.deallocate()
            lists.deallocate()
        }
        tops.initialize(from: columnNext, count: columns)
        if settings.renderDirection == .shortestFirst {
            switch columns {
            case 2: return try append(items, section: section, tops: FixedColumnTops<2>(tops), lists: lists)
            case 3: return try append(items, section: section, tops: FixedColumnTops<3>(tops), lists: lists)
            case 4: return try append(items, section: section, tops: FixedColumnTops<4>(tops), lists: lists)
            case 5: return try append(items, section: section, tops: FixedColumnTops<5>(tops), lists: lists)
            case 6: return try append(items, section: section, tops: FixedColumnTops<6>(tops), lists: lists)
            case 7: return try append(items, section: section, tops: FixedColumnTops<7>(tops), lists: lists)
            case 8: return try append(items, section: section, tops: FixedColumnTops<8>(tops), lists: lists)
            default: break
            }
        }
        try append(items, section: section, tops: ColumnTopsBuffer(next: tops, count: columns), lists: lists)
    }

    /// The placement loop.
    ///
    /// It places a batch at a time, writing cells straight into the end of
    /// storage and each column's new cells into a small list that stays in cache, and then stores
    /// the batch: so when an item is refused, nothing of this call is kept.
    private mutating func append(
        _ items: some Collection<LayoutItem>, section: Int, tops: some ColumnTops, lists: ColumnLists
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
                        lineSpacing: lineSpacing)
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
        if let failure {
            truncate(from: first)
            throw failure
        }
        tops.withBuffer { next in
            for column in 0..<columns { columnNext[column] = next[column] }
        }
        singleColumnCount = singles
    }

    /// Places one cell the fast path does not: a spanning one, or one in a round-robin direction.
    @inline(__always)
    private static func place(
        span: Int, height: Double, in next: UnsafeMutablePointer<Double>, columns: Int, turn: Int,
        direction: RenderDirection, lineSpacing: Double
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
            // The start whose window of `span` columns has the smallest highest next position.
            top = .infinity
            for start in 0...(columns - span) {
                var windowTop = next[start]
                for covered in (start + 1)..<(start + span) { windowTop = max(windowTop, next[covered]) }
                if windowTop < top || (direction == .rightToLeft && windowTop == top) {
                    top = windowTop
                    column = start
                }
            }
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

    private static func height(of sizing: ItemSizing, width: Double, section: Int, item: Int) throws(LayoutError)
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

    // MARK: - Position on the page

    /// Puts the section at `top` (after its spacing with the section before) and finds its header,
    /// first row, footer and bottom, in the contract's order of additions.
    mutating func position(at top: Double, width: Double) {
        self.top = top
        var y = top
        if headerHeight > 0 {
            let inset = settings.headerInset
            let frame = Rect(
                x: inset.left, y: y + inset.top, width: width - inset.left - inset.right, height: headerHeight)
            headerFrame = frame
            y = frame.maxY + inset.bottom
        } else {
            headerFrame = nil
        }
        y += settings.sectionInset.top
        itemsTop = y
        y = (extents.isEmpty ? y : y + itemsHeight) + settings.sectionInset.bottom
        if footerHeight > 0 {
            let inset = settings.footerInset
            let frame = Rect(
                x: inset.left, y: y + inset.top, width: width - inset.left - inset.right, height: footerHeight)
            footerFrame = frame
            y = frame.maxY + inset.bottom
        } else {
            footerFrame = nil
        }
        bottom = y
    }

    /// The absolute frame of a cell.
    func frame(ofItem item: Int) -> Rect {
        let extent = extents[item]
        let columns = cellColumns[item]
        return Rect(
            x: columnX[Int(columns.first)], y: itemsTop + extent.y, width: width(ofSpan: Int(columns.span)),
            height: extent.height)
    }

    // MARK: - Validation

    private static func validate(
        _ settings: SectionSettings, headerHeight: Double, footerHeight: Double, section: Int, width: Double
    ) throws(LayoutError) {
        guard settings.columns >= 1 else {
            throw LayoutError(section: section, key: "columns", message: "must be at least 1, not \(settings.columns)")
        }
        guard settings.columns <= CellColumns.maximumColumns else {
            throw LayoutError(
                section: section, key: "columns",
                message: "must be at most \(CellColumns.maximumColumns), not \(settings.columns)")
        }
        // Keys are built only for an error: a section's setup stays free of string work.
        func check(_ value: Double, _ key: @autoclosure () -> String) throws(LayoutError) {
            guard value.isFinite, value >= 0 else {
                throw LayoutError(section: section, key: key(), message: "must be a finite number >= 0, not \(value)")
            }
        }
        func check(_ insets: EdgeInsets, _ name: String) throws(LayoutError) {
            try check(insets.top, name + ".top")
            try check(insets.left, name + ".left")
            try check(insets.bottom, name + ".bottom")
            try check(insets.right, name + ".right")
        }
        try check(settings.lineSpacing, "lineSpacing")
        try check(settings.interitemSpacing, "interitemSpacing")
        try check(settings.spacingWithLastSection, "spacingWithLastSection")
        try check(settings.sectionInset, "sectionInset")
        try check(settings.headerInset, "headerInset")
        try check(settings.footerInset, "footerInset")
        try check(headerHeight, "header.height")
        try check(footerHeight, "footer.height")
        if headerHeight > 0, !(width - settings.headerInset.left - settings.headerInset.right > 0) {
            throw LayoutError(section: section, key: "headerInset", message: "leaves the header no width")
        }
        if footerHeight > 0, !(width - settings.footerInset.left - settings.footerInset.right > 0) {
            throw LayoutError(section: section, key: "footerInset", message: "leaves the footer no width")
        }
    }
}
