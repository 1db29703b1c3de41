import Dispatch
import Testing
import WaterfallCore

/// `WorkerPool.forEach`, the pool's `concurrentPerform`, and `LockedCondition`, the one way to
/// wait for a shared value.
@Suite struct WorkerPoolTests {
    @Test(arguments: [0, 1, 2, 7, 1000])
    func forEachCallsEveryIndexOnceAndReturnsAfterAll(count: Int) {
        var calls = [Int](repeating: 0, count: count)
        calls.withUnsafeMutableBufferPointer { slots in
            let target = Slots(buffer: slots)
            WorkerPool.forEach(count: count, workers: 4) { index in target.buffer[index] += 1 }
        }
        #expect(calls == [Int](repeating: 1, count: count))
    }

    @Test func forEachOnOneWorkerRunsInOrderOnTheCallersThread() {
        var order: [Int] = []
        WorkerPool.forEach(count: 5, workers: 1) { order.append($0) }
        #expect(order == [0, 1, 2, 3, 4])
    }

    @Test func forEachIsTheSameAsMap() {
        let mapped = WorkerPool.map(count: 300, workers: 3) { $0 * $0 }
        var each = [Int](repeating: -1, count: 300)
        each.withUnsafeMutableBufferPointer { slots in
            let target = Slots(buffer: slots)
            WorkerPool.forEach(count: 300, workers: 3) { target.buffer[$0] = $0 * $0 }
        }
        #expect(each == mapped)
    }

    @Test func aWaiterWakesWhenAnotherThreadMakesTheValueReady() {
        let condition = LockedCondition(0)
        let done = DispatchSemaphore(value: 0)
        let seen = Locked<[Int]>([])
        for wanted in 1...3 {
            WorkerPool.start {
                let value = condition.wait(until: { $0 >= wanted }, then: { $0 })
                seen.withLock { $0.append(value >= wanted ? wanted : -wanted) }
                done.signal()
            }
        }
        for _ in 1...3 { condition.withLock { $0 += 1 } }
        for _ in 1...3 { done.wait() }
        #expect(seen.withLock { $0.sorted() } == [1, 2, 3])
    }

    @Test func aWaitThatIsReadyRunsAtOnceAndItsChangeIsSeen() {
        let condition = LockedCondition([1, 2])
        let taken = condition.wait(until: { !$0.isEmpty }, then: { $0.removeFirst() })
        #expect(taken == 1)
        #expect(condition.withLock { $0 } == [2])
    }

    /// A buffer each thread writes only its own elements of.
    private struct Slots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Int>
    }
}
