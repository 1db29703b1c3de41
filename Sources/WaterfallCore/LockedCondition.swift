import Dispatch

/// A ``Locked`` value that threads can wait on until it is as they need it: a condition variable
/// over the one lock.
///
/// A thread that must wait leaves a semaphore in the value's list, under the lock, and sleeps on
/// it; every change through this type wakes all the sleepers, which look again. A change made
/// between a waiter's look and its sleep still wakes it, since its semaphore was left before the
/// lock was let go. No thread spins.
package final class LockedCondition<Value>: @unchecked Sendable {
    private struct State {
        var value: Value
        var sleepers: [DispatchSemaphore] = []
    }

    private let state: Locked<State>

    package init(_ value: Value) { state = Locked(State(value: value)) }

    /// Runs `body` with the value, no other thread touching it meanwhile, then wakes the threads
    /// waiting on it.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try state.withLock { state in
            defer { Self.wake(&state) }
            return try body(&state.value)
        }
    }

    /// Waits until `isReady` holds for the value, then runs `body` with it (under the lock, so it
    /// still holds) and wakes the other threads waiting on it.
    package func wait<Result>(
        until isReady: (Value) -> Bool, then body: (inout Value) throws -> Result
    ) rethrows -> Result {
        while true {
            let sleeper = DispatchSemaphore(value: 0)
            var result: Result?
            let done = try state.withLock { state in
                guard isReady(state.value) else {
                    state.sleepers.append(sleeper)
                    return false
                }
                defer { Self.wake(&state) }
                result = try body(&state.value)
                return true
            }
            // Set whenever `done` is: `body` ran.
            if done { return result! }
            sleeper.wait()
        }
    }

    private static func wake(_ state: inout State) {
        for sleeper in state.sleepers { sleeper.signal() }
        state.sleepers.removeAll()
    }
}
