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

    /// Cell frames in item order, `y` relative to ``itemsTop``.
    var frames = ChunkedStorage<CellFrame>()
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

    var itemCount: Int { frames.count }

    /// The lowest cell bottom, relative to ``itemsTop``; 0 without cells.
    var itemsHeight: Double { columnBottom.max() ?? 0 }

    // MARK: - Placement

    /// Places `items` at the end of the section, following the layout contract.
    ///
    /// The placement loop works on a small scratch buffer that stays in cache, and stores the
    /// cells a chunk at a time; when an item is refused, nothing of the batch is kept.
    mutating func append(contentsOf items: some Collection<LayoutItem>, section: Int) throws(LayoutError) {
        let count = items.count
        guard count > 0 else { return }
        let first = frames.count
        let columns = settings.columns
        let lineSpacing = settings.lineSpacing
        let spacing = settings.interitemSpacing
        let direction = settings.renderDirection
        let columnWidth = self.columnWidth
        let fullWidth = self.fullWidth
        // Scratch memory for the loop: no bounds checks, no copy-on-write checks per item.
        let next = UnsafeMutablePointer<Double>.allocate(capacity: columns)
        let bottoms = UnsafeMutablePointer<Double>.allocate(capacity: columns)
        let xs = UnsafeMutablePointer<Double>.allocate(capacity: columns)
        let batch = min(count, ChunkedStorage<CellFrame>.chunkSize)
        let placed = UnsafeMutablePointer<CellFrame>.allocate(capacity: batch)
        // Each column's new cells in this batch, in item order: column c's list is at c * batch.
        let columnLists = UnsafeMutablePointer<Int32>.allocate(capacity: columns * batch)
        let columnCounts = UnsafeMutablePointer<Int>.allocate(capacity: columns)
        columnCounts.initialize(repeating: 0, count: columns)
        defer {
            next.deallocate()
            bottoms.deallocate()
            xs.deallocate()
            placed.deallocate()
            columnLists.deallocate()
            columnCounts.deallocate()
        }
        for column in 0..<columns {
            next[column] = columnNext[column]
            bottoms[column] = columnBottom[column]
            xs[column] = columnX[column]
        }
        var singles = singleColumnCount
        let singleWidth = columns == 1 ? fullWidth : columnWidth
        var offset = 0
        var batchStart = first
        var failure: LayoutError?
        placement: for item in items {
            var span = 1
            switch item.span {
            case .full:
                span = columns
            case .columns(let requested):
                guard requested >= 1 else {
                    failure = LayoutError(
                        section: section, item: batchStart + offset, key: "span", message: "must be at least 1, not \(requested)")
                    break placement
                }
                guard requested <= columns else {
                    failure = LayoutError(
                        section: section, item: batchStart + offset, key: "span",
                        message: "\(requested) is more than the section's \(columns) columns")
                    break placement
                }
                span = requested
            }
            let width =
                span == 1 ? singleWidth
                : span == columns ? fullWidth : Double(span) * columnWidth + Double(span - 1) * spacing
            let height: Double
            if case .height(let value) = item.sizing, value >= 0, value.isFinite {
                height = value
            } else {
                do {
                    height = try Self.height(of: item.sizing, width: width, section: section, item: batchStart + offset)
                } catch {
                    failure = error
                    break placement
                }
            }
            var column = 0
            var top: Double
            if span == 1 {
                switch direction {
                case .shortestFirst:
                    top = next[0]
                    var candidate = 1
                    while candidate < columns {
                        if next[candidate] < top {
                            top = next[candidate]
                            column = candidate
                        }
                        candidate += 1
                    }
                case .leftToRight:
                    column = singles % columns
                    top = next[column]
                case .rightToLeft:
                    column = columns - 1 - singles % columns
                    top = next[column]
                }
                singles += 1
                let bottom = top + height
                bottoms[column] = bottom
                next[column] = bottom + lineSpacing
                columnLists[column * batch + columnCounts[column]] = Int32(truncatingIfNeeded: batchStart + offset)
                columnCounts[column] += 1
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
                let bottom = top + height
                for covered in column..<(column + span) {
                    bottoms[covered] = bottom
                    next[covered] = bottom + lineSpacing
                    columnLists[covered * batch + columnCounts[covered]] = Int32(truncatingIfNeeded: batchStart + offset)
                    columnCounts[covered] += 1
                }
            }
            (placed + offset).initialize(to: CellFrame(x: xs[column], y: top, width: width, height: height))
            offset += 1
            if offset == batch {
                store(placed, count: offset, columnLists: columnLists, columnCounts: columnCounts, batch: batch)
                batchStart += offset
                offset = 0
            }
        }
        if let failure {
            if batchStart > first { truncate(from: first) }
            throw failure
        }
        store(placed, count: offset, columnLists: columnLists, columnCounts: columnCounts, batch: batch)
        for column in 0..<columns {
            columnNext[column] = next[column]
            columnBottom[column] = bottoms[column]
        }
        singleColumnCount = singles
    }

    /// Moves a batch of placed cells and their column lists into storage, and empties the batch.
    private mutating func store(
        _ placed: UnsafeMutablePointer<CellFrame>, count: Int, columnLists: UnsafeMutablePointer<Int32>,
        columnCounts: UnsafeMutablePointer<Int>, batch: Int
    ) {
        frames.append(contentsOf: UnsafeBufferPointer(start: placed, count: count))
        for column in 0..<settings.columns where columnCounts[column] > 0 {
            columnItems[column].append(
                contentsOf: UnsafeBufferPointer(start: columnLists + column * batch, count: columnCounts[column]))
            columnCounts[column] = 0
        }
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
        y = (frames.isEmpty ? y : y + itemsHeight) + settings.sectionInset.bottom
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
        let cell = frames[item]
        return Rect(x: cell.x, y: itemsTop + cell.y, width: cell.width, height: cell.height)
    }

    // MARK: - Validation

    private static func validate(
        _ settings: SectionSettings, headerHeight: Double, footerHeight: Double, section: Int, width: Double
    ) throws(LayoutError) {
        guard settings.columns >= 1 else {
            throw LayoutError(section: section, key: "columns", message: "must be at least 1, not \(settings.columns)")
        }
        func check(_ value: Double, _ key: String) throws(LayoutError) {
            guard value.isFinite, value >= 0 else {
                throw LayoutError(section: section, key: key, message: "must be a finite number >= 0, not \(value)")
            }
        }
        try check(settings.lineSpacing, "lineSpacing")
        try check(settings.interitemSpacing, "interitemSpacing")
        try check(settings.spacingWithLastSection, "spacingWithLastSection")
        for (insets, name) in [
            (settings.sectionInset, "sectionInset"), (settings.headerInset, "headerInset"),
            (settings.footerInset, "footerInset"),
        ] {
            try check(insets.top, name + ".top")
            try check(insets.left, name + ".left")
            try check(insets.bottom, name + ".bottom")
            try check(insets.right, name + ".right")
        }
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
