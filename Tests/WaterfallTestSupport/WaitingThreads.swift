import Foundation
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

    /// Threads for the tests with a time limit: one more whenever a job comes and none is free,
    /// so a job never waits in line.
    ///
    /// A time limit is counted from before a trait's scope, so a test that waited behind the
    /// shared threads' line spent its minute there: all eight proxy tests once timed out at 423 s
    /// without having run, queued behind the hostile suite's 25-case tests. These threads stay,
    /// idle, once started; there are at most as many as time-limited tests ever ran at once.
    public static let timed = WaitingThreads(count: 0, growing: true)

    private struct State {
        var jobs: [UnownedJob] = []
        var idle = 0
    }

    private let state = LockedCondition(State())
    private let growing: Bool
    private let started = Locked(0)
    /// The key under which each thread's dictionary names the threads it belongs to.
    private var key: String { "WaitingThreads-\(ObjectIdentifier(self).hashValue)" }

    /// Starts `count` threads (with the tool's own stack size) that run the jobs given to them;
    /// when `growing`, more as jobs come that no thread is free for.
    package init(count: Int, growing: Bool = false) {
        self.growing = growing
        for _ in 0..<count { startThread() }
    }

    private func startThread() {
        started.withLock { $0 += 1 }
        WorkerPool.start { [self] in work() }
    }

    /// Takes the oldest job, runs it, and goes on for as long as the process lives.
    private func work() {
        Thread.current.threadDictionary[key] = true
        while true {
            state.withLock { $0.idle += 1 }
            let job = state.wait(
                until: { !$0.jobs.isEmpty },
                then: { state in
                    state.idle -= 1
                    return state.jobs.removeFirst()
                })
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// How many threads were started.
    package var threadCount: Int { started.withLock { $0 } }

    /// Whether the calling thread is one of these.
    package var isCurrent: Bool { Thread.current.threadDictionary[key] as? Bool == true }

    /// Hands `job` to the next free thread, or, when growing and none is free, to a new one.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let short = state.withLock { state in
            state.jobs.append(job)
            return state.jobs.count > state.idle
        }
        if growing && short { startThread() }
    }
}

/// Runs each test case of a suite or test on ``WaitingThreads``: on ``WaitingThreads/timed`` when
/// it has a time limit, on ``WaitingThreads/shared`` otherwise.
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
        let threads = test.timeLimit == nil ? WaitingThreads.shared : WaitingThreads.timed
        try await withTaskExecutorPreference(threads) { try await function() }
    }
}

extension Trait where Self == WaitingThreadsTrait {
    /// Runs the suite's or test's cases on ``WaitingThreads``: for the tests that spend their time
    /// waiting for another process.
    public static var onWaitingThreads: Self { WaitingThreadsTrait() }
}
