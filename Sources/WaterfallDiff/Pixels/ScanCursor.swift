/// What one band's scan carries from pixel to pixel: its totals, the open run of counted pixels
/// and two one-entry caches (flat areas repeat the same colours).
struct ScanCursor {
    /// The band's totals and finished runs.
    var chunk = ScanChunk()
    /// The last pair of colours whose distance was measured, and whether it was over the threshold;
    /// the keys start as an equal pair, which is never measured, so the first lookup misses.
    private var deltaKeyA: UInt32 = 0
    private var deltaKeyB: UInt32 = 0
    private var overThreshold = false
    /// The last colour faded to gray for the diff image, and its gray.
    private var grayKey: UInt32 = 0
    private var grayValue: UInt32
    /// The open run `[runStart, runEnd)` of counted pixels in the current row; `runStart` -1 when none.
    private var runStart = -1
    private var runEnd = -1
    private let maxDelta: Double
    private let fade: Double

    init(maxDelta: Double, fade: Double) {
        self.maxDelta = maxDelta
        self.fade = fade
        grayValue = YIQ.fadedGray(0, fade: fade)
    }

    /// Whether the YIQ distance of two unequal colours is over the threshold.
    @inline(__always)
    mutating func isOverThreshold(_ va: UInt32, _ vb: UInt32) -> Bool {
        if va != deltaKeyA || vb != deltaKeyB {
            deltaKeyA = va
            deltaKeyB = vb
            overThreshold = abs(YIQ.delta(va, vb)) > maxDelta
        }
        return overThreshold
    }

    /// The faded gray a pixel of image A is painted with where nothing changed.
    @inline(__always)
    mutating func gray(_ v: UInt32) -> UInt32 {
        if v != grayKey {
            grayKey = v
            grayValue = YIQ.fadedGray(v, fade: fade)
        }
        return grayValue
    }

    /// Counts `length` pixels from column `x` of row `y` as different, extending the open run when
    /// they continue it.
    @inline(__always)
    mutating func count(_ x: Int, _ length: Int, row y: Int) {
        chunk.different &+= length
        if x == runEnd {
            runEnd = x &+ length
            return
        }
        closeRun(row: y)
        runStart = x
        runEnd = x &+ length
    }

    /// Ends the open run of row `y`, if any.
    @inline(__always)
    mutating func closeRun(row y: Int) {
        if runStart >= 0 {
            chunk.runs.append(DiffRun(y: Int32(y), start: Int32(runStart), end: Int32(runEnd)))
        }
        runStart = -1
        runEnd = -1
    }
}
