import Foundation
import WaterfallCore
import WaterfallPipeline

/// `[done/total] spec` on standard error, redrawn in place, when standard error is a terminal;
/// nothing otherwise, so logs and CI output hold only the results.
final class CheckProgress: Sendable {
    private let total: Int
    private let done = Locked(0)
    private let line: ProgressLine

    init(total: Int, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        line = ProgressLine(isTerminal: isTerminal)
    }

    /// Counts `spec` as checked and redraws the line.
    func finished(_ spec: String) {
        guard line.isTerminal else { return }
        // Under the lock, so lines are drawn in the order they are counted.
        done.withLock { done in
            done += 1
            line.draw("[\(done)/\(total)] \(spec)")
        }
    }

    /// Clears the line, before the results are printed.
    func end() {
        line.clear()
    }
}
