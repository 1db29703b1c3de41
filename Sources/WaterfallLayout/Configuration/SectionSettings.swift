/// The per-section settings of a waterfall layout, as CHTCollectionViewWaterfallLayout names them.
public struct SectionSettings: Sendable, Hashable {
    /// Number of columns, at least 1.
    public var columns: Int
    /// Space around the section's cells.
    public var sectionInset: EdgeInsets
    /// Vertical space between consecutive cells of a column.
    public var lineSpacing: Double
    /// Horizontal space between columns.
    public var interitemSpacing: Double
    /// Vertical space between this section and the one before it (not applied to the first).
    public var spacingWithLastSection: Double
    /// Space around the header; applied only when the section has a header.
    public var headerInset: EdgeInsets
    /// Space around the footer; applied only when the section has a footer.
    public var footerInset: EdgeInsets
    /// How single-column items choose their column.
    public var renderDirection: RenderDirection
    /// Whether the header stays at the top of the visible bounds while its section is on screen,
    /// as UIKit's `sectionHeadersPinToVisibleBounds` (see `layoutAttributesForElements(in:contentOffset:)`).
    public var pinHeader: Bool
    /// When set, the column count is chosen from the width and ``columns`` is ignored.
    public var adaptiveColumns: AdaptiveColumns?
    /// The rule that places cells: UIKit's shortest column (the default) or CSS grid-lanes.
    public var placement: Placement
    /// Columns whose next position is at most this far below the highest count as tied with it
    /// (CSS `flow-tolerance`); 0 by default, `.infinity` for `infinite`.
    public var flowTolerance: Double

    /// Creates settings; every parameter left out keeps its documented default.
    public init(
        columns: Int = 2,
        sectionInset: EdgeInsets = .zero,
        lineSpacing: Double = 10,
        interitemSpacing: Double = 10,
        spacingWithLastSection: Double = 0,
        headerInset: EdgeInsets = .zero,
        footerInset: EdgeInsets = .zero,
        renderDirection: RenderDirection = .shortestFirst,
        pinHeader: Bool = false,
        adaptiveColumns: AdaptiveColumns? = nil,
        placement: Placement = .shortestColumn,
        flowTolerance: Double = 0
    ) {
        self.columns = columns
        self.sectionInset = sectionInset
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.spacingWithLastSection = spacingWithLastSection
        self.headerInset = headerInset
        self.footerInset = footerInset
        self.renderDirection = renderDirection
        self.pinHeader = pinHeader
        self.adaptiveColumns = adaptiveColumns
        self.placement = placement
        self.flowTolerance = flowTolerance
    }

    /// The documented defaults: 2 columns, 10-point spacing, no insets, shortest column first.
    public static let `default` = SectionSettings()
}
