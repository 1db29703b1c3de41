/// The rule that chooses where each cell of a section goes.
public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// UIKit's waterfall rule (CHTCollectionViewWaterfallLayout): the column whose next position
    /// is highest, the lowest index among equals, as ``RenderDirection`` says.
    case shortestColumn
    /// CSS `display: grid-lanes` (css-grid-3) as Chromium implements it: among the columns whose
    /// next position is within the flow tolerance of the highest, the first at or after the
    /// auto-placement cursor (the column after the previous item, wrapping round); every length
    /// in Chromium's 1/64 px units. See docs/LAYOUT.md.
    case gridLanes
}
