import Foundation
import WaterfallCore
import WaterfallPipeline

/// The server-sent events every open page listens to: one message each time specs change.
final class ChangeFeed: Sendable {
    private let subscribers = Locked((next: 0, continuations: [Int: AsyncStream<String>.Continuation]()))

    /// A stream of the messages published from now on; it ends when `cancel` is called with its id.
    func subscribe() -> (id: Int, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = subscribers.withLock { state in
            defer { state.next += 1 }
            state.continuations[state.next] = continuation
            return state.next
        }
        continuation.onTermination = { [weak self] _ in self?.cancel(id) }
        return (id, stream)
    }

    func cancel(_ id: Int) {
        let continuation = subscribers.withLock { $0.continuations.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// Sends `message` (one line) to every subscriber.
    func publish(_ message: String) {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(message) }
    }

    var subscriberCount: Int { subscribers.withLock { $0.continuations.count } }

    /// The message that only keeps connections open.
    static let ping = "ping"

    /// A change message: the names of the specs that changed, or every spec.
    ///
    /// A list of names and a flag always encode; were it ever to fail, every page reloads.
    static func message(specs: [String], all: Bool) -> String {
        JSONOutput.text(Message(all: all, specs: specs), or: #"{"all":true,"specs":[]}"#)
    }

    private struct Message: Encodable {
        var all: Bool
        var specs: [String]
    }
}
