import Testing
import WaterfallCore

/// Threads of the test run's own for the tests that wait: on a browser, a script, the `waterfall`
/// binary or any other process.
///
/// Swift Testing runs a test on the cooperative pool, one thread a core: on a 2-core machine two
/// tests waiting for Chromium held both threads, and every other test waited with them while the
/// machine idled (the whole run used 1.2 of its 2 cores). A suite or test given
/// ``Trait/onWaitingThreads`` runs on these threads instead, so a wait holds one of them and the
/// cooperative pool goes on with the tests that compute.
public final class WaitingThreads: TaskExecutor, @unchecked Sendable {
    /// The threads every such test shares: enough for the browser and process suites to wait side
    /// by side, few enough that the processes they start do not crowd out the machine's memory.
    public static let shared = WaitingThreads(count: 8)

    private let jobs = LockedCondition<[UnownedJob]>([])

    /// Starts `count` threads (with the tool's own stack size) that run the jobs given to them.
    init(count: Int) {
        for _ in 0..<count {
            WorkerPool.start { [self] in work() }
        }
    }

    /// Takes the oldest job, runs it, and goes on for as long as the process lives.
    private func work() {
        while true {
            let job = jobs.wait(until: { !$0.isEmpty }, then: { $0.removeFirst() })
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Hands `job` to the next free thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }
}

/// Runs each test case of a suite or test on ``WaitingThreads``.
public struct WaitingThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    /// Every test inside a suite given the trait runs there too.
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        // Once a test case: a suite's own scope would run its tests' set-up only.
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(WaitingThreads.shared) { try await function() }
    }
}

extension Trait where Self == WaitingThreadsTrait {
    /// Runs the suite's or test's cases on ``WaitingThreads``: for the tests that spend their time
    /// waiting for another process.
    public static var onWaitingThreads: Self { WaitingThreadsTrait() }
}
