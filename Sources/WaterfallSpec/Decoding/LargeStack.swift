import WaterfallCore

/// Runs work on a thread with a large stack, for recursive code fed with untrusted input.
enum LargeStack {
    static let stackSize = 512 << 20

    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        StackThread.run(size: stackSize, body)
    }
}
