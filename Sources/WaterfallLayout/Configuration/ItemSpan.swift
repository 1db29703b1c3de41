/// How many columns an item covers.
public enum ItemSpan: Sendable, Hashable {
    /// A fixed number of columns, at least 1.
    case columns(Int)
    /// Every column of the section, whatever their number.
    case full

    /// One column, the default.
    public static let single = ItemSpan.columns(1)
}
