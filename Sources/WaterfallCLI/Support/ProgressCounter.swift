import Foundation
import WaterfallCore

/// The one counter of `render`, `examples` and `check`.
///
/// `[done/total] spec` on standard error, redrawn in place, when standard error is a terminal;
/// nothing otherwise, so logs and CI output hold only the results.
final class ProgressCounter: Sendable {
    private let total: Int
    private let done = Locked(0)
    private let line: ProgressLine

    init(total: Int, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        line = ProgressLine(isTerminal: isTerminal)
    }

    /// Whether the line is drawn at all.
    var isTerminal: Bool { line.isTerminal }

    /// Counts `spec` as done and redraws the line; `message`, if any, is said on a line of its
    /// own above it first.
    func finished(_ spec: String, message: String? = nil) {
        // Under the lock, so lines are drawn in the order they are counted.
        done.withLock { done in
            done += 1
            if let message {
                line.clear()
                Output.standardError(message)
            }
            line.draw("[\(done)/\(total)] \(spec)")
        }
    }

    /// Clears the line, before the results are printed.
    func end() {
        line.clear()
    }
}
