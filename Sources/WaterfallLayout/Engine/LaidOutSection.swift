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
        for item in section.items {
            try append(item, section: index)
        }
    }

    var itemCount: Int { frames.count }

    /// The lowest cell bottom, relative to ``itemsTop``; 0 without cells.
    var itemsHeight: Double { columnBottom.max() ?? 0 }

    // MARK: - Placement

    /// Places one more item at the end of the section, following the layout contract.
    mutating func append(_ item: LayoutItem, section: Int) throws(LayoutError) {
        let index = frames.count
        let columns = settings.columns
        let span: Int
        switch item.span {
        case .full:
            span = columns
        case .columns(let count):
            guard count >= 1 else {
                throw LayoutError(
                    section: section, item: index, key: "span", message: "must be at least 1, not \(count)")
            }
            guard count <= columns else {
                throw LayoutError(
                    section: section, item: index, key: "span",
                    message: "\(count) is more than the section's \(columns) columns")
            }
            span = count
        }
        let width =
            span == columns ? fullWidth : Double(span) * columnWidth + Double(span - 1) * settings.interitemSpacing
        let height = try Self.height(of: item.sizing, width: width, section: section, item: index)

        let column: Int
        let top: Double
        if span == 1 {
            column = nextSingleColumn()
            top = columnNext[column]
            singleColumnCount += 1
        } else {
            (column, top) = bestWindow(span: span)
        }
        frames.append(CellFrame(x: columnX[column], y: top, width: width, height: height))
        let bottom = top + height
        let next = bottom + settings.lineSpacing
        for covered in column..<(column + span) {
            columnBottom[covered] = bottom
            columnNext[covered] = next
            columnItems[covered].append(Int32(truncatingIfNeeded: index))
        }
    }

    private func nextSingleColumn() -> Int {
        let columns = settings.columns
        switch settings.renderDirection {
        case .leftToRight:
            return singleColumnCount % columns
        case .rightToLeft:
            return columns - 1 - singleColumnCount % columns
        case .shortestFirst:
            var best = 0
            var bestNext = columnNext[0]
            for column in 1..<columns where columnNext[column] < bestNext {
                best = column
                bestNext = columnNext[column]
            }
            return best
        }
    }

    /// The start column whose window of `span` columns has the smallest highest next position.
    private func bestWindow(span: Int) -> (column: Int, top: Double) {
        let starts = 0...(settings.columns - span)
        var best = -1
        var bestTop = Double.infinity
        let preferHighest = settings.renderDirection == .rightToLeft
        for start in starts {
            var top = columnNext[start]
            for column in (start + 1)..<(start + span) { top = max(top, columnNext[column]) }
            if best < 0 || top < bestTop || (preferHighest && top == bestTop) {
                best = start
                bestTop = top
            }
        }
        return (best, bestTop)
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
