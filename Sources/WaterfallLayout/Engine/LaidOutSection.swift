/// One section after layout: its absolute position on the page and its cells, relative to it.
///
/// Placement is in `LaidOutSection+Placement.swift`, the position on the page and cell frames in
/// `+Position`, the checks of a section's settings in `+Validation`, edits in `+Editing`.
struct LaidOutSection: Sendable {
    let settings: SectionSettings
    let headerHeight: Double
    let footerHeight: Double
    let hasBackground: Bool
    /// The width of a one-column cell.
    let columnWidth: Double
    /// The width of a cell spanning every column.
    let fullWidth: Double
    /// The left edge of each column; a cell's `x` is always one of these, exactly.
    let columnX: [Double]
    /// Each column's width where they differ by a unit (grid-lanes placement, in 1/64ths), or `nil`
    /// where every column is ``columnWidth`` wide.
    let columnWidths: [Double]?

    // Set by `position(at:width:)` (LaidOutSection+Position.swift).
    /// Where the section starts, after the spacing with the section before it.
    var top: Double = 0
    var headerFrame: Rect?
    /// Where the first row of cells starts: cell `y` values are measured from here.
    var itemsTop: Double = 0
    var footerFrame: Rect?
    /// Where the section's `sectionInset.top` begins, just after its header area.
    var areaTop: Double = 0
    /// Where the section's `sectionInset.bottom` ends, just before its footer area.
    var areaBottom: Double = 0
    /// Where the section ends, after its footer and insets.
    var bottom: Double = 0

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
    /// Grid-lanes placement's auto-placement cursor: the column after the last auto-placed cell.
    var cursor = 0
    /// The cells given as `.full` in a grid-lanes section, in item order: placed across every
    /// column without moving the cursor (CSS `grid-column: 1 / -1`).
    var fullWidthItems: [Int32] = []
    /// The natural sizes of the cells scaled to their width in a grid-lanes section, by item:
    /// there columns differ by a unit, so an edit that moves a cell to another column scales it anew.
    var naturalSizes: [Int32: Size] = [:]

    init(_ section: LayoutSection, index: Int, width: Double) throws(LayoutError) {
        var settings = section.settings
        settings.columns = try settings.columnCount(forWidth: width, section: index)
        settings.adaptiveColumns = nil
        try Self.validate(
            settings, headerHeight: section.headerHeight, footerHeight: section.footerHeight,
            section: index, width: width)
        let gridLanes = settings.placement == .gridLanes
        if gridLanes { settings = settings.inLayoutUnits }
        self.settings = settings
        self.headerHeight = gridLanes ? LayoutUnit.floor(section.headerHeight) : section.headerHeight
        self.footerHeight = gridLanes ? LayoutUnit.floor(section.footerHeight) : section.footerHeight
        self.hasBackground = section.hasBackground
        let inset = settings.sectionInset
        let columns = settings.columns
        let available = (gridLanes ? LayoutUnit.floor(width) : width) - inset.left - inset.right
        let columnWidth = (available - Double(columns - 1) * settings.interitemSpacing) / Double(columns)
        guard columnWidth > 0, columnWidth.isFinite else {
            throw LayoutError(
                section: index, key: "columns",
                message: "item width is \(columnWidth) after insets and spacing; it must be greater than 0")
        }
        if gridLanes {
            let widths = LayoutUnit.columnWidths(available: available, gap: settings.interitemSpacing, count: columns)
            var x = inset.left
            var edges: [Double] = []
            for width in widths {
                edges.append(x)
                x += width + settings.interitemSpacing
            }
            self.columnWidth = widths[0]
            self.fullWidth = edges[columns - 1] + widths[columns - 1] - inset.left
            self.columnX = edges
            self.columnWidths = widths
        } else {
            self.columnWidth = columnWidth
            self.fullWidth = available
            self.columnX = (0..<columns).map { inset.left + Double($0) * (columnWidth + settings.interitemSpacing) }
            self.columnWidths = nil
        }
        self.columnItems = Array(repeating: ChunkedStorage(), count: columns)
        self.columnNext = Array(repeating: 0, count: columns)
        self.columnBottom = Array(repeating: 0, count: columns)
        try append(contentsOf: section.items, section: index)
    }

    var itemCount: Int { extents.count }

    /// The lowest cell bottom, relative to ``itemsTop``; 0 without cells.
    var itemsHeight: Double { columnBottom.max() ?? 0 }

    /// The width of a cell that covers `span` columns from `first`.
    @inline(__always)
    func width(first: Int, span: Int) -> Double {
        guard columnWidths != nil, span < settings.columns else { return width(ofSpan: span) }
        let last = first + span - 1
        return columnX[last] + columnWidths.unsafelyUnwrapped[last] - columnX[first]
    }

    /// The width of a cell that spans `span` columns; placement and queries both use this.
    @inline(__always)
    func width(ofSpan span: Int) -> Double {
        span == settings.columns
            ? fullWidth
            : span == 1 ? columnWidth : Double(span) * columnWidth + Double(span - 1) * settings.interitemSpacing
    }
}
