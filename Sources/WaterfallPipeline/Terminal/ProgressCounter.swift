import Foundation
import WaterfallCore

/// The one counter of `render`, `examples` and `check`.
///
/// `[done/total] spec` on standard error, redrawn in place, when standard error is a terminal;
/// nothing otherwise, so logs and CI output hold only the results.
public final class ProgressCounter: Sendable {
    private struct State {
        var done = 0
        /// The index of the next spec whose message may be said.
        var next = 0
        /// The messages of specs that finished before one ahead of them did, by index.
        var waiting: [Int: String?] = [:]
    }

    private let total: Int
    private let state = Locked(State())
    private let line: ProgressLine
    private let sink: @Sendable (String) -> Void

    /// A counter of `total` specs; each message said goes to `sink`.
    public init(
        total: Int, isTerminal: Bool = isatty(STDERR_FILENO) == 1, sink: @escaping @Sendable (String) -> Void
    ) {
        self.total = total
        line = ProgressLine(isTerminal: isTerminal)
        self.sink = sink
    }

    /// Whether the line is drawn at all.
    public var isTerminal: Bool { line.isTerminal }

    /// Counts `spec` as done and redraws the line; `message`, if any, is said on a line of its
    /// own above it first.
    public func finished(_ spec: String, message: String? = nil) {
        // Under the lock, so lines are drawn in the order they are counted.
        state.withLock { state in
            state.done += 1
            if let message { say(message) }
            line.draw("[\(state.done)/\(total)] \(spec)")
        }
    }

    /// Counts `spec`, the `index`th of the run, as done and redraws the line; its `message`, if
    /// any, is said once every spec before it has said its own.
    ///
    /// Specs finish in any order on every core; what stays on standard error is in the specs'
    /// order, so the same run prints the same lines.
    public func finished(_ spec: String, at index: Int, message: String?) {
        state.withLock { state in
            state.done += 1
            state.waiting[index] = message
            while let ready = state.waiting.removeValue(forKey: state.next) {
                if let ready { say(ready) }
                state.next += 1
            }
            line.draw("[\(state.done)/\(total)] \(spec)")
        }
    }

    private func say(_ message: String) {
        line.clear()
        sink(message)
    }

    /// Clears the line, before the results are printed.
    public func end() {
        line.clear()
    }
}
