import Foundation
import WaterfallCore

/// One line on standard error, redrawn in place while work goes on, when standard error is a
/// terminal; nothing otherwise, so logs and CI output hold only the results.
final class ProgressLine: Sendable {
    let isTerminal: Bool
    private let shown = Locked("")

    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Draws `text` in place of the line; the same text again is not drawn again.
    ///
    /// Control characters (from a file name, say) are left out: they could drive the terminal.
    func draw(_ text: String) {
        guard isTerminal else { return }
        let line = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }))
        shown.withLock { shown in
            guard shown != line else { return }
            shown = line
            Output.standardErrorRaw("\r\u{1B}[K" + line)
        }
    }

    /// Clears the line, before other output or at the end.
    func clear() { draw("") }
}
