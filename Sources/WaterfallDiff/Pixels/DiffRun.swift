/// A horizontal run `[start, end)` of different pixels in one row.
struct DiffRun: Sendable, Equatable {
    /// Row.
    var y: Int32
    /// First column.
    var start: Int32
    /// One past the last column.
    var end: Int32
}
