/// How a section picks the column for its next single-column item.
public enum RenderDirection: String, Sendable, Hashable, CaseIterable {
    /// The column whose next free position is highest; ties go to the lowest index.
    case shortestFirst
    /// Columns in turn from the left.
    case leftToRight
    /// Columns in turn from the right.
    case rightToLeft
}
