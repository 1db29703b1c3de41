import Dispatch
import Foundation
import WaterfallCore

/// Work done on other threads while the caller goes on, each result handed back on the caller's
/// thread in the order the work was given: how an encoder compresses frames on every core and
/// still writes them one after the other.
///
/// At most ``window`` pieces are under way at once; giving one more first waits for the oldest and
/// hands it back, so what is held stays bounded whatever the clip's length. A piece that throws
/// throws where its result would have been handed back. No piece outlives the queue: it waits for
/// the ones still running when it goes.
final class OrderedWork<Output> {
    /// One piece of work and where its result lands.
    private final class Slot: @unchecked Sendable {
        // Written by the worker before `done` is signalled, read by the caller after waiting on it.
        var result: Result<Output, any Error>?
        let done = DispatchSemaphore(value: 0)
    }

    /// The most pieces under way at once.
    let window: Int
    private var pending: [(slot: Slot, deliver: (Output) throws -> Void)] = []

    /// A queue keeping up to `window` pieces under way: by default two for each core, so that a
    /// core finishing one piece finds the next waiting.
    init(window: Int = 2 * ProcessInfo.processInfo.activeProcessorCount) {
        self.window = max(1, window)
    }

    deinit {
        for piece in pending { piece.slot.done.wait() }
    }

    /// Starts `work` on another thread; `deliver` gets its result on this thread, after every
    /// piece given before it.
    func submit(_ work: @escaping @Sendable () throws -> Output, then deliver: @escaping (Output) throws -> Void)
        throws
    {
        while pending.count >= window { try deliverOldest() }
        let slot = Slot()
        WorkerPool.start {
            slot.result = Result { try work() }
            slot.done.signal()
        }
        pending.append((slot, deliver))
    }

    /// Waits for every piece under way and hands each back, in order.
    func finish() throws {
        while !pending.isEmpty { try deliverOldest() }
    }

    private func deliverOldest() throws {
        let (slot, deliver) = pending.removeFirst()
        slot.done.wait()
        guard let result = slot.result else { return }
        try deliver(try result.get())
    }
}
