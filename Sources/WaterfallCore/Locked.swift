import Synchronization

/// A value shared between threads, behind the standard library's `Mutex`.
///
/// A class, so that the closures and types that share it hold one reference (`Mutex` itself
/// cannot be copied). The value lives beside the mutex rather than in it, so that any value, not
/// only a Sendable one, can be shared: every access goes through ``withLock(_:)``.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex(())
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, no other thread touching it meanwhile.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body(&value) }
    }
}
