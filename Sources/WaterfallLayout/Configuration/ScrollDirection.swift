/// Which way a waterfall grows: down in columns, or sideways in rows.
public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
    /// Columns across a fixed width; the content grows in height.
    case vertical
    /// Rows across a fixed height; the content grows in width. The contract with x and y, widths
    /// and heights (and insets' top and left, bottom and right) swapped.
    case horizontal
}
