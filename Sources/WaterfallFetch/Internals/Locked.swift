import Foundation

/// A value shared between the fetching threads and event loops, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Body bytes received by every download of a batch, for the progress line.
final class ByteCount: Sendable {
    private let total = Locked(0)

    func add(_ count: Int) { total.withLock { $0 += count } }
    var value: Int { total.withLock { $0 } }
}
