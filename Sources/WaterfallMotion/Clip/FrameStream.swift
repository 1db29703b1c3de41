import Dispatch
import Foundation
import WaterfallCore

/// Frames drawn on several threads and handed over in order, never more than a window of them
/// held at once: a clip of any length is drawn in bounded memory.
package enum FrameStream {
    /// Draws frames `0..<count` with `draw` on `workers` threads and hands each to `consume`, in
    /// order, on the calling thread.
    ///
    /// At most `window` frames are drawn ahead of the one being consumed. The first error, from
    /// either side, stops the drawing and is thrown once every thread has stopped.
    package static func run(
        count: Int, workers: Int, window: Int, draw: @escaping @Sendable (Int) throws -> PixelImage,
        consume: (Int, PixelImage) throws -> Void
    ) throws {
        let state = State()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, count)) {
            group.enter()
            StackThread.start {
                defer { group.leave() }
                while let index = state.take(count: count, window: window) {
                    do {
                        let frame = try draw(index)
                        state.put(frame, at: index)
                    } catch {
                        state.fail(error)
                        return
                    }
                }
            }
        }
        for index in 0..<count {
            guard let frame = state.wait(for: index) else { break }
            do {
                try consume(index, frame)
            } catch {
                state.fail(error)
                break
            }
        }
        group.wait()
        if let failure = state.failure { throw failure }
    }

    /// What the drawing threads and the consumer share, behind the one lock.
    private final class State: Sendable {
        private struct Shared {
            var next = 0
            var consumed = 0
            var ready: [Int: PixelImage] = [:]
            var failure: (any Error)?
        }

        private let shared = LockedCondition(Shared())

        /// The first error, from either side.
        var failure: (any Error)? { shared.withLock { $0.failure } }

        /// The next frame to draw, once it is within the window; `nil` when there is none or a
        /// failure stopped the stream.
        func take(count: Int, window: Int) -> Int? {
            shared.wait(
                until: { $0.failure != nil || $0.next >= count || $0.next < $0.consumed + window },
                then: { shared in
                    guard shared.failure == nil, shared.next < count else { return nil }
                    defer { shared.next += 1 }
                    return shared.next
                })
        }

        func put(_ frame: PixelImage, at index: Int) {
            shared.withLock { $0.ready[index] = frame }
        }

        /// Frame `index` once drawn; `nil` after a failure.
        func wait(for index: Int) -> PixelImage? {
            shared.wait(
                until: { $0.failure != nil || $0.ready[index] != nil },
                then: { shared in
                    guard shared.failure == nil, let frame = shared.ready.removeValue(forKey: index) else {
                        return nil
                    }
                    shared.consumed = index + 1
                    return frame
                })
        }

        func fail(_ error: any Error) {
            shared.withLock { shared in
                if shared.failure == nil { shared.failure = error }
            }
        }
    }
}
