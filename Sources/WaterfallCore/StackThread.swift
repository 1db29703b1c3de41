import Dispatch
import Foundation

/// Threads with a stack of a given size: the one way the tool starts a thread of its own.
///
/// Decoding a deeply nested spec and drawing with Cairo and Pango need more stack than a
/// dispatch queue's threads have (512 KiB); the main thread's is 8 MiB.
package enum StackThread {
    /// As much as the main thread has: enough for the decoder and the renderers.
    package static let standardSize = 8 << 20

    /// Starts `body` on a new thread with a stack of `size` bytes and returns at once.
    package static func start(size: Int = standardSize, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = size
        thread.start()
    }

    /// Runs `body` on a new thread with a stack of `size` bytes and waits for its value.
    package static func run<Value: Sendable>(size: Int = standardSize, _ body: @escaping @Sendable () -> Value) -> Value
    {
        let result = Locked<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        start(size: size) {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
