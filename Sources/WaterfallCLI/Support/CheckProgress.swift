import Foundation
import WaterfallCore
import WaterfallPipeline

/// `[done/total] spec` on standard error, redrawn in place, when standard error is a terminal;
/// nothing otherwise, so logs and CI output hold only the results.
final class CheckProgress: Sendable {
    private let total: Int
    private let done = Locked(0)
    private let isTerminal: Bool

    init(total: Int, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.isTerminal = isTerminal
    }

    /// Counts `spec` as checked and redraws the line.
    func finished(_ spec: String) {
        guard isTerminal else { return }
        // Under the lock, so lines are drawn in the order they are counted.
        done.withLock { done in
            done += 1
            // A file name's control characters could drive the terminal; they are left out.
            let shown = String(
                String.UnicodeScalarView(spec.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }))
            Output.standardErrorRaw("\r\u{1B}[K[\(done)/\(total)] \(shown)")
        }
    }

    /// Clears the line, before the results are printed.
    func end() {
        if isTerminal { Output.standardErrorRaw("\r\u{1B}[K") }
    }
}
