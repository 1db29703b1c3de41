import WaterfallCore

/// Counts the requests for clips drawing or waiting to, and turns away those past the limit.
final class ClipTurns: Sendable {
    /// Requests that may wait while a clip is drawn: a spec page asks for its two clips at once,
    /// and a second tab for its own.
    static let waitingLimit = 3
    /// What `Retry-After` tells a request turned away.
    static let retrySeconds = 2

    private let count = Locked(0)

    /// Takes a turn; false when one clip is drawing and ``waitingLimit`` requests already wait.
    func enter() -> Bool {
        count.withLock { count in
            guard count <= Self.waitingLimit else { return false }
            count += 1
            return true
        }
    }

    /// Gives a turn back, once its clip is drawn or failed.
    func leave() {
        count.withLock { $0 -= 1 }
    }
}
