import Dispatch
import Foundation
import Testing
import WaterfallCore
import WaterfallTestSupport

/// The threads the waiting tests run on: a test with a time limit never waits in line for one.
@Suite struct WaitingThreadsTests {
    /// Five jobs that each wait until all five have started: they finish only if none waited for
    /// another to end, so a growing pool must have given each a thread.
    @Test func aGrowingPoolGivesEveryJobAThreadAtOnce() async throws {
        let threads = WaitingThreads(count: 0, growing: true)
        let running = Locked(0)
        let allStarted = DispatchSemaphore(value: 0)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask(executorPreference: threads) {
                    let count = running.withLock { count in
                        count += 1
                        return count
                    }
                    if count == 5 { for _ in 0..<5 { allStarted.signal() } }
                    return allStarted.wait(timeout: .now() + 20) == .success && threads.isCurrent
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 5))
        #expect(threads.threadCount == 5)
    }

    /// Five jobs of 0.2 s on a pool of two run no more than two at once.
    ///
    /// The rest wait in line. The line is real, which is why the time-limited tests skip it.
    @Test func aFixedPoolRunsNoMoreThanItsCountAtOnce() async {
        let threads = WaitingThreads(count: 2)
        let running = Locked((now: 0, most: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask(executorPreference: threads) {
                    running.withLock { running in
                        running.now += 1
                        running.most = max(running.most, running.now)
                    }
                    usleep(200_000)
                    running.withLock { $0.now -= 1 }
                }
            }
        }
        #expect(running.withLock { $0.most } == 2)
        #expect(threads.threadCount == 2)
    }

    @Test(.onWaitingThreads, .timeLimit(.minutes(1)))
    func aTestWithATimeLimitRunsOnTheGrowingThreads() {
        #expect(WaitingThreads.timed.isCurrent)
        #expect(!WaitingThreads.shared.isCurrent)
    }

    @Test(.onWaitingThreads) func aTestWithoutOneRunsOnTheSharedThreads() {
        #expect(WaitingThreads.shared.isCurrent)
        #expect(!WaitingThreads.timed.isCurrent)
    }
}
