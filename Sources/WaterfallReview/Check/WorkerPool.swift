import Dispatch
import Foundation
import WaterfallCore

/// A fixed number of threads that take work items in turn until none is left.
enum WorkerPool {
    /// Calls `body` with every index in `0..<count` on `workers` threads, and returns when all have returned.
    ///
    /// Indices are handed out in order, each to the next thread that is free.
    static func run(count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
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
}
