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

    /// Every time limit in the tests is given with `.onWaitingThreads`, in the same attribute.
    ///
    /// Without it the test runs on the cooperative pool, one thread a core, and Swift Testing
    /// counts its limit from before it has one: a bounds test that takes 6 s alone once failed its
    /// minute in a full run, in the line behind the tests holding both threads.
    @Test func everyTimeLimitRunsOnTheGrowingThreads() throws {
        var limited = 0
        let folder = Repository.path("Tests")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder)
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for attribute in Self.testAttributes(in: text) where attribute.contains(".timeLimit(") {
                limited += 1
                #expect(attribute.contains(".onWaitingThreads"), "\(file): \(attribute)")
            }
        }
        // The suites and tests with a limit today: a scan that found none would prove nothing.
        #expect(limited >= 15)
    }

    /// The text of each `@Test(...)` and `@Suite(...)` attribute, to its closing parenthesis.
    static func testAttributes(in text: String) -> [String] {
        var attributes: [String] = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: /@(Test|Suite)\(/) {
            var depth = 0
            var end = start.upperBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
            }
            attributes.append(String(rest[start.lowerBound..<end]))
            rest = rest[end...]
        }
        return attributes
    }
}
