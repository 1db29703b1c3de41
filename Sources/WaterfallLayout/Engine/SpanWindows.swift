/// Finds where a cell spanning several columns goes: the run of columns whose highest next
/// position is lowest.
///
/// A sliding-window maximum over the columns' next positions: a deque of column indices whose
/// positions only decrease from front to back holds, at every step, the highest position of the
/// current window at its front. Each column enters and leaves the deque once, so a spanning cell
/// costs O(columns) whatever its span, where trying every window costs O(columns × span).
/// The maximum of a window is exact, so the chosen columns are the same as trying every window.
final class SpanWindows {
    /// The deque, as indices into the columns; it never holds more than `columns` of them and is
    /// filled from the start on each search, so it needs no wrapping.
    private let deque: UnsafeMutablePointer<Int>

    init(columns: Int) {
        deque = .allocate(capacity: columns)
    }

    deinit {
        deque.deallocate()
    }

    /// The window of `span` columns whose highest position in `next` is lowest: its first column and that position.
    ///
    /// Among equal windows the leftmost is chosen, or the rightmost when `preferringLast` (the
    /// right-to-left direction).
    ///
    /// - Parameters:
    ///   - span: How many columns the cell covers, from 1 to `count`.
    ///   - next: Each column's next position, `count` of them, none NaN.
    @inline(__always)
    func lowest(span: Int, in next: UnsafeMutablePointer<Double>, count: Int, preferringLast: Bool)
        -> (column: Int, top: Double)
    {
        var front = 0
        var back = 0
        var column = 0
        var top = Double.infinity
        for index in 0..<count {
            let value = next[index]
            // Columns no higher than this one can never again be a window's highest.
            while back > front, next[deque[back - 1]] <= value { back -= 1 }
            deque[back] = index
            back += 1
            let start = index - span + 1
            if deque[front] < start { front += 1 }
            guard start >= 0 else { continue }
            let windowTop = next[deque[front]]
            if windowTop < top || (preferringLast && windowTop == top) {
                top = windowTop
                column = start
            }
        }
        return (column, top)
    }
}
