import NIOCore
import WaterfallCore

/// Reports a batch's progress every quarter second once it has taken a second, from an event
/// loop, and once more when it ends if it reported before.
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
    private let task = Locked<RepeatedTask?>(nil)

    init(total: Int, received: ByteCount, on loop: any EventLoop, report: @escaping @Sendable (FetchProgress) -> Void) {
        self.total = total
        self.received = received
        self.report = report
        let repeated = loop.scheduleRepeatedTask(
            initialDelay: .seconds(1), delay: .milliseconds(250)
        ) { [weak self] _ in self?.tick() }
        task.withLock { $0 = repeated }
    }

    func finishedOne() { state.withLock { $0.done += 1 } }

    private func tick() {
        // Under the lock, so that no tick reports after `end`.
        state.withLock { state in
            guard !state.ended else { return }
            state.reported = true
            report(FetchProgress(done: state.done, total: total, bytes: received.value, isFinished: false))
        }
    }

    func end() {
        task.withLock { $0?.cancel() }
        state.withLock { state in
            state.ended = true
            if state.reported {
                report(FetchProgress(done: state.done, total: total, bytes: received.value, isFinished: true))
            }
        }
    }
}
