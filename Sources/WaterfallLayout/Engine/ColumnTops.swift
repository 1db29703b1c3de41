/// Where each column's next cell may start, while a section is being placed.
///
/// The placement loop is generic over this, so that it is compiled once for any column count
/// (``ColumnTopsBuffer``) and once for each small count (``FixedColumnTops``), where the tops
/// live in registers and the shortest column is found without branches: which column is
/// shortest is as good as random, so a branch on it is mispredicted about every other item.
protocol ColumnTops {
    /// The column whose next cell starts highest, the lowest index among equals, and that top.
    func shortest() -> (column: Int, top: Double)
    /// Records that `column`'s next cell may start at `next`.
    mutating func setNext(_ next: Double, ofColumn column: Int)
    /// Gives `body` the tops as memory it may read and change, for the less common cases.
    mutating func withBuffer<Result>(_ body: (UnsafeMutablePointer<Double>) -> Result) -> Result
}

/// Any number of column tops, in memory.
struct ColumnTopsBuffer: ColumnTops {
    let next: UnsafeMutablePointer<Double>
    let count: Int

    @inline(__always)
    func shortest() -> (column: Int, top: Double) {
        Self.shortest(in: next, count: count)
    }

    /// The lowest of `count` tops, the first of equals.
    @inline(__always)
    static func shortest(in next: UnsafeMutablePointer<Double>, count: Int) -> (column: Int, top: Double) {
        var column = 0
        var top = next[0]
        var candidate = 1
        while candidate < count {
            if next[candidate] < top {
                top = next[candidate]
                column = candidate
            }
            candidate += 1
        }
        return (column, top)
    }

    @inline(__always)
    mutating func setNext(_ value: Double, ofColumn column: Int) {
        next[column] = value
    }

    @inline(__always)
    mutating func withBuffer<Result>(_ body: (UnsafeMutablePointer<Double>) -> Result) -> Result {
        body(next)
    }
}

/// The tops of a section of `count` columns, `count` from 2 to 8.
///
/// Every loop here runs a number of times known when it is compiled, so each is unrolled, every
/// index is a constant, and the tops stay in registers. They are kept as the bit patterns of
/// the `Double`s: tops are never negative or NaN (0 is always +0, as a sum of +0 and numbers
/// >= 0 is; a sum too large is +infinity), and for those the integers order exactly as the
/// numbers do, and an integer select is a conditional move where a floating-point one would be
/// a branch.
struct FixedColumnTops<let count: Int>: ColumnTops {
    private var bits: InlineArray<count, UInt64>
    /// Memory for ``withBuffer(_:)``, at least `count` long.
    private let spill: UnsafeMutablePointer<Double>

    /// Starts from the tops in `tops`, which is also used as scratch memory.
    init(_ tops: UnsafeMutablePointer<Double>) {
        bits = InlineArray(repeating: 0)
        for column in 0..<count { bits[column] = tops[column].bitPattern }
        spill = tops
    }

    @inline(__always)
    func shortest() -> (column: Int, top: Double) {
        // A tournament: log2(count) rounds of pairwise minimums instead of count - 1 in a row.
        // The left of a pair has the lower columns, and keeps ties.
        var values = bits
        var columns = InlineArray<count, Int>(repeating: 0)
        for column in 0..<count { columns[column] = column }
        Self.round(&values, &columns, width: 1)
        if count > 2 { Self.round(&values, &columns, width: 2) }
        if count > 4 { Self.round(&values, &columns, width: 4) }
        return (columns[0], Double(bitPattern: values[0]))
    }

    @inline(__always)
    private static func round(
        _ values: inout InlineArray<count, UInt64>, _ columns: inout InlineArray<count, Int>, width: Int
    ) {
        var left = 0
        while left + width < count {
            let right = left + width
            let takeRight = values[right] < values[left]
            values[left] = takeRight ? values[right] : values[left]
            columns[left] = takeRight ? columns[right] : columns[left]
            left += 2 * width
        }
    }

    @inline(__always)
    mutating func setNext(_ value: Double, ofColumn column: Int) {
        let value = value.bitPattern
        for candidate in 0..<count { bits[candidate] = candidate == column ? value : bits[candidate] }
    }

    @inline(__always)
    mutating func withBuffer<Result>(_ body: (UnsafeMutablePointer<Double>) -> Result) -> Result {
        for column in 0..<count { spill[column] = Double(bitPattern: bits[column]) }
        let result = body(spill)
        for column in 0..<count { bits[column] = spill[column].bitPattern }
        return result
    }
}

/// Each column's new cells in a batch, in item order, kept in scratch memory that stays in cache.
///
/// Column `c`'s list is at most `batch` long, from `items + c * batch`. Where each list ends is
/// kept in memory, not registers: the placement loop needs its registers for the column tops.
struct ColumnLists {
    let batch: Int
    let columns: Int
    let items: UnsafeMutablePointer<Int32>
    private let ends: UnsafeMutablePointer<Int>

    init(columns: Int, batch: Int) {
        self.batch = batch
        self.columns = columns
        items = .allocate(capacity: columns * batch)
        ends = .allocate(capacity: columns)
        clear()
    }

    func deallocate() {
        items.deallocate()
        ends.deallocate()
    }

    @inline(__always)
    func append(_ item: Int32, toColumn column: Int) {
        let end = ends[column]
        items[end] = item
        ends[column] = end &+ 1
    }

    /// The cells the batch added to `column`.
    func list(ofColumn column: Int) -> UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(start: items + column * batch, count: ends[column] - column * batch)
    }

    /// Empties the lists, for the next batch.
    func clear() {
        for column in 0..<columns { ends[column] = column * batch }
    }
}
