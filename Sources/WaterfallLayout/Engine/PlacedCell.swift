/// A placed cell's vertical extent, with `y` measured from the top of its section's first row.
///
/// Keeping cells relative to their section lets an edit above move everything below it by
/// changing one number per section, and keeps full and incremental layouts bit-identical.
/// A cell's `x` and width follow from the columns it covers (``CellColumns``), so they are not
/// stored: 16 bytes a cell here and 4 there, instead of a 32-byte rectangle.
struct CellExtent: Sendable, Hashable {
    var y: Double
    var height: Double

    var maxY: Double { y + height }
}

/// The columns a placed cell covers: `span` columns from `first`.
struct CellColumns: Sendable, Hashable {
    var first: UInt16
    var span: UInt16

    /// The most columns a section can have, so that a column index fits in 16 bits.
    static let maximumColumns = Int(UInt16.max)

    init(first: Int, span: Int) {
        self.first = UInt16(truncatingIfNeeded: first)
        self.span = UInt16(truncatingIfNeeded: span)
    }

    var range: Range<Int> { Int(first)..<(Int(first) + Int(span)) }
}
