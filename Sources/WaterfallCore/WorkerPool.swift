import Dispatch
import Foundation

/// A fixed number of threads that take work items in turn until none is left: the one way the
/// tool spreads work over the cores.
///
/// Its threads are ``StackThread``s of ``StackThread/standardSize`` (8 MiB), not a dispatch
/// queue's (512 KiB): the work decodes specs and draws with Cairo and Pango.
package enum WorkerPool {
    /// As many workers as the machine has cores.
    package static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` with every index in `0..<count` on `workers` threads, and returns when all have returned.
    ///
    /// Indices are handed out in order, each to the next thread that is free.
    package static func run(count: Int, workers: Int = cores, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<min(workers, count) {
            group.enter()
            StackThread.start {
                while true {
                    let index = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < count else { break }
                    body(index)
                }
                group.leave()
            }
        }
        group.wait()
    }

    /// Calls `body` with every index in `0..<count`, on the calling thread and `workers - 1` more,
    /// and returns when all have returned: `DispatchQueue.concurrentPerform`'s shape.
    ///
    /// For short work that borrows the caller's memory: `body` need not escape, and since the
    /// calling thread takes part, it must need no more stack than the caller has.
    package static func forEach(count: Int, workers: Int = cores, _ body: (Int) -> Void) {
        guard count > 1, workers > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Borrowed(body: body)
            let next = Locked(0)
            let take: @Sendable () -> Void = {
                while true {
                    let index = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < count else { break }
                    work.body?(index)
                }
            }
            let group = DispatchGroup()
            for _ in 1..<min(workers, count) {
                group.enter()
                StackThread.start {
                    take()
                    group.leave()
                }
            }
            take()
            group.wait()
            // The threads may not have ended yet; the closure must not outlive this call.
            work.body = nil
        }
    }

    /// Starts `body` on a thread of its own and returns at once; the caller waits for it as it
    /// likes (a group, a semaphore).
    ///
    /// When no thread can be started, `body` runs on the calling thread before this returns.
    package static func start(_ body: @escaping @Sendable () -> Void) {
        StackThread.start(body)
    }

    /// A closure that ``forEach(count:workers:_:)`` shares with its threads while it waits for
    /// them, let go before it returns.
    private final class Borrowed: @unchecked Sendable {
        var body: ((Int) -> Void)?
        init(body: @escaping (Int) -> Void) { self.body = body }
    }

    /// `body` of every index in `0..<count`, computed on `workers` threads, in the order of the indices.
    package static func map<Value: Sendable>(
        count: Int, workers: Int = cores, _ body: @escaping @Sendable (Int) -> Value
    ) -> [Value] {
        let values = Locked([Value?](repeating: nil, count: count))
        run(count: count, workers: workers) { index in
            let value = body(index)
            values.withLock { $0[index] = value }
        }
        return values.withLock { $0.map { $0! } }
    }
}
