import Testing
import WaterfallCore
import WaterfallPipeline

/// What `render` and `examples` leave on standard error is in the specs' order, whatever order
/// they finish in on the cores.
@Suite struct ProgressCounterTests {
    @Test func messagesAreSaidInTheSpecsOrder() {
        let said = Locked([String]())
        let counter = ProgressCounter(total: 5, isTerminal: false) { line in said.withLock { $0.append(line) } }
        counter.finished("c.yaml", at: 2, message: "c")
        counter.finished("b.yaml", at: 1, message: nil)
        #expect(said.withLock { $0 }.isEmpty, "a spec ahead has not finished")
        counter.finished("a.yaml", at: 0, message: "a")
        #expect(said.withLock { $0 } == ["a", "c"])
        counter.finished("e.yaml", at: 4, message: "e")
        counter.finished("d.yaml", at: 3, message: "d")
        counter.end()
        #expect(said.withLock { $0 } == ["a", "c", "d", "e"])
    }

    /// On many threads at once, every message is said once and in order.
    @Test func manyThreadsStillSayThemInOrder() {
        let said = Locked([String]())
        let count = 200
        let counter = ProgressCounter(total: count, isTerminal: false) { line in said.withLock { $0.append(line) } }
        _ = WorkerPool.map(count: count, workers: 8) { index in
            counter.finished("\(index).yaml", at: index, message: "\(index)")
        }
        #expect(said.withLock { $0 } == (0..<count).map(String.init))
    }
}
