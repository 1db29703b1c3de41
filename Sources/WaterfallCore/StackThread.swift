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
    ///
    /// Under a memory limit (`ulimit -v`, a container's) a large stack may not be had: then
    /// `body` runs on a thread of ``standardSize``, and when not even that can be started, on
    /// the caller's thread before this returns. Foundation's `Thread` gave no sign that its
    /// thread never started, and `run(size:_:)` waited for it for ever.
    package static func start(size: Int = standardSize, _ body: @escaping @Sendable () -> Void) {
        if spawn(size: size, body) { return }
        if size > standardSize, spawn(size: standardSize, body) { return }
        body()
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts a detached thread running `body` with a stack of `size` bytes; `false` when it
    /// cannot be started.
    private static func spawn(size: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, size) == 0,
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0
        else { return false }
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        #if os(Linux)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, work)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        return true
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
