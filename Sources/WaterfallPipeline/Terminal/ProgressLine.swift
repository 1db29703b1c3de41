import Foundation
import SystemPackage
import WaterfallCore

/// One line on standard error, redrawn in place while work goes on, when standard error is a
/// terminal; nothing otherwise, so logs and CI output hold only the results.
public final class ProgressLine: Sendable {
    /// Whether standard error is a terminal, and so whether anything is drawn.
    public let isTerminal: Bool
    private let shown = Locked("")

    /// A line on standard error, drawn only when `isTerminal`.
    public init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Draws `text` in place of the line; the same text again is not drawn again.
    ///
    /// Control characters (from a file name, say) are left out: they could drive the terminal.
    public func draw(_ text: String) {
        guard isTerminal else { return }
        let line = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0 != "\u{7F}" }))
        shown.withLock { shown in
            guard shown != line else { return }
            shown = line
            var text = "\r\u{1B}[K" + line
            // A closed or full standard error is ignored: there is nowhere left to say anything.
            _ = text.withUTF8 { Syscalls.writeAll(UnsafeRawBufferPointer($0), to: .standardError) }
        }
    }

    /// Clears the line, before other output or at the end.
    public func clear() { draw("") }
}
