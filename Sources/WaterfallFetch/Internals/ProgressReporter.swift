import Dispatch
import WaterfallCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports a batch's progress every quarter second once it has taken a second, from a thread of
/// its own, and once more when it ends if it reported before.
final class ProgressReporter: Sendable {
    private struct State {
        var done = 0
        var reported = false
        var ended = false
    }

    private let total: Int
    private let received: ByteCount
    private let report: @Sendable (FetchProgress) -> Void
    private let state = Locked(State())
    /// Signalled by ``end()``: wakes the thread at once.
    private let ending = DispatchSemaphore(value: 0)

    init(total: Int, received: ByteCount, report: @escaping @Sendable (FetchProgress) -> Void) {
        self.total = total
        self.received = received
        self.report = report
        let starter = pthread_self()
        WorkerPool.start { [self] in
            // No thread could be started and this runs in the caller's: no progress, rather
            // than a caller that waits for ever.
            guard pthread_equal(pthread_self(), starter) == 0 else { return }
            var delay = 1.0
            while ending.wait(timeout: .now() + .milliseconds(Int(delay * 1000))) == .timedOut {
                guard tick() else { return }
                delay = 0.25
            }
        }
    }

    func finishedOne() { state.withLock { $0.done += 1 } }

    /// Reports, unless the batch has ended; whether it had not.
    private func tick() -> Bool {
        // Under the lock, so that no tick reports after `end`.
        state.withLock { state in
            guard !state.ended else { return false }
            state.reported = true
            report(FetchProgress(done: state.done, total: total, bytes: received.value, isFinished: false))
            return true
        }
    }

    func end() {
        state.withLock { state in
            state.ended = true
            if state.reported {
                report(FetchProgress(done: state.done, total: total, bytes: received.value, isFinished: true))
            }
        }
        ending.signal()
    }
}
