import Foundation

/// Runs work on a thread with a large stack, for recursive code fed with untrusted input.
enum LargeStack {
    static let stackSize = 512 << 20

    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let box = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.value!
    }

    private final class ResultBox<Value>: @unchecked Sendable {
        // Written once by the worker before it signals, read once after the wait.
        var value: Value?
    }
}
