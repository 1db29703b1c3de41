/// Per-thread totals of one band of rows.
struct ScanChunk: Sendable {
    /// Some compared byte differs.
    var changedBytes = false
    /// Pixels with any changed byte, whatever the threshold.
    var changedPixels = 0
    /// Counted different pixels.
    var different = 0
    /// Pixels detected as anti-aliasing.
    var antialiased = 0
    /// Runs of counted pixels, in row-major order.
    var runs: [DiffRun] = []
}
