import Foundation
import WaterfallCore

/// Runs the synchronous pipeline (Cairo, Pango, the decoder) off the server's event loops.
enum BlockingWork {
    /// Runs `work` on a thread of its own, with the stack the decoder and renderers need.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            StackThread.start { continuation.resume(with: Result { try work() }) }
        }
    }
}
