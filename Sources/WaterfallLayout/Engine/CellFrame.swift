/// A cell's frame with `y` measured from the top of its section's first row.
///
/// Keeping cells relative to their section lets an edit above move everything below it by
/// changing one number per section, and keeps full and incremental layouts bit-identical.
struct CellFrame: Sendable, Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxY: Double { y + height }
}
