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
