import WaterfallCore

/// Body bytes received by every download of a batch, for the progress line.
final class ByteCount: Sendable {
    private let total = Locked(0)

    func add(_ count: Int) { total.withLock { $0 += count } }
    var value: Int { total.withLock { $0 } }
}
